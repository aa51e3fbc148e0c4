import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_INPUT_MESSAGE_BYTES, parseViewerInput } from '../../src/viewer/messages.ts';

test('pointer, key and wheel messages parse', () => {
  assert.deepEqual(parseViewerInput('{"type":"pointer","phase":"down","x":1.5,"y":2}'), { type: 'pointer', phase: 'down', x: 1.5, y: 2 });
  assert.deepEqual(parseViewerInput(Buffer.from('{"type":"key","key":"Enter"}')), { type: 'key', key: 'Enter' });
  assert.deepEqual(parseViewerInput('{"type":"key","key":"é"}'), { type: 'key', key: 'é' });
  assert.deepEqual(parseViewerInput('{"type":"key","key":"😀"}'), { type: 'key', key: '😀' });
  assert.deepEqual(parseViewerInput('{"type":"wheel","x":1,"y":2,"dx":0,"dy":-120}'), { type: 'wheel', x: 1, y: 2, dx: 0, dy: -120 });
});

test('anything else is refused', () => {
  for (const text of [
    'not json',
    '[]',
    'null',
    '{"type":"eval","code":"1"}',
    '{"type":"pointer","phase":"hover","x":1,"y":2}',
    '{"type":"pointer","phase":"down","x":1e9,"y":2}',
    '{"type":"pointer","phase":"down","x":"1","y":2}',
    '{"type":"key","key":"ab"}',
    '{"type":"key","key":"F12"}',
    '{"type":"key","key":"\\u0007"}',
    JSON.stringify({ type: 'key', key: 'a', padding: 'x'.repeat(MAX_INPUT_MESSAGE_BYTES) }),
  ]) {
    assert.equal(parseViewerInput(text), null, text.slice(0, 60));
  }
});
