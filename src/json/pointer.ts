/**
 * JSON Pointers (RFC 6901) into a prototype's data, and the four data writes (set, append,
 * prepend, remove). Writes never change their input: the containers on the written path are
 * copied and everything else is shared, so a caller can keep the previous data. Each write also
 * answers the conservative byte cost of the result (every number counted 32 bytes, as an emit
 * payload is), computed from the cost before and what changed, not by measuring everything again.
 */
import { conservativePayloadByteLength, jsonStringByteLength } from './index.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The segments of a pointer (`""` is the root, `/a/0` is ["a", "0"]), or null when it is not one. */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const segments = pointer.slice(1).split('/');
  for (const segment of segments) if (/~(?![01])/.test(segment)) return null;
  return segments.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function formatPointer(segments: readonly string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The segment naming item `index` of an array: `0` or a number without leading zeros. */
function arrayIndex(segment: string, length: number): number | null {
  if (!/^(0|[1-9][0-9]{0,9})$/.test(segment)) return null;
  const index = Number(segment);
  return index < length ? index : null;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `segments`, or undefined when nothing is there. */
export function valueAt(root: JsonValue, segments: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      const index = arrayIndex(segment, current.length);
      current = index === null ? undefined : current[index];
    } else if (isObject(current)) {
      current = Object.hasOwn(current, segment) ? current[segment] : undefined;
    } else {
      return undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}

export type DataWrite =
  | { op: 'set'; path: readonly string[]; value: JsonValue }
  /** `rows` go at the end; then the oldest are dropped past `maxItems`. */
  | { op: 'append'; path: readonly string[]; rows: JsonValue[]; maxItems?: number }
  /** `rows` go at the front, in order; then the last are dropped past `maxItems`. */
  | { op: 'prepend'; path: readonly string[]; rows: JsonValue[]; maxItems?: number }
  | { op: 'remove'; path: readonly string[] };

/**
 * The write an operation names: `value` for a set; `rows` (and `maxItems`) for an append or a
 * prepend; nothing more for a remove.
 */
export function dataWriteOf(op: DataWrite['op'], path: readonly string[], value: JsonValue | undefined, rows: JsonValue[], maxItems?: number): DataWrite {
  if (op === 'set') return { op, path, value: value as JsonValue };
  if (op === 'remove') return { op, path };
  return { op, path, rows, ...(maxItems !== undefined ? { maxItems } : {}) };
}

export type DataWriteCode = 'invalid_path' | 'not_found' | 'not_array';

export type DataWriteOutcome =
  | { ok: true; data: JsonObject; cost: number }
  | { ok: false; code: DataWriteCode; message: string };

/** Applies one write to `data` (whose conservative cost is `cost`). */
export function applyDataWrite(data: JsonObject, cost: number, write: DataWrite): DataWriteOutcome {
  if (write.path.length === 0) return refuse('invalid_path', 'the data root itself is not written; name a member of it');
  const parentPath = write.path.slice(0, -1);
  const last = write.path[write.path.length - 1]!;
  const parent = valueAt(data, parentPath);
  const where = formatPointer(write.path);
  if (parent === undefined) return refuse('not_found', `nothing at ${formatPointer(parentPath) || 'the root'} to hold ${where}`);
  if (!Array.isArray(parent) && !isObject(parent)) return refuse('invalid_path', `${formatPointer(parentPath)} holds a ${typeof parent}, not an object or array`);
  const index = Array.isArray(parent) ? arrayIndex(last, parent.length) : null;
  const current = Array.isArray(parent) ? (index === null ? undefined : parent[index]) : Object.hasOwn(parent, last) ? parent[last] : undefined;
  switch (write.op) {
    case 'set': {
      if (Array.isArray(parent) && index === null) return refuse('not_found', `${where}: no item ${last} in an array of ${parent.length}`);
      const added = current === undefined;
      const delta = conservativePayloadByteLength(write.value) - (added ? 0 : conservativePayloadByteLength(current)) + (added ? memberOverhead(parent as JsonObject, last) : 0);
      return done(replaceAt(data, write.path, write.value), cost + delta);
    }
    case 'remove': {
      if (current === undefined) return refuse('not_found', `nothing at ${where} to remove`);
      const delta = -conservativePayloadByteLength(current) - (Array.isArray(parent) ? separator(parent.length - 1) : memberOverhead(parent as JsonObject, last, true));
      const next = Array.isArray(parent) ? parent.filter((_, position) => position !== index) : withoutMember(parent as JsonObject, last);
      return done(replaceAt(data, parentPath, next), cost + delta);
    }
    case 'append':
    case 'prepend': {
      if (current === undefined) return refuse('not_found', `nothing at ${where} to ${write.op} to`);
      if (!Array.isArray(current)) return refuse('not_array', `${where} holds ${isObject(current) ? 'an object' : `a ${current === null ? 'null' : typeof current}`}, not an array`);
      let rows = write.op === 'append' ? [...current, ...write.rows] : [...write.rows, ...current];
      if (write.maxItems !== undefined && rows.length > write.maxItems) {
        rows = write.op === 'append' ? rows.slice(rows.length - write.maxItems) : rows.slice(0, write.maxItems);
      }
      const trimmed = rows.length < current.length + write.rows.length;
      const kept = trimmed ? conservativePayloadByteLength(rows) - conservativePayloadByteLength(current) : addedRowsBytes(write.rows, current.length);
      return done(replaceAt(data, write.path, rows), cost + kept);
    }
  }
}

/** Bytes rows add to an array of `before` items: the rows, each after a comma but the array's first. */
function addedRowsBytes(rows: readonly JsonValue[], before: number): number {
  if (rows.length === 0) return 0;
  // The rows measured as an array: brackets, the rows, a comma between each two.
  return conservativePayloadByteLength(rows) - 2 + separator(before);
}

/** Bytes a new member adds besides its value: `"key":` and a comma when the object is not empty. */
function memberOverhead(object: JsonObject, key: string, removing = false): number {
  const others = Object.keys(object).length - (removing ? 1 : 0);
  return jsonStringByteLength(key) + 1 + separator(others);
}

function separator(others: number): number {
  return others > 0 ? 1 : 0;
}

function withoutMember(object: JsonObject, key: string): JsonObject {
  const copy = { ...object };
  delete copy[key];
  return copy;
}

/** `root` with `value` at `segments`, every container on the way copied. */
function replaceAt(root: JsonObject, segments: readonly string[], value: JsonValue): JsonObject {
  if (segments.length === 0) return value as JsonObject;
  const [head, ...rest] = segments;
  const child = valueAt(root, [head!]) as JsonValue;
  return setMember(root, head!, rest.length === 0 ? value : replaceIn(child, rest, value)) as JsonObject;
}

function replaceIn(container: JsonValue, segments: readonly string[], value: JsonValue): JsonValue {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments;
  const child = valueAt(container, [head!]) as JsonValue;
  return setMember(container, head!, rest.length === 0 ? value : replaceIn(child, rest, value));
}

function setMember(container: JsonValue, segment: string, value: JsonValue): JsonValue {
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[Number(segment)] = value;
    return copy;
  }
  const copy: JsonObject = { ...(container as JsonObject) };
  // A plain assignment to "__proto__" would set the prototype, not a member.
  Object.defineProperty(copy, segment, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function done(data: JsonObject, cost: number): DataWriteOutcome {
  return { ok: true, data, cost };
}

function refuse(code: DataWriteCode, message: string): DataWriteOutcome {
  return { ok: false, code, message };
}

export interface DataLimits {
  /** Conservative bytes (numbers counted 32). */
  maxBytes: number;
  /** The data object itself has depth 1. */
  maxDepth: number;
  maxArrayItems: number;
}

type DataLimitProblem = { pointer: string; message: string };

/** What of `limits` the data breaks, or null; the pointer names where. */
export function dataLimitProblem(data: JsonValue, cost: number, limits: DataLimits): DataLimitProblem | null {
  if (cost > limits.maxBytes) return bytesProblem(limits);
  return limitProblemIn([[data, [], 1]], limits);
}

/**
 * What of `limits` the data a write answered breaks, where the data kept them before it, or null:
 * only what the write added is walked (a long list is not walked again for ten more rows), and the
 * answer is dataLimitProblem's.
 */
export function writtenLimitProblem(data: JsonObject, cost: number, write: DataWrite, limits: DataLimits): DataLimitProblem | null {
  if (cost > limits.maxBytes) return bytesProblem(limits);
  // The data object is level 1, so what a path names is one level below its last segment.
  const depth = write.path.length + 1;
  if (write.op === 'remove') return null;
  if (write.op === 'set') return limitProblemIn([[write.value, [...write.path], depth]], limits);
  // Rows maxItems may cut are not all in the data: it is walked whole.
  if (write.maxItems !== undefined) return dataLimitProblem(data, cost, limits);
  const array = valueAt(data, write.path) as JsonValue[];
  if (array.length > limits.maxArrayItems) return arrayProblem(write.path, array.length, limits);
  const first = write.op === 'append' ? array.length - write.rows.length : 0;
  return limitProblemIn(write.rows.map((row, index) => [row, [...write.path, String(first + index)], depth + 1]), limits);
}

function bytesProblem(limits: DataLimits): DataLimitProblem {
  return { pointer: '', message: `more than ${limits.maxBytes} bytes of data (every number counts 32)` };
}

function arrayProblem(segments: readonly string[], length: number, limits: DataLimits): DataLimitProblem {
  return { pointer: formatPointer(segments), message: `an array of ${length} items; data arrays hold at most ${limits.maxArrayItems}` };
}

/** Walks each value (with its place and level) for the first part nested too deep or an array too long. */
function limitProblemIn(stack: Array<[JsonValue, string[], number]>, limits: DataLimits): DataLimitProblem | null {
  while (stack.length > 0) {
    const [value, segments, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limits.maxDepth) return { pointer: formatPointer(segments), message: `data nests deeper than ${limits.maxDepth} levels (the data object is level 1)` };
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayItems) return arrayProblem(segments, value.length, limits);
      value.forEach((item, index) => stack.push([item, [...segments, String(index)], depth + 1]));
    } else {
      for (const [key, item] of Object.entries(value)) stack.push([item, [...segments, key], depth + 1]);
    }
  }
  return null;
}
