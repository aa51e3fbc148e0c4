/**
 * The grammar of a spec: every object shape the contract names (definitions, the objects written
 * inline under a node, action or the spec, every node and action type, and the condition forms),
 * each with its fields and one small valid instance generated from the rules. The MCP guide prints
 * it, so an agent sees the shape of `padding` or `placement` before its first show, and the
 * validator's "expected an object" errors quote the same instance.
 */
import { accepts, shapeSummary } from './describe.ts';
import { contract, enumValues, type BindingRule, type ObjectShape, type Rule, type StringRule, type TaggedRule } from './index.ts';

/** A sample value of each named string pattern (a test checks each one matches its pattern). */
export const PATTERN_SAMPLES: Readonly<Record<string, string>> = {
  stateKey: 'name',
  hexColor: '#6750A4',
  isoDate: '2026-12-03',
  dataPointer: '/items',
  screenName: 'detail',
  requestUrl: 'https://api.example.com/items',
  headerName: 'Accept',
  queryKey: 'page',
  localeTag: 'en',
  stringKey: 'title',
  mimeType: 'application/pdf',
  platformPointer: '/connectivity/online',
};

/** The state key an example binds, by the value the binding needs; EXAMPLE_STATE declares each. */
const BOUND_KEYS: Readonly<Record<BindingRule['type'], string>> = {
  string: 'name',
  any: 'name',
  boolean: 'on',
  number: 'count',
  integer: 'count',
  date: 'day',
};

/** The state every example assumes: the keys the generated instances bind. */
export const EXAMPLE_STATE: Readonly<Record<string, string | number | boolean>> = { name: 'Ada', on: true, count: 0, day: '2026-12-03', hour: 9, minute: 30 };

/** The pager and the stack (with a `detail` screen) the examples of setPage, push and tabBar name. */
export const EXAMPLE_PAGER = 'pager';
export const EXAMPLE_STACK = 'main';

/**
 * Hand-picked instances where the generated minimum would teach less (a padding of 0, a window
 * with no placement a person would pick). Each is validated like the generated ones.
 */
const CHOSEN_EXAMPLES: Readonly<Record<string, unknown>> = {
  padding: { top: 16, start: 16 },
  style: { padding: { top: 16, bottom: 16, start: 16, end: 16 }, background: 'surface' },
  offset: { x: 0, y: 8 },
  dataValue: { state: 'name' },
  barButton: { icon: 'search', label: 'Search', onTap: [{ type: 'emit', name: 'search' }] },
  buttonSpec: { label: 'OK', onTap: [{ type: 'emit', name: 'ok' }] },
  menuItem: { label: 'Settings', icon: 'settings', onTap: [{ type: 'emit', name: 'settings' }] },
  window: { placement: { type: 'fullscreen' }, chrome: 'none', layer: 'app' },
  openWhen: { key: 'on', equals: true },
  navItem: { label: 'Home', icon: 'home' },
};

/** Nodes and actions whose smallest instance needs what only the validator's cross-field rules ask. */
const CHOSEN_NODE_EXAMPLES: Readonly<Record<string, Record<string, unknown>>> = {
  chart: { type: 'chart', kind: 'bar', rows: [{ month: 'Jan', sales: 3 }, { month: 'Feb', sales: 5 }], x: 'month', series: [{ field: 'sales' }] },
  timePicker: { type: 'timePicker', hourKey: 'hour', minuteKey: 'minute' },
};
const CHOSEN_ACTION_EXAMPLES: Readonly<Record<string, Record<string, unknown>>> = {
  platform: { type: 'platform', call: 'haptics.perform', args: { style: 'light' } },
};

/** One entry of the grammar: a name, what its fields accept, and a valid instance. */
export interface GrammarEntry {
  name: string;
  fields: string;
  example: unknown;
  /** Further forms of the same shape (the condition forms). */
  more?: unknown[];
}

interface ExampleContext {
  /** Definitions being expanded, so a shape that contains itself stops. */
  within: ReadonlySet<string>;
  /** The item's position in an array, so distinct items differ. */
  index: number;
}

const TOP: ExampleContext = { within: new Set(), index: 0 };

/** A small valid value for `rule`: only the required fields, with the first value each allows. */
export function exampleOf(rule: Rule, context: ExampleContext = TOP): unknown {
  if (rule.kind === undefined) {
    if (rule.pagerReference) return EXAMPLE_PAGER;
    if (context.index === 0 && CHOSEN_EXAMPLES[rule.ref] !== undefined) return CHOSEN_EXAMPLES[rule.ref];
    const target = contract.definitions[rule.ref];
    if (!target || context.within.has(rule.ref)) return {};
    return exampleOf(target, { ...context, within: new Set([...context.within, rule.ref]) });
  }
  switch (rule.kind) {
    case 'string':
      return stringExample(rule, context.index);
    case 'number':
      return numberExample(rule.min, rule.max, rule.positive, context.index);
    case 'enum': {
      const values = rule.enum ? enumValues(rule.enum) : (rule.values ?? []);
      return rule.enum === 'iconName' ? ['home', 'search', 'settings', 'favorite'][context.index % 4] : values[context.index % values.length];
    }
    case 'boolean':
      return true;
    case 'scalar':
      return 'Ada';
    case 'json':
      return rule.object ? { items: [] } : { source: 'example' };
    case 'node':
      return { type: 'text', text: 'Hello' };
    case 'action':
      return { type: 'emit', name: 'tapped' };
    case 'condition':
      return { key: 'on', equals: true };
    case 'object':
      return objectExample(rule, context);
    case 'tagged': {
      const [tag, shape] = Object.entries(rule.variants)[0]!;
      return { [rule.tag]: tag, ...(objectExample(shape, context) as object) };
    }
    case 'array': {
      const count = Math.max(1, rule.minItems ?? 0);
      return Array.from({ length: count }, (_, index) => exampleOf(rule.items, { ...context, index }));
    }
    case 'map': {
      const key = rule.keyEnum ? enumValues(rule.keyEnum)[0]! : PATTERN_SAMPLES[rule.keyPattern ?? ''] ?? 'name';
      return { [key]: exampleOf(rule.values, context) };
    }
    case 'union': {
      const simplest = rule.string ?? rule.number ?? rule.boolean ?? rule.array ?? rule.object;
      return simplest ? exampleOf(simplest, context) : null;
    }
  }
}

function stringExample(rule: StringRule, index: number): string {
  if (rule.pattern === 'stateKey' && rule.binding) return BOUND_KEYS[rule.binding.type];
  if (rule.stackReference) return EXAMPLE_STACK;
  if (rule.pattern) return PATTERN_SAMPLES[rule.pattern] ?? 'text';
  const choice = rule.oneOf?.[0];
  if (choice?.pattern) return PATTERN_SAMPLES[choice.pattern] ?? 'text';
  if (choice?.enum) return enumValues(choice.enum)[0]!;
  return index === 0 ? 'Text' : `Text ${index + 1}`;
}

function numberExample(min: number | undefined, max: number | undefined, positive: boolean | undefined, index: number): number {
  const spansZero = min !== undefined && max !== undefined && min < 0 && max > 0;
  const base = spansZero ? 0 : (min ?? (positive ? 1 : 0));
  return base + index;
}

/** The required fields, plus the first field a "one of" check asks for, or else the first field. */
function objectExample(shape: ObjectShape, context: ExampleContext): unknown {
  const chosen = new Set(shape.required ?? []);
  for (const check of shape.checks ?? []) {
    if ((check.rule === 'exactlyOne' || check.rule === 'atLeastOne') && !check.fields.some((field) => chosen.has(field))) chosen.add(check.fields[0]!);
  }
  for (const check of shape.checks ?? []) {
    if (check.rule !== 'requiredWhen' || chosen.has(check.field) || !chosen.has(check.when)) continue;
    const whenValue = exampleOf(shape.properties[check.when]!, context);
    if (check.in.includes(whenValue as string | boolean)) chosen.add(check.field);
  }
  const optional = Object.keys(shape.properties).filter((name) => name !== 'type' && !isOnlyWith(shape, name));
  if (chosen.size === 0 && (shape.minProperties ?? 0) > 0 && optional[0]) chosen.add(optional[0]);
  const example: Record<string, unknown> = {};
  for (const name of chosen) example[name] = exampleOf(shape.properties[name]!, { ...context, index: context.index });
  // A range (slider min < max) opens up so that it holds a value.
  for (const check of shape.checks ?? []) {
    if (check.rule === 'less' && typeof example[check.field] === 'number' && typeof example[check.than] === 'number' && example[check.field]! >= example[check.than]!) {
      example[check.than] = (example[check.field] as number) + 100;
    }
  }
  return example;
}

function isOnlyWith(shape: ObjectShape, field: string): boolean {
  return (shape.checks ?? []).some((check) => check.rule === 'forbiddenWithout' && check.field === field);
}

// --- the entries ----------------------------------------------------------------------------------

/** Every entry, in the order the guide prints them. */
export function grammarEntries(): GrammarEntry[] {
  return [...conditionEntries(), ...definitionEntries(), ...inlineEntries()];
}

/** Comparisons of a data array's item count: they take a data pointer, not a state key. */
const ITEM_COUNTS: ReadonlySet<string> = new Set(['count', 'isEmpty']);

function conditionEntries(): GrammarEntry[] {
  const rules = contract.conditions;
  const forms: unknown[] = [
    ...Object.keys(rules.comparisons).filter((name) => !ITEM_COUNTS.has(name)).map((name) => (name === 'gt' || name === 'lt' ? { key: 'count', [name]: 0 } : { key: 'on', [name]: true })),
    { data: '/items/0/done', equals: true },
    { data: '/items', count: { greaterThan: 0 } },
    { data: '/items', isEmpty: false },
    { platform: '/connectivity/online', equals: false },
    ...Object.keys(rules.groups).map((name) => ({ [name]: [{ key: 'on', equals: true }, { key: 'count', gt: 0 }] })),
    { [rules.negation]: { key: 'on', equals: true } },
  ];
  const scalar = Object.keys(rules.comparisons).filter((name) => !ITEM_COUNTS.has(name));
  const fields = `exactly one form: \`key\` (a state key), \`data\` (a data pointer) or \`platform\` (${PATTERN_SAMPLES.platformPointer} or /connectivity/type) with one of ${scalar.join(' | ')} (gt and lt take numbers); or \`data\` (an array) with \`count\` {equals | greaterThan | lessThan: n} or \`isEmpty\` (protostage_counts_v1); or ${Object.entries(rules.groups).map(([name, size]) => `\`${name}\` (${size.minItems}–${size.maxItems} conditions)`).join(' or ')}; or \`${rules.negation}\` (one condition); nested at most ${contract.limits[rules.maxDepth]} deep`;
  return [{ name: 'condition', fields, example: forms[0], more: forms.slice(1) }];
}

function definitionEntries(): GrammarEntry[] {
  const entries: GrammarEntry[] = [];
  for (const [name, rule] of Object.entries(contract.definitions)) {
    if (rule.kind === 'tagged') {
      for (const [tag, shape] of Object.entries(rule.variants)) {
        entries.push({ name: `${name} {${rule.tag}: "${tag}"}`, fields: shapeSummary(shape), example: taggedExample(rule.tag, tag, shape, name) });
      }
    } else {
      entries.push({ name, fields: accepts(rule), example: exampleOf({ ref: name }) });
    }
  }
  return entries;
}

function taggedExample(tagField: string, tag: string, shape: ObjectShape, name: string): unknown {
  return { [tagField]: tag, ...(objectExample(shape, { within: new Set([name]), index: 0 }) as object) };
}

/** Objects written inline, named by where they sit: `scroll.refresh`, `spec.strings`, `node.semantics`. */
export function inlineObjectRules(): Array<{ name: string; rule: Rule }> {
  const found: Array<{ name: string; rule: Rule }> = [];
  const visit = (rule: Rule, name: string) => {
    if (rule.kind === 'object') {
      found.push({ name, rule });
      for (const [field, inner] of Object.entries(rule.properties)) visit(inner, `${name}.${field}`);
    } else if (rule.kind === 'array') {
      visit(rule.items, `${name}[]`);
    } else if (rule.kind === 'map') {
      visit(rule.values, `${name}{}`);
    } else if (rule.kind === 'union') {
      for (const form of [rule.object, rule.array]) if (form) visit(form, name);
    } else if (rule.kind === 'tagged') {
      for (const [tag, shape] of Object.entries(rule.variants)) visitFields(shape, `${name}{${tag}}`);
    }
  };
  const visitFields = (shape: ObjectShape, name: string) => {
    for (const [field, rule] of Object.entries(shape.properties)) visit(rule, `${name}.${field}`);
  };
  for (const [type, shape] of Object.entries(contract.nodes)) visitFields(shape, type);
  for (const [type, shape] of Object.entries(contract.actions)) visitFields(shape, type);
  visitFields(contract.nodeCommon, 'node');
  visitFields(contract.envelope, 'spec');
  return found;
}

function inlineEntries(): GrammarEntry[] {
  return inlineObjectRules().map(({ name, rule }) => ({ name, fields: accepts(rule), example: exampleOf(rule) }));
}

/** A node type's smallest instance (its required fields). */
export function nodeExample(type: string): Record<string, unknown> {
  if (CHOSEN_NODE_EXAMPLES[type]) return structuredClone(CHOSEN_NODE_EXAMPLES[type]);
  const example = { type, ...(objectExample(contract.nodes[type]!, TOP) as object) } as Record<string, unknown>;
  if (type === 'pager') example.id = EXAMPLE_PAGER;
  if (type === 'stack') example.id = EXAMPLE_STACK;
  return example;
}

/** An action type's smallest instance. */
export function actionExample(type: string): Record<string, unknown> {
  if (CHOSEN_ACTION_EXAMPLES[type]) return structuredClone(CHOSEN_ACTION_EXAMPLES[type]);
  return { type, ...(objectExample(contract.actions[type]!, TOP) as object) };
}

/**
 * The instance an error quotes when a value of `shape` has the wrong JSON type: the grammar's
 * instance of the definition the field is named after when that is the shape, else one built.
 */
export function exampleOfShape(shape: ObjectShape | TaggedRule, field: string): unknown {
  if (contract.definitions[field] === shape) return exampleOf({ ref: field });
  return 'tag' in shape ? exampleOf(shape) : objectExample(shape, TOP);
}
