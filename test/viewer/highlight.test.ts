import assert from 'node:assert/strict';
import { test } from 'node:test';
import { highlightFor, isPathPrefix } from '../../src/viewer/highlight.ts';

const screen = { width: 412, height: 915 };
const box = (x: number) => ({ x, y: 0, width: 10, height: 10 });
const hierarchy = [
  { id: 'host#dismiss', layer: 'prototype', bounds: box(1) },
  { id: 'root.children[1]', layer: 'prototype', bounds: box(2) },
  { id: 'root.children[1].children[0]', layer: 'prototype', bounds: box(3) },
  { id: 'root.children[1].children[0]#thumb', layer: 'prototype', bounds: box(4) },
  { id: 'root.children[10]', layer: 'prototype', bounds: box(5) },
  { id: 'root.children[2]', layer: 'app', bounds: box(6) },
];

test('a path prefix ends on a segment boundary', () => {
  assert.equal(isPathPrefix('root.children[1]', 'root.children[1]'), true);
  assert.equal(isPathPrefix('root.children[1]', 'root.children[1].style.color'), true);
  assert.equal(isPathPrefix('root.children[1]', 'root.children[1][0]'), true);
  assert.equal(isPathPrefix('root.children[1]', 'root.children[10]'), false);
  assert.equal(isPathPrefix('root.child', 'root.children[1]'), false);
  assert.equal(isPathPrefix('', 'root'), false);
});

test('the deepest prototype node the error path points into is boxed', () => {
  assert.deepEqual(highlightFor('root.children[1].children[0].label', hierarchy, screen), { key: 'root.children[1].children[0]', bounds: box(3) });
  assert.deepEqual(highlightFor('root.children[1].style', hierarchy, screen), { key: 'root.children[1]', bounds: box(2) });
  assert.deepEqual(highlightFor('root.children[10].text', hierarchy, screen), { key: 'root.children[10]', bounds: box(5) });
});

test('parts, app nodes and paths outside every node fall back to the whole window', () => {
  const window = { key: null, bounds: { x: 0, y: 0, width: 412, height: 915 } };
  assert.deepEqual(highlightFor('root.children[2].text', hierarchy, screen), window, 'app ids are not spec paths');
  assert.deepEqual(highlightFor('state.count', hierarchy, screen), window);
  assert.deepEqual(highlightFor('$', hierarchy, screen), window);
  assert.deepEqual(highlightFor('root', [], screen), window);
});
