import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeFrame, FrameReader, parseFrameText } from '../../src/protocol/framing.ts';
import { createLaunchToken, isAcceptableToken, tokensMatch } from '../../src/protocol/handshake.ts';

const frames = (items: ReturnType<FrameReader['push']>) => items.map((item) => (item.kind === 'frame' ? item.text : `<oversized ${item.limit}>`));

test('a frame split across chunks is reassembled; several frames in one chunk are split', () => {
  const reader = new FrameReader(() => 1000);
  assert.deepEqual(frames(reader.push(Buffer.from('{"a":'))), []);
  assert.deepEqual(frames(reader.push(Buffer.from('1}\n{"b":2}\n{"c"'))), ['{"a":1}', '{"b":2}']);
  assert.deepEqual(frames(reader.push(Buffer.from(':3}\r\n'))), ['{"c":3}']);
});

test('multi-byte UTF-8 split between chunks decodes intact', () => {
  const reader = new FrameReader(() => 1000);
  const bytes = Buffer.from(encodeFrame({ text: 'héllo ✓' }));
  const out = [...reader.push(bytes.subarray(0, 4)), ...reader.push(bytes.subarray(4, 12)), ...reader.push(bytes.subarray(12))];
  assert.deepEqual(frames(out).map((t) => JSON.parse(t)), [{ text: 'héllo ✓' }]);
});

test('an oversized line is reported once, skipped to its newline, and the stream stays in sync', () => {
  const reader = new FrameReader((index) => (index === 0 ? 8 : 16));
  assert.deepEqual(frames(reader.push(Buffer.from('123456789'))), ['<oversized 8>']);
  assert.deepEqual(frames(reader.push(Buffer.from('more of the same line'))), []);
  assert.deepEqual(frames(reader.push(Buffer.from('\n{"ok":true}\n'))), ['{"ok":true}']);
});

test('the first-line cap applies to the first real frame, not to blank lines', () => {
  const reader = new FrameReader((index) => (index === 0 ? 4 : 100));
  assert.deepEqual(frames(reader.push(Buffer.from('\n\n12345\n12345\n'))), ['<oversized 4>', '12345']);
});

test('a frame exactly at the cap is accepted', () => {
  const reader = new FrameReader(() => 5);
  assert.deepEqual(frames(reader.push(Buffer.from('12345\n123456\n'))), ['12345', '<oversized 5>']);
});

test('garbage is a value, not a throw', () => {
  const result = parseFrameText('{not json');
  assert.equal(result.ok, false);
  assert.match(!result.ok ? result.message : '', /not JSON/);
});

test('launch tokens are long, random, and compared exactly', () => {
  const a = createLaunchToken();
  const b = createLaunchToken();
  assert.notEqual(a, b);
  assert.ok(isAcceptableToken(a));
  assert.equal(isAcceptableToken('short'), false);
  assert.equal(isAcceptableToken(undefined), false);
  assert.equal(tokensMatch(a, a), true);
  assert.equal(tokensMatch(a, b), false);
  assert.equal(tokensMatch(a, a.slice(0, -1)), false);
  assert.equal(tokensMatch(a, `${a}x`), false);
});
