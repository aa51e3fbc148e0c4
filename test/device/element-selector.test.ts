import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveElementSelector } from '../../src/device/element-selector.ts';
import type { AppHierarchyNode } from '../../src/device/hierarchy.ts';

const SCREEN = { width: 412, height: 915 };

function element(id: string, fields: Partial<AppHierarchyNode> = {}): AppHierarchyNode {
  return {
    id, testTag: null, text: null, role: null, bounds: { x: 0, y: 0, width: 100, height: 40 },
    enabled: true, focused: false, layer: 'app', parentId: null, clickable: false, ...fields,
  };
}

/** Two product cards, each with a "Buy" button whose label is a child text element. */
const APP: AppHierarchyNode[] = [
  element('list'),
  element('card-a', { parentId: 'list', text: 'Headphones', bounds: { x: 0, y: 100, width: 400, height: 80 } }),
  element('buy-a', { parentId: 'card-a', clickable: true, testTag: 'buy', role: 'Button', bounds: { x: 300, y: 120, width: 80, height: 40 } }),
  element('buy-a-label', { parentId: 'buy-a', text: 'Buy', bounds: { x: 320, y: 130, width: 40, height: 20 } }),
  element('card-b', { parentId: 'list', text: 'Speaker', bounds: { x: 0, y: 200, width: 400, height: 80 } }),
  element('buy-b', { parentId: 'card-b', clickable: true, role: 'Button', bounds: { x: 300, y: 220, width: 80, height: 40 } }),
  element('buy-b-label', { parentId: 'buy-b', text: 'Buy', bounds: { x: 320, y: 230, width: 40, height: 20 } }),
  element('hidden-pixel', { testTag: 'pixel', bounds: { x: 10, y: 10, width: 0, height: 0 } }),
  element('below', { testTag: 'footer', bounds: { x: 0, y: 2000, width: 412, height: 48 } }),
];

test('a unique testTag resolves to its element and bounds', () => {
  const resolved = resolveElementSelector({ testTag: 'buy' }, APP, SCREEN);
  assert.equal(resolved.ok, true);
  assert.equal(resolved.ok && resolved.node.id, 'buy-a');
  assert.deepEqual(resolved.ok && resolved.bounds, { x: 300, y: 120, width: 80, height: 40 });
});

test('a text match is promoted to its clickable owner', () => {
  const resolved = resolveElementSelector({ text: 'Buy', container: { elementId: 'card-b' } }, APP, SCREEN);
  assert.equal(resolved.ok && resolved.node.id, 'buy-b');
});

test('an ambiguous text match fails and lists every candidate', () => {
  const resolved = resolveElementSelector({ text: 'Buy' }, APP, SCREEN);
  assert.equal(resolved.ok, false);
  assert.equal(!resolved.ok && resolved.reason, 'ambiguous');
  assert.deepEqual(!resolved.ok && resolved.candidates.map((candidate) => candidate.id), ['buy-a', 'buy-b']);
});

test('combined fields narrow the match', () => {
  assert.equal(resolveElementSelector({ text: 'Buy', testTag: 'buy' }, APP, SCREEN).ok, true);
  const none = resolveElementSelector({ elementId: 'buy-b', testTag: 'buy' }, APP, SCREEN);
  assert.equal(!none.ok && none.reason, 'missing');
});

test('a container picks by text and index, and nests', () => {
  const byText = resolveElementSelector({ text: 'Buy', container: { text: 'Speaker' } }, APP, SCREEN);
  assert.equal(byText.ok && byText.node.id, 'buy-b');
  const nested = resolveElementSelector({ text: 'Buy', container: { text: 'Headphones', container: { elementId: 'list' } } }, APP, SCREEN);
  assert.equal(nested.ok && nested.node.id, 'buy-a');
  const outOfRange = resolveElementSelector({ text: 'Buy', container: { text: 'Speaker', index: 1 } }, APP, SCREEN);
  assert.equal(!outOfRange.ok && outOfRange.reason, 'missing');
  assert.match(!outOfRange.ok ? outOfRange.message : '', /index 1/);
});

test('a missing element fails and lists the available targets', () => {
  const resolved = resolveElementSelector({ testTag: 'checkout' }, APP, SCREEN);
  assert.equal(!resolved.ok && resolved.reason, 'missing');
  assert.ok(!resolved.ok && resolved.candidates.some((candidate) => candidate.testTag === 'buy'));
});

test('empty and off-screen elements are refused', () => {
  const empty = resolveElementSelector({ testTag: 'pixel' }, APP, SCREEN);
  assert.equal(!empty.ok && empty.reason, 'empty');
  const below = resolveElementSelector({ testTag: 'footer' }, APP, SCREEN);
  assert.equal(!below.ok && below.reason, 'offscreen');
});
