// Pager options, state binding and indicator dots, and the carousel, in Chromium: what each
// option puts in view (and so in observe), a vertical pager's swipe, a tab bar and a pager sharing
// one state key, and a carousel's fixed-width items scrolled into view.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import type { WebDevice } from '../../src/device/web-device.ts';
import { byTag, differingPixels, useDevice, validSpec } from './helpers.ts';

const phone = useDevice();
const pages = (count: number) => Array.from({ length: count }, (_, index) => ({ type: 'box', testTag: `page${index}`, style: { width: 'fill', height: 'fill', background: 'secondaryContainer' }, children: [{ type: 'text', text: `Page ${index}` }] }));

async function show(device: WebDevice, root: unknown, state: Record<string, unknown> = {}): Promise<HierarchyNode[]> {
  const spec = validSpec({ id: 'pagers', window: { placement: { type: 'fullscreen' } }, motion: 'none', state, root: { type: 'column', style: { width: { dp: 400 } }, children: [root] } });
  assert.ok(((await device.show(spec, { reset: true })) as { ok: boolean }).ok);
  return (await device.observe()).hierarchy;
}

const tags = (hierarchy: HierarchyNode[]) => hierarchy.map((node) => node.testTag).filter((tag) => /^(page|item)\d/.test(tag ?? ''));

test('peek and pageSpacing: the current page starts after the start peek and the next one shows at the end, so both are observed', async () => {
  const hierarchy = await show(phone().device, { type: 'pager', id: 'p', testTag: 'pager', peek: { start: 24, end: 48 }, pageSpacing: 8, style: { height: { dp: 200 } }, children: pages(3) });
  assert.deepEqual(tags(hierarchy), ['page0', 'page1']);
  const [first, second] = [byTag(hierarchy, 'page0').bounds, byTag(hierarchy, 'page1').bounds];
  assert.deepEqual([first.x, first.width, second.x], [24, 400 - 72, 24 + 328 + 8]);
});

test('a fixed pageSize shows as many pages as fit; a plain pager shows only its current page', async () => {
  const fixed = await show(phone().device, { type: 'pager', id: 'p', pageSize: { dp: 150 }, style: { height: { dp: 100 } }, children: pages(4) });
  assert.deepEqual(tags(fixed), ['page0', 'page1', 'page2']);
  const plain = await show(phone().device, { type: 'pager', id: 'p', style: { height: { dp: 100 } }, children: pages(3) });
  assert.deepEqual(tags(plain), ['page0']);
});

test('a vertical pager settles on the next page after a swipe up', async () => {
  const { device, log } = phone();
  await show(device, { type: 'pager', id: 'p', testTag: 'pager', axis: 'vertical', style: { height: { dp: 300 } }, children: pages(3) });
  const since = log.events.length;
  assert.ok((await device.swipe('up', 'pager')).ok);
  const changed = await log.next((event) => event.kind === 'page_changed', since);
  assert.equal(changed.payload, 1);
  assert.deepEqual(tags((await device.observe()).hierarchy), ['page1']);
});

test('a pager and a tab bar on one state key: the tab moves the pager, a swipe writes the key and the tab follows', async () => {
  const { device, log } = phone();
  await show(device, {
    type: 'column', children: [
      { type: 'tabBar', testTag: 'tabs', stateKey: 'tab', items: [{ label: 'A' }, { label: 'B' }, { label: 'C' }] },
      { type: 'pager', id: 'p', testTag: 'pager', stateKey: 'tab', style: { height: { dp: 300 } }, children: pages(3) },
    ],
  }, { tab: 1 });
  assert.deepEqual(tags((await device.observe()).hierarchy), ['page1'], 'the state picks the first page');
  assert.ok((await device.tap({ testTag: 'tabs.2' })).ok);
  await device.settled();
  assert.deepEqual(tags((await device.observe()).hierarchy), ['page2']);
  const since = log.events.length;
  assert.ok((await device.swipe('right', 'pager')).ok);
  await log.next((event) => event.kind === 'change', since);
  assert.deepEqual(log.events.slice(since).map((event) => [event.kind, event.payload]), [['page_changed', 1], ['change', { key: 'tab', value: 1 }]]);
  const after = (await device.observe()).hierarchy;
  assert.equal(byTag(after, 'tabs.1').selected, true);
});

test('indicator dots are drawn below the pages, and are not in the hierarchy', async () => {
  const { device } = phone();
  const root = (indicator?: string) => ({ type: 'pager', id: 'p', testTag: 'pager', ...(indicator ? { indicator } : {}), style: { height: { dp: 200 } }, children: pages(3) });
  const plain = await show(device, root());
  const plainShot = (await device.observe()).screenshot;
  const dotted = await show(device, root('dots'));
  assert.ok(differingPixels((await device.observe()).screenshot, plainShot) > 50, 'the dots are drawn');
  assert.equal(dotted.length, plain.length, 'no node more for the dots');
  assert.ok(byTag(dotted, 'page0').bounds.height < 200, 'the pages leave room for the dots');
});

test('a carousel draws itemWidth items itemSpacing apart; a swipe brings the next ones into view', async () => {
  const { device } = phone();
  const items = Array.from({ length: 6 }, (_, index) => ({ type: 'box', testTag: `item${index}`, style: { width: 'fill', height: { dp: 120 }, background: 'tertiaryContainer' }, children: [] }));
  const before = await show(device, { type: 'carousel', testTag: 'carousel', itemWidth: 180, itemSpacing: 12, children: items });
  assert.deepEqual(tags(before), ['item0', 'item1', 'item2']);
  assert.deepEqual([byTag(before, 'item0').bounds.width, byTag(before, 'item1').bounds.x - byTag(before, 'item0').bounds.x], [180, 192]);
  assert.ok((await device.swipe('left', 'carousel')).ok);
  await new Promise((resolve) => setTimeout(resolve, 600));
  const after = tags((await device.observe()).hierarchy);
  assert.ok(after.includes('item3') && !after.includes('item0'), JSON.stringify(after));
});
