/**
 * validatePrototypeSpec: the one complete entry point for a prototype spec. Strict bytes → JSON,
 * host-side component expansion, the structural walk over the contract, the cross-reference
 * passes, then the typed decode. The first error wins and comes back as {path, message}.
 */
import { limits } from '../contract/index.ts';
import { expandComponents } from '../expand/index.ts';
import { compactJsonByteLength, readStrictJson } from '../json/index.ts';
import { decodePrototypeSpec, type PrototypeSpec } from '../spec/index.ts';
import { checkReferences } from './references.ts';
import { Rejection } from './rejection.ts';
import { walkSpec } from './walker.ts';

export type ValidationResult =
  /** `capabilities`: what a device must advertise to show the spec (e.g. prototype_anchor_v1). */
  | { ok: true; spec: PrototypeSpec; nodeCount: number; capabilities: string[] }
  | { ok: false; path: string; message: string };

export type ValidationFailure = Extract<ValidationResult, { ok: false }>;

/**
 * Validates a spec given as UTF-8 bytes, JSON text, or an already decoded value (measured as
 * compact JSON). Never throws.
 */
export function validatePrototypeSpec(input: Uint8Array | string | unknown): ValidationResult {
  try {
    const read = readInput(input);
    if (!read.ok) return read;
    return validateValue(read.value);
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, path: error.path, message: error.message };
    return { ok: false, path: '$', message: `Internal validator error: ${(error as Error)?.message ?? String(error)}` };
  }
}

function readInput(input: unknown): { ok: true; value: unknown } | ValidationFailure {
  if (typeof input === 'string' || input instanceof Uint8Array) return readStrictJson(input);
  const bytes = compactJsonByteLength(input);
  if (bytes === Infinity) {
    return { ok: false, path: '$', message: 'The spec value is not plain JSON (undefined, a function, a non-finite number or a cycle); pass JSON data' };
  }
  if (bytes > limits.specBytes) {
    return { ok: false, path: '$', message: `Spec byte limit exceeded: ${bytes} bytes of compact JSON, at most ${limits.specBytes}; shrink the spec` };
  }
  return { ok: true, value: input };
}

function validateValue(value: unknown): ValidationResult {
  const expansion = expandComponents(value);
  if (!expansion.ok) return expansion;
  const expanded = expansion.value;
  try {
    const walk = walkSpec(expanded);
    checkReferences(expanded as Record<string, unknown>, walk);
    const decoded = decodePrototypeSpec(expanded);
    if (!decoded.ok) return decoded;
    return { ok: true, spec: decoded.spec, nodeCount: walk.nodeCount, capabilities: walk.capabilities };
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
    // Paths inside an expanded use name the use chain they came through.
    return { ok: false, path: error.path === '$' ? '$' : expansion.authoredPath(error.path), message: error.message };
  }
}
