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
import type { Scalar } from '../spec/index.ts';
import { isPlainObject, isScalar } from './values.ts';

export { renderScalar } from '../expand/placeholders.ts';

export interface RepeatContext {
  /** Path of the container's `repeat` object. */
  path: string;
  alias: string;
  items: Array<Record<string, unknown>>;
}

/** Lenient: a malformed `repeat` gives a context with no items, and fails later at its own path. */
export function repeatContext(repeat: unknown, path: string): RepeatContext {
  if (!isPlainObject(repeat)) return { path, alias: '', items: [] };
  const alias = typeof repeat.as === 'string' ? repeat.as : '';
  const items = Array.isArray(repeat.items) ? repeat.items.filter(isPlainObject) : [];
  return { path, alias, items };
}

/** Whether `text` holds `{index}` or a `{<alias>.<field>}` placeholder of this template. */
export function bindsInTemplate(text: string, template: RepeatContext): boolean {
  return hasRepeatPlaceholder(text, template.alias);
}

/** The first field `text` names that `item` lacks (or holds no scalar in), or null. */
export function missingRepeatField(text: string, template: RepeatContext, item: Record<string, unknown>): string | null {
  for (const field of placeholderFields(text, template.alias)) {
    if (!Object.hasOwn(item, field) || !isScalar(item[field])) return field;
  }
  return null;
}

/** What `text` binds to for item `index`: a lone placeholder keeps the item's type. */
export function bindForItem(text: string, template: RepeatContext, index: number): Scalar {
  return bindPlaceholders(text, repeatBinder(template.alias, template.items[index]!, index));
}
