/**
 * The prototype's data as the runtime reads and writes it: reads that record what they depend on,
 * the dependency tokens a write changes, and the data actions (setData, appendData, prependData,
 * removeData) turned into writes with their values bound at run time.
 *
 * Tokens: a read of pointer P depends on P itself (`exact`) and on every ancestor of P being
 * replaced (`under`). A write at W changes W (`exact` and `under`) and every ancestor's value
 * (`exact`). So a read is redone exactly when the write is inside what it read or replaced it.
 */
import { bindPlaceholders } from '../expand/placeholders.ts';
import { conservativePayloadByteLength, setOwn } from '../json/index.ts';
import { applyDataWrite, dataWriteOf, formatPointer, parsePointer, valueAt, type DataWrite, type JsonObject, type JsonValue, writtenLimitProblem } from '../json/pointer.ts';
import type { Action, DataValue, Scalar } from '../spec/index.ts';
import { limits } from '../spec/vocabulary.ts';
import type { RowContext } from './tree.ts';

export type { JsonObject, JsonValue } from '../json/pointer.ts';

export type DataAction = Extract<Action, { type: 'setData' | 'appendData' | 'prependData' | 'removeData' }>;

export const DATA_ACTION_TYPES: ReadonlySet<string> = new Set(['setData', 'appendData', 'prependData', 'removeData']);

export function isDataAction(action: Action): action is DataAction {
  return DATA_ACTION_TYPES.has(action.type);
}

/** Why a data write was refused (it then changes and emits nothing). */
export type DataRefusalCode = 'invalid_path' | 'invalid_value' | 'not_found' | 'not_array' | 'limit_exceeded';

export interface DataRefusal {
  op: DataWrite['op'];
  path: string;
  code: DataRefusalCode;
  message: string;
}

const pointerCache = new Map<string, string[] | null>();
const POINTER_CACHE_LIMIT = 8192;

function segmentsOf(pointer: string): string[] | null {
  let segments = pointerCache.get(pointer);
  if (segments === undefined) {
    segments = parsePointer(pointer);
    if (pointerCache.size >= POINTER_CACHE_LIMIT) pointerCache.clear();
    pointerCache.set(pointer, segments);
  }
  return segments;
}

const exact = (pointer: string) => '\u0001' + pointer;
const under = (pointer: string) => '\u0002' + pointer;

/** The scalar at `pointer` (undefined when missing or not a scalar), recording its tokens in `deps`. */
export function readData(data: JsonValue, pointer: string, deps?: Set<string>): Scalar | undefined {
  const value = readDataValue(data, pointer, deps);
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
}

/** How many items the array at `pointer` holds (undefined when there is no array there). */
export function readCount(data: JsonValue, pointer: string, deps?: Set<string>): number | undefined {
  const value = readDataValue(data, pointer, deps);
  return Array.isArray(value) ? value.length : undefined;
}

/** Whatever is at `pointer` (a chart's array of rows, say), recording the tokens of a write at,
 *  inside or above it in `deps`. */
export function readDataValue(data: JsonValue, pointer: string, deps?: Set<string>): JsonValue | undefined {
  const segments = segmentsOf(pointer);
  if (segments === null) return undefined;
  if (deps) {
    deps.add(exact(pointer));
    for (let length = 0; length < segments.length; length++) deps.add(under(formatPointer(segments.slice(0, length))));
  }
  return valueAt(data, segments);
}

/** The tokens a write at `segments` changes; `inside: false` (an append that drops nothing) keeps the rows already there. */
export function writeTokens(segments: readonly string[], inside = true): string[] {
  const pointer = formatPointer(segments);
  const tokens = [exact(pointer)];
  if (inside) tokens.push(under(pointer));
  for (let length = 0; length < segments.length; length++) tokens.push(exact(formatPointer(segments.slice(0, length))));
  return tokens;
}

/** What an accepted write did: the data after it, its change event payload and what it changed. */
export interface AcceptedDataWrite {
  data: JsonObject;
  cost: number;
  /** `/data/...`: the event name. */
  name: string;
  payload: { op: DataWrite['op']; value?: JsonValue; maxItems?: number };
  /** The array or member whose value changed (for repeats over it). */
  written: string[];
  tokens: string[];
}

export interface DataContext {
  data: JsonObject;
  cost: number;
  state: (key: string) => Scalar | undefined;
  row: RowContext | null;
  /** Rows times template nodes the tree would draw from `data`. */
  cells: (data: JsonObject) => number;
  /** Why the tree's text would be too long with `data`, or null. */
  textProblem: (data: JsonObject) => string | null;
}

const PATCH_DATA_ACTIONS: Readonly<Record<string, DataAction['type']>> = { set: 'setData', append: 'appendData', prepend: 'prependData', remove: 'removeData' };

type PatchOp = { op: string; path?: string; value?: JsonValue; spread?: boolean; maxItems?: number };

/**
 * A patch's operations (already applied once by applyPatchOps, so well formed) as the data actions
 * that make the same writes, when each keeps every row of `data` where it is: an append that drops
 * nothing, a set of a value that holds no array, a remove of an object's member. Otherwise null (a
 * state write, replaceNode, a prepend, an array item removed, rows replaced): rows move, and the
 * patched spec shown anew draws the rows on screen first.
 */
export function inPlacePatchActions(ops: readonly unknown[], data: JsonObject): DataAction[] | null {
  const actions: DataAction[] = [];
  for (const op of ops as PatchOp[]) {
    const type = PATCH_DATA_ACTIONS[op.op];
    const path = typeof op.path === 'string' && op.path.startsWith('/data/') ? op.path.slice('/data'.length) : null;
    const segments = path === null ? null : segmentsOf(path);
    if (type === undefined || path === null || segments === null || segments.length === 0) return null;
    if (type === 'appendData' && op.maxItems === undefined) actions.push({ type, path, value: { value: op.value }, ...(op.spread !== undefined ? { spread: op.spread } : {}) });
    else if (type === 'setData' && !holdsArray(valueAt(data, segments))) actions.push({ type, path, value: { value: op.value } });
    else if (type === 'removeData' && !Array.isArray(valueAt(data, segments.slice(0, -1)))) actions.push({ type, path });
    else return null;
  }
  return actions;
}

function holdsArray(value: JsonValue | undefined): boolean {
  if (Array.isArray(value)) return true;
  return typeof value === 'object' && value !== null && Object.values(value).some(holdsArray);
}

/** Runs one data action against `context`: the accepted write, or why it was refused. */
export function runDataAction(action: DataAction, context: DataContext): AcceptedDataWrite | DataRefusal {
  const op = action.type === 'setData' ? 'set' : action.type === 'appendData' ? 'append' : action.type === 'prependData' ? 'prepend' : 'remove';
  const refuse = (code: DataRefusalCode, message: string): DataRefusal => ({ op, path: action.path, code, message });
  const segments = segmentsOf(action.path);
  if (segments === null || segments.length === 0) return refuse('invalid_path', `${action.path} is not a data pointer`);
  const value = action.type === 'removeData' ? undefined : resolveValue(action.value, context);
  if (action.type !== 'removeData' && value === undefined) return refuse('invalid_value', `the value ${JSON.stringify(action.value)} reads nothing`);
  const spread = action.type !== 'setData' && action.type !== 'removeData' && action.spread === true;
  if (spread && !Array.isArray(value)) return refuse('invalid_value', 'spread needs the value to be an array of rows');
  const rows = spread ? (value as JsonValue[]) : [value as JsonValue];
  const maxItems = action.type === 'appendData' || action.type === 'prependData' ? action.maxItems : undefined;
  const write = dataWriteOf(op, segments, value, rows, maxItems);
  const outcome = applyDataWrite(context.data, context.cost, write);
  if (!outcome.ok) return refuse(outcome.code, outcome.message);
  const problem = writtenLimitProblem(outcome.data, outcome.cost, write, { maxBytes: limits.dataBytes, maxDepth: limits.dataDepth, maxArrayItems: limits.dataArrayItems });
  if (problem) return refuse('limit_exceeded', `${problem.pointer || 'the data'}: ${problem.message}`);
  if (context.cells(outcome.data) > limits.repeatPathCells) {
    return refuse('limit_exceeded', `the repeats over the data would draw more than ${limits.repeatPathCells} nodes (rows × template nodes)`);
  }
  const textProblem = context.textProblem(outcome.data);
  if (textProblem) return refuse('limit_exceeded', textProblem);
  return accepted(write, outcome.data, outcome.cost, valueAt(context.data, segments));
}

function accepted(write: DataWrite, data: JsonObject, cost: number, before: JsonValue | undefined): AcceptedDataWrite {
  const name = `/data${formatPointer(write.path)}`;
  const parent = write.path.slice(0, -1);
  switch (write.op) {
    case 'set':
      return { data, cost, name, payload: { op: 'set', value: write.value }, written: [...write.path], tokens: writeTokens(write.path) };
    case 'remove': {
      // Removing an item moves every later one; removing a member changes only that member.
      const shifts = Array.isArray(valueAt(data, parent));
      const changed = shifts ? parent : write.path;
      return { data, cost, name, payload: { op: 'remove' }, written: [...changed], tokens: writeTokens(changed) };
    }
    case 'append':
    case 'prepend': {
      const dropsNone = write.op === 'append' && Array.isArray(before) && (valueAt(data, write.path) as JsonValue[]).length === before.length + write.rows.length;
      const payload = { op: write.op, value: write.rows, ...(write.maxItems !== undefined ? { maxItems: write.maxItems } : {}) };
      return { data, cost, name, payload, written: [...write.path], tokens: writeTokens(write.path, !dropsNone) };
    }
  }
}

/** The value a dataValue names now, or undefined when it names nothing. */
function resolveValue(value: DataValue, context: DataContext): JsonValue | undefined {
  if (Object.hasOwn(value, 'value')) return value.value as JsonValue;
  if (Object.hasOwn(value, 'template')) return bindTemplate(value.template as JsonValue, context);
  if (value.state !== undefined) return context.state(value.state);
  if (value.data !== undefined) {
    const segments = segmentsOf(value.data);
    return segments === null ? undefined : valueAt(context.data, segments);
  }
  const row = context.row;
  if (row === null) return undefined;
  if (value.index !== undefined) return row.index;
  if (value.item === undefined) return undefined;
  if (row.pointer !== null) return valueAt(context.data, [...row.pointer, value.item]);
  return Object.hasOwn(row.item, value.item) ? (row.item[value.item] as JsonValue) : undefined;
}

/**
 * A template's JSON with its strings bound to state as the write runs: a string that is exactly one
 * {key} keeps the state value's type, a longer one renders it as text; a key not in state stays
 * literal, and so does every other brace.
 */
function bindTemplate(template: JsonValue, context: DataContext): JsonValue {
  if (typeof template === 'string') {
    return template.includes('{') ? bindPlaceholders(template, (name, field) => (field === null ? context.state(name) : undefined)) : template;
  }
  if (Array.isArray(template)) return template.map((item) => bindTemplate(item, context));
  if (template === null || typeof template !== 'object') return template;
  const bound: JsonObject = {};
  for (const [key, member] of Object.entries(template)) setOwn(bound, key, bindTemplate(member, context));
  return bound;
}

/** The change payload with its revision; the value is left out when the payload would pass the emit budget. */
export function dataChangePayload(write: AcceptedDataWrite, revision: number): Record<string, unknown> {
  const payload = { ...write.payload, revision };
  if (payload.value !== undefined && conservativePayloadByteLength(payload) > limits.emitPayloadBytes) delete payload.value;
  return payload;
}
