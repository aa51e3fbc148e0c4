// End to end in Chromium, one test per layout and display node type: show → observe shows the node
// by testTag with its role and state → a real tap or swipe → the next observe shows the change and
// the change / page_changed event arrived.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { solidPng } from './pictures.ts';
import { centreOf, type HierarchyNode } from '../../src/device/hierarchy.ts';
import { byTag, useDevice, validSpec } from './helpers.ts';

const phone = useDevice();

/** A fullscreen prototype holding `node` above a status text that shows the `status` key. */
function probeSpec(id: string, node: object, state: Record<string, string | number | boolean> = {}): unknown {
  return validSpec({
    id,
    window: { placement: { type: 'fullscreen' } },
    state: { status: 'idle', ...state },
    root: {
      type: 'column',
      safeAreaPadding: { edges: ['top'], types: ['systemBars'] },
      children: [node, { type: 'text', text: 'status: {status}', testTag: 'status' }],
    },
  });
}

const TAPPED = [{ type: 'setState', key: 'status', value: 'tapped' }];

/** Shows the probe, taps `testTag` with a real touch, and checks the change event and the status text. */
async function tapChangesStatus(testTag: string): Promise<HierarchyNode[]> {
  const { device, log } = phone();
  const before = await device.observe();
  assert.equal(byTag(before.hierarchy, 'status').text, 'status: idle');
  const since = log.events.length;
  const tapped = await device.tap({ testTag });
  assert.ok(tapped.ok, tapped.ok ? '' : tapped.message);
  const change = await log.next((event) => event.kind === 'change', since);
  assert.deepEqual(change.payload, { key: 'status', value: 'tapped' });
  assert.equal(change.state.status, 'tapped');
  const afterTap = await device.observe();
  assert.equal(byTag(afterTap.hierarchy, 'status').text, 'status: tapped');
  return before.hierarchy;
}

for (const type of ['box', 'row', 'column'] as const) {
  test(`${type}: a tappable container reports its bounds and runs onTap`, async () => {
    await phone().device.show(probeSpec(`layout-${type}`, {
      type,
      testTag: 'container',
      style: { width: { dp: 200 }, height: { dp: 80 }, background: 'primaryContainer' },
      onTap: TAPPED,
      children: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }],
    }));
    const hierarchy = await tapChangesStatus('container');
    const container = byTag(hierarchy, 'container');
    assert.equal(container.layer, 'prototype');
    assert.equal(Math.round(container.bounds.width), 200);
    assert.equal(Math.round(container.bounds.height), 80);
  });
}

test('text: reports its text and runs onTap', async () => {
  await phone().device.show(probeSpec('layout-text', { type: 'text', text: 'Hello', testTag: 'hello', onTap: TAPPED }));
  const hierarchy = await tapChangesStatus('hello');
  assert.equal(byTag(hierarchy, 'hello').text, 'Hello');
});

test('icon: labelled by its name when tappable and runs onTap', async () => {
  await phone().device.show(probeSpec('layout-icon', { type: 'icon', name: 'favorite', testTag: 'heart', onTap: TAPPED }));
  const hierarchy = await tapChangesStatus('heart');
  const icon = byTag(hierarchy, 'heart');
  assert.equal(icon.text, 'favorite');
  assert.equal(Math.round(icon.bounds.width), 24, 'accessibility bounds are the drawn area');
});

test('icon: a touch just outside the drawn glyph lands in its 48 dp touch target', async () => {
  const { device, log } = phone();
  await device.show(probeSpec('layout-icon-target', { type: 'icon', name: 'favorite', testTag: 'heart', onTap: TAPPED }));
  const icon = byTag((await device.observe()).hierarchy, 'heart');
  const since = log.events.length;
  const centre = centreOf(icon.bounds);
  assert.ok((await device.tap({ x: centre.x, y: icon.bounds.y + icon.bounds.height + 8 })).ok);
  assert.deepEqual((await log.next((event) => event.kind === 'change', since)).payload, { key: 'status', value: 'tapped' });
});

test('image: shown without its asset (placeholder) and tappable', async () => {
  await phone().device.show(probeSpec('layout-image', {
    type: 'image', asset: 'missing-photo', contentDescription: 'Photo', testTag: 'photo',
    style: { width: { dp: 120 }, height: { dp: 90 } }, onTap: TAPPED,
  }));
  const hierarchy = await tapChangesStatus('photo');
  assert.equal(byTag(hierarchy, 'photo').text, 'Photo');
});

test('image: an uploaded asset is drawn in place of the placeholder', async () => {
  const { device } = phone();
  await device.putAsset('red', 'image/png', solidPng([255, 0, 0]));
  try {
    await device.show(probeSpec('layout-image-asset', {
      type: 'image', asset: 'red', contentDescription: 'Red', testTag: 'red', contentScale: 'crop',
      style: { width: { dp: 100 }, height: { dp: 100 } },
    }));
    const { hierarchy, screenshot } = await device.observe();
    const image = byTag(hierarchy, 'red');
    assert.equal(image.text, 'Red');
    const centre = centreOf(image.bounds);
    const png = PNG.sync.read(screenshot);
    const offset = (Math.round(centre.y) * png.width + Math.round(centre.x)) * 4;
    assert.deepEqual([...png.data.subarray(offset, offset + 3)], [255, 0, 0]);
  } finally {
    await device.removeAsset('red');
  }
});

test('spacer: takes its size and runs onTap', async () => {
  await phone().device.show(probeSpec('layout-spacer', {
    type: 'spacer', testTag: 'gap', style: { width: { dp: 160 }, height: { dp: 64 } }, onTap: TAPPED,
  }));
  const hierarchy = await tapChangesStatus('gap');
  assert.equal(Math.round(byTag(hierarchy, 'gap').bounds.width), 160);
});

test('divider: reported when tagged, runs onTap', async () => {
  await phone().device.show(probeSpec('layout-divider', { type: 'divider', testTag: 'rule', onTap: TAPPED }));
  await tapChangesStatus('rule');
});

test('badge: reads as its text and runs onTap', async () => {
  await phone().device.show(probeSpec('layout-badge', { type: 'badge', text: '3', testTag: 'count', onTap: TAPPED }));
  const hierarchy = await tapChangesStatus('count');
  assert.equal(byTag(hierarchy, 'count').text, '3');
});

test('card: a clickable container of its children', async () => {
  await phone().device.show(probeSpec('layout-card', {
    type: 'card', variant: 'outlined', testTag: 'card', onTap: TAPPED,
    children: [{ type: 'text', text: 'Card title' }],
  }));
  const hierarchy = await tapChangesStatus('card');
  assert.equal(byTag(hierarchy, 'card').role, 'Button');
});

test('scroll: a vertical swipe moves far content into view', async () => {
  const { device } = phone();
  const rows = Array.from({ length: 30 }, (_, index) => ({ type: 'text', text: `Row ${index}`, style: { height: { dp: 64 } } }));
  await device.show(probeSpec('layout-scroll-v', {
    type: 'scroll', testTag: 'list', style: { height: { dp: 600 } },
    child: { type: 'column', children: [...rows, { type: 'button', label: 'End', testTag: 'end', onTap: TAPPED }] },
  }));
  const start = await device.observe();
  assert.ok(!start.hierarchy.some((node) => node.testTag === 'end'), 'the end button starts scrolled out of view');
  const list = byTag(start.hierarchy, 'list').bounds;
  for (let swipes = 0; swipes < 6; swipes++) assert.ok((await device.swipe('up', 'list')).ok);
  const moved = await device.observe();
  const endAfter = byTag(moved.hierarchy, 'end');
  assert.ok(endAfter.bounds.y + endAfter.bounds.height <= list.y + list.height, `the end button moved into the list's viewport: ${JSON.stringify(endAfter.bounds)}`);
  await tapChangesStatus('end');
});

test('scroll: a horizontal swipe scrolls sideways', async () => {
  const { device } = phone();
  const chips = Array.from({ length: 12 }, (_, index) => ({ type: 'text', text: `Item ${index}`, style: { width: { dp: 100 } } }));
  await device.show(probeSpec('layout-scroll-h', {
    type: 'scroll', axis: 'horizontal', testTag: 'strip', style: { width: 'fill' },
    child: { type: 'row', children: [...chips, { type: 'button', label: 'Last', testTag: 'last', onTap: TAPPED }] },
  }));
  const start = (await device.observe()).hierarchy;
  assert.ok(!start.some((node) => node.testTag === 'last'), 'the last item starts scrolled out of view');
  for (let swipes = 0; swipes < 4; swipes++) assert.ok((await device.swipe('left', 'strip')).ok);
  const after = byTag((await device.observe()).hierarchy, 'last');
  assert.ok(after.bounds.x + after.bounds.width <= 412, `the last item moved into view: ${JSON.stringify(after.bounds)}`);
  await tapChangesStatus('last');
});

test('pager: a swipe settles on the next page and reports page_changed', async () => {
  const { device, log } = phone();
  await device.show(probeSpec('layout-pager', {
    type: 'pager', id: 'pages', testTag: 'pager', style: { height: { dp: 300 } },
    children: [
      { type: 'text', text: 'First {page}/{pageCount}', testTag: 'first' },
      { type: 'text', text: 'Second {page}/{pageCount}', testTag: 'second' },
    ],
  }));
  const start = await device.observe();
  assert.equal(byTag(start.hierarchy, 'first').text, 'First 1/2');
  const since = log.events.length;
  assert.ok((await device.swipe('left', 'pager')).ok);
  const changed = await log.next((event) => event.kind === 'page_changed', since);
  assert.equal(changed.name, 'pages');
  assert.equal(changed.payload, 1);
  assert.equal(changed.pages.pages, 1);
  const settled = await device.observe();
  const second = byTag(settled.hierarchy, 'second');
  const pager = byTag(settled.hierarchy, 'pager');
  const centre = centreOf(second.bounds);
  assert.ok(centre.x > pager.bounds.x && centre.x < pager.bounds.x + pager.bounds.width, 'the second page is in view');
});

const GESTURES = {
  type: 'card', testTag: 'outer', onTap: [{ type: 'setState', key: 'status', value: 'outer tap' }],
  children: [
    {
      type: 'text', text: 'Hold or double tap me', testTag: 'both',
      onLongPress: [{ type: 'setState', key: 'status', value: 'long press' }],
      onDoubleTap: [{ type: 'setState', key: 'status', value: 'double tap' }],
    },
    { type: 'icon', name: 'favorite', testTag: 'held', style: { width: { dp: 48 }, height: { dp: 48 } }, onLongPress: [{ type: 'setState', key: 'status', value: 'held' }] },
  ],
};

/** The status a gesture on `testTag` leads to (its change event, waited for). */
async function statusAfter(testTag: string, action: 'tap' | 'longPress' | 'doubleTap'): Promise<unknown> {
  const { device, log } = phone();
  const since = log.events.length;
  const pressed = await device.tap({ testTag }, action);
  assert.ok(pressed.ok, pressed.ok ? '' : pressed.message);
  return (await log.next((event) => event.kind === 'change', since)).state.status;
}

test('gestures: a long press and a double tap run their lists; a single tap a node does not take reaches the card after the double-tap wait', async () => {
  const { device } = phone();
  await device.show(probeSpec('gestures', GESTURES));
  const nodes = (await device.observe()).hierarchy;
  assert.deepEqual(byTag(nodes, 'both').actions, ['longPress', 'doubleTap']);
  assert.deepEqual(byTag(nodes, 'held').actions, ['longPress']);
  assert.equal(byTag(nodes, 'outer').actions, undefined);
  assert.equal(await statusAfter('both', 'longPress'), 'long press');
  assert.equal(await statusAfter('both', 'doubleTap'), 'double tap');
  assert.equal(await statusAfter('both', 'tap'), 'outer tap', 'one tap on a node without onTap goes on to the card');
  await device.show(probeSpec('gestures', GESTURES), { reset: true });
  assert.equal(await statusAfter('held', 'tap'), 'outer tap', 'a long-press-only node does not swallow a tap');
  assert.equal(await statusAfter('held', 'longPress'), 'held');
  assert.equal(byTag((await device.observe()).hierarchy, 'status').text, 'status: held', 'the long press was not also a tap on the card');
});

test('semantics: a heading, a relabelled and hinted button, a live region, traits, and a group read as one node', async () => {
  const { device } = phone();
  await device.show(probeSpec('semantics', {
    type: 'column', children: [
      { type: 'text', text: 'Orders', testTag: 'title', semantics: { heading: true } },
      { type: 'button', label: 'X', testTag: 'close', semantics: { label: 'Close orders', hint: 'Goes back to the shop' } },
      { type: 'text', text: '3 items', testTag: 'count', semantics: { liveRegion: 'polite', traits: ['summary', 'selected'] } },
      { type: 'row', testTag: 'card', semantics: { group: true }, children: [{ type: 'text', text: 'Fern', testTag: 'name' }, { type: 'text', text: '€12', testTag: 'price' }] },
      { type: 'icon', name: 'star', testTag: 'rating', semantics: { traits: ['image', 'notEnabled'], label: 'Four stars' } },
    ],
  }));
  const nodes = (await device.observe()).hierarchy;
  assert.equal(byTag(nodes, 'title').role, 'Heading');
  assert.deepEqual([byTag(nodes, 'close').text, byTag(nodes, 'close').role, byTag(nodes, 'close').hint], ['Close orders', 'Button', 'Goes back to the shop']);
  assert.deepEqual([byTag(nodes, 'count').liveRegion, byTag(nodes, 'count').traits, byTag(nodes, 'count').selected], ['polite', ['summary', 'selected'], true]);
  assert.equal(byTag(nodes, 'card').text, 'Fern, €12', 'a group reads as its contents');
  assert.ok(!nodes.some((node) => node.testTag === 'name' || node.testTag === 'price'), 'the nodes inside a group are the group\'s');
  assert.deepEqual([byTag(nodes, 'rating').role, byTag(nodes, 'rating').text, byTag(nodes, 'rating').enabled], ['Image', 'Four stars', false]);
});

test('rich text: spans draw in their styles and observe as one text; tapOn by a span\'s text runs only that span\'s actions', async () => {
  const { device, log } = phone();
  await device.show(probeSpec('rich', {
    type: 'text', testTag: 'terms', onTap: [{ type: 'setState', key: 'status', value: 'text tapped' }],
    spans: [
      { text: 'I agree to the ' },
      { text: 'terms', style: { fontWeight: 700 }, onTap: [{ type: 'setState', key: 'status', value: 'terms opened' }] },
      { text: ' and the ', style: { fontStyle: 'italic' } },
      { text: 'privacy policy', onTap: [{ type: 'setState', key: 'status', value: 'privacy opened' }] },
    ],
  }));
  const nodes = (await device.observe()).hierarchy;
  assert.equal(byTag(nodes, 'terms').text, 'I agree to the terms and the privacy policy');
  assert.ok(!nodes.some((node) => node.text === 'terms'), 'a span is no accessibility node of its own');
  const since = log.events.length;
  const tapped = await device.tap({ text: 'privacy policy' });
  assert.ok(tapped.ok, tapped.ok ? '' : tapped.message);
  assert.equal((await log.next((event) => event.kind === 'change', since)).state.status, 'privacy opened');
  assert.equal(log.events.slice(since).length, 1, 'the text\'s own onTap did not run too');
  const text = byTag(nodes, 'terms').bounds;
  const before = log.events.length;
  assert.ok((await device.tap({ x: text.x + 4, y: text.y + text.height / 2 })).ok);
  assert.equal((await log.next((event) => event.kind === 'change', before)).state.status, 'text tapped', 'the rest of the text runs the text\'s onTap');
});
