/**
 * Mutated valid specs for property tests: seed specs (the project's valid fixtures, plus the
 * shared corpus when it is beside the project) and random mutations of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Segment = string | number;

/** Valid specs to mutate: the project's fixtures, plus the shared corpus when it is beside the project. */
const seedDirs = [
  new URL('../fixtures/prototype-spec/valid/', import.meta.url),
  new URL('../../../shared/conformance/automobile/valid/', import.meta.url),
  new URL('../../../shared/conformance/automobile/components/', import.meta.url),
].filter((dir) => existsSync(dir));
export const seeds: Json[] = seedDirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Json),
);

export function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every location in a JSON value, as segment lists (the root is []). */
export function locations(value: Json, prefix: Segment[] = [], out: Segment[][] = []): Segment[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => locations(item, [...prefix, i], out));
  else if (isObject(value)) for (const key of Object.keys(value)) locations(value[key]!, [...prefix, key], out);
  return out;
}

export function at(value: Json, path: Segment[]): Json | undefined {
  let current: Json | undefined = value;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isObject(current) && typeof segment === 'string' && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

export type Mutation =
  | { op: 'drop'; target: number }
  | { op: 'duplicate'; target: number; name: string }
  | { op: 'retype'; target: number; value: Json }
  | { op: 'swap'; target: number; other: number }
  | { op: 'inject'; target: number; name: string; value: Json };

const junk = fc.oneof(
  fc.constantFrom<Json>(null, true, 0, -1, 1e308, 2147483648, 0.5, '', ' ', '#FFF', 'fill', 'next', '{index}', 'home', [], {}),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);
const keyName = fc.oneof(fc.constantFrom('type', 'id', 'children', 'child', 'style', 'onTap', 'repeat', 'stateKey', 'bad.key', '__proto__', 'key'), fc.string({ maxLength: 6 }));
export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), target: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), target: fc.nat(), name: keyName }),
  fc.record({ op: fc.constant('retype' as const), target: fc.nat(), value: junk }),
  fc.record({ op: fc.constant('swap' as const), target: fc.nat(), other: fc.nat() }),
  fc.record({ op: fc.constant('inject' as const), target: fc.nat(), name: keyName, value: junk }),
);

/** Applies one mutation in place; targets index into the current locations. */
export function mutate(root: { spec: Json }, change: Mutation): void {
  const all = locations(root.spec).filter((path) => path.length > 0);
  if (all.length === 0) return;
  const path = all[change.target % all.length]!;
  const parent = at(root.spec, path.slice(0, -1))!;
  const last = path[path.length - 1]!;
  const set = (container: Json, segment: Segment, value: Json) => {
    if (Array.isArray(container)) container[segment as number] = value;
    else if (isObject(container)) Object.defineProperty(container, segment, { value, enumerable: true, writable: true, configurable: true });
  };
  switch (change.op) {
    case 'drop':
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else if (isObject(parent)) delete parent[last as string];
      return;
    case 'duplicate':
      if (isObject(parent)) set(parent, change.name, structuredClone(parent[last as string]!));
      else if (Array.isArray(parent)) parent.push(structuredClone(parent[last as number]!));
      return;
    case 'retype':
      set(parent, last, structuredClone(change.value));
      return;
    case 'swap': {
      const otherPath = all[change.other % all.length]!;
      const otherParent = at(root.spec, otherPath.slice(0, -1));
      const otherLast = otherPath[otherPath.length - 1]!;
      const mine = at(root.spec, path);
      const theirs = at(root.spec, otherPath);
      if (mine === undefined || theirs === undefined || otherParent === undefined) return;
      const [a, b] = [structuredClone(mine), structuredClone(theirs)];
      set(parent, last, b);
      set(otherParent, otherLast, a);
      return;
    }
    case 'inject': {
      const target = at(root.spec, path);
      const value = structuredClone(change.value);
      if (isObject(target)) set(target, change.name, value);
      else if (Array.isArray(target)) target.push(value);
      else set(parent, last, value);
    }
  }
}
