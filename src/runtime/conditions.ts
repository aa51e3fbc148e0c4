/**
 * Conditions (spec "Conditions"): visibleWhen, styleWhen[].when and openWhen all use this.
 * Reading goes through `StateReader`, so the caller decides what a key means (pager-local
 * `page` / `pageCount`) and can record which keys a node depends on.
 */
import type { Condition, Scalar } from '../spec/index.ts';

/** Reads a state key, or (a key starting with `/`) the scalar at that pointer in the data. */
export type StateReader = (key: string) => Scalar | undefined;

/** How a reader is asked for a platform pointer's value (`{platform:/connectivity/online}`). */
export function platformKey(pointer: string): string {
  return `platform:${pointer}`;
}

/** Exact equality of the same type; numbers compare by value, so -0 equals 0. */
export function scalarEquals(a: Scalar | undefined, b: Scalar): boolean {
  return a !== undefined && typeof a === typeof b && a === b;
}

/** How a reader is asked for the item count of the data array at a pointer (`{count:/tasks}`). */
export const COUNT_KEY_PREFIX = 'count:';
export function countKey(pointer: string): string {
  return `${COUNT_KEY_PREFIX}${pointer}`;
}

export function conditionHolds(condition: Condition, read: StateReader): boolean {
  if ('all' in condition) return condition.all.every((member) => conditionHolds(member, read));
  if ('any' in condition) return condition.any.some((member) => conditionHolds(member, read));
  if ('not' in condition) return !conditionHolds(condition.not, read);
  if ('count' in condition || 'isEmpty' in condition) return countHolds(condition, read);
  const value = read(condition.key ?? condition.data ?? platformKey(condition.platform!));
  if ('equals' in condition) return scalarEquals(value, condition.equals);
  if ('notEquals' in condition) return !scalarEquals(value, condition.notEquals);
  if ('gt' in condition) return typeof value === 'number' && value > condition.gt;
  return typeof value === 'number' && value < condition.lt;
}

/** A count or emptiness condition: a pointer that holds no array counts as 0 items. */
function countHolds(condition: Extract<Condition, { count: unknown } | { isEmpty: unknown }>, read: StateReader): boolean {
  const held = read(countKey(condition.data));
  const count = typeof held === 'number' ? held : 0;
  if ('isEmpty' in condition) return (count === 0) === condition.isEmpty;
  const compared = condition.count;
  if ('equals' in compared) return count === compared.equals;
  if ('greaterThan' in compared) return count > compared.greaterThan;
  return count < compared.lessThan;
}
