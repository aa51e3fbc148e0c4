/**
 * Error paths as the contract spells them: `root.children[1].style.color`, JSON-quoted brackets
 * for keys that are not identifiers (`root["bad.key"]`, `$["bad.key"]` at the top level), and `$`
 * for the whole input. A stack's screen names are always bracketed (`root.screens["home"]`), so a
 * screen reads as a name, not a field. Paths are built as strings; '' stands for the top level.
 */

export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SCREENS = '.screens';

/** The path of property `key` under `parent` ('' is the top level). */
export function propertyPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key) && !parent.endsWith(SCREENS)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent === '' ? '$' : parent}[${JSON.stringify(key)}]`;
}

/** The path of array item `index` under `parent`. */
export function indexPath(parent: string, index: number): string {
  return `${parent === '' ? '$' : parent}[${index}]`;
}

/** The path of a segment under `parent`. */
export function childPath(parent: string, segment: PathSegment): string {
  return typeof segment === 'number' ? indexPath(parent, segment) : propertyPath(parent, segment);
}

/** The path of a list of segments from the top level ('' for none). */
export function spellPath(segments: readonly PathSegment[]): string {
  let path = '';
  for (const segment of segments) path = childPath(path, segment);
  return path;
}

/** The printed form of a path: the top level itself is `$`. */
export function displayPath(path: string): string {
  return path === '' ? '$' : path;
}

/**
 * Splits a printed path back into segments (`root.children[0]["a.b"]` → root, children, 0, a.b).
 * Returns null for text that is not a path in this notation.
 */
export function parsePath(path: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  let rest = path === '$' ? '' : path.startsWith('$[') ? path.slice(1) : path;
  const leading = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
  if (leading) {
    segments.push(leading[0]);
    rest = rest.slice(leading[0].length);
  }
  while (rest.length > 0) {
    const step = /^\.([A-Za-z_][A-Za-z0-9_]*)|^\[(\d+)\]|^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
    if (!step) return null;
    if (step[1] !== undefined) segments.push(step[1]);
    else if (step[2] !== undefined) segments.push(Number(step[2]));
    else segments.push(JSON.parse(step[3]!) as string);
    rest = rest.slice(step[0].length);
  }
  return segments;
}
