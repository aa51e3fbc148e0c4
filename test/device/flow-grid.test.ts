// flow and grid in Chromium: where each child lands (lines, rows, spans, gaps), maxLines, a
// minWidth grid recounting its columns when the window changes size, and RTL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import type { WebDevice } from '../../src/device/web-device.ts';
import { byTag, useDevices, validSpec } from './helpers.ts';

const devices = useDevices({}, { rtl: true }, { profile: 'tablet' });
const [phone, rtlPhone, tablet] = [0, 1, 2].map((index) => () => devices()[index]!);

const block = (testTag: string, width: number, extra: Record<string, unknown> = {}) => ({ type: 'box', testTag, style: { width: { dp: width }, height: { dp: 40 }, background: 'primaryContainer' }, children: [], ...extra });
const cell = (testTag: string, extra: Record<string, unknown> = {}) => ({ type: 'box', testTag, style: { width: 'fill', height: { dp: 40 }, background: 'secondaryContainer' }, children: [], ...extra });

async function show(device: WebDevice, root: unknown): Promise<HierarchyNode[]> {
  const shown = (await device.show(validSpec({ id: 'layout', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', style: { width: { dp: 400 } }, children: [root] } }), { reset: true })) as { ok: boolean };
  assert.ok(shown.ok);
  return (await device.observe()).hierarchy;
}

const box = (hierarchy: HierarchyNode[], tag: string) => byTag(hierarchy, tag).bounds;

test('a flow wraps onto a new line where the next child does not fit, with spacing between items and runSpacing between lines', async () => {
  const hierarchy = await show(phone().device, {
    type: 'flow', testTag: 'flow', style: { spacing: 10, runSpacing: 6 },
    children: [block('a', 150), block('b', 150), block('c', 150), block('d', 80)],
  });
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((tag) => box(hierarchy, tag));
  const flow = box(hierarchy, 'flow');
  assert.deepEqual([a!.x - flow.x, b!.x - a!.x, b!.y], [0, 160, a!.y], 'a and b share the first line, 10 dp apart');
  assert.deepEqual([c!.x, c!.y - a!.y, d!.x - c!.x, d!.y], [a!.x, 46, 160, c!.y], 'c starts the second line 6 dp below; d follows it');
});

test('maxLines clips the flow after that many lines; what is past it is not drawn', async () => {
  const hierarchy = await show(phone().device, {
    type: 'flow', testTag: 'flow', maxLines: 1, style: { spacing: 10 },
    children: [block('a', 150), block('b', 150), block('c', 150)],
  });
  assert.equal(box(hierarchy, 'flow').height, 40);
  assert.deepEqual(hierarchy.filter((node) => node.testTag === 'c'), []);
});

test('a grid of 3 columns: equal columns, spacing both ways, a span of 2, a span that does not fit starts the next row', async () => {
  const hierarchy = await show(phone().device, {
    type: 'grid', testTag: 'grid', columns: 3, style: { spacing: 8 },
    children: [cell('a'), cell('b', { span: 2 }), cell('c', { span: 2 }), cell('d', { span: 2 })],
  });
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((tag) => box(hierarchy, tag));
  assert.equal(box(hierarchy, 'grid').width, 400, 'a grid fills its parent');
  assert.equal(Math.round(a!.width * 100) / 100, Math.round(((400 - 16) / 3) * 100) / 100);
  assert.deepEqual([Math.round(b!.x - a!.x - a!.width), b!.y, Math.round(b!.width)], [8, a!.y, Math.round(a!.width * 2 + 8)]);
  assert.deepEqual([c!.x, c!.y - a!.y], [a!.x, 48], 'c spans 2: it starts row two');
  assert.deepEqual([d!.x, d!.y - c!.y], [a!.x, 48], 'd spans 2 and one column is left: row three');
});

// Seed 001: "Optional integer span >= 1 is valid only on a direct grid child and cannot exceed fixed
// columns; the renderer clamps to the runtime count." With minWidth columns any span is valid.
test('a minWidth grid fits as many columns as it can, clamps spans to them, and recounts in a wider window', async () => {
  const root = { type: 'grid', testTag: 'grid', columns: { minWidth: 120 }, style: { spacing: 10, runSpacing: 4, width: 'fill' }, children: [cell('wide', { span: 40 }), cell('a'), cell('b'), cell('c'), cell('d')] };
  const narrow = await show(phone().device, root);
  const [wide, a, b, c, d] = ['wide', 'a', 'b', 'c', 'd'].map((tag) => box(narrow, tag));
  assert.ok(Math.abs(wide!.width - 400) < 0.1, `span 40 clamped to the 3 columns that fit in 400 dp, got ${wide!.width}`);
  assert.deepEqual([a!.y - wide!.y, b!.y, c!.y, d!.y - a!.y, d!.x], [44, a!.y, a!.y, 44, a!.x], 'three columns: d wraps to the next row');
  const shown = (await tablet().device.show(validSpec({ id: 'layout', window: { placement: { type: 'fullscreen' } }, root }), { reset: true })) as { ok: boolean };
  assert.ok(shown.ok);
  const wider = (await tablet().device.observe()).hierarchy;
  assert.equal(box(wider, 'd').y, box(wider, 'a').y, 'the tablet fits all four in one row');
});

test('in RTL a flow and a grid start at the right', async () => {
  const hierarchy = await show(rtlPhone().device, {
    type: 'column', children: [
      { type: 'flow', testTag: 'flow', children: [block('a', 100), block('b', 100)] },
      { type: 'grid', testTag: 'grid', columns: 2, children: [cell('c'), cell('d')] },
    ],
  });
  const flow = box(hierarchy, 'flow');
  assert.ok(box(hierarchy, 'a').x > box(hierarchy, 'b').x && box(hierarchy, 'a').x + 100 === flow.x + flow.width, 'a is the rightmost');
  assert.ok(box(hierarchy, 'c').x > box(hierarchy, 'd').x);
});
