/** Where a menu's surface goes beside its anchor, where a released swipe leaves a row, and how a text's change is drawn. */
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

test('a released swipe: open past 40% of the buttons or on a fling, full past 60% of the row with fullSwipe', async () => {
  const { settleSwipe, followFinger } = await import('../../src/renderer/swipe.tsx');
  const entry = { text: 'Delete', icon: null, background: '#000', foreground: '#fff' };
  const swipe = { start: [entry], end: [entry, entry], fullSwipe: false };
  assert.deepEqual(settleSwipe(-58, 0, 400, swipe), { open: 'end', full: null }, '58 dp is past 40% of 144');
  assert.deepEqual(settleSwipe(-57, 0, 400, swipe), { open: null, full: null });
  assert.deepEqual(settleSwipe(-20, -1, 400, swipe), { open: 'end', full: null }, 'a fling opens');
  assert.deepEqual(settleSwipe(20, -1, 400, swipe), { open: null, full: null }, 'a fling back closes');
  assert.deepEqual(settleSwipe(-300, 0, 400, swipe), { open: 'end', full: null }, 'without fullSwipe a long drag only opens');
  assert.deepEqual(settleSwipe(-240, 0, 400, { ...swipe, fullSwipe: true }), { open: null, full: 'end' });
  assert.deepEqual(settleSwipe(-100, -5, 400, { ...swipe, fullSwipe: true }), { open: null, full: 'end' }, 'a hard fling runs it too');
  assert.deepEqual(settleSwipe(50, 0, 400, { ...swipe, start: [] }), { open: null, full: null }, 'a side without entries never opens');
  assert.equal(followFinger(-144, 400, swipe), -144);
  assert.equal(followFinger(-174, 400, swipe), -154, 'past its buttons the row follows a third of the way');
  assert.equal(followFinger(-300, 400, { ...swipe, fullSwipe: true }), -300);
  assert.equal(followFinger(30, 400, { ...swipe, start: [] }), 0);
});

test('content transitions: a numeric change rolls only the changed characters, up for an increase; others crossfade', async () => {
  const { numericValue, transitionOf, springEasing, ROLL_SPRING } = await import('../../src/renderer/content-transition.tsx');
  assert.deepEqual(['€1,299.50', '-12', 'Total: 7', 'n/a', '1.2.3'].map(numericValue), [1299.5, -12, 7, null, 1.23]);
  assert.deepEqual(transitionOf('128', '129', 'numeric'), { kind: 'roll', up: true, changed: [false, false, true] });
  assert.deepEqual(transitionOf('100', '99', 'numeric'), { kind: 'roll', up: false, changed: [true, true] });
  assert.deepEqual(transitionOf('$5', '5', 'numeric'), { kind: 'fade' }, 'equal numbers crossfade');
  assert.deepEqual(transitionOf('Sold out', '3 left', 'numeric'), { kind: 'fade' }, 'a text without a number crossfades');
  assert.deepEqual(transitionOf('3', '4', 'crossfade'), { kind: 'fade' });
  assert.deepEqual(transitionOf('same', 'same', 'numeric'), { kind: 'none' });
  const spring = springEasing(ROLL_SPRING);
  assert.ok(spring.durationMs > 200 && spring.durationMs < 600, `${spring.durationMs} ms`);
  assert.match(spring.easing, /^linear\(0\.0000, .*, 1\.0000\)$/);
  const values = spring.easing.slice(7, -1).split(', ').map(Number);
  assert.ok(Math.max(...values) > 1, 'a damping ratio below 1 overshoots a little');
});

test('a tooltip sits on its placement\'s side, flips when it does not fit, stays in the window and aims its caret at the target', async () => {
  const { placeTooltip, CARET_DP, WINDOW_MARGIN: margin } = await import('../../src/renderer/placement.ts');
  const window = { width: 400, height: 800 };
  const size = { width: 200, height: 40 };
  const target = { x: 300, y: 100, width: 40, height: 40 };
  const below = placeTooltip(target, size, window, 'top', false);
  assert.deepEqual(below, { x: 400 - margin - 200, y: 140 + CARET_DP, caret: 'top', caretOffset: 128 }, 'clamped at the end margin, the caret still on the target centre');
  const flipped = placeTooltip({ ...target, y: 760 }, size, window, 'top', false);
  assert.deepEqual([flipped.caret, flipped.y], ['bottom', 760 - CARET_DP - 40], 'no room below: above instead');
  const atEnd = placeTooltip({ x: 20, y: 300, width: 40, height: 40 }, size, window, 'start', true);
  assert.equal(atEnd.caret, 'left', 'start mirrors right to left (caret right, the bubble left of the target); no room there, so it flips to the right of it');
  const corner = placeTooltip({ x: 0, y: 100, width: 4, height: 4 }, size, window, 'top', false);
  assert.equal(corner.caretOffset, 12, 'the caret stays clear of the bubble\'s corner');
});
