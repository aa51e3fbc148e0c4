/**
 * Text interpolation (spec "Nodes" → text interpolation): `{key}` reads state, and inside a pager
 * `{page}` / `{pageCount}` read the nearest enclosing pager (1-based page, so "Page {page} of
 * {pageCount}" reads "Page 1 of 3"); outside a pager they stay literal unless state has such a
 * key. A placeholder naming a missing key, and any other brace, stays literal. `{data:/pointer}`
 * reads the prototype's data (the reader takes pointers as keys); a missing or non-scalar value
 * reads as empty text.
 */
import { renderScalar, tokenizePlaceholders, type PlaceholderToken } from '../expand/index.ts';
import type { StateReader } from './conditions.ts';

/** Authored strings are few and reused on every rebuild: keep their tokens. */
const tokenCache = new Map<string, PlaceholderToken[]>();
const TOKEN_CACHE_LIMIT = 8192;

function tokens(text: string): PlaceholderToken[] {
  let cached = tokenCache.get(text);
  if (!cached) {
    cached = tokenizePlaceholders(text);
    if (tokenCache.size >= TOKEN_CACHE_LIMIT) tokenCache.clear();
    tokenCache.set(text, cached);
  }
  return cached;
}

export function interpolate(text: string, read: StateReader): string {
  if (!text.includes('{')) return text;
  let out = '';
  for (const token of tokens(text)) {
    if (token.kind === 'text') out += token.text;
    else if (token.kind === 'data') {
      const value = read(token.pointer);
      out += value === undefined ? '' : renderScalar(value);
    } else {
      const value = token.field === null ? read(token.name) : undefined;
      out += value === undefined ? token.raw : renderScalar(value);
    }
  }
  return out;
}
