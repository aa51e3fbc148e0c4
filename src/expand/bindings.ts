/**
 * The binding field list: where in one node a repeat or component placeholder binds. The list is
 * not written here; it is read from the `binds` marks of the contract's rule table (button.label,
 * every state key, condition operands, setState.value, emit.name …), plus the props of a nested
 * use. Child nodes are not entered: each node of a tree is visited on its own.
 */
import { contract, resolveRule, type Binds, type ObjectShape, type Rule } from '../contract/index.ts';
import type { PathSegment } from './path.ts';
import { setOwn } from '../json/index.ts';

/** One string that binds, with its path relative to the node and how it binds. */
export interface BindingSite {
  path: PathSegment[];
  value: string;
  binds: Binds;
}

/** Replaces the string at a site; returning `value` unchanged leaves it as it was. */
export type SiteRewriter = (value: string, binds: Binds, path: readonly PathSegment[]) => unknown;

/** Conditions nest at most 8 deep once valid; this only bounds the walk of unvalidated input. */
const MAX_WALK_DEPTH = 64;

const USE_PROPS_RULE: Rule = { kind: 'map', values: { kind: 'scalar', binds: 'scalar' } };

/** Every binding site of one node (not of its child nodes), in declaration order of the contract. */
export function bindingSites(node: unknown): BindingSite[] {
  const sites: BindingSite[] = [];
  rewriteBindingSites(node, (value, binds, path) => {
    sites.push({ path: [...path], value, binds });
    return value;
  });
  return sites;
}

/**
 * A copy of one node with every binding site passed through `rewrite`. Objects and arrays on the
 * way to a changed site are copied; everything else, child nodes included, is shared.
 */
export function rewriteBindingSites<T>(node: T, rewrite: SiteRewriter): T {
  if (!isRecord(node) || typeof node.type !== 'string') return node;
  if (node.type === 'use') return rewriteObject(node, { properties: { props: USE_PROPS_RULE } }, rewrite, [], 0) as T;
  const entry = Object.hasOwn(contract.nodes, node.type) ? contract.nodes[node.type] : undefined;
  if (!entry) return node;
  const common = rewriteObject(node, contract.nodeCommon, rewrite, [], 0);
  return rewriteObject(common, entry, rewrite, [], 0) as T;
}

function rewriteValue(value: unknown, rule: Rule, rewrite: SiteRewriter, path: PathSegment[], depth: number): unknown {
  if (depth > MAX_WALK_DEPTH) return value;
  const resolved = resolveRule(rule);
  switch (resolved.kind) {
    case 'string':
    case 'scalar':
      return resolved.binds !== undefined && typeof value === 'string' ? rewrite(value, resolved.binds, path) : value;
    case 'object':
      return isRecord(value) ? rewriteObject(value, resolved, rewrite, path, depth) : value;
    case 'tagged': {
      const variant = isRecord(value) && typeof value[resolved.tag] === 'string' ? resolved.variants[value[resolved.tag] as string] : undefined;
      return variant && isRecord(value) ? rewriteObject(value, variant, rewrite, path, depth) : value;
    }
    case 'array':
      return Array.isArray(value) ? rewriteArray(value, (item, index) => rewriteValue(item, resolved.items, rewrite, [...path, index], depth + 1)) : value;
    case 'map':
      return isRecord(value) ? rewriteEntries(value, (item, key) => rewriteValue(item, resolved.values, rewrite, [...path, key], depth + 1)) : value;
    case 'union': {
      const branch = unionBranch(resolved, value);
      return branch ? rewriteValue(value, branch, rewrite, path, depth + 1) : value;
    }
    case 'action':
      return rewriteAction(value, rewrite, path, depth);
    case 'condition':
      return rewriteCondition(value, rewrite, path, depth);
    default:
      return value; // numbers, booleans, enums, JSON payloads and child nodes do not bind
  }
}

function rewriteObject(
  value: Record<string, unknown>,
  shape: ObjectShape,
  rewrite: SiteRewriter,
  path: PathSegment[],
  depth: number,
): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const [key, rule] of Object.entries(shape.properties)) {
    if (!Object.hasOwn(value, key)) continue;
    const next = rewriteValue(value[key], rule, rewrite, [...path, key], depth + 1);
    if (next !== value[key]) {
      copy ??= { ...value };
      setOwn(copy, key, next);
    }
  }
  return copy ?? value;
}

function rewriteAction(value: unknown, rewrite: SiteRewriter, path: PathSegment[], depth: number): unknown {
  if (!isRecord(value) || typeof value.type !== 'string') return value;
  const shape = Object.hasOwn(contract.actions, value.type) ? contract.actions[value.type] : undefined;
  return shape ? rewriteObject(value, shape, rewrite, path, depth) : value;
}

function rewriteCondition(value: unknown, rewrite: SiteRewriter, path: PathSegment[], depth: number): unknown {
  if (!isRecord(value) || depth > MAX_WALK_DEPTH) return value;
  const rules = contract.conditions;
  const shape: ObjectShape = { properties: { key: rules.key, data: rules.data, ...rules.comparisons } };
  let result = rewriteObject(value, shape, rewrite, path, depth);
  for (const group of Object.keys(rules.groups)) {
    const members = result[group];
    if (!Array.isArray(members)) continue;
    const next = rewriteArray(members, (member, index) => rewriteCondition(member, rewrite, [...path, group, index], depth + 1));
    if (next !== members) result = { ...result, [group]: next };
  }
  const negated = result[rules.negation];
  if (negated !== undefined) {
    const next = rewriteCondition(negated, rewrite, [...path, rules.negation], depth + 1);
    if (next !== negated) result = { ...result, [rules.negation]: next };
  }
  return result;
}

function unionBranch(rule: Extract<Rule, { kind: 'union' }>, value: unknown): Rule | undefined {
  if (typeof value === 'string') return rule.string;
  if (typeof value === 'number') return rule.number;
  if (typeof value === 'boolean') return rule.boolean;
  return isRecord(value) ? rule.object : undefined;
}

function rewriteArray(items: unknown[], rewriteItem: (item: unknown, index: number) => unknown): unknown[] {
  let copy: unknown[] | null = null;
  items.forEach((item, index) => {
    const next = rewriteItem(item, index);
    if (next !== item) {
      copy ??= [...items];
      copy[index] = next;
    }
  });
  return copy ?? items;
}

function rewriteEntries(
  value: Record<string, unknown>,
  rewriteItem: (item: unknown, key: string) => unknown,
): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const next = rewriteItem(item, key);
    if (next !== item) {
      copy ??= { ...value };
      setOwn(copy, key, next);
    }
  }
  return copy ?? value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
