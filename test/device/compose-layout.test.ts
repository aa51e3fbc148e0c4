// Layout as Compose lays it out, in Chromium: the root fills its window, an edge-aligned anchor
// keeps the node's size, fixed-size controls keep theirs in a crowded row, components grow with
// the font scale instead of clipping, a divider's padding insets its line, and a bottom bar draws
// behind the gesture area.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import { DEVICE_PROFILES } from '../../src/device/profiles.ts';
import { byTag, useDevices, validSpec } from './helpers.ts';

const devices = useDevices({}, { fontScale: 2 }, { rtl: true });
const phone = () => devices()[0]!;
const large = () => devices()[1]!;
const rtl = () => devices()[2]!;
const SCREEN = DEVICE_PROFILES.phone!;
const CONTENT_TOP = SCREEN.systemBars.top + 48;

async function shown(device: ReturnType<typeof phone>['device'], root: object, state: object = {}): Promise<HierarchyNode[]> {
  await device.show(validSpec({ id: 'layout', window: { placement: { type: 'fullscreen' } }, state, root }));
  return (await device.observe()).hierarchy;
}

const anchored = (alignment: string) => ({
  type: 'box',
  testTag: alignment,
  anchor: { type: 'bounds', bounds: { x: 180, y: 400, width: 40, height: 40 }, alignment },
  style: { width: { dp: 200 }, height: { dp: 30 }, background: 'error' },
  children: [],
});

test('the root fills its window; a root with a size of its own keeps it', async () => {
  const { device } = phone();
  const filled = byTag(await shown(device, { type: 'box', testTag: 'root', style: { background: 'primaryContainer' }, children: [{ type: 'text', text: 'Hi' }] }), 'root').bounds;
  assert.deepEqual(filled, { x: 0, y: CONTENT_TOP, width: SCREEN.width, height: SCREEN.height - CONTENT_TOP });
  const sized = byTag(await shown(device, { type: 'box', testTag: 'root', style: { width: { dp: 200 }, height: { dp: 100 } }, children: [] }), 'root').bounds;
  assert.deepEqual([sized.width, sized.height], [200, 100]);
});

test('an edge-aligned anchor keeps the node wider than its target at its size, centred on the other axis', async () => {
  const nodes = await shown(phone().device, { type: 'box', children: ['top', 'bottom', 'start', 'end'].map(anchored) });
  assert.deepEqual(byTag(nodes, 'top').bounds, { x: 100, y: 400, width: 200, height: 30 });
  assert.deepEqual(byTag(nodes, 'bottom').bounds, { x: 100, y: 410, width: 200, height: 30 });
  assert.deepEqual(byTag(nodes, 'start').bounds, { x: 180, y: 405, width: 200, height: 30 });
  assert.deepEqual(byTag(nodes, 'end').bounds, { x: 20, y: 405, width: 200, height: 30 });
  const mirrored = await shown(rtl().device, { type: 'box', children: [anchored('start')] });
  assert.deepEqual(byTag(mirrored, 'start').bounds, { x: 20, y: 405, width: 200, height: 30 }, 'start is the right edge in RTL');
});

test('a box draws its children over each other in its one cell, each aligned by the box, tappable or not', async () => {
  const nodes = await shown(phone().device, {
    type: 'box',
    testTag: 'stacked',
    style: { width: 'fill', height: { dp: 200 }, alignment: 'bottomEnd' },
    children: [
      { type: 'box', testTag: 'under', style: { width: 'fill', height: 'fill', background: 'primaryContainer' }, children: [] },
      { type: 'text', testTag: 'over', text: 'Over' },
      { type: 'badge', testTag: 'tapped', text: '3', onTap: [{ type: 'emit', name: 'badge' }] },
    ],
  });
  const box = byTag(nodes, 'stacked').bounds;
  assert.deepEqual(byTag(nodes, 'under').bounds, box, 'a filling child covers the whole box');
  const over = byTag(nodes, 'over').bounds;
  assert.ok(Math.abs(over.x + over.width - (box.x + box.width)) < 1 && Math.abs(over.y + over.height - (box.y + box.height)) < 1, `the text sits at the box's bottom end: ${JSON.stringify(over)} in ${JSON.stringify(box)}`);
  // A tappable child is centred in its 48 dp touch target, which sits at the bottom end.
  const tapped = byTag(nodes, 'tapped').bounds;
  assert.ok(tapped.y + tapped.height <= box.y + box.height && tapped.x > box.x + box.width - 48 && tapped.y > box.y + box.height - 48, `the badge lies in the box's bottom end corner: ${JSON.stringify(tapped)} in ${JSON.stringify(box)}`);
});

const CROWDED_ROW = {
  type: 'row',
  testTag: 'row',
  style: { width: 'fill', spacing: 8 },
  children: [
    { type: 'text', text: 'A long label that wants most of the row to itself', testTag: 'label' },
    { type: 'switch', stateKey: 'on', testTag: 'sync', label: 'Sync' },
    { type: 'badge', text: '999+', testTag: 'count' },
    { type: 'radioGroup', stateKey: 'pick', testTag: 'pick', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
  ],
};

test('in a crowded row the fixed-size controls keep their size and their 48 dp touch targets; the text wraps', async () => {
  const nodes = await shown(phone().device, { type: 'column', style: { width: 'fill' }, children: [CROWDED_ROW] }, { on: true, pick: 'a' });
  const page = (phone().device as unknown as { page: Page }).page;
  const track = await page.evaluate(() => document.querySelector('.ps-switch-track')!.getBoundingClientRect().toJSON());
  assert.deepEqual([track.width, track.height], [52, 32]);
  assert.ok(byTag(nodes, 'count').bounds.width > 24, `"999+" keeps its width (${byTag(nodes, 'count').bounds.width})`);
  for (const option of ['pick.a', 'pick.b']) assert.ok(byTag(nodes, option).bounds.height >= 48, `${option} keeps its 48 dp target`);
  const label = byTag(nodes, 'label').bounds;
  const sync = byTag(nodes, 'sync').bounds;
  assert.ok(label.x + label.width <= sync.x, 'the text and the switch do not overlap');
  assert.ok(label.height > 20, 'the text wraps onto more lines');
});

test('in a full row of two long texts the first keeps most of its width and the last gives way, as Compose measures in order', async () => {
  const long = 'a text long enough to want the whole row to itself on a phone';
  const nodes = await shown(phone().device, { type: 'row', style: { width: 'fill' }, children: [{ type: 'text', text: `First, ${long}`, testTag: 'first' }, { type: 'text', text: `Second, ${long}`, testTag: 'second' }] });
  const [first, second] = [byTag(nodes, 'first').bounds, byTag(nodes, 'second').bounds];
  assert.ok(first.width > 3 * second.width, `the first text keeps its room (${first.width} vs ${second.width})`);
  assert.ok(first.x + first.width <= second.x + 0.5, 'side by side, not overlapping');
});

test('a tapped last child of a full row gives way too, and only a row\'s own children are marked for its shrink order', async () => {
  const long = 'a text long enough to want the whole row to itself on a phone';
  const nodes = await shown(phone().device, {
    type: 'column',
    children: [
      { type: 'row', style: { width: 'fill' }, children: [
        { type: 'text', text: `First, ${long}`, testTag: 'first' },
        { type: 'icon', name: 'star', testTag: 'star' },
        { type: 'text', text: `Tapped, ${long}`, testTag: 'tapped', onTap: [{ type: 'emit', name: 'tapped' }] },
      ] },
      { type: 'text', text: 'Below the row', testTag: 'below' },
    ],
  });
  const [first, tapped] = [byTag(nodes, 'first').bounds, byTag(nodes, 'tapped').bounds];
  assert.ok(first.width > 3 * tapped.width, `the first text keeps its room (${first.width} vs ${tapped.width})`);
  const page = (phone().device as unknown as { page: Page }).page;
  const marks = await page.evaluate(() => ({
    rowChildren: [...document.querySelectorAll('.ps-row > *')].map((element) => element.classList.contains('ps-in-row')),
    elsewhere: [...document.querySelectorAll('.ps-in-row')].filter((element) => !element.parentElement!.classList.contains('ps-row')).length,
  }));
  assert.deepEqual(marks, { rowChildren: [true, true, true], elsewhere: 0 });
});

const SHEET = {
  type: 'column',
  style: { width: 'fill', spacing: 8 },
  children: [
    { type: 'row', style: { spacing: 8 }, children: [{ type: 'button', label: 'Save changes', testTag: 'save' }, { type: 'chip', label: 'Filter', testTag: 'chip' }] },
    { type: 'segmentedButton', stateKey: 'period', testTag: 'period', options: [{ value: 'd', label: 'Daily' }, { value: 'w', label: 'Weekly' }, { value: 'm', label: 'Monthly' }] },
    { type: 'tabBar', stateKey: 'tab', testTag: 'tabs', items: [{ label: 'Overview' }, { label: 'Specifications' }, { label: 'Reviews' }] },
    { type: 'bottomNav', stateKey: 'nav', testTag: 'nav', items: [{ label: 'Home', icon: 'home' }, { label: 'Search everything', icon: 'search' }, { label: 'Library', icon: 'library_books' }, { label: 'Profile', icon: 'person' }] },
  ],
};

/** The boxes of every drawn text label under `selector`, in page coordinates. */
function labelBoxes(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }[]> {
  return page.evaluate((query) => [...document.querySelectorAll(query)].map((element) => element.getBoundingClientRect().toJSON()), selector);
}

function overlapping(boxes: { x: number; y: number; width: number; height: number }[]): boolean {
  return boxes.some((a, i) => boxes.slice(i + 1).some((b) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5));
}

test('at font scale 2 the button, chip, segments, tabs and bottom bar grow to their text, and no two labels overlap', async () => {
  const state = { period: 'd', tab: 0, nav: 0 };
  const normal = await shown(phone().device, SHEET, state);
  const scaled = await shown(large().device, SHEET, state);
  for (const tag of ['save', 'chip', 'period', 'tabs', 'nav']) {
    assert.ok(byTag(scaled, tag).bounds.height > byTag(normal, tag).bounds.height, `${tag} is taller at font scale 2 (${byTag(normal, tag).bounds.height} → ${byTag(scaled, tag).bounds.height})`);
  }
  const page = (large().device as unknown as { page: Page }).page;
  for (const selector of ['.ps-tabs .ps-nav-label', '.ps-bottom-nav .ps-nav-label', '.ps-segment > span']) {
    const boxes = await labelBoxes(page, selector);
    assert.ok(boxes.length >= 3 && !overlapping(boxes), `${selector}: ${JSON.stringify(boxes)}`);
  }
  const segments = await page.evaluate(() => [...document.querySelectorAll('.ps-segment')].map((segment) => segment.scrollHeight <= segment.clientHeight));
  assert.ok(segments.every(Boolean), 'no segment clips its label');
});

test("a divider's padding insets its line; a bottom bar draws behind the gesture area unless an ancestor took that inset", async () => {
  const { device } = phone();
  const page = (device as unknown as { page: Page }).page;
  await shown(device, { type: 'column', style: { width: 'fill', height: 'fill' }, children: [
    { type: 'divider', testTag: 'rule', style: { padding: { start: 16, end: 24 } } },
    { type: 'spacer', style: { weight: 1 } },
    { type: 'bottomNav', stateKey: 'nav', testTag: 'nav', items: [{ label: 'Home', icon: 'home' }, { label: 'Profile', icon: 'person' }] },
  ] }, { nav: 0 });
  const line = await page.evaluate(() => document.querySelector('.ps-divider-line')!.getBoundingClientRect().toJSON());
  assert.deepEqual([line.x, line.width, line.height], [16, SCREEN.width - 40, 1]);
  const bar = byTag((await device.observe()).hierarchy, 'nav').bounds;
  assert.equal(bar.y + bar.height, SCREEN.height, 'the bar reaches the screen edge');
  assert.equal(bar.height, 80 + SCREEN.systemBars.bottom, 'its items stay 80 dp above the gesture area');

  const padded = await shown(device, { type: 'column', style: { width: 'fill', height: 'fill' }, safeAreaPadding: { edges: ['bottom'], types: ['systemBars'] }, children: [
    { type: 'spacer', style: { weight: 1 } },
    { type: 'bottomNav', stateKey: 'nav', testTag: 'nav', items: [{ label: 'Home', icon: 'home' }, { label: 'Profile', icon: 'person' }] },
  ] }, { nav: 0 });
  const above = byTag(padded, 'nav').bounds;
  assert.deepEqual([above.y + above.height, above.height], [SCREEN.height - SCREEN.systemBars.bottom, 80]);
});

// Seed 001: "a weight takes exactly its share of a row/column main axis and beats that axis's size
// and bounds … content on an axis with no authored size (or wrap) is centred in the box a min
// bound grew …, while explicit width/height/fill keeps alignment."
test('a text leaf a min bound grew centres its glyphs in the grown box; an authored width keeps them at the start', async () => {
  const { device } = phone();
  await shown(device, { type: 'column', children: [
    { type: 'text', testTag: 'grownText', text: 'Hi', style: { minWidth: 200, minHeight: 80 } },
    { type: 'text', testTag: 'sizedText', text: 'Hi', style: { width: { dp: 200 }, minHeight: 80 } },
  ] });
  const page = (device as unknown as { page: Page }).page;
  const offsets = await page.evaluate(() => ['grownText', 'sizedText'].map((tag) => {
    const node = document.querySelector(`[data-testid="${tag}"]`)!;
    const range = document.createRange();
    range.selectNodeContents(node);
    const glyphs = range.getBoundingClientRect();
    const box = node.getBoundingClientRect();
    return { left: glyphs.left - box.left, right: box.right - glyphs.right, top: glyphs.top - box.top, bottom: box.bottom - glyphs.bottom };
  }));
  const [grown, sized] = offsets as [{ left: number; right: number; top: number; bottom: number }, { left: number; right: number; top: number; bottom: number }];
  assert.ok(grown.left > 50 && Math.abs(grown.left - grown.right) <= 1, `centred across: ${JSON.stringify(grown)}`);
  assert.ok(grown.top > 10 && Math.abs(grown.top - grown.bottom) <= 1, `centred down: ${JSON.stringify(grown)}`);
  assert.ok(sized.left < 1 && sized.right > 50, `an authored width keeps the start: ${JSON.stringify(sized)}`);
  assert.ok(Math.abs(sized.top - sized.bottom) <= 1, `the grown height still centres: ${JSON.stringify(sized)}`);
});

test('a weight beats its axis size and bounds; content is centred in the box a min bound grew, an authored size keeps alignment', async () => {
  const { device } = phone();
  const bar = (testTag: string, style: object) => ({ type: 'box', testTag, style: { height: { dp: 20 }, background: 'primary', ...style }, children: [] });
  const hierarchy = await shown(device, { type: 'column', children: [
    { type: 'row', style: { width: { dp: 400 } }, children: [bar('a', { weight: 1, width: { dp: 100 }, minWidth: 300, maxWidth: 50 }), bar('b', { weight: 1 })] },
    { type: 'column', style: { height: { dp: 300 } }, children: [
      { type: 'box', testTag: 'c', style: { weight: 1, height: { dp: 10 }, maxHeight: 20, width: { dp: 20 } }, children: [] },
      { type: 'box', testTag: 'd', style: { weight: 2, minHeight: 250, width: { dp: 20 } }, children: [] },
    ] },
    { type: 'box', testTag: 'grown', style: { minWidth: 200, minHeight: 100 }, children: [{ type: 'box', testTag: 'grown.inner', style: { width: { dp: 20 }, height: { dp: 10 } }, children: [] }] },
    { type: 'box', testTag: 'sized', style: { width: { dp: 200 }, minHeight: 100 }, children: [{ type: 'box', testTag: 'sized.inner', style: { width: { dp: 20 }, height: { dp: 10 } }, children: [] }] },
    { type: 'row', testTag: 'grownRow', style: { minWidth: 200, minHeight: 60 }, children: [{ type: 'box', testTag: 'grownRow.inner', style: { width: { dp: 20 }, height: { dp: 10 } }, children: [] }] },
  ] });
  const at = (tag: string) => byTag(hierarchy, tag).bounds;
  assert.deepEqual([at('a').width, at('b').width], [200, 200], 'equal weights share the row whatever a\'s width, min and max');
  assert.deepEqual([at('c').height, at('d').height], [100, 200], 'weights 1 and 2 share the column whatever the heights and bounds');
  const centred = (inner: string, outer: string) => [at(inner).x - at(outer).x, at(inner).y - at(outer).y];
  assert.deepEqual(centred('grown.inner', 'grown'), [90, 45], 'centred on both grown axes');
  assert.deepEqual(centred('sized.inner', 'sized'), [0, 45], 'the authored width keeps the start; the grown height centres');
  assert.deepEqual(centred('grownRow.inner', 'grownRow'), [90, 25], 'a row grown by its min bounds centres its content too');
});
