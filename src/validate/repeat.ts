/**
 * Repeat templates as the walker sees them: the binding context of a container's `repeat`, read
 * before `repeat` itself is checked, and how one authored string binds for each item. The
 * placeholder grammar itself lives in src/expand.
 */
import {
  bindPlaceholders,
  hasRepeatPlaceholder,
  placeholderFields,
  repeatBinder,
} from '../expand/placeholders.ts';
import { parsePointer, valueAt, type JsonValue } from '../json/pointer.ts';
import type { Scalar } from '../spec/index.ts';
import { isPlainObject, isScalar } from './values.ts';

export { renderScalar } from '../expand/placeholders.ts';

export interface RepeatContext {
  /** Path of the container's `repeat` object. */
  path: string;
  alias: string;
  items: Array<Record<string, unknown>>;
  /** `items` as authored when it is a data pointer (the rows are then those of the spec's data). */
  pointer: string | null;
  /** The repeat's `key` field (the item field naming a row), or null. */
  keyField: string | null;
}

/**
 * Lenient: a malformed `repeat` gives a context with no items, and fails later at its own path.
 * A data pointer's rows are read from `data` (the spec's data), objects only.
 */
export function repeatContext(repeat: unknown, path: string, data: unknown): RepeatContext {
  if (!isPlainObject(repeat)) return { path, alias: '', items: [], pointer: null, keyField: null };
  const alias = typeof repeat.as === 'string' ? repeat.as : '';
  const keyField = typeof repeat.key === 'string' ? repeat.key : null;
  if (typeof repeat.items === 'string') {
    const rows = dataRows(data, repeat.items);
    return { path, alias, items: (rows ?? []).filter(isPlainObject), pointer: repeat.items, keyField };
  }
  const items = Array.isArray(repeat.items) ? repeat.items.filter(isPlainObject) : [];
  return { path, alias, items, pointer: null, keyField };
}

/** What a data pointer names in the spec's data when that is an array, else null. */
export function dataRows(data: unknown, pointer: string): unknown[] | null {
  const segments = parsePointer(pointer);
  if (segments === null || !isPlainObject(data)) return null;
  const rows = valueAt(data as JsonValue, segments);
  return Array.isArray(rows) ? rows : null;
}

/** Whether `text` holds `{index}` or a `{<alias>.<field>}` placeholder of this template. */
export function bindsInTemplate(text: string, template: RepeatContext): boolean {
  return hasRepeatPlaceholder(text, template.alias);
}

/** The first field `text` names (`fields`, when already known) that `item` lacks (or holds no scalar in), or null. */
export function missingRepeatField(text: string, template: RepeatContext, item: Record<string, unknown>, fields = placeholderFields(text, template.alias)): string | null {
  for (const field of fields) {
    if (!Object.hasOwn(item, field) || !isScalar(item[field])) return field;
  }
  return null;
}

/** What `text` binds to for item `index`: a lone placeholder keeps the item's type. */
export function bindForItem(text: string, template: RepeatContext, index: number): Scalar {
  return bindPlaceholders(text, repeatBinder(template.alias, template.items[index]!, index));
}
