/**
 * Document order of error paths: the order in which the values they name sit in the authored
 * JSON. An object's members come in the order they were read (the JSON text order; as in any
 * JavaScript object, keys that look like array indexes come first), a missing key after every
 * present one, and an array's items by index. A use-chain path
 * (`root.children[0] (use card) → components.card.root.text`) sits at its use, then within the
 * component.
 */
import { parsePath } from '../expand/path.ts';
import type { ValidationError } from './collector.ts';
import { isPlainObject } from './values.ts';

/** `errors` sorted into document order; errors at the same place keep the order they came in. */
export function inDocumentOrder(errors: readonly ValidationError[], authored: unknown): ValidationError[] {
  const placed = errors.map((error, index) => ({ error, index, position: documentPosition(authored, error.path) }));
  placed.sort((a, b) => comparePositions(a.position, b.position) || a.index - b.index);
  return placed.map(({ error }) => error);
}

const USE_SUFFIX = / \(use [^()]*\)$/;

/** The place of `path` in `authored` as indexes at each level; -1 separates the links of a use chain. */
function documentPosition(authored: unknown, path: string): number[] {
  const position: number[] = [];
  path.split(' → ').forEach((link, linkIndex) => {
    if (linkIndex > 0) position.push(-1);
    const segments = parsePath(link.replace(USE_SUFFIX, ''));
    if (segments === null) {
      position.push(Number.MAX_SAFE_INTEGER);
      return;
    }
    let current: unknown = authored;
    for (const segment of segments) {
      if (Array.isArray(current) && typeof segment === 'number') {
        position.push(segment);
        current = current[segment];
      } else if (isPlainObject(current) && typeof segment === 'string') {
        const keys = Object.keys(current);
        const index = keys.indexOf(segment);
        position.push(index >= 0 ? index : keys.length);
        current = index >= 0 ? current[segment] : undefined;
      } else {
        position.push(0);
        current = undefined;
      }
    }
  });
  return position;
}

/** Index by index; a position that is a prefix of another (its ancestor) comes first. */
function comparePositions(a: number[], b: number[]): number {
  const shared = Math.min(a.length, b.length);
  for (let index = 0; index < shared; index++) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return a.length - b.length;
}
