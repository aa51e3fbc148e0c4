import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkDecodedJson, compactJsonByteLength, compactNumberBytes, conservativePayloadByteLength, isPlainJsonWithin, jsonStringByteLength, nestsDeeperThan, PAYLOAD_NUMBER_BYTES } from '../../src/json/index.ts';
import { dataLimitProblem, type JsonValue } from '../../src/json/pointer.ts';

const stringifiedBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

// seeds/000 "Rejection paths": "JSON supplied as an already-decoded TypeScript value is measured as compact JSON".
test('compact JSON length equals the UTF-8 length of JSON.stringify', () => {
  const samples: unknown[] = [
    null, true, false, 0, -12.5, 1e21, '', 'é😀', '"\\\n\t\u0001\u001f', { a: [1, { 'ké': null }] }, [[], {}],
  ];
  for (const value of samples) assert.equal(compactJsonByteLength(value), stringifiedBytes(value), JSON.stringify(value));
});

test('a lone surrogate in a decoded string is measured as JSON.stringify escapes it', () => {
  assert.equal(jsonStringByteLength('a\ud800b'), stringifiedBytes('a\ud800b'));
  assert.equal(jsonStringByteLength('\udc00'), stringifiedBytes('\udc00'));
});

test('values that are not JSON measure Infinity', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  for (const value of [undefined, () => 1, 10n, Number.NaN, Infinity, cyclic, { a: undefined }, [Symbol('s')]]) {
    assert.equal(compactJsonByteLength(value), Infinity);
  }
  const shared = { x: 1 };
  assert.equal(compactJsonByteLength([shared, shared]), stringifiedBytes([shared, shared]));
});

test('a value nested far deeper than the call stack is measured without recursion', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 200000; i++) deep = [deep];
  assert.equal(compactJsonByteLength(deep), 200000 * 2 + 1);
});

// seeds/000 "Envelope and limits": "the byte budget counts each finite number as 32 bytes".
test('the conservative payload measure counts every number as 32 bytes', () => {
  assert.equal(conservativePayloadByteLength({ a: 1, b: [2.5, 'x'] }), '{"a":,"b":[,"x"]}'.length + 2 * 32);
  assert.equal(conservativePayloadByteLength(null), 4);
});

test('property: compact length matches JSON.stringify for any JSON value', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => assert.equal(compactJsonByteLength(value), stringifiedBytes(value))),
    { numRuns: 300 },
  );
});

// isPlainJsonWithin is the one-walk answer for values the exact measures and checks pass; it must
// never pass a value they refuse, nor refuse one they pass.
const oddLeaf = fc.oneof(
  fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 4 }),
  fc.constantFrom<unknown>('a\ud800', '\udc00', undefined, () => 1, 10n, new Date(0), Object.create({ inherited: '\ud800' })),
);
const oddValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', maxDepth: 6 }, oddLeaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.oneof(fc.string({ maxLength: 3 }), fc.constant('\ud800')), tie('value'), { maxKeys: 3 })),
})).value;
/** A value with some of its objects shared, or a cycle, as object-form input may have. */
const withSharing = fc.tuple(oddValue, fc.constantFrom('none', 'shared', 'cycle')).map(([value, sharing]) => {
  if (sharing === 'none' || typeof value !== 'object' || value === null) return value;
  if (sharing === 'shared') return [value, value, { again: value }];
  const cyclic: Record<string, unknown> = { value };
  cyclic.self = sharing === 'cycle' ? cyclic : null;
  return cyclic;
});
/** Whether an object of another prototype than a plain object's or an array's is in the value: the walk leaves those to the exact checks. */
function holdsOtherObjects(value: unknown, seen = new Set<unknown>()): boolean {
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return true;
  return Object.values(value).some((member) => holdsOtherObjects(member, seen));
}

/** The walk passes no value the exact checks refuse, and every value they pass that holds only plain objects and arrays. */
function agrees(fast: boolean, exact: boolean, value: unknown): void {
  if (fast) assert.ok(exact, 'passed a value the exact checks refuse');
  else if (exact) assert.ok(holdsOtherObjects(value), 'refused a plain value the exact checks pass');
}

const smallLimits = fc.record({ maxBytes: fc.integer({ min: 0, max: 120 }), maxDepth: fc.integer({ min: 0, max: 7 }), maxArrayItems: fc.integer({ min: 0, max: 5 }) });

test('property: isPlainJsonWithin passes a spec value when, and for plain objects only when, the byte measure and the decoded-JSON checks do', () => {
  fc.assert(
    fc.property(withSharing, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 7 }), (value, maxBytes, maxDepth) => {
      const exact = compactJsonByteLength(value, maxBytes) <= maxBytes && checkDecodedJson(value) === null && !nestsDeeperThan(value, maxDepth);
      agrees(isPlainJsonWithin(value, { numberBytes: compactNumberBytes, maxBytes, maxDepth, maxArrayItems: Infinity, wellFormed: true }), exact, value);
    }),
    { numRuns: 3000 },
  );
});

test('property: isPlainJsonWithin passes data when, and for plain objects only when, the payload measure and dataLimitProblem do', () => {
  fc.assert(
    fc.property(withSharing, smallLimits, (value, limits) => {
      const bytes = conservativePayloadByteLength(value);
      const exact = bytes !== Infinity && dataLimitProblem(value as JsonValue, bytes, limits) === null;
      agrees(isPlainJsonWithin(value, { ...limits, numberBytes: () => PAYLOAD_NUMBER_BYTES, wellFormed: false }), exact, value);
    }),
    { numRuns: 3000 },
  );
});
