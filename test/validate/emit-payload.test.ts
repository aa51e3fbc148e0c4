/**
 * The emit payload check answers "fits" from one quick walk and says what is wrong from the exact
 * measures. Both must agree with the rule itself: compact JSON where each number counts 32 bytes,
 * containers fewer than maxDepth levels below the payload.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkEmitPayload } from '../../src/validate/emit-payload.ts';

/** The rule's own measure: each number written as a 30-character string, that is 32 bytes. */
function ruleBytes(payload: unknown): number {
  return Buffer.byteLength(JSON.stringify(payload, (_key, value: unknown) => (typeof value === 'number' ? '#'.repeat(30) : value)), 'utf8');
}

/** The level of the deepest container (the payload itself is level 0), -1 when there is none. */
function deepestContainer(payload: unknown, level = 0): number {
  if (typeof payload !== 'object' || payload === null) return -1;
  const members = Array.isArray(payload) ? payload : Object.values(payload);
  return Math.max(level, ...members.map((member) => deepestContainer(member, level + 1)));
}

test('property: the payload check agrees with the rule, in what it accepts and in what it names', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 5 }), fc.integer({ min: 2, max: 300 }), fc.integer({ min: 0, max: 6 }), (payload, maxBytes, maxDepth) => {
      const expected = deepestContainer(payload) >= maxDepth ? 'depth' : ruleBytes(payload) > maxBytes ? 'size' : null;
      assert.equal(checkEmitPayload(payload, { maxBytes, maxDepth })?.problem ?? null, expected);
    }),
    { numRuns: 2000 },
  );
});

test('a payload that is not plain JSON is named so', () => {
  assert.equal(checkEmitPayload({ a: undefined }, { maxBytes: 4096, maxDepth: 24 })?.problem, 'value');
  assert.equal(checkEmitPayload([Infinity], { maxBytes: 4096, maxDepth: 24 })?.problem, 'value');
  assert.equal(checkEmitPayload({ a: [1, 'x', null, true] }, { maxBytes: 4096, maxDepth: 24 }), null);
});
