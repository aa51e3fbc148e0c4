/**
 * Placeholders in authored strings: `{index}`, `{<as>.<field>}` (repeat templates),
 * `{props.<field>}` (components) and `{key}` (state, resolved by the runtime). The tokenizer only
 * finds them; a binder decides which ones it binds, and every other brace stays literal text.
 */
import type { Scalar } from '../spec/index.ts';

export type PlaceholderToken =
  | { kind: 'text'; text: string }
  /** `{name}` has `field` null; `{name.field}` names both. */
  | { kind: 'placeholder'; raw: string; name: string; field: string | null }
  /** `{data:/pointer}`: the value at that pointer in the prototype's data. */
  | { kind: 'data'; raw: string; pointer: string }
  /** `{t:key}` or `{t:key|count}`: the string `key` of the spec's string tables, the plural form chosen by the state key `count`. */
  | { kind: 'string'; raw: string; key: string; count: string | null }
  /** `{platform:/connectivity/online}`: the device's platform state at that pointer. */
  | { kind: 'platform'; raw: string; pointer: string }
  /** `{count:/tasks}`: how many items the data array at that pointer holds. */
  | { kind: 'count'; raw: string; pointer: string };

const PLACEHOLDER = /\{(?:([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?|data:((?:\/(?:[^~/{}]|~[01])*)+)|t:([A-Za-z_][A-Za-z0-9_.-]{0,127})(?:\|([A-Za-z_][A-Za-z0-9_]{0,63}))?|platform:((?:\/[A-Za-z]+)+)|count:((?:\/(?:[^~/{}]|~[01])*)+))\}/g;

/**
 * Splits text into literal runs, `{name}` / `{name.field}`, `{data:/pointer}` and `{t:key|count}`
 * placeholders, in order. Authored strings are few and read again and again (each row of a repeat
 * as a spec is checked, each rebuild as it runs), so the tokens of a short one are kept.
 */
export function tokenizePlaceholders(text: string): readonly PlaceholderToken[] {
  const cached = tokenCache.get(text);
  if (cached !== undefined) return cached;
  const tokens = Object.freeze(scanPlaceholders(text));
  if (text.length <= CACHED_TEXT_MAX_LENGTH) {
    if (tokenCache.size >= TOKEN_CACHE_LIMIT) tokenCache.clear();
    tokenCache.set(text, tokens);
  }
  return tokens;
}

const tokenCache = new Map<string, readonly PlaceholderToken[]>();
const TOKEN_CACHE_LIMIT = 8192;
const CACHED_TEXT_MAX_LENGTH = 1024;

function scanPlaceholders(text: string): PlaceholderToken[] {
  const tokens: PlaceholderToken[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) tokens.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[3] !== undefined) tokens.push({ kind: 'data', raw: match[0], pointer: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'string', raw: match[0], key: match[4], count: match[5] ?? null });
    else if (match[6] !== undefined) tokens.push({ kind: 'platform', raw: match[0], pointer: match[6] });
    else if (match[7] !== undefined) tokens.push({ kind: 'count', raw: match[0], pointer: match[7] });
    else tokens.push({ kind: 'placeholder', raw: match[0], name: match[1]!, field: match[2] ?? null });
    last = match.index + match[0].length;
  }
  if (last < text.length) tokens.push({ kind: 'text', text: text.slice(last) });
  return tokens;
}

/**
 * Answers the value of a placeholder it binds, or `undefined` to leave the placeholder as
 * literal text for a later stage.
 */
export type PlaceholderBinder = (name: string, field: string | null) => Scalar | undefined;

/**
 * Binds the placeholders `binder` knows. A string that is exactly one bound placeholder keeps the
 * bound value's own type (`"{item.id}"` → 7); anything longer renders to text.
 */
export function bindPlaceholders(text: string, binder: PlaceholderBinder): Scalar {
  if (!text.includes('{')) return text;
  const tokens = tokenizePlaceholders(text);
  const only = tokens.length === 1 ? tokens[0]! : null;
  if (only?.kind === 'placeholder') {
    const value = binder(only.name, only.field);
    return value === undefined ? text : value;
  }
  return tokens.map((token) => (token.kind === 'text' ? token.text : token.kind === 'placeholder' ? renderBound(token, binder) : token.raw)).join('');
}

/** Like `bindPlaceholders`, but always text: for labels, names and state keys. */
export function bindPlaceholdersAsText(text: string, binder: PlaceholderBinder): string {
  return renderScalar(bindPlaceholders(text, binder));
}

function renderBound(token: Extract<PlaceholderToken, { kind: 'placeholder' }>, binder: PlaceholderBinder): string {
  const value = binder(token.name, token.field);
  return value === undefined ? token.raw : renderScalar(value);
}

/**
 * A scalar as text, the same on every platform (seeds/000 "number rendering"): an integral number
 * prints every digit with no decimal point or exponent at any magnitude, negative zero prints 0,
 * any other number prints as `String(number)`.
 */
export function renderScalar(value: Scalar): string {
  if (typeof value !== 'number') return String(value);
  if (!Number.isInteger(value)) return String(value);
  if (Math.abs(value) < 1e21) return String(value === 0 ? 0 : value);
  return BigInt(value).toString();
}

/** The binder of one repeat item: `{index}` and `{<alias>.<field>}`. */
export function repeatBinder(alias: string, item: Readonly<Record<string, unknown>>, index: number): PlaceholderBinder {
  return (name, field) => {
    if (field === null) return name === 'index' ? index : undefined;
    if (name !== alias || !Object.hasOwn(item, field)) return undefined;
    return asScalar(item[field]);
  };
}

/** The binder of one component use: `{props.<field>}`. */
export function propsBinder(props: Readonly<Record<string, unknown>>): PlaceholderBinder {
  return (name, field) => {
    if (name !== 'props' || field === null || !Object.hasOwn(props, field)) return undefined;
    return asScalar(props[field]);
  };
}

function asScalar(value: unknown): Scalar | undefined {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
    ? value
    : undefined;
}

/** The fields of `{<alias>.<field>}` placeholders in a string, in order (repeated fields once). */
export function placeholderFields(text: string, name: string): string[] {
  if (!text.includes('{')) return [];
  const fields = new Set<string>();
  for (const token of tokenizePlaceholders(text)) {
    if (token.kind === 'placeholder' && token.name === name && token.field !== null) fields.add(token.field);
  }
  return [...fields];
}

/** Whether a string holds a repeat placeholder of `alias` (`{index}` or `{<alias>.<field>}`). */
export function hasRepeatPlaceholder(text: string, alias: string): boolean {
  if (!text.includes('{')) return false;
  return tokenizePlaceholders(text).some(
    (token) => token.kind === 'placeholder' && (token.field === null ? token.name === 'index' : token.name === alias),
  );
}
