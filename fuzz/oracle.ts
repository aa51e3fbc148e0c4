/**
 * What must hold for every input, whatever it is:
 *
 * - internal: no answer, in either mode, is an internal validator error;
 * - modes: the all-errors mode agrees with the first-error mode (valid alike, and its first entry
 *   is the first error);
 * - key order: an object-form spec with its keys shuffled gets the same first error;
 * - text form: an object-form spec and its JSON text get the same answer;
 * - value text: no message prints a JavaScript value's own text (a function's source,
 *   [object Object]);
 * - typed model: an accepted spec decodes with the typed model of spec/ to a value equal to it
 *   (the validator returns the walked value as the typed spec, so the two rule sources must agree);
 * - slow: no single validator call takes longer than the budget.
 */
import { isDeepStrictEqual } from 'node:util';
import { limits } from '../src/contract/index.ts';
import { compactJsonByteLength } from '../src/json/index.ts';
import { decodePrototypeSpec } from '../src/spec/index.ts';
import { validatePrototypeSpec, validatePrototypeSpecAllErrors, type ValidationResult } from '../src/validate/index.ts';
import type { FuzzInput } from './families.ts';
import type { Random } from './random.ts';

export type CheckName = 'internal' | 'modes' | 'key order' | 'text form' | 'value text' | 'typed model' | 'slow';

export interface Finding {
  check: CheckName;
  detail: string;
}

const JS_VALUE_TEXT = /\[native code\]|\bfunction [\w$]*\s*\(|\[object \w+\]|=>/;

function answer(result: ValidationResult): string {
  return result.ok ? 'valid' : `${result.path}: ${result.message}`;
}

/** The answer, with the byte limit's unit left out: text is measured as written, an object as compact JSON. */
function sameInEitherForm(result: ValidationResult): string {
  return answer(result).replace(/^(\$: Spec byte limit exceeded).*/, '$1');
}

/** What the examination of one input found, and the longest one validator call took. */
export interface Examination {
  finding: Finding | null;
  slowestCallMs: number;
}

/** Examines `input`; a validator call longer than `slowMs` is a finding when nothing else is. */
export function examine(input: FuzzInput, random: Random, slowMs = Infinity): Examination {
  const clock = { slowestCallMs: 0, slowMs };
  const finding = firstFinding(input, random, clock);
  if (finding === null && clock.slowestCallMs > slowMs) return { finding: { check: 'slow', detail: `${Math.round(clock.slowestCallMs)} ms in one call` }, slowestCallMs: clock.slowestCallMs };
  return { finding, slowestCallMs: clock.slowestCallMs };
}

interface Clock {
  slowestCallMs: number;
  slowMs: number;
}

/**
 * Runs `call`, keeping its time. A call over the budget is timed twice more and its fastest run
 * kept, so a collector pause or a first compile on a busy machine is not taken for a slow input.
 */
function timed<T>(clock: Clock, call: () => T): T {
  let started = performance.now();
  const result = call();
  let ms = performance.now() - started;
  for (let retry = 0; retry < 2 && ms > clock.slowMs; retry++) {
    started = performance.now();
    call();
    ms = Math.min(ms, performance.now() - started);
  }
  clock.slowestCallMs = Math.max(clock.slowestCallMs, ms);
  return result;
}

/** The first thing wrong with the validator's answers to `input`, or null. */
function firstFinding(input: FuzzInput, random: Random, clock: Clock): Finding | null {
  const given = input.form === 'bytes' ? input.bytes : input.form === 'text' ? input.text : input.value;
  const single = timed(clock, () => validatePrototypeSpec(given));
  const all = timed(clock, () => validatePrototypeSpecAllErrors(given));
  const messages = single.ok ? [] : [single.message, ...(all.ok ? [] : all.errors.map((error) => error.message))];
  const internal = messages.find((message) => message.startsWith('Internal validator error'));
  if (internal !== undefined) return { check: 'internal', detail: internal };
  if (single.ok !== all.ok) return { check: 'modes', detail: `first-error mode: ${answer(single)}; all-errors mode: ${all.ok ? 'valid' : 'errors'}` };
  if (!single.ok && !all.ok) {
    const first = all.errors[0]!;
    if (first.path !== single.path || first.message !== single.message) return { check: 'modes', detail: `first-error mode: ${answer(single)}; all-errors first: ${first.path}: ${first.message}` };
  }
  const printed = messages.find((message) => JS_VALUE_TEXT.test(message));
  if (printed !== undefined) return { check: 'value text', detail: printed };
  if (single.ok) {
    const typed = typedModelProblem(single.spec);
    if (typed !== null) return { check: 'typed model', detail: typed };
  }
  if (input.form !== 'value') return null;
  const shuffledValue = shuffleKeys(input.value, random);
  const shuffled = timed(clock, () => validatePrototypeSpec(shuffledValue));
  if (answer(shuffled) !== answer(single)) return { check: 'key order', detail: `as given: ${answer(single)}; keys shuffled: ${answer(shuffled)}` };
  // Text for a value whose text is small enough to write (a shared object is written out at every place).
  if (compactJsonByteLength(input.value, 2 * limits.specBytes) <= 2 * limits.specBytes) {
    const text = JSON.stringify(input.value);
    const asText = timed(clock, () => validatePrototypeSpec(text));
    if (sameInEitherForm(asText) !== sameInEitherForm(single)) return { check: 'text form', detail: `object: ${answer(single)}; text: ${answer(asText)}` };
  }
  return null;
}

/** Null when the typed model decodes an accepted spec to an equal value, else what differs. */
export function typedModelProblem(spec: unknown): string | null {
  const decoded = decodePrototypeSpec(spec);
  if (!decoded.ok) return decoded.message;
  return isDeepStrictEqual(decoded.spec, spec) ? null : 'the typed model decodes the accepted spec to a different value';
}

/**
 * A deep copy with every object's keys in a random order (own data properties, `__proto__`
 * included). An object shared by several places stays shared in the copy.
 */
export function shuffleKeys(value: unknown, random: Random, copies = new Map<object, unknown>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  const copy = Array.isArray(value)
    ? value.map((item) => shuffleKeys(item, random, copies))
    : Object.fromEntries(random.shuffled(Object.keys(value)).map((key) => [key, shuffleKeys((value as Record<string, unknown>)[key], random, copies)]));
  copies.set(value, copy);
  return copy;
}
