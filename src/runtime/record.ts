/**
 * State records are plain objects (fast to copy into events), read and written as own properties
 * only, so keys named like Object members ("constructor", "toString", "__proto__") are ordinary keys.
 */
import type { Scalar } from '../spec/index.ts';

export type StateRecord = Record<string, Scalar>;

export function ownValue(record: StateRecord, key: string): Scalar | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export { setOwn } from '../json/index.ts';
