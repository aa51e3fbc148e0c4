// Generic walks over a plain-JSON spec, so host steps need no knowledge of every node type.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends a key to a path the way validation errors write it: `a.b`, `a[0]`, `a["x.y"]`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Visits every object under `value` (depth first, preorder) with its path. */
export function visitObjects(value: unknown, path: string, visit: (object: JsonObject, path: string) => void): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => visitObjects(item, childPath(path, index), visit));
    return;
  }
  if (!isObject(value)) return;
  visit(value, path);
  for (const [key, child] of Object.entries(value)) visitObjects(child, childPath(path, key), visit);
}
