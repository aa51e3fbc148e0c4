/**
 * Strict JSON: bytes (or a string) → value, refusing everything a lenient decoder would quietly
 * accept — oversized input, invalid UTF-8, lone surrogates, duplicate keys, non-finite numbers and
 * excessive nesting. Every error is reported at `$`. Nothing here recurses, so no input can
 * overflow the stack.
 *
 * Strategy: the native `JSON.parse` proves the syntax and builds the value; cheap passes over the
 * value and the (now known to be well-formed) text then check what `JSON.parse` lets through.
 */
import { JSON_NUMBER_PATTERN, locateSyntaxError } from './syntax-error.ts';

export const MAX_SPEC_BYTES = 1048576;

/**
 * Sets an own member of a plain object. A plain assignment to "__proto__" would set the object's
 * prototype instead, and spec keys (state keys, data keys, payload keys) may be named so.
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

export const MAX_JSON_DEPTH = 128;

export type StrictJsonResult =
  | { ok: true; value: unknown; byteLength: number }
  | { ok: false; path: '$'; message: string };

type Failure = { ok: false; path: '$'; message: string };

const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Node's buffer module where the platform offers it (Node 20.16 and later; not in the device
 * page): text that is ASCII throughout, as most specs are, is turned into a string byte for byte,
 * over ten times faster than through the UTF-8 decoder, which took a third of a 1 MiB spec's
 * validation (bench/README.md, the fifteenth round). For ASCII the two give the same string.
 */
const nodeBuffer = nodeBufferModule();

interface NodeBufferModule {
  isAscii(bytes: Uint8Array): boolean;
  Buffer: { from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'ascii'): string } };
}

function nodeBufferModule(): NodeBufferModule | undefined {
  const found = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:buffer') as Partial<NodeBufferModule> | undefined;
  return typeof found?.isAscii === 'function' && typeof found.Buffer?.from === 'function' ? (found as NodeBufferModule) : undefined;
}

export function readStrictJson(input: Uint8Array | string): StrictJsonResult {
  const byteLength = typeof input === 'string' ? utf8ByteLength(input, MAX_SPEC_BYTES) : input.byteLength;
  if (byteLength > MAX_SPEC_BYTES) {
    return fail(`Spec byte limit exceeded: more than ${MAX_SPEC_BYTES} bytes of UTF-8 (1 MiB, whitespace included); shrink the spec`);
  }
  const text = typeof input === 'string' ? stripBom(input) : decodeUtf8(input);
  if (text === null) return fail('Invalid UTF-8: the spec bytes are not valid UTF-8; save the file as UTF-8');
  if (!isWellFormed(text)) return fail('Lone surrogate: the text contains an unpaired UTF-16 surrogate; use valid Unicode text');

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(describeSyntaxError(text));
  }
  const problem = checkParsedJson(text, value);
  return problem === null ? { ok: true, value, byteLength } : fail(problem);
}

function fail(message: string): Failure {
  return { ok: false, path: '$', message };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Decodes strictly; the decoder itself strips one leading BOM (never ASCII). */
function decodeUtf8(bytes: Uint8Array): string | null {
  if (nodeBuffer?.isAscii(bytes)) return nodeBuffer.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('ascii');
  try {
    return utf8Decoder.decode(bytes);
  } catch {
    return null;
  }
}

function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/**
 * UTF-8 length of a string, stopping early once it passes `stopAbove` (the answer is then only
 * known to be larger). A lone surrogate counts 3 bytes, as its replacement character would.
 */
export function utf8ByteLength(text: string, stopAbove = Infinity): number {
  if (text.length > stopAbove) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > stopAbove) return bytes;
  }
  return bytes;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

// ---------------------------------------------------------------------------------------------
// Checks of text that JSON.parse has accepted

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const MINUS = 0x2d;
/** Objects with more keys than this switch from a linear duplicate search to a Set. */
const LINEAR_KEY_SEARCH = 12;

/**
 * The checks JSON.parse does not make, in cheap passes instead of one character loop: a walk of
 * the parsed value (depth, non-finite numbers, escaped lone surrogates, count of distinct keys) and
 * a count of object members in the text. Fewer distinct keys than members means a duplicate, which
 * a slower exact scan then names. Every member has a colon of its own, so when the text has no more
 * colons than there are distinct keys, the members need no counting; only colons inside strings
 * send the check to the string-by-string member count.
 */
function checkParsedJson(text: string, value: unknown): string | null {
  const walk = walkParsedValue(value, mayEscapeSurrogates(text));
  if (walk === NON_FINITE_NUMBER) return `Non-finite number ${findNonFiniteToken(text)}: numbers must be finite doubles`;
  if (typeof walk === 'string') return walk;
  if (walk === countColons(text) || walk === countMembers(text)) return null;
  const duplicate = findDuplicateKey(text);
  return `Duplicate key ${JSON.stringify(duplicate)} in one object; keep exactly one`;
}

/**
 * Whether the text holds a `\u` escape. The text itself is well-formed by then, so only such an
 * escape can put a lone surrogate into a parsed string.
 */
function mayEscapeSurrogates(text: string): boolean {
  return text.includes('\\u');
}

/**
 * Returns the number of object keys in the value, or a message for the first problem found.
 * Strings are checked for lone surrogates only when `checkStrings` is set.
 */
function walkParsedValue(root: unknown, checkStrings: boolean): number | string {
  const rootProblem = primitiveProblem(root, checkStrings);
  if (rootProblem !== null) return rootProblem;
  if (typeof root !== 'object' || root === null) return 0;
  // Pairs of a container and its depth; members that are not containers are checked in place.
  const stack: unknown[] = [root, 0];
  let keyCount = 0;
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const value = stack.pop() as object;
    if (depth === MAX_JSON_DEPTH) return `JSON nesting deeper than ${MAX_JSON_DEPTH} levels; flatten the structure`;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'object' && item !== null) stack.push(item, depth + 1);
        else {
          const problem = primitiveProblem(item, checkStrings);
          if (problem !== null) return problem;
        }
      }
    } else {
      for (const key in value) {
        if (checkStrings && !isWellFormed(key)) return LONE_ESCAPED_SURROGATE;
        keyCount++;
        const member = (value as Record<string, unknown>)[key];
        if (typeof member === 'object' && member !== null) stack.push(member, depth + 1);
        else {
          const problem = primitiveProblem(member, checkStrings);
          if (problem !== null) return problem;
        }
      }
    }
  }
  return keyCount;
}

/** The problem of a value that is not a container: a non-finite number, or a string with a lone surrogate. */
function primitiveProblem(value: unknown, checkStrings: boolean): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : NON_FINITE_NUMBER;
  if (checkStrings && typeof value === 'string' && !isWellFormed(value)) return LONE_ESCAPED_SURROGATE;
  return null;
}

/**
 * The strict reader's checks for a value that arrived already decoded (an MCP client's object):
 * depth, finite numbers and well-formed strings and keys, so it gets the verdict its text would.
 */
export function checkDecodedJson(value: unknown): string | null {
  const walk = walkParsedValue(value, true);
  if (walk === NON_FINITE_NUMBER) return 'Non-finite number: numbers must be finite doubles';
  if (walk === LONE_ESCAPED_SURROGATE) return 'Lone surrogate: a string holds an unpaired UTF-16 surrogate; use valid Unicode text';
  return typeof walk === 'string' ? walk : null;
}

/** Whether a container sits at depth `maxDepth` or below (the value itself has depth 0), without recursion. */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  // Pairs of a value and its depth.
  const stack: unknown[] = [value, 0];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const member = stack.pop();
    if (typeof member !== 'object' || member === null) continue;
    if (depth >= maxDepth) return true;
    for (const inner of Array.isArray(member) ? member : Object.values(member)) stack.push(inner, depth + 1);
  }
  return false;
}

const NON_FINITE_NUMBER = 'Non-finite number';
const LONE_ESCAPED_SURROGATE = 'Lone surrogate: a \\u escape names an unpaired UTF-16 surrogate; use valid Unicode text';

function countColons(text: string): number {
  let colons = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) colons++;
  return colons;
}

/** Number of object members in well-formed JSON text: the strings followed by a colon. */
function countMembers(text: string): number {
  let members = 0;
  let start = text.indexOf('"');
  while (start !== -1) {
    const end = closingQuote(text, start + 1);
    if (isKey(text, end + 1)) members++;
    start = text.indexOf('"', end + 1);
  }
  return members;
}

/** The first key repeated within one object of well-formed JSON text. */
function findDuplicateKey(text: string): string {
  const frames: Array<{ keys: string[]; set: Set<string> | null } | null> = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7b /* { */) frames.push({ keys: [], set: null });
    else if (code === 0x5b /* [ */) frames.push(null);
    else if (code === 0x7d /* } */ || code === 0x5d /* ] */) frames.pop();
    else if (code === QUOTE) {
      const end = closingQuote(text, i + 1);
      const frame = frames[frames.length - 1];
      if (frame && isKey(text, end + 1)) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (!addKey(frame, key)) return key;
      }
      i = end;
    }
  }
  return '';
}

/** Index of the quote closing a string whose content starts at `from`. */
function closingQuote(text: string, from: number): number {
  let end = text.indexOf('"', from);
  while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
  return end;
}

/** Whether the character at `index` is preceded by an odd run of backslashes. */
function isEscaped(text: string, index: number): boolean {
  let backslashes = 0;
  for (let j = index - 1; text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
  return backslashes % 2 === 1;
}

/** Whether the string token ending before `after` is an object key (followed by a colon). */
function isKey(text: string, after: number): boolean {
  let j = after;
  let code = text.charCodeAt(j);
  while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) code = text.charCodeAt(++j);
  return code === COLON;
}

function addKey(frame: { keys: string[]; set: Set<string> | null }, key: string): boolean {
  if (frame.set !== null) {
    if (frame.set.has(key)) return false;
    frame.set.add(key);
    return true;
  }
  if (frame.keys.includes(key)) return false;
  frame.keys.push(key);
  if (frame.keys.length > LINEAR_KEY_SEARCH) frame.set = new Set(frame.keys);
  return true;
}

/**
 * JSON.parse has refused the text. Name non-finite tokens (NaN, Infinity) explicitly, since a
 * JavaScript author may expect them to work; otherwise say where the text stops being JSON (the
 * parser's own message can quote the text, which an error about a file never repeats).
 */
function describeSyntaxError(text: string): string {
  const token = findNonFiniteToken(text);
  if (token !== null) return `Non-finite number ${token}: JSON has no NaN or Infinity and numbers must be finite`;
  const { line, column, problem } = locateSyntaxError(text);
  return `Malformed JSON at line ${line}, column ${column}: ${problem}`;
}

/** The first NaN, Infinity, -Infinity or overflowing number token outside string literals. */
function findNonFiniteToken(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = closingQuote(text, i + 1);
      if (end === -1) return null;
      i = end;
    } else if (text.startsWith('NaN', i)) {
      return 'NaN';
    } else if (text.startsWith('Infinity', i)) {
      return 'Infinity';
    } else if (text.startsWith('-Infinity', i)) {
      return '-Infinity';
    } else if (code === MINUS || (code >= 0x30 && code <= 0x39)) {
      const end = numberTokenEnd(text, i);
      const token = text.slice(i, end);
      if (JSON_NUMBER.test(token) && !Number.isFinite(Number(token))) return token.length > 40 ? `${token.slice(0, 40)}…` : token;
      i = end - 1;
    }
  }
  return null;
}

/** A number token as JSON spells it; only such a token can overflow to a non-finite double. */
const JSON_NUMBER = new RegExp(`^${JSON_NUMBER_PATTERN}$`);

function numberTokenEnd(text: string, start: number): number {
  let j = start + 1;
  while (/[0-9.eE+-]/.test(text.charAt(j))) j++;
  return j;
}

// ---------------------------------------------------------------------------------------------
// Byte measures of already-decoded values

/**
 * UTF-8 bytes of the compact JSON serialization of `value` (what `JSON.stringify(value)` would
 * produce), computed without recursion. A value that is not plain JSON — undefined, a function, a
 * bigint, a non-finite number, a cycle — measures `Infinity`, so every limit check refuses it.
 */
export function compactJsonByteLength(value: unknown, stopAbove = Infinity): number {
  return measureJson(value, compactNumberBytes, stopAbove);
}

/** A finite number's bytes in compact JSON. */
export function compactNumberBytes(value: number): number {
  return String(value).length;
}

/**
 * The conservative emit-payload measure of seeds/000: compact JSON bytes, except that every finite
 * number counts 32 bytes whatever its spelling.
 */
export const PAYLOAD_NUMBER_BYTES = 32;
export function conservativePayloadByteLength(value: unknown): number {
  return measureJson(value, () => PAYLOAD_NUMBER_BYTES);
}

/**
 * Compact JSON bytes of `root`, Infinity when it is not plain JSON. A value reached twice (an
 * object-form spec may share one) counts at every reference, as its text would, but is measured
 * once: its size is remembered when it closes. Once the count passes `stopAbove` the measure stops
 * and answers what it has.
 */
function measureJson(root: unknown, numberBytes: (n: number) => number, stopAbove = Infinity): number {
  const stack: unknown[] = [root];
  // An object's size once it has closed, or OPEN while its members are being measured (a cycle).
  const sizes = new Map<object, number>();
  const closeMarker = {};
  const closing: Array<{ value: object; start: number }> = [];
  let bytes = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === closeMarker) {
      const closed = closing.pop()!;
      sizes.set(closed.value, bytes - closed.start);
      continue;
    }
    if (value === null) bytes += 4;
    else if (typeof value === 'boolean') bytes += value ? 4 : 5;
    else if (typeof value === 'string') bytes += jsonStringByteLength(value);
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return Infinity;
      bytes += numberBytes(value);
    } else if (typeof value === 'object') {
      const known = sizes.get(value);
      if (known === OPEN) return Infinity;
      if (known !== undefined) bytes += known;
      else {
        sizes.set(value, OPEN);
        closing.push({ value, start: bytes });
        stack.push(closeMarker);
        bytes += pushMembers(value, stack);
      }
    } else {
      return Infinity;
    }
    if (bytes > stopAbove) return bytes;
  }
  return bytes;
}

export interface PlainJsonLimits {
  /** What each finite number counts. */
  numberBytes(value: number): number;
  maxBytes: number;
  /** Containers sit fewer than this many levels below the value (the value itself is level 0). */
  maxDepth: number;
  maxArrayItems: number;
  /** Whether every string and key must be well-formed UTF-16. */
  wellFormed: boolean;
}

/**
 * Whether `value` is plain JSON within `limits`: one walk that remembers nothing per object, for
 * the common answer of the exact measures and checks (compactJsonByteLength, checkDecodedJson,
 * dataLimitProblem) when they find nothing. False sends the caller to those to say what is wrong.
 * A shared object is walked at every place it appears, as its text would be written; the walk stops
 * once past maxBytes or maxDepth, so no sharing or cycle makes it longer than that.
 */
export function isPlainJsonWithin(value: unknown, limits: PlainJsonLimits): boolean {
  // Pairs of a value and the level it sits at.
  const stack: unknown[] = [value, 0];
  let bytes = 0;
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const item = stack.pop();
    if (typeof item === 'string') {
      if (limits.wellFormed && !isWellFormed(item)) return false;
      bytes += jsonStringByteLength(item);
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return false;
      bytes += limits.numberBytes(item);
    } else if (typeof item === 'boolean') bytes += item ? 4 : 5;
    else if (item === null) bytes += 4;
    else if (typeof item !== 'object' || depth >= limits.maxDepth) return false;
    else if (Array.isArray(item)) {
      if (item.length > limits.maxArrayItems) return false;
      bytes += 2 + Math.max(0, item.length - 1);
      for (const member of item) stack.push(member, depth + 1);
    } else {
      // Keys inherited from another prototype would read differently to the exact checks.
      if (Object.getPrototypeOf(item) !== Object.prototype && Object.getPrototypeOf(item) !== null) return false;
      const keys = Object.keys(item);
      bytes += 2 + Math.max(0, keys.length - 1) + keys.length;
      for (const key of keys) {
        if (limits.wellFormed && !isWellFormed(key)) return false;
        bytes += jsonStringByteLength(key);
        stack.push((item as Record<string, unknown>)[key], depth + 1);
      }
    }
    if (bytes > limits.maxBytes) return false;
  }
  return true;
}

const OPEN = -1;

/** Pushes the members of an array or object and returns the bytes of its punctuation and keys. */
function pushMembers(value: object, stack: unknown[]): number {
  if (Array.isArray(value)) {
    for (const item of value) stack.push(item);
    return 2 + Math.max(0, value.length - 1);
  }
  const keys = Object.keys(value);
  let bytes = 2 + Math.max(0, keys.length - 1) + keys.length; // braces, commas, colons
  for (const key of keys) {
    bytes += jsonStringByteLength(key);
    stack.push((value as Record<string, unknown>)[key]);
  }
  return bytes;
}

/** UTF-8 bytes of a string as JSON.stringify quotes and escapes it. */
export function jsonStringByteLength(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE || code === BACKSLASH) bytes += 2;
    else if (code < 0x20) bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else if (isHighSurrogate(code) || isLowSurrogate(code)) bytes += 6; // escaped as \udXXX
    else bytes += 3;
  }
  return bytes;
}
