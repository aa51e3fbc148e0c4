/** Small builders for specs in validator tests. */
import assert from 'node:assert/strict';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function spec(root: Json, extra: Record<string, Json> = {}): Record<string, Json> {
  return { id: 'test', window: { placement: { type: 'fullscreen' } }, ...extra, root };
}

export function text(value = 'Hello', extra: Record<string, Json> = {}): Record<string, Json> {
  return { type: 'text', text: value, ...extra };
}

export function column(children: Json[], extra: Record<string, Json> = {}): Record<string, Json> {
  return { type: 'column', children, ...extra };
}

/** Asserts the spec is accepted and returns the node count. */
export function assertValid(input: unknown): number {
  const result = validatePrototypeSpec(input);
  assert.ok(result.ok, result.ok ? '' : `expected valid, got ${result.path}: ${result.message}`);
  return result.nodeCount;
}

/** Asserts the spec is rejected at `path` and returns the message. */
export function assertRejectedAt(input: unknown, path: string): string {
  const result = validatePrototypeSpec(input);
  assert.equal(result.ok, false, `expected a rejection at ${path}, but the spec was accepted`);
  if (result.ok) return '';
  assert.equal(result.path, path, `wrong path; message: ${result.message}`);
  return result.message;
}
