import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_JSON_DEPTH, MAX_SPEC_BYTES, readStrictJson, utf8ByteLength } from '../../src/json/index.ts';

const encode = (text: string) => new TextEncoder().encode(text);

function rejected(input: Uint8Array | string, pattern: RegExp): void {
  const result = readStrictJson(input);
  assert.equal(result.ok, false, `expected a rejection of ${String(input).slice(0, 60)}`);
  if (!result.ok) {
    assert.equal(result.path, '$');
    assert.match(result.message, pattern);
  }
}

function accepted(input: Uint8Array | string): unknown {
  const result = readStrictJson(input);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result.value;
}

/** A JSON document padded with trailing spaces to exactly `bytes` UTF-8 bytes. */
function documentOfBytes(bytes: number, body = '{"text":"é"}'): string {
  return body + ' '.repeat(bytes - utf8ByteLength(body));
}

// seeds/000 "Envelope and limits": MAX_PROTOTYPE_SPEC_BYTES 1048576, "UTF-8 bytes of raw JSON, including whitespace".
test('exactly 1 MiB of UTF-8 passes and one byte more fails, for strings and bytes', () => {
  const exact = documentOfBytes(MAX_SPEC_BYTES);
  const over = documentOfBytes(MAX_SPEC_BYTES + 1);
  assert.deepEqual(accepted(exact), { text: 'é' });
  assert.deepEqual(accepted(encode(exact)), { text: 'é' });
  rejected(over, /byte limit/);
  rejected(encode(over), /byte limit/);
});

test('a string is measured in UTF-8 bytes, not UTF-16 units', () => {
  const text = `"${'😀'.repeat(MAX_SPEC_BYTES / 4)}"`; // 4 bytes each, 2 UTF-16 units each
  rejected(text, /byte limit/);
  const result = readStrictJson(`"${'é'.repeat(10)}"`);
  assert.ok(result.ok);
  assert.equal(result.ok && result.byteLength, 22);
});

// seeds/000 "Rejection paths": "Raw UTF-8 byte limit, then strict JSON parsing".
test('the byte limit is checked before anything else', () => {
  rejected('{'.repeat(MAX_SPEC_BYTES + 1), /byte limit/);
  rejected(new Uint8Array(MAX_SPEC_BYTES + 1).fill(0xff), /byte limit/);
});

test('one byte-order mark is stripped, a second is malformed JSON', () => {
  assert.deepEqual(accepted(new Uint8Array([0xef, 0xbb, 0xbf, ...encode('[1]')])), [1]);
  assert.deepEqual(accepted('\ufeff[1]'), [1]);
  rejected(new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, ...encode('[1]')]), /Malformed JSON/);
});

test('invalid UTF-8 is rejected: stray bytes, overlong and truncated sequences', () => {
  for (const bytes of [[0x22, 0xff, 0x22], [0x22, 0xc0, 0x80, 0x22], [0x22, 0xe2, 0x82, 0x22], [0x22, 0xed, 0xa0, 0x80, 0x22]]) {
    rejected(new Uint8Array(bytes), /Invalid UTF-8/);
  }
});

test('lone surrogates are rejected, raw or escaped, in values and keys', () => {
  rejected('["\ud800"]', /Lone surrogate/);
  rejected('["\\ud800"]', /Lone surrogate/);
  rejected('["\\udc00x"]', /Lone surrogate/);
  rejected('["\\ud800\\u0041"]', /Lone surrogate/);
  rejected('["\\ud800\\n"]', /Lone surrogate/);
  rejected('["\\ud800\\ud800"]', /Lone surrogate/);
  rejected('{"\\udfff":1}', /Lone surrogate/);
  assert.deepEqual(accepted('{"\\ud83d\\ude00":"\\ud83d\\ude00 \\\\ud800"}'), { '😀': '😀 \\ud800' });
});

test('duplicate keys are rejected, whatever their spelling, at any depth', () => {
  rejected('{"a":1,"a":2}', /Duplicate key "a"/);
  rejected('{"a":1,"\\u0061":2}', /Duplicate key "a"/);
  rejected('{"x":[{"b":1},{"c":{"d":1,"d":1}}]}', /Duplicate key "d"/);
  const many = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
  rejected(`{${many.join(',')},"k33":0}`, /Duplicate key "k33"/);
  assert.deepEqual(accepted('{"a":{"a":1},"b":[{"a":1},{"a":2}]}'), { a: { a: 1 }, b: [{ a: 1 }, { a: 2 }] });
  assert.deepEqual(accepted('{"a\\"":1,"a":2,"a\\\\":3}'), { 'a"': 1, a: 2, 'a\\': 3 });
});

test('colons inside strings neither hide a duplicate key nor make one up', () => {
  rejected('{"t":"12:30","t":"x"}', /Duplicate key "t"/);
  rejected('{"a":"x:y","b":{"c:":1,"c:":2}}', /Duplicate key "c:"/);
  assert.deepEqual(accepted('{"a:b":"c:d","e":{"f":"::"}}'), { 'a:b': 'c:d', e: { f: '::' } });
});

test('a string value that looks like a key is not taken for one', () => {
  assert.deepEqual(accepted('{"a":"a","b":["a","a"]}'), { a: 'a', b: ['a', 'a'] });
});

// seeds/000 "Envelope and limits": "Nonfinite JSON numbers are rejected".
test('non-finite tokens and numbers that overflow to Infinity are rejected', () => {
  rejected('[NaN]', /Non-finite number NaN/);
  rejected('{"a":Infinity}', /Non-finite number Infinity/);
  rejected('[-Infinity]', /Non-finite number -Infinity/);
  rejected('{"a":1e400}', /Non-finite number 1e400/);
  rejected('[-1E+309]', /Non-finite/);
  rejected(`[${'9'.repeat(400)}]`, /Non-finite/);
  assert.deepEqual(accepted('["NaN", "Infinity", 1e-400, 1.7976931348623157e308]'), ['NaN', 'Infinity', 0, 1.7976931348623157e308]);
});

test('syntax errors are reported at $ as malformed JSON', () => {
  for (const text of ['', '{', '{"a":1,}', "{'a':1}", '[1] [2]', '{"a" 1}', '[01]']) rejected(text, /Malformed JSON/);
});

test(`nesting up to ${MAX_JSON_DEPTH} levels passes and one more fails`, () => {
  const nested = (depth: number) => '[{"a":'.repeat(depth / 2) + '1' + '}]'.repeat(depth / 2);
  assert.ok(readStrictJson(nested(MAX_JSON_DEPTH)).ok);
  rejected('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1), /nesting deeper than 128/);
  rejected(`{"x":${nested(MAX_JSON_DEPTH)}}`, /nesting/);
});

test('very deep and very large inputs are answered without overflowing the stack', () => {
  const half = MAX_SPEC_BYTES / 2;
  rejected('['.repeat(half) + ']'.repeat(half), /nesting/);
  rejected('{"a":'.repeat(half / 5) + '1' + '}'.repeat(half / 5), /byte limit|nesting/);
  rejected('['.repeat(MAX_SPEC_BYTES), /Malformed JSON/);
  const wide = `[${Array.from({ length: 80000 }, (_, i) => `{"k":${i}}`).join(',')}]`;
  assert.equal((accepted(wide) as unknown[]).length, 80000);
});

test('property: any JSON text from JSON.stringify reads back as JSON.parse reads it', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
      const text = JSON.stringify(value, null, 1);
      const result = readStrictJson(encode(text));
      assert.ok(result.ok, result.ok ? '' : result.message);
      assert.deepEqual(result.value, JSON.parse(text));
      assert.equal(result.byteLength, encode(text).byteLength);
    }),
    { numRuns: 300 },
  );
});

test('bytes that view part of a larger buffer are read from their own range, ASCII or not', () => {
  for (const text of ['{"a":[1,2]}', '{"a":"é"}']) {
    const body = encode(text);
    const whole = new Uint8Array(body.length + 8).fill(0x20);
    whole.set(encode('[9]'), 0);
    whole.set(body, 4);
    assert.deepEqual(accepted(whole.subarray(4, 4 + body.length)), JSON.parse(text));
  }
});

test('where the buffer module lacks the ASCII check, bytes are read through the UTF-8 decoder', async () => {
  const getBuiltinModule = process.getBuiltinModule;
  process.getBuiltinModule = (() => ({})) as typeof process.getBuiltinModule;
  try {
    // A module instance of its own, which looks for the buffer module as it loads.
    const apart = `without-buffer-${Date.now()}`;
    const reader = (await import(`../../src/json/index.ts?${apart}`)) as typeof import('../../src/json/index.ts');
    assert.deepEqual(reader.readStrictJson(encode('{"a":[1,"b"]}')), { ok: true, value: { a: [1, 'b'] }, byteLength: 13 });
  } finally {
    process.getBuiltinModule = getBuiltinModule;
  }
});

test('property: arbitrary strings never throw and always answer at $', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
      const result = readStrictJson(text);
      if (!result.ok) assert.equal(result.path, '$');
    }),
    { numRuns: 500 },
  );
});

test('the reader limits are the contract limits', async () => {
  const { limits } = await import('../../src/contract/index.ts');
  assert.equal(MAX_SPEC_BYTES, limits.specBytes);
  assert.equal(MAX_JSON_DEPTH, limits.jsonNesting);
});
