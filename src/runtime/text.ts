/**
 * Text interpolation (spec "Nodes" → text interpolation): `{key}` reads state, and inside a pager
 * `{page}` / `{pageCount}` read the nearest enclosing pager (1-based page, so "Page {page} of
 * {pageCount}" reads "Page 1 of 3"); outside a pager they stay literal unless state has such a
 * key. A placeholder naming a missing key, and any other brace, stays literal. `{data:/pointer}`
 * reads the prototype's data (the reader takes pointers as keys); a missing or non-scalar value
 * reads as empty text. `{t:key}` and `{t:key|count}` read the spec's string tables (strings.ts)
 * through the reader's translate, and the entry is interpolated in turn.
 */
import { renderScalar, tokenizePlaceholders } from '../expand/index.ts';
import type { Scalar } from '../spec/index.ts';
import { countKey, platformKey, type StateReader } from './conditions.ts';

/** A reader that may also look strings up (`{t:key|count}`): the entry's text for a key and count. */
export type TextReader = StateReader & { translate?: (key: string, count: Scalar | undefined) => string | undefined };

export function interpolate(text: string, read: TextReader): string {
  if (!text.includes('{')) return text;
  let out = '';
  for (const token of tokenizePlaceholders(text)) {
    if (token.kind === 'text') out += token.text;
    else if (token.kind === 'data') {
      const value = read(token.pointer);
      out += value === undefined ? '' : renderScalar(value);
    } else if (token.kind === 'platform') {
      const value = read(platformKey(token.pointer));
      out += value === undefined ? '' : renderScalar(value);
    } else if (token.kind === 'count') {
      const value = read(countKey(token.pointer));
      out += typeof value === 'number' ? String(value) : '0';
    } else if (token.kind === 'string') {
      const entry = read.translate?.(token.key, token.count === null ? undefined : read(token.count));
      // An entry's own placeholders read state and data as the text around it does (entries hold no {t:…}).
      out += entry === undefined ? token.raw : interpolate(entry, (key) => read(key));
    } else {
      const value = token.field === null ? read(token.name) : undefined;
      out += value === undefined ? token.raw : renderScalar(value);
    }
  }
  return out;
}
