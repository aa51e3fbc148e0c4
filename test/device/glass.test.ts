// Glass and scroll edges on the real web device: a glass surface blurs its backdrop (a capsule
// without a corner radius), an interactive one gives under a press; a scroll's soft edge effect
// fades its end edge 24 dp while there is more to scroll, and authored fadeEdges win over it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { byTag, useDevice, validSpec } from './helpers.ts';
import { readExample } from '../examples/examples.ts';

const open = useDevice();
const page = () => (open().device as unknown as { page: Page }).page;
const style = (testTag: string, property: string) => page().evaluate(([tag, name]) => getComputedStyle(document.querySelector(`[data-testid="${tag}"]`)!).getPropertyValue(name), [testTag, property] as const);

test('a glass toolbar blurs what is behind it, is a capsule, and gives under a press', async () => {
  const { device } = open();
  await device.show(validSpec(readExample('style-sheet.json')), { reset: true });
  await device.settled();
  assert.equal(await style('sheet_toolbar', 'backdrop-filter'), 'blur(16px) saturate(1.8)');
  assert.equal(await style('sheet_toolbar', 'border-top-left-radius'), '9999px');
  const toolbar = byTag(await device.hierarchy(), 'sheet_toolbar').bounds;
  await page().mouse.move(toolbar.x + toolbar.width / 2, toolbar.y + toolbar.height / 2);
  await page().mouse.down();
  try {
    assert.equal(await style('sheet_toolbar', 'scale'), '0.97');
  } finally {
    await page().mouse.up();
    await page().mouse.move(-1, -1);
  }
});

test('a soft edge effect fades the edge with more content 24 dp; authored fadeEdges win', async () => {
  const { device } = open();
  const chips = (extra: object) => ({
    type: 'scroll', axis: 'horizontal', testTag: 'chips', ...extra,
    child: { type: 'row', style: { spacing: 8 }, children: Array.from({ length: 12 }, (_, i) => ({ type: 'chip', label: `Chip ${i}` })) },
  });
  const show = async (extra: object) => {
    await device.show(validSpec({ id: 'edges', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', style: { padding: { top: 80, start: 0, end: 0, bottom: 0 } }, children: [chips(extra)] } }), { reset: true });
    await device.settled();
    return style('chips', 'mask-image');
  };
  assert.match(await show({ edgeEffect: 'soft' }), /calc\(100% - 24px\)/);
  assert.match(await show({ edgeEffect: 'hard' }), /calc\(100% - 8px\)/);
  assert.match(await show({ edgeEffect: 'soft', fadeEdges: 40 }), /calc\(100% - 40px\)/);
  assert.equal(await show({ edgeEffect: 'none' }), 'none');
});
