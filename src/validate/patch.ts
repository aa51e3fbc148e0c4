/**
 * Patch operations on a shown prototype: data writes at `/data/…`, state writes at `/state/<key>`
 * and `replaceNode` by node id. They apply to a spec, its current state and its current data as
 * one unit and give the spec they make (state and data as they now are); the caller validates
 * that spec like a show. The first problem is refused with its path (`ops[2].path`), and nothing
 * of the patch applies.
 */
import { setOwn } from '../json/index.ts';
import { applyDataWrite, dataWriteOf, parsePointer, type DataWrite, type JsonObject, type JsonValue } from '../json/pointer.ts';
import { contract, pattern } from '../contract/index.ts';
import type { Scalar } from '../spec/index.ts';
import { isPlainObject, isScalar } from './values.ts';

export const MAX_PATCH_OPS = 64;

export interface PatchBase {
  spec: Record<string, unknown>;
  state: Record<string, Scalar>;
  data: JsonObject;
}

export type PatchOutcome = { ok: true; spec: Record<string, unknown> } | { ok: false; path: string; message: string };

const OP_FIELDS: Readonly<Record<string, { required: string[]; optional: string[] }>> = {
  set: { required: ['path', 'value'], optional: [] },
  append: { required: ['path', 'value'], optional: ['spread', 'maxItems'] },
  prepend: { required: ['path', 'value'], optional: ['spread', 'maxItems'] },
  remove: { required: ['path'], optional: [] },
  replaceNode: { required: ['id', 'node'], optional: [] },
};

class PatchRefusal extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
  }
}

function refuse(path: string, message: string): never {
  throw new PatchRefusal(path, message);
}

/** Applies `ops` in order to `base`; the spec they make, or the first problem. */
export function applyPatchOps(base: PatchBase, ops: unknown): PatchOutcome {
  try {
    if (!Array.isArray(ops) || ops.length === 0 || ops.length > MAX_PATCH_OPS) {
      refuse('ops', `ops is a list of 1 to ${MAX_PATCH_OPS} operations: {op: "set" | "append" | "prepend" | "remove", path: "/data/…" or "/state/<key>", value?} or {op: "replaceNode", id, node}`);
    }
    const next = { state: { ...base.state }, data: base.data, root: base.spec.root };
    ops.forEach((op, index) => applyOp(next, op, `ops[${index}]`));
    const spec: Record<string, unknown> = { ...base.spec, state: next.state, root: next.root };
    if (base.spec.data !== undefined || next.data !== base.data) spec.data = next.data;
    return { ok: true, spec };
  } catch (error) {
    if (error instanceof PatchRefusal) return { ok: false, path: error.path, message: error.message };
    throw error;
  }
}

interface Working {
  state: Record<string, Scalar>;
  data: JsonObject;
  root: unknown;
}

function applyOp(next: Working, op: unknown, at: string): void {
  if (!isPlainObject(op)) refuse(at, 'An operation is an object {op, …}');
  const kind = op.op;
  if (typeof kind !== 'string' || !Object.hasOwn(OP_FIELDS, kind)) refuse(`${at}.op`, `op is one of ${Object.keys(OP_FIELDS).join(', ')}`);
  const fields = OP_FIELDS[kind]!;
  for (const key of Object.keys(op)) {
    if (key !== 'op' && !fields.required.includes(key) && !fields.optional.includes(key)) refuse(`${at}.${key}`, `Unknown property "${key}" of a ${kind} operation (it takes ${[...fields.required, ...fields.optional].join(', ')})`);
  }
  for (const key of fields.required) if (!Object.hasOwn(op, key)) refuse(`${at}.${key}`, `A ${kind} operation needs ${key}`);
  if (kind === 'replaceNode') return replaceNode(next, op, at);
  const path = op.path;
  if (typeof path !== 'string') refuse(`${at}.path`, 'path is "/data/<pointer>" or "/state/<key>"');
  if (path.startsWith('/state/')) return writeState(next, kind, path.slice('/state/'.length), op.value, at);
  if (!path.startsWith('/data/')) refuse(`${at}.path`, `path ${JSON.stringify(path)} names neither /data/… nor /state/<key>`);
  writeData(next, kind as DataWrite['op'], path.slice('/data'.length), op, at);
}

function writeState(next: Working, kind: string, key: string, value: unknown, at: string): void {
  if (kind !== 'set') refuse(`${at}.op`, 'state keys take only set');
  if (!pattern('stateKey').test(key)) refuse(`${at}.path`, `"${key}" is not a state key: ${contract.patternHints.stateKey}`);
  if (!isScalar(value)) refuse(`${at}.value`, 'A state value is a string, a finite number or a boolean');
  setOwn(next.state, key, value);
}

function writeData(next: Working, kind: DataWrite['op'], pointer: string, op: Record<string, unknown>, at: string): void {
  const segments = parsePointer(pointer);
  if (segments === null || !pattern('dataPointer').test(pointer)) refuse(`${at}.path`, `/data${pointer} is not a data pointer: ${contract.patternHints.dataPointer}`);
  if (op.maxItems !== undefined && !(Number.isInteger(op.maxItems) && (op.maxItems as number) >= 1)) refuse(`${at}.maxItems`, 'maxItems is an integer of at least 1');
  if (op.spread !== undefined && typeof op.spread !== 'boolean') refuse(`${at}.spread`, 'spread is true or false');
  if (op.spread === true && !Array.isArray(op.value)) refuse(`${at}.value`, 'spread takes an array of rows');
  const value = op.value as JsonValue;
  const rows = op.spread === true ? (value as JsonValue[]) : [value];
  // The data's bytes are not counted here: the patched spec is validated whole, data limits and all.
  const outcome = applyDataWrite(next.data, 0, dataWriteOf(kind, segments, value, rows, op.maxItems as number | undefined));
  if (!outcome.ok) refuse(`${at}.path`, `${outcome.code}: ${outcome.message}`);
  next.data = outcome.data;
}

function replaceNode(next: Working, op: Record<string, unknown>, at: string): void {
  const id = op.id;
  if (typeof id !== 'string' || id === '') refuse(`${at}.id`, 'id is the nonempty id of a node of the spec');
  const node = op.node;
  if (!isPlainObject(node)) refuse(`${at}.node`, 'node is a node object {"type": …}');
  if (node.type === 'use') refuse(`${at}.node`, 'Components are expanded when a spec is shown; write the node out, or show the spec again');
  if (node.id !== undefined && node.id !== id) refuse(`${at}.node.id`, `The new node keeps the id "${id}" (leave id out, or write the same)`);
  const found = findById(next.root, id);
  if (found.length === 0) refuse(`${at}.id`, `No node has id "${id}"`);
  if (found.length > 1) refuse(`${at}.id`, `${found.length} nodes have id "${id}"; replaceNode needs a unique id`);
  next.root = replaceAt(next.root, found[0]!, { ...node, id });
}

type Step = string | number;

/** The paths (as steps from the root) of every node with `id`. */
function findById(root: unknown, id: string): Step[][] {
  const found: Step[][] = [];
  const stack: Array<[unknown, Step[]]> = [[root, []]];
  while (stack.length > 0) {
    const [node, steps] = stack.pop()!;
    if (!isPlainObject(node)) continue;
    if (node.id === id) found.push(steps);
    if (Array.isArray(node.children)) node.children.forEach((child, index) => stack.push([child, [...steps, 'children', index]]));
    if (node.child !== undefined) stack.push([node.child, [...steps, 'child']]);
  }
  return found;
}

function replaceAt(value: unknown, steps: readonly Step[], replacement: unknown): unknown {
  if (steps.length === 0) return replacement;
  const [head, ...rest] = steps;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(value[head as number], rest, replacement);
    return copy;
  }
  const object = value as Record<string, unknown>;
  return { ...object, [head!]: replaceAt(object[head as string], rest, replacement) };
}
