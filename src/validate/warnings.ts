/**
 * Warnings: what a valid spec holds that will not do what it looks like. Each comes with the path
 * of the authored spec it is at, what goes wrong and how to fix it. A warning never makes a spec
 * invalid; show, validate and the live viewer report them beside their answer.
 *
 * One walk over the authored spec (components as written, before expansion) collects every string
 * with the contract rule it is checked by and the repeat templates around it; the checks then read
 * that list.
 */
import { contract, type ObjectShape, type Rule, type StringRule } from '../contract/index.ts';
import { leafFields } from '../contract/describe.ts';
import { tokenizePlaceholders } from '../expand/placeholders.ts';
import { formatPointer, parsePointer, valueAt, type JsonValue } from '../json/pointer.ts';
import { closestWord } from './values.ts';

export interface SpecWarning {
  path: string;
  message: string;
  fix: string;
}

/** How a data pointer is used: read, written as an object member, appended to, removed, or filled by a request. */
type PointerUse = 'read' | 'set' | 'array' | 'exists' | 'target';

interface AuthoredString {
  path: string;
  text: string;
  rule: Rule;
  /** The `as` of the repeat template the string is in, if any. */
  template: string | null;
  /** Inside a component's root, where {props.x} binds. */
  inComponent: boolean;
  /** Set for a data pointer: how it is used. */
  pointer: PointerUse | null;
  /** The type of the node the string belongs to. */
  nodeType: string | null;
}

const ARRAY_MEMBER_WORDS = new Set(['length', 'count', 'size']);

/** Every warning for an authored spec that passed validation. */
export function specWarnings(spec: unknown): SpecWarning[] {
  if (!isObject(spec)) return [];
  const strings = collectStrings(spec);
  const data = (spec.data ?? null) as JsonValue | null;
  // A request fills its `into` member and `<into>__meta`; a setData may create the member it names.
  const targets = strings.filter((entry) => entry.pointer === 'target' || entry.pointer === 'set').flatMap((entry) => [entry.text, `${entry.text}__meta`]);
  return [
    ...strings.flatMap(placeholderWarnings),
    ...strings.flatMap(nestedPointerWarnings),
    ...strings.flatMap((entry) => pointerWarnings(entry, data, targets)),
    ...windowWarnings(spec),
  ];
}

// --- the walk -------------------------------------------------------------------------------------

interface WalkContext {
  template: string | null;
  inComponent: boolean;
  /** The action type a string belongs to, for how its pointer is used. */
  action: string | null;
  nodeType: string | null;
}

function collectStrings(spec: Record<string, unknown>): AuthoredString[] {
  const found: AuthoredString[] = [];
  const top: WalkContext = { template: null, inComponent: false, action: null, nodeType: null };
  const record = (path: string, text: string, rule: Rule, context: WalkContext, field: string) => {
    found.push({ path, text, rule, template: context.template, inComponent: context.inComponent, pointer: pointerUse(rule, field, context.action), nodeType: context.nodeType });
  };
  const walk = (value: unknown, rule: Rule, path: string, context: WalkContext, field: string): void => {
    if (value === undefined || value === null) return;
    if (rule.kind === undefined) {
      const target = contract.definitions[rule.ref];
      if (target) walk(value, target.kind === 'string' ? { ...target, pattern: target.pattern ?? rule.ref } : target, path, context, field);
      return;
    }
    switch (rule.kind) {
      case 'string':
      case 'scalar':
      case 'enum':
        if (typeof value === 'string') record(path, value, rule, context, field);
        return;
      case 'object':
        if (isObject(value)) walkShape(value, rule, path, context);
        return;
      case 'tagged': {
        const variant = isObject(value) ? rule.variants[String(value[rule.tag])] : undefined;
        if (variant && isObject(value)) walkShape(value, variant, path, context);
        return;
      }
      case 'array':
        if (Array.isArray(value)) value.forEach((item, index) => walk(item, rule.items, `${path}[${index}]`, context, field));
        return;
      case 'map':
        if (isObject(value)) for (const [key, item] of Object.entries(value)) walk(item, rule.values, `${path}.${key}`, context, field);
        return;
      case 'union': {
        const type = Array.isArray(value) ? 'array' : typeof value;
        const branch = (rule as unknown as Record<string, Rule | undefined>)[type === 'object' ? 'object' : type];
        if (branch) walk(value, branch, path, context, field);
        return;
      }
      case 'node':
        walkNode(value, path, context);
        return;
      case 'action': {
        const shape = isObject(value) ? contract.actions[String(value.type)] : undefined;
        if (shape && isObject(value)) walkShape(value, shape, path, { ...context, action: String(value.type) });
        return;
      }
      case 'condition':
        walkCondition(value, path, context);
        return;
      default:
        return;
    }
  };
  const walkShape = (value: Record<string, unknown>, shape: ObjectShape, path: string, context: WalkContext) => {
    for (const [key, item] of Object.entries(value)) {
      const rule = shape.properties[key];
      if (rule) walk(item, rule, `${path}.${key}`, context, key);
    }
  };
  const walkNode = (value: unknown, path: string, context: WalkContext) => {
    if (!isObject(value)) return;
    if (value.type === 'use') {
      // A use's props bind repeat and props placeholders (the component binds them in turn).
      if (isObject(value.props)) for (const [key, prop] of Object.entries(value.props)) walk(prop, { kind: 'scalar', binds: 'scalar' }, `${path}.props.${key}`, context, key);
      return;
    }
    const shape = contract.nodes[String(value.type)];
    if (!shape) return;
    const repeat = isObject(value.repeat) && typeof value.repeat.as === 'string' ? value.repeat.as : null;
    const own = { ...context, nodeType: String(value.type), action: null };
    const inner = repeat === null ? own : { ...own, template: repeat };
    for (const [key, item] of Object.entries(value)) {
      const rule = shape.properties[key] ?? contract.nodeCommon.properties[key];
      if (!rule) continue;
      // A repeat's children are its template; the repeat object itself is read outside it.
      walk(item, rule, `${path}.${key}`, key === 'children' ? inner : own, key);
    }
  };
  const walkCondition = (value: unknown, path: string, context: WalkContext) => {
    if (!isObject(value)) return;
    const rules = contract.conditions;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'key') walk(item, rules.key, `${path}.key`, context, key);
      else if (key === 'data') walk(item, { ...(rules.data as object), kind: 'string', pattern: 'dataPointer' } as StringRule, `${path}.data`, context, 'conditionData');
      else if (rules.comparisons[key]) walk(item, rules.comparisons[key]!, `${path}.${key}`, context, key);
      else if (rules.groups[key] && Array.isArray(item)) item.forEach((member, index) => walkCondition(member, `${path}.${key}[${index}]`, context));
      else if (key === rules.negation) walkCondition(item, `${path}.${key}`, context);
    }
  };
  walk(spec.root, { kind: 'node' }, 'root', top, 'root');
  if (isObject(spec.components)) {
    for (const [name, component] of Object.entries(spec.components)) {
      if (isObject(component)) walk(component.root, { kind: 'node' }, `components.${name}.root`, { ...top, inComponent: true }, 'root');
    }
  }
  return found;
}

function pointerUse(rule: Rule, field: string, action: string | null): PointerUse | null {
  if (rule.kind !== 'string' || rule.pattern !== 'dataPointer') return null;
  if (field === 'into') return 'target';
  if (field === 'path' && action === 'setData') return 'set';
  if (field === 'path' && (action === 'appendData' || action === 'prependData')) return 'array';
  if (field === 'path' && action === 'removeData') return 'exists';
  if (field === 'items' || field === 'rows') return 'array';
  return 'read';
}

// --- placeholders ---------------------------------------------------------------------------------

/** The text fields of a node type that bind repeat and props placeholders, read from the contract. */
function textFieldsThatBind(type: string | null): string[] {
  const shape = type === null ? undefined : contract.nodes[type];
  if (!shape) return [];
  return leafFields(shape, type!).filter((leaf) => leaf.rule.binds === 'text' && !leaf.where.includes('[]')).map((leaf) => leaf.where.slice(type!.length + 1));
}

function binds(rule: Rule): boolean {
  return rule.kind !== undefined && 'binds' in rule && rule.binds !== undefined;
}

function placeholderWarnings(entry: AuthoredString): SpecWarning[] {
  if (!entry.text.includes('{') || entry.pointer !== null) return [];
  const warnings: SpecWarning[] = [];
  for (const token of tokenizePlaceholders(entry.text)) {
    if (token.kind !== 'placeholder') continue;
    const isRow = entry.template !== null && (token.name === entry.template ? token.field !== null : token.name === 'index' && token.field === null);
    const isProp = entry.inComponent && token.name === 'props' && token.field !== null;
    if ((isRow || isProp) && !binds(entry.rule)) {
      warnings.push({
        path: entry.path,
        message: `${token.raw} is drawn as written: ${fieldName(entry.path)} does not bind ${isProp ? 'component props' : 'repeat placeholders'}`,
        fix: bindingFix(entry.nodeType),
      });
    } else if (token.field !== null && token.name !== 'props' && token.name !== entry.template && binds(entry.rule)) {
      warnings.push(entry.template === null
        ? { path: entry.path, message: `${token.raw} is drawn as written: no repeat around it names its rows "${token.name}"`, fix: `Use ${token.raw} inside the children of a node whose repeat has "as": "${token.name}"` }
        : { path: entry.path, message: `${token.raw} is drawn as written: this repeat names its rows "${entry.template}", not "${token.name}"`, fix: `Write {${entry.template}.${token.field}}` });
    }
  }
  return warnings;
}

/**
 * A {data:…} pointer is literal: a {key} inside one is not read from state, so the whole
 * placeholder is drawn as written. Only {index} is bound there, inside a repeat template.
 */
function nestedPointerWarnings(entry: AuthoredString): SpecWarning[] {
  if (entry.pointer !== null || !entry.text.includes('{data:')) return [];
  const warnings: SpecWarning[] = [];
  for (const match of entry.text.matchAll(/\{data:[^{}\s]*\{([^{}]*)\}[^{}\s]*\}?/g)) {
    if (match[1] === 'index' && entry.template !== null) continue;
    warnings.push({
      path: entry.path,
      message: `${match[0]} is drawn as written: a {data:…} pointer is literal, and {${match[1]}} inside it is not read from state`,
      fix: `Copy what the pointer would pick into state when it is chosen (a row's onTap: {"type": "setState", "key": "name", "value": "{item.name}"}) and write {name}${entry.template === null ? '' : '; inside a repeat, {index} is the one placeholder a pointer binds'}`,
    });
  }
  return warnings;
}

function bindingFix(type: string | null): string {
  const fields = textFieldsThatBind(type);
  const inside = fields.length > 0 ? `A ${type} binds them in ${fields.map((field) => `\`${field}\``).join(', ')}; or put` : 'Put';
  return `${inside} the text in a text node's \`text\` (a row of an icon and text nodes draws what a list item does)`;
}

function fieldName(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

// --- data pointers --------------------------------------------------------------------------------

function pointerWarnings(entry: AuthoredString, data: JsonValue | null, targets: readonly string[]): SpecWarning[] {
  const texts = entry.pointer !== null && entry.pointer !== 'target' ? [entry.text] : [];
  for (const token of entry.pointer === null && entry.text.includes('{data:') ? tokenizePlaceholders(entry.text) : []) {
    if (token.kind === 'data') texts.push(token.pointer);
  }
  return texts.flatMap((text) => {
    if (entry.template !== null && text.includes('/{index}') && !hasFirstRow(text, data)) return [];
    const pointer = entry.template === null ? text : text.replaceAll('{index}', '0');
    if (pointer.includes('{')) return [];
    const segments = parsePointer(pointer);
    if (segments === null || segments.length === 0) return [];
    if (targets.some((target) => target !== text && isUnder(pointer, target))) return [];
    const problem = pointerProblem(segments, entry.pointer ?? 'read', data);
    return problem === null ? [] : [{ path: entry.path, ...problem(text) }];
  });
}

/** Whether the array a row pointer (`/tasks/{index}/done`) indexes has a first row to check against; an empty one fills later. */
function hasFirstRow(text: string, data: JsonValue | null): boolean {
  const rows = parsePointer(text.slice(0, text.indexOf('/{index}')));
  const array = rows === null || data === null ? undefined : valueAt(data, rows);
  return !Array.isArray(array) || array.length > 0;
}

function isUnder(pointer: string, target: string): boolean {
  return pointer === target || pointer.startsWith(`${target}/`);
}

type ProblemText = (written: string) => { message: string; fix: string };

/** What is wrong with a pointer in the authored data, or null when it names what its use needs. */
function pointerProblem(segments: string[], use: PointerUse, data: JsonValue | null): ProblemText | null {
  // A spec without data that reads it is refused by the validator.
  if (data === null) return null;
  const found = valueAt(data, pointerRead(segments, use));
  if (found !== undefined) {
    if (use === 'array' && !Array.isArray(found)) return (written) => ({ message: `${written} is not an array in the authored data, so nothing is added there or drawn from it`, fix: 'Point at an array of rows' });
    return null;
  }
  const last = segments.at(-1)!;
  const rows = formatPointer(segments.slice(0, -1));
  if (Array.isArray(valueAt(data, segments.slice(0, -1))) && ARRAY_MEMBER_WORDS.has(last.toLowerCase())) {
    return (written) => ({
      message: `${written} reads nothing: an array has no "${last}" member, so a condition on it is never true and a text shows nothing`,
      fix: `Count the rows instead (protostage_counts_v1): {"data": "${rows}", "isEmpty": true} is the empty state, {"data": "${rows}", "count": {"greaterThan": 0}} holds while there are rows, and {count:${rows}} in text is the number`,
    });
  }
  if (segments[0] === 'data' && valueAt(data, pointerRead(segments.slice(1), use)) !== undefined) {
    return (written) => ({ message: `${written} names nothing: a pointer starts inside data, so /data/… looks for a member called "data"`, fix: `Write ${written.slice('/data'.length)}` });
  }
  const guess = closerSegment(segments, data);
  const what = use === 'set' ? 'there is no object or array to write into' : 'nothing is there in the authored data';
  return (written) => ({
    message: `${written}: ${what}, so ${use === 'read' ? 'it reads as nothing' : 'the action is refused when it runs'}`,
    fix: guess ? `Did you mean ${withSegment(written, guess)}?` : 'Point at a member of the spec\'s data, or add it there',
  });
}

function pointerRead(segments: string[], use: PointerUse): string[] {
  return use === 'set' ? segments.slice(0, -1) : segments;
}


/** The first missing segment and the closest member there, when one is close. */
function closerSegment(segments: string[], data: JsonValue): { at: number; member: string } | null {
  for (let depth = 0; depth < segments.length; depth++) {
    if (valueAt(data, segments.slice(0, depth + 1)) !== undefined) continue;
    const here = valueAt(data, segments.slice(0, depth));
    const close = isObject(here) ? closestWord(segments[depth]!, Object.keys(here)) : null;
    return close === null ? null : { at: depth, member: close };
  }
  return null;
}

/** The written pointer (its placeholders kept) with one segment replaced. */
function withSegment(written: string, guess: { at: number; member: string }): string {
  const segments = written.slice(1).split('/');
  segments[guess.at] = formatPointer([guess.member]).slice(1);
  return `/${segments.join('/')}`;
}

// --- the window -----------------------------------------------------------------------------------

function windowWarnings(spec: Record<string, unknown>): SpecWarning[] {
  const window = isObject(spec.window) ? spec.window : {};
  const placement = isObject(window.placement) ? window.placement : {};
  if (placement.type !== 'fullscreen' || (typeof window.opacity === 'number' && window.opacity < 100)) return [];
  // Nodes anchored over the app are meant to float over it.
  if (isOpaque(spec.root) || holdsAnchor(spec.root)) return [];
  return [{
    path: 'root.style.background',
    message: 'The fullscreen window is see-through: its root draws no background, so the device\'s home screen (or the app) shows behind the prototype',
    fix: 'Give the root "style": {"background": "surface", "width": "fill", "height": "fill"} (or set window.opacity below 100 if the see-through is meant)',
  }];
}

/**
 * Whether a node paints every pixel of the window: a background of its own, an adaptive layout
 * (which draws its panes on the surface), or a stack whose every screen is opaque.
 */
function isOpaque(node: unknown): boolean {
  if (!isObject(node)) return false;
  if (node.type === 'adaptive') return true;
  const style = isObject(node.style) ? node.style : {};
  if (style.background !== undefined || style.gradient !== undefined) return true;
  if (node.type === 'stack' && isObject(node.screens)) return Object.values(node.screens).every(isOpaque);
  if (node.type === 'scroll') return isOpaque(node.child);
  return false;
}

function holdsAnchor(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsAnchor);
  if (!isObject(value)) return false;
  return value.anchor !== undefined || Object.values(value).some(holdsAnchor);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
