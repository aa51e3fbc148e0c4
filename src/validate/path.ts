/**
 * Error paths as the contract spells them: `root.children[1].style.color`, JSON-quoted brackets for
 * keys that are not identifiers (`root["bad.key"]`, `$["bad.key"]` at the top level), and `$` for
 * the whole input.
 */

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The path of property `key` under `parent` ('' is the top level). */
export function propertyPath(parent: string, key: string): string {
  if (identifier.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent === '' ? '$' : parent}[${JSON.stringify(key)}]`;
}

/** The path of array item `index` under `parent`. */
export function indexPath(parent: string, index: number): string {
  return `${parent === '' ? '$' : parent}[${index}]`;
}

/** The printed form of a path: the top level itself is `$`. */
export function displayPath(path: string): string {
  return path === '' ? '$' : path;
}
