/** Where a menu's surface goes beside its anchor: below and end-aligned, flipped above, or clamped. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placeBelow, WINDOW_MARGIN } from '../../src/renderer/placement.ts';

const WINDOW = { width: 400, height: 800 };
const MENU = { width: 200, height: 300 };

test('below the anchor with their end edges together, mirrored right to left', () => {
  const anchor = { x: 300, y: 100, width: 48, height: 48 };
  assert.deepEqual(placeBelow(anchor, MENU, WINDOW, { rtl: false }), { x: 148, y: 148, above: false });
  assert.deepEqual(placeBelow({ ...anchor, x: 20 }, MENU, WINDOW, { rtl: true }), { x: 20, y: 148, above: false });
  assert.deepEqual(placeBelow(anchor, MENU, WINDOW, { rtl: false, alignStart: true }).x, 400 - WINDOW_MARGIN - 200, 'start-aligned, clamped at the end margin');
});

test('above the anchor when it does not fit below but fits above', () => {
  const anchor = { x: 300, y: 600, width: 48, height: 48 };
  assert.deepEqual(placeBelow(anchor, MENU, WINDOW, { rtl: false }), { x: 148, y: 300, above: true });
});

test('clamped inside the window, with its margin, when it fits neither below nor above', () => {
  const anchor = { x: -50, y: 350, width: 48, height: 48 };
  const place = placeBelow(anchor, { width: 200, height: 500 }, WINDOW, { rtl: false });
  assert.deepEqual(place, { x: WINDOW_MARGIN, y: 800 - WINDOW_MARGIN - 500, above: false });
  const tall = placeBelow(anchor, { width: 200, height: 900 }, WINDOW, { rtl: false });
  assert.equal(tall.y, WINDOW_MARGIN, 'a surface taller than the window keeps to the top margin');
});
