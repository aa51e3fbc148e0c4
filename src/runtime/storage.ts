/**
 * Storage as the runtime sees it (the device keeps the files): the values of the state keys and
 * data pointers a spec's `storage` block lists, and how stored values come back at a show. A
 * stored record of another version is discarded; stored values replace the spec's for listed
 * keys; a value that no longer fits (its binding refuses it, its data path is gone) is dropped.
 */
import { applyDataWrite, parsePointer, valueAt, type JsonObject, type JsonValue } from '../json/pointer.ts';
import { conservativePayloadByteLength, setOwn } from '../json/index.ts';
import type { PrototypeSpec, Scalar } from '../spec/index.ts';
import { validatePrototypeSpec } from '../validate/index.ts';

export interface StoredValues {
  version: number;
  /** Listed state keys that have a value. */
  state: Record<string, Scalar>;
  /** Listed data pointers that hold a value. */
  data: Record<string, JsonValue>;
}

/** The listed values now, or null when the spec keeps nothing. */
export function storedValues(spec: PrototypeSpec, state: Record<string, Scalar>, data: JsonObject): StoredValues | null {
  const storage = spec.storage;
  if (!storage) return null;
  const values: StoredValues = { version: storage.version, state: {}, data: {} };
  for (const key of storage.keys ?? []) if (Object.hasOwn(state, key)) setOwn(values.state, key, state[key]!);
  for (const pointer of storage.data ?? []) {
    const segments = parsePointer(pointer);
    const value = segments === null ? undefined : valueAt(data, segments);
    if (value !== undefined) values.data[pointer] = value;
  }
  return values;
}

export interface Restored {
  spec: PrototypeSpec;
  /** Keys and pointers whose stored value was put back. */
  restored: string[];
  /** Stored values that no longer fit and were left out. */
  dropped: string[];
  /** The stored record was of another version (or not a record): the device deletes it. */
  discarded: boolean;
}

/** The spec to show with stored values put back (see the module comment). */
export function restoreStorage(spec: PrototypeSpec, stored: unknown): Restored {
  const storage = spec.storage;
  const nothing = { spec, restored: [], dropped: [], discarded: false };
  if (!storage || stored === undefined || stored === null) return nothing;
  const record = stored as Partial<StoredValues>;
  if (typeof record !== 'object' || record.version !== storage.version) return { ...nothing, discarded: true };
  const entries: Array<[string, (target: PrototypeSpec) => PrototypeSpec | null]> = [];
  for (const key of storage.keys ?? []) {
    const value = record.state && Object.hasOwn(record.state, key) ? record.state[key] : undefined;
    if (value !== undefined) entries.push([key, (target) => ({ ...target, state: { ...target.state, [key]: value } })]);
  }
  for (const pointer of storage.data ?? []) {
    const value = record.data?.[pointer];
    const segments = parsePointer(pointer);
    if (value === undefined || segments === null) continue;
    entries.push([pointer, (target) => {
      const data = (target.data ?? {}) as JsonObject;
      const written = applyDataWrite(data, conservativePayloadByteLength(data), { op: 'set', path: segments, value });
      return written.ok ? { ...target, data: written.data } : null;
    }]);
  }
  const all = entries.reduce<PrototypeSpec | null>((target, [, apply]) => (target === null ? null : apply(target)), spec);
  if (all !== null && validatePrototypeSpec(all).ok) return { spec: decoded(all), restored: entries.map(([name]) => name), dropped: [], discarded: false };
  // One at a time: keep each value that still fits.
  let result = spec;
  const restored: string[] = [];
  const dropped: string[] = [];
  for (const [name, apply] of entries) {
    const candidate = apply(result);
    if (candidate !== null && validatePrototypeSpec(candidate).ok) {
      result = candidate;
      restored.push(name);
    } else {
      dropped.push(name);
    }
  }
  return { spec: decoded(result), restored, dropped, discarded: false };
}

function decoded(spec: PrototypeSpec): PrototypeSpec {
  const validated = validatePrototypeSpec(spec);
  return validated.ok ? validated.spec : spec;
}
