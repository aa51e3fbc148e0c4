/** Small facts about JSON values used throughout the walker. */

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'non-JSON value';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return 'object';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as JsonType;
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'non-JSON value';
  return 'non-JSON value';
}

export const hasOwn: (object: Record<string, unknown>, key: string) => boolean = Object.hasOwn;

/** A state value: string, finite number or boolean. */
export function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** A short description of a value for error messages: `a string ("abc")`, `a number (3)`, `null`. */
export function describeValue(value: unknown): string {
  const type = jsonType(value);
  switch (type) {
    case 'string': {
      const text = value as string;
      return `a string (${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)})`;
    }
    case 'number':
    case 'boolean':
      return `a ${type} (${String(value)})`;
    case 'null':
      return 'null';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return typeof value === 'number' ? `a non-finite number (${String(value)})` : 'a value JSON cannot represent';
  }
}

/** The kind of a value without its content ("a string", "an array"), for where the content may be a secret. */
export function describeType(value: unknown): string {
  const type = jsonType(value);
  return type === 'null' ? 'null' : type === 'array' || type === 'object' ? `an ${type}` : type === 'non-JSON value' ? 'a value JSON cannot represent' : `a ${type}`;
}

/** Order-independent identity of a JSON value, for uniqueness checks. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** The close match of `word` among `candidates`, for "did you mean" hints; null when none is close. */
export function closestWord(word: string, candidates: Iterable<string>): string | null {
  const lower = word.toLowerCase();
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  const all = [...candidates];
  for (const candidate of all) {
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best ?? longestSharedStart(lower, all);
}

/**
 * The candidate that shares the longest start with `word`, when that start is all of the word but
 * its last two letters and at least four long: a wrong ending (`childs` → `children`).
 */
function longestSharedStart(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestLength = Math.max(4, word.length - 2) - 1;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    let shared = 0;
    while (shared < word.length && shared < lower.length && word[shared] === lower[shared]) shared++;
    if (shared > bestLength) {
      best = candidate;
      bestLength = shared;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `cap`) once every path is at least `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= cap) return cap;
    previous = current;
  }
  return previous[b.length]!;
}

/** A list of words for a message, shortened when long: `a, b, c … (40 in all)`. */
export function listWords(words: readonly string[], max = 12): string {
  if (words.length <= max) return words.join(', ');
  return `${words.slice(0, max).join(', ')} … (${words.length} in all)`;
}
