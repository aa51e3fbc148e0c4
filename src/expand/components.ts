/**
 * Host-side expansion of reusable components (seeds/000 "Reusable components"): every
 * `{type: "use", component, props}` node is replaced by a copy of the component's root with
 * `{props.<field>}` bound, and the top-level `components` map is dropped. Errors name the use
 * chain they went through; `authoredPath` translates any path of the expanded spec back the same way.
 */
import { contract, limits, pattern } from '../contract/index.ts';
import { compactJsonByteLength } from '../json/index.ts';
import { bindingSites, isRecord, rewriteBindingSites } from './bindings.ts';
import { childPath, displayPath, parsePath, propertyPath } from './path.ts';
import { bindPlaceholders, bindPlaceholdersAsText, placeholderFields, propsBinder, type PlaceholderBinder } from './placeholders.ts';

export type ExpandResult =
  | {
      ok: true;
      /** The spec with every use expanded and no `components`; the input itself when it has neither. */
      value: unknown;
      /** The authored use-chain path of a path in `value` (`root.children[0] (use a) → components.a.root.text`). */
      authoredPath: (expandedPath: string) => string;
    }
  | { ok: false; path: string; message: string };

class ExpansionError {
  constructor(readonly path: string, readonly message: string) {}
}

const USE_KEYS = ['component', 'props', 'type'];

export function expandComponents(spec: unknown): ExpandResult {
  if (!isRecord(spec) || (!Object.hasOwn(spec, 'components') && !containsUse(spec.root))) {
    return { ok: true, value: spec, authoredPath: displayPath };
  }
  try {
    const expansion = new Expansion(readComponents(spec));
    const { components: _dropped, ...rest } = spec;
    const value = Object.hasOwn(spec, 'root') ? { ...rest, root: expansion.node(spec.root, 'root', null) } : rest;
    if (expansion.usesExpanded > 0 && compactJsonByteLength(value) > limits.specBytes) {
      throw new ExpansionError('$', `Expanded spec byte limit exceeded: with every use expanded the spec is over ${limits.specBytes} bytes of compact JSON; share less content through components`);
    }
    return { ok: true, value, authoredPath: (path) => expansion.authoredPath(value, path) };
  } catch (error) {
    if (error instanceof ExpansionError) return { ok: false, path: displayPath(error.path), message: error.message };
    throw error;
  }
}

/** The component definitions, checked as strict `{root}` objects in ascending name order. */
function readComponents(spec: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const components = new Map<string, Record<string, unknown>>();
  if (!Object.hasOwn(spec, 'components')) return components;
  const map = spec.components;
  if (!isRecord(map)) throw new ExpansionError('components', 'Expected an object mapping component names to {root} templates');
  const namePattern = pattern(contract.components.namePattern);
  for (const name of Object.keys(map).sort()) {
    const path = propertyPath('components', name);
    if (!namePattern.test(name)) throw new ExpansionError(path, `Invalid component name "${name}": ${contract.patternHints[contract.components.namePattern] ?? 'use a state-key-shaped name'}`);
    const definition = map[name];
    if (!isRecord(definition)) throw new ExpansionError(path, 'Expected a component object {root}');
    checkKeys(definition, Object.keys(contract.components.component.properties), contract.components.component.required ?? [], path, 'a component is {root}');
    components.set(name, definition);
  }
  return components;
}

/** Unknown and missing keys of a strict object, in ascending order of the union of both. */
function checkKeys(value: Record<string, unknown>, declared: string[], required: string[], path: string, shape: string): void {
  for (const key of [...new Set([...Object.keys(value), ...declared])].sort()) {
    if (!declared.includes(key)) throw new ExpansionError(propertyPath(path, key), `Unknown property "${key}": ${shape}`);
    if (!Object.hasOwn(value, key) && required.includes(key)) {
      throw new ExpansionError(propertyPath(path, key), `Missing required property "${key}": ${shape}`);
    }
  }
}

/** One component use on the current expansion chain. */
interface UseFrame {
  name: string;
  binder: PlaceholderBinder;
  parent: UseFrame | null;
}

class Expansion {
  usesExpanded = 0;
  private nodeCount = 0;
  /** Expanded component roots → the authored path prefix they stand for. */
  private readonly origins = new WeakMap<object, string>();
  private readonly referencedProps = new Map<string, Set<string>>();

  constructor(private readonly components: Map<string, Record<string, unknown>>) {}

  /** Expands one node (and below) found at `path`, binding the props of `frame` if any. */
  node(authored: unknown, path: string, frame: UseFrame | null, depth = 1): unknown {
    // Past the depth limit the walker refuses the tree anyway; leave it as authored.
    if (!isRecord(authored) || depth > limits.depth + 1) return authored;
    const bound = frame ? rewriteBindingSites(authored, (value, binds) => bindSite(value, binds, frame.binder)) : authored;
    if (bound.type === 'use') return this.use(bound, path, frame, depth);
    this.count(path);
    let copy: Record<string, unknown> | null = null;
    if (Object.hasOwn(bound, 'child')) {
      const child = this.node(bound.child, propertyPath(path, 'child'), frame, depth + 1);
      if (child !== bound.child) copy = { ...bound, child };
    }
    if (Array.isArray(bound.children)) {
      const children = bound.children.map((child, index) => this.node(child, `${propertyPath(path, 'children')}[${index}]`, frame, depth + 1));
      if (children.some((child, index) => child !== (bound.children as unknown[])[index])) copy = { ...(copy ?? bound), children };
    }
    if (isRecord(bound.screens)) {
      const authoredScreens = bound.screens;
      const screensPath = propertyPath(path, 'screens');
      const screens = Object.fromEntries(Object.entries(authoredScreens).map(([name, screen]) => [name, this.node(screen, propertyPath(screensPath, name), frame, depth + 1)]));
      if (Object.keys(screens).some((name) => screens[name] !== authoredScreens[name])) copy = { ...(copy ?? bound), screens };
    }
    return copy ?? bound;
  }

  private count(path: string): void {
    if (this.components.size === 0) return;
    this.nodeCount++;
    if (this.nodeCount > limits.nodes) {
      throw new ExpansionError(path, `Expanded node limit exceeded: the spec with every use expanded has more than ${limits.nodes} nodes`);
    }
  }

  private use(use: Record<string, unknown>, path: string, frame: UseFrame | null, depth: number): unknown {
    const name = this.checkUse(use, path);
    const chain = useChain(frame);
    if (chain.includes(name)) {
      const cycle = [...chain.slice(chain.indexOf(name)), name].join(' → ');
      throw new ExpansionError(propertyPath(path, 'component'), `Component cycle: ${cycle}`);
    }
    if (chain.length >= limits.componentDepth) {
      throw new ExpansionError(path, `Component nesting depth limit exceeded: uses nest at most ${limits.componentDepth} deep`);
    }
    const props = isRecord(use.props) ? use.props : {};
    this.checkProps(name, props, path);
    const rootPath = `${path} (use ${name}) → ${propertyPath(propertyPath('components', name), 'root')}`;
    const component = this.components.get(name)!;
    const useFrame: UseFrame = { name, binder: propsBinder(props), parent: frame };
    const expanded = this.node(component.root, rootPath, useFrame, depth);
    this.usesExpanded++;
    // Each use gets its own root object, so two uses of one component keep distinct origins.
    const root = isRecord(expanded) && expanded === component.root ? { ...expanded } : expanded;
    if (isRecord(root) && !this.origins.has(root)) this.origins.set(root, rootPath);
    return root;
  }

  /** The strict shape of a use node, in ascending key order; returns the component name. */
  private checkUse(use: Record<string, unknown>, path: string): string {
    for (const key of [...new Set([...Object.keys(use), ...USE_KEYS])].sort()) {
      const keyPath = propertyPath(path, key);
      if (!USE_KEYS.includes(key)) throw new ExpansionError(keyPath, `Unknown property "${key}": a use node has only type, component and props`);
      if (key === 'component') this.checkComponentName(use.component, keyPath);
      if (key === 'props' && Object.hasOwn(use, 'props')) checkPropValues(use.props, keyPath);
    }
    return use.component as string;
  }

  private checkComponentName(name: unknown, path: string): void {
    if (name === undefined) throw new ExpansionError(path, 'Missing required property "component": name the component to place');
    if (typeof name !== 'string') throw new ExpansionError(path, 'Expected a component name string');
    if (!this.components.has(name)) {
      const known = [...this.components.keys()].sort().join(', ') || 'none declared';
      throw new ExpansionError(path, `Unknown component "${name}" (components: ${known})`);
    }
  }

  private checkProps(name: string, props: Record<string, unknown>, path: string): void {
    const referenced = this.propsReferencedBy(name);
    const missing = [...referenced].find((field) => !Object.hasOwn(props, field));
    if (missing !== undefined) {
      throw new ExpansionError(propertyPath(path, 'props'), `Missing component prop "${missing}": component ${name} binds {props.${missing}}`);
    }
    const unused = Object.keys(props).sort().find((field) => !referenced.has(field));
    if (unused !== undefined) {
      throw new ExpansionError(propertyPath(propertyPath(path, 'props'), unused), `Unused component prop "${unused}": component ${name} binds no {props.${unused}}; remove it`);
    }
  }

  /** The `{props.<field>}` fields a component's tree binds, nested use props included. */
  private propsReferencedBy(name: string): Set<string> {
    let fields = this.referencedProps.get(name);
    if (!fields) {
      fields = new Set();
      const pending: Array<{ node: unknown; depth: number }> = [{ node: this.components.get(name)!.root, depth: 1 }];
      for (let next = pending.pop(); next; next = pending.pop()) {
        if (!isRecord(next.node) || next.depth > limits.depth + 1) continue;
        for (const site of bindingSites(next.node)) for (const field of placeholderFields(site.value, 'props')) fields.add(field);
        for (const child of childNodes(next.node)) pending.push({ node: child, depth: next.depth + 1 });
      }
      this.referencedProps.set(name, fields);
    }
    return fields;
  }

  authoredPath(expanded: unknown, path: string): string {
    const segments = parsePath(path);
    if (segments === null) return path;
    let current: unknown = expanded;
    let authored = '';
    for (const segment of segments) {
      authored = childPath(authored, segment);
      current = isRecord(current) || Array.isArray(current) ? (current as Record<string | number, unknown>)[segment] : undefined;
      const origin = isRecord(current) ? this.origins.get(current) : undefined;
      if (origin !== undefined) authored = origin;
    }
    return displayPath(authored);
  }
}

function checkPropValues(props: unknown, path: string): void {
  if (!isRecord(props)) throw new ExpansionError(path, 'Expected an object of props: string, finite number or boolean values');
  const propPattern = pattern(contract.components.propPattern);
  for (const name of Object.keys(props).sort()) {
    const value = props[name];
    const propPath = propertyPath(path, name);
    if (!propPattern.test(name)) throw new ExpansionError(propPath, `Invalid prop name "${name}": ${contract.patternHints[contract.components.propPattern] ?? 'use a state-key-shaped name'}`);
    const scalar = typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
    if (!scalar) throw new ExpansionError(propPath, `Component prop "${name}" must be a scalar: a string, finite number or boolean`);
  }
}

function bindSite(value: string, binds: string, binder: PlaceholderBinder): unknown {
  return binds === 'scalar' ? bindPlaceholders(value, binder) : bindPlaceholdersAsText(value, binder);
}

function useChain(frame: UseFrame | null): string[] {
  const chain: string[] = [];
  for (let current = frame; current; current = current.parent) chain.unshift(current.name);
  return chain;
}

/** The child nodes of a node as authored: `child`, `children` and a stack's `screens`. */
export function childNodes(node: Record<string, unknown>): unknown[] {
  const children = Array.isArray(node.children) ? [...node.children] : [];
  if (isRecord(node.screens)) children.push(...Object.values(node.screens));
  return Object.hasOwn(node, 'child') ? [node.child, ...children] : children;
}

/** Whether a tree holds any use node (bounded by the depth a valid tree can have). */
function containsUse(root: unknown): boolean {
  // Pairs of a node and its depth; every spec passes here, so nothing is allocated per node.
  const pending: unknown[] = [root, 1];
  while (pending.length > 0) {
    const depth = pending.pop() as number;
    const node = pending.pop();
    if (!isRecord(node) || depth > limits.depth + 1) continue;
    if (node.type === 'use') return true;
    for (const child of childNodes(node)) pending.push(child, depth + 1);
  }
  return false;
}
