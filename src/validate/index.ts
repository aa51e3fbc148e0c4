/**
 * validatePrototypeSpec: the one complete entry point for a prototype spec. Strict bytes → JSON,
 * host-side component expansion, the structural walk over the contract, then the cross-reference
 * passes. The first error wins and comes back as {path, message}.
 *
 * An accepted value is the typed spec as it stands: the walk has enforced the whole contract, and
 * the typed model of spec/ states the same rules (test/spec/parity.test.ts) and decodes every
 * accepted spec to an equal value (the fuzz's typed-model check, test/spec/decode.test.ts), so a
 * second pass over the same objects would only repeat the walk.
 *
 * validatePrototypeSpecAllErrors runs the same steps collecting every error instead, for
 * repairing a spec in one round; its first entry is always the first error above.
 */
import { limits } from '../contract/index.ts';
import { expandComponents } from '../expand/index.ts';
import { checkDecodedJson, compactJsonByteLength, compactNumberBytes, isPlainJsonWithin, MAX_JSON_DEPTH, readStrictJson } from '../json/index.ts';
import type { PrototypeSpec } from '../spec/index.ts';
import { CollectionEnded, DEFAULT_MAX_ERRORS, ErrorCollector, type ValidationError } from './collector.ts';
import { inDocumentOrder } from './document-order.ts';
import { checkReferences, collectReferenceErrors } from './references.ts';
import { Rejection } from './rejection.ts';
import { collectWalkErrors, walkSpec, type EffectRecord, type NamespaceBlock, type WalkResult } from './walker.ts';

export { DEFAULT_MAX_ERRORS, type ValidationError } from './collector.ts';
export type { EffectRecord, NamespaceBlock } from './walker.ts';
import { specWarnings, type SpecWarning } from './warnings.ts';
export { specWarnings, type SpecWarning };

export type ValidationResult =
  /** `capabilities`: what a device must advertise to show the spec (e.g. prototype_anchor_v1). */
  | { ok: true; spec: PrototypeSpec; nodeCount: number; capabilities: string[]; /** Where each is first needed. */ capabilityPaths: Record<string, string>; /** Every android and ios block. */ namespaceBlocks: NamespaceBlock[]; /** Every style effect. */ effects: EffectRecord[]; /** The spec as read, before component expansion, for specWarnings. */ authored: unknown }
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
    return internalError(error);
  }
}

/** What a spec that arrives as a value must keep, as its text would to the strict reader. */
const SPEC_JSON_LIMITS = { numberBytes: compactNumberBytes, maxBytes: limits.specBytes, maxDepth: MAX_JSON_DEPTH, maxArrayItems: Infinity, wellFormed: true };

function internalError(error: unknown): ValidationFailure {
  return { ok: false, path: '$', message: `Internal validator error: ${(error as Error)?.message ?? String(error)}` };
}

function readInput(input: unknown): { ok: true; value: unknown } | ValidationFailure {
  if (typeof input === 'string' || input instanceof Uint8Array) return readStrictJson(input);
  if (isPlainJsonWithin(input, SPEC_JSON_LIMITS)) return { ok: true, value: input };
  // Not passed at once (something is wrong, or an object of another prototype is in it): the exact
  // measure and checks below decide, and say what is wrong, in their order.
  // Stops once past the limit; a shared object counts at each place but is measured once.
  const bytes = compactJsonByteLength(input, limits.specBytes);
  if (bytes === Infinity) {
    return { ok: false, path: '$', message: 'The spec value is not plain JSON (undefined, a function, a non-finite number or a cycle); pass JSON data' };
  }
  if (bytes > limits.specBytes) {
    return { ok: false, path: '$', message: `Spec byte limit exceeded: more than ${limits.specBytes} bytes of compact JSON (1 MiB, counting a shared object at every place it appears); shrink the spec` };
  }
  // What the strict reader refuses in text, refused in a decoded value too, at the same path.
  const problem = checkDecodedJson(input);
  if (problem !== null) return { ok: false, path: '$', message: problem };
  return { ok: true, value: input };
}

function validateValue(value: unknown): ValidationResult {
  const expansion = expandComponents(value);
  if (!expansion.ok) return expansion;
  const expanded = expansion.value;
  try {
    const walk = walkSpec(expanded);
    checkReferences(expanded as Record<string, unknown>, walk);
    return accepted(expanded, walk, value);
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
    // Paths inside an expanded use name the use chain they came through.
    return { ok: false, path: error.path === '$' ? '$' : expansion.authoredPath(error.path), message: error.message };
  }
}

/** The answer for a spec the walk and the cross-reference passes accepted. */
function accepted(expanded: unknown, walk: WalkResult, authored: unknown): Extract<ValidationResult, { ok: true }> {
  const { nodeCount, capabilities, capabilityPaths, namespaceBlocks, effects } = walk;
  return { ok: true, spec: expanded as PrototypeSpec, nodeCount, capabilities, capabilityPaths, namespaceBlocks, effects, authored };
}

export type AllErrorsResult =
  | Extract<ValidationResult, { ok: true }>
  /** `truncated`: more errors were found than `maxErrors`; fix these and validate again. */
  | { ok: false; errors: ValidationError[]; truncated: boolean };

export interface AllErrorsOptions {
  /** At most this many errors are listed (default 100, from 1 to 1000). */
  maxErrors?: number;
}

/**
 * Every error of a spec, each with its path and message. Never throws.
 *
 * Order: entry 0 is exactly validatePrototypeSpec's result, which follows the contract's rejection
 * order (keys in ascending UTF-16 order, cross-reference passes after the walk) and so is not
 * always the first in the document; the other entries follow in document order (see
 * document-order.ts). One error per path, and no cascades: nothing is reported inside a value that
 * already failed, and a check that reads a failed part is skipped (an object's rule between two
 * fields when one failed, a reference to a failed pager id, a binding to a failed state entry).
 * After a spec-wide count limit the walk stops, since every later node would pass it too. When
 * the strict reader or component expansion fails, that one error is the list.
 */
export function validatePrototypeSpecAllErrors(input: Uint8Array | string | unknown, options: AllErrorsOptions = {}): AllErrorsResult {
  const maxErrors = Math.min(1000, Math.max(1, Math.floor(options.maxErrors ?? DEFAULT_MAX_ERRORS)));
  try {
    const read = readInput(input);
    if (!read.ok) return oneError(read);
    return collectErrors(read.value, maxErrors);
  } catch (error) {
    return oneError(internalError(error));
  }
}

function oneError(failure: { path: string; message: string }): AllErrorsResult {
  return { ok: false, errors: [{ path: failure.path, message: failure.message }], truncated: false };
}

function collectErrors(value: unknown, maxErrors: number): AllErrorsResult {
  const expansion = expandComponents(value);
  if (!expansion.ok) return oneError(expansion);
  const expanded = expansion.value;
  const collector = new ErrorCollector(maxErrors);
  const walk = collectWalkErrors(expanded, collector);
  if (walk !== null) {
    try {
      collectReferenceErrors(expanded as Record<string, unknown>, walk, collector);
    } catch (error) {
      if (!(error instanceof CollectionEnded)) throw error;
    }
  }
  if (walk !== null && collector.errors.length === 0) {
    return accepted(expanded, walk, value);
  }
  const authored = collector.errors.map(({ path, message }) => ({ path: path === '$' ? '$' : expansion.authoredPath(path), message }));
  const [first, ...rest] = oncePerComponentPlace(authored);
  return { ok: false, errors: [first!, ...inDocumentOrder(rest, value)], truncated: collector.truncated };
}

/**
 * An error in a component's own content is met again at every use of it: it is listed at its
 * first use only (the same place in the component with the same message).
 */
function oncePerComponentPlace(errors: ValidationError[]): ValidationError[] {
  const seen = new Set<string>();
  return errors.filter(({ path, message }) => {
    const link = path.lastIndexOf(' → ');
    if (link < 0) return true;
    const place = `${path.slice(link)}\n${message}`;
    if (seen.has(place)) return false;
    seen.add(place);
    return true;
  });
}
