/**
 * Repeat templates as the walker sees them: the binding context of a container's `repeat`, and
 * how one authored string binds against every item.
 */
import { isPlainObject, isScalar } from './values.ts';

export type Scalar = string | number | boolean;

/** The items and alias of the repeat a template belongs to, read leniently before `repeat` itself is checked. */
export interface RepeatContext {
  /** Path of the container's `repeat` object. */
  path: string;
  alias: string;
  items: Array<Record<string, unknown>>;
}

export function repeatContext(repeat: unknown, path: string): RepeatContext {
  if (!isPlainObject(repeat)) return { path, alias: '', items: [] };
  const alias = typeof repeat.as === 'string' ? repeat.as : '';
  const items = Array.isArray(repeat.items) ? repeat.items.filter(isPlainObject) : [];
  return { path, alias, items };
}

export type Token = { kind: 'text'; text: string } | { kind: 'index' } | { kind: 'field'; field: string };

const placeholder = /\{([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\}/g;

/**
 * Splits `text` into literal text and the repeat placeholders of `alias`: `{index}` and
 * `{<alias>.<field>}`. Any other braces stay literal text.
 */
export function repeatTokens(text: string, alias: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(placeholder)) {
    const [whole, name, field] = match;
    const isIndex = name === 'index' && field === undefined;
    const isField = name === alias && field !== undefined;
    if (!isIndex && !isField) continue;
    if (match.index > last) tokens.push({ kind: 'text', text: text.slice(last, match.index) });
    tokens.push(isIndex ? { kind: 'index' } : { kind: 'field', field: field! });
    last = match.index + whole.length;
  }
  if (last < text.length) tokens.push({ kind: 'text', text: text.slice(last) });
  return tokens;
}

export function hasPlaceholder(tokens: Token[]): boolean {
  return tokens.some((token) => token.kind !== 'text');
}

/** The first field a token list names that `item` lacks, or null. */
export function missingField(tokens: Token[], item: Record<string, unknown>): string | null {
  for (const token of tokens) {
    if (token.kind === 'field' && !(Object.prototype.hasOwnProperty.call(item, token.field) && isScalar(item[token.field]))) {
      return token.field;
    }
  }
  return null;
}

/**
 * The value `tokens` bind to for item `index`: a lone placeholder keeps the item's own type,
 * anything else is text.
 */
export function bindTokens(tokens: Token[], item: Record<string, unknown>, index: number): Scalar {
  if (tokens.length === 1 && tokens[0]!.kind !== 'text') return tokenValue(tokens[0]!, item, index);
  return tokens.map((token) => (token.kind === 'text' ? token.text : renderScalar(tokenValue(token, item, index)))).join('');
}

function tokenValue(token: Token, item: Record<string, unknown>, index: number): Scalar {
  if (token.kind === 'index') return index;
  if (token.kind === 'field') return item[token.field] as Scalar;
  return token.text;
}

/** A scalar as text: integral numbers print every digit with no exponent, -0 prints 0. */
export function renderScalar(value: Scalar): string {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? String(value === 0 ? 0 : value) : BigInt(value).toString();
  return String(value);
}
