/**
 * The text a field shows once data is bound into it: `{data:/pointer}` placeholders and, in a
 * repeat template, `{index}` and `{<as>.<field>}`. The validator charges it against the per-field
 * limit and the per-show total where the data is literal (at show), and the runtime again after a
 * data write. State placeholders (`{key}`) are left as they are and not charged for.
 */
import { renderScalar, tokenizePlaceholders, type PlaceholderBinder } from '../expand/placeholders.ts';
import { parsePointer, valueAt, type JsonValue } from '../json/pointer.ts';

/** Whether a text field holds a data placeholder. */
export function readsData(text: string): boolean {
  return text.includes('{data:');
}

/** The UTF-16 length of `text` with its data (and, given a binder, its repeat) placeholders bound. */
export function boundTextLength(text: string, data: JsonValue | null, binder: PlaceholderBinder | null): number {
  if (!text.includes('{')) return text.length;
  let length = 0;
  for (const token of tokenizePlaceholders(text)) {
    if (token.kind === 'text') length += token.text.length;
    else if (token.kind === 'data') {
      const segments = parsePointer(token.pointer);
      const value = segments === null || data === null ? undefined : valueAt(data, segments);
      length += typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) ? renderScalar(value).length : 0;
    } else if (token.kind === 'string' || token.kind === 'platform') {
      length += token.raw.length;
    } else if (token.kind === 'count') {
      const segments = parsePointer(token.pointer);
      const value = segments === null || data === null ? undefined : valueAt(data, segments);
      length += String(Array.isArray(value) ? value.length : 0).length;
    } else {
      const bound = binder?.(token.name, token.field);
      length += bound === undefined ? token.raw.length : renderScalar(bound).length;
    }
  }
  return length;
}
