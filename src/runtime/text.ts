/**
 * Text interpolation (spec "Nodes" → text interpolation): `{key}` reads state, and inside a pager
 * `{page}` / `{pageCount}` read the nearest enclosing pager (1-based page, so "Page {page} of
 * {pageCount}" reads "Page 1 of 3"); outside a pager they stay literal unless state has such a
 * key. A placeholder naming a missing key stays literal.
 */
import type { Scalar } from '../spec/index.ts';
import { renderScalar } from '../validate/repeat.ts';
import type { StateReader } from './conditions.ts';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]{0,63})\}/g;

export function interpolate(text: string, read: StateReader): string {
  if (text.indexOf('{') < 0) return text;
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    const value: Scalar | undefined = read(key);
    return value === undefined ? whole : renderScalar(value);
  });
}
