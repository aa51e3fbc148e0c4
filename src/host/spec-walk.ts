// Generic walks over a plain-JSON spec, so host steps need no knowledge of every node type.
// Paths are spelled as validation errors spell them (`a.b`, `a[0]`, `a["x.y"]`, `root.screens["home"]`).
import { childPath } from '../expand/path.ts';

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
