import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compactJsonByteLength, conservativePayloadByteLength, jsonStringByteLength } from '../../src/json/index.ts';

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
