// End to end in Chromium: how the web device lays out and reports what a phone's window would —
// scroll viewports bounded by their parents, sheets dragged by their content, insets of floating
// windows, anchored nodes inside modals, and accessibility bounds clipped to what is on screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import { DEVICE_PROFILES } from '../../src/device/profiles.ts';
import { byTag, readValidFixture, useDevice, validSpec, within } from './helpers.ts';

const phone = useDevice();
const SCREEN = { x: 0, y: 0, width: 412, height: 915 };

async function observe(): Promise<HierarchyNode[]> {
  return (await phone().device.observe()).hierarchy;
}

test('worked example 2: the horizontal choices scroll is bounded by its column and a swipe moves the choices', async () => {
  // The seed's example verbatim, with more choices than the window is wide.
  const spec = readValidFixture('doc-example-2.json') as { root: { children: [{ testTag?: string; child: { children: object[] } }] } };
  const choices = spec.root.children[0];
  choices.testTag = 'choices';
  for (let index = 0; index < 8; index++) {
    choices.child.children.push({ type: 'text', text: `Choice ${index}`, testTag: `choice.${index}`, style: { padding: { start: 16, end: 16 } } });
  }
  await phone().device.show(validSpec(spec));
  const before = await observe();
  const scroll = byTag(before, 'choices');
  assert.ok(within(scroll.bounds, SCREEN), `the scroll fits in the window: ${JSON.stringify(scroll.bounds)}`);
  assert.equal(scroll.bounds.width, SCREEN.width, 'a scroll whose content overflows takes the width its column allows');
  const far = before.find((node) => node.testTag === 'choice.4');
  assert.ok(far === undefined || far.bounds.x >= SCREEN.width, `choice 4 starts out of view: ${JSON.stringify(far?.bounds)}`);
  assert.ok((await phone().device.swipe('left', 'choices')).ok);
  const after = await observe();
  assert.deepEqual(byTag(after, 'choices').bounds, scroll.bounds, 'the viewport stays where it is');
  const scrolledIn = byTag(after, 'choice.4').bounds;
  assert.ok(within(scrolledIn, SCREEN), `the swipe moved choice 4 into view: ${JSON.stringify(scrolledIn)}`);
});

for (const parent of ['column', 'row', 'box', 'card'] as const) {
  test(`a vertical scroll inside a ${parent} inside a column is bounded by the window and scrolls`, async () => {
    const rows = Array.from({ length: 30 }, (_, index) => ({ type: 'text', text: `Row ${index}`, testTag: `row.${index}`, style: { height: { dp: 48 } } }));
    await phone().device.show(validSpec({
      id: `scroll-in-${parent}`,
      window: { placement: { type: 'fullscreen' } },
      root: {
        type: 'column',
        children: [
          { type: 'text', text: 'Heading' },
          { type: parent, children: [{ type: 'scroll', testTag: 'list', child: { type: 'column', children: rows } }] },
        ],
      },
    }));
    const before = await observe();
    const list = byTag(before, 'list').bounds;
    assert.ok(within(list, SCREEN), `the scroll fits the window: ${JSON.stringify(list)}`);
    assert.ok(list.height > 600, `it takes the height its ${parent} is given: ${list.height}`);
    const first = byTag(before, 'row.1').bounds;
    assert.ok((await phone().device.swipe('up', 'list')).ok);
    const moved = (await observe()).find((node) => node.testTag === 'row.1')?.bounds;
    assert.ok(moved === undefined || moved.y < first.y - 100, `a swipe scrolled the rows: ${JSON.stringify(first)} → ${JSON.stringify(moved)}`);
  });
}

/** A fullscreen page with a button that opens a bottom sheet holding `child`. */
async function showSheet(id: string, detents: unknown[], child: object): Promise<void> {
  await phone().device.show(validSpec({
    id,
    window: { placement: { type: 'fullscreen' } },
    state: { details: false, status: 'idle' },
    root: {
      type: 'column',
      children: [
        { type: 'button', label: 'Details', testTag: 'open', onTap: [{ type: 'setState', key: 'details', value: true }] },
        { type: 'bottomSheet', testTag: 'sheet', openWhen: { key: 'details', equals: true }, detents, child },
      ],
    },
  }));
  assert.ok((await phone().device.tap({ testTag: 'open' })).ok);
}

function strip(testTag: string): object {
  const items = Array.from({ length: 10 }, (_, index) => ({ type: 'text', text: `Tile ${index}`, testTag: `${testTag}.${index}`, style: { width: { dp: 96 } } }));
  return { type: 'scroll', axis: 'horizontal', testTag, child: { type: 'row', children: items } };
}

test('bottomSheet: its content takes taps and sideways scrolls, and a downward drag on the content dismisses it', async () => {
  const { device, log } = phone();
  await showSheet('sheet-content-drag', ['half'], {
    type: 'column',
    children: [
      { type: 'text', text: 'Sheet body', testTag: 'body' },
      { type: 'button', label: 'Act', testTag: 'act', onTap: [{ type: 'setState', key: 'status', value: 'acted' }] },
      strip('strip'),
    ],
  });
  const opened = await observe();
  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'act' })).ok);
  assert.deepEqual((await log.next((event) => event.kind === 'change', since)).payload, { key: 'status', value: 'acted' });

  const tileBefore = byTag(opened, 'strip.1').bounds;
  assert.ok((await device.swipe('left', 'strip')).ok);
  const swiped = await observe();
  assert.deepEqual(byTag(swiped, 'sheet').bounds, byTag(opened, 'sheet').bounds, 'a sideways drag does not move the sheet');
  const tileAfter = swiped.find((node) => node.testTag === 'strip.1')?.bounds;
  assert.ok(tileAfter === undefined || tileAfter.x < tileBefore.x - 100, `the strip scrolled: ${JSON.stringify(tileBefore)} → ${JSON.stringify(tileAfter)}`);
  assert.ok(!log.events.slice(since).some((event) => event.kind === 'change' && (event.payload as { key?: string }).key === 'details'));

  const beforeDrag = log.events.length;
  assert.ok((await device.swipe('down', 'body')).ok);
  assert.deepEqual((await log.next((event) => event.kind === 'change', beforeDrag)).payload, { key: 'details', value: false });
  assert.ok(!(await observe()).some((node) => node.testTag === 'body'));
});

test('bottomSheet: an upward drag on a scroll inside raises the sheet to its next detent, then scrolls; a downward drag scrolls back first', async () => {
  const { device } = phone();
  const rows = Array.from({ length: 40 }, (_, index) => ({ type: 'text', text: `Row ${index}`, testTag: `row.${index}`, style: { height: { dp: 48 } } }));
  await showSheet('sheet-nested-scroll', ['half', 'full'], { type: 'scroll', testTag: 'rows', child: { type: 'column', children: rows } });
  const half = byTag(await observe(), 'sheet').bounds;
  assert.ok((await device.swipe('up', 'row.1')).ok);
  const raised = await observe();
  const full = byTag(raised, 'sheet').bounds;
  assert.ok(full.height > half.height + 200, `the sheet rose from ${half.height} to ${full.height} dp`);
  const firstRow = byTag(raised, 'row.0').bounds;

  assert.ok((await device.swipe('up', 'rows')).ok);
  const scrolled = await observe();
  assert.deepEqual(byTag(scrolled, 'sheet').bounds, full, 'at its highest detent the sheet stays put');
  const topRow = scrolled.find((node) => node.testTag === 'row.0')?.bounds;
  assert.ok(topRow === undefined || topRow.y < firstRow.y - 100, 'the rows scrolled up');

  assert.ok((await device.swipe('down', 'rows')).ok);
  const back = await observe();
  assert.deepEqual(byTag(back, 'sheet').bounds, full, 'a drag down first scrolls the content back');
  assert.deepEqual(byTag(back, 'row.0').bounds, firstRow);

  assert.ok((await device.swipe('down', 'rows')).ok);
  assert.deepEqual(byTag(await observe(), 'sheet').bounds, half, 'with the content at its top, a drag down lowers the sheet to the next detent');
});

/** A floating window at `gravity` whose root pads by the system bars on `edges`, around a tagged text. */
function floatingSpec(id: string, gravity: string, offset: { x: number; y: number }, edges: string[]): unknown {
  return validSpec({
    id,
    window: { placement: { type: 'floating', gravity, offset } },
    root: {
      type: 'column', testTag: 'window', safeAreaPadding: { edges, types: ['systemBars'] }, style: { background: 'surface' },
      children: [{ type: 'text', text: 'Floating', testTag: 'content' }],
    },
  });
}

test('floating window: safeAreaPadding pads by the part of the insets the window overlaps', async () => {
  const { device } = phone();
  // At the top edge the window lies under the 24 dp status bar; 10 dp down it overlaps 14 dp of it.
  for (const [offsetY, padding] of [[0, 24], [10, 14]] as const) {
    await device.show(floatingSpec(`floating-top-${offsetY}`, 'topStart', { x: 0, y: offsetY }, ['top', 'bottom']));
    const nodes = await observe();
    const window = byTag(nodes, 'window').bounds;
    assert.equal(window.y, offsetY);
    assert.equal(byTag(nodes, 'content').bounds.y - window.y, padding, `top padding at offset ${offsetY}`);
    assert.equal(window.y + window.height, byTag(nodes, 'content').bounds.y + byTag(nodes, 'content').bounds.height, 'no bottom padding away from the navigation bar');
  }
  // At the bottom edge it lies over the gesture navigation area.
  await device.show(floatingSpec('floating-bottom', 'bottomCenter', { x: 0, y: 0 }, ['top', 'bottom']));
  const bottom = await observe();
  const window = byTag(bottom, 'window').bounds;
  const content = byTag(bottom, 'content').bounds;
  assert.equal(window.y + window.height, SCREEN.height);
  assert.equal(window.y + window.height - (content.y + content.height), DEVICE_PROFILES.phone!.systemBars.bottom);
  assert.equal(content.y, window.y, 'no top padding away from the status bar');
  // In the middle of the screen it overlaps no inset.
  await device.show(floatingSpec('floating-center', 'center', { x: 0, y: 0 }, ['top', 'bottom']));
  const centred = await observe();
  assert.equal(byTag(centred, 'content').bounds.y, byTag(centred, 'window').bounds.y);
  assert.equal(byTag(centred, 'window').bounds.height, byTag(centred, 'content').bounds.height);
});

test('an anchored node inside a dialog draws above the dialog: seen, tappable and on top in the screenshot', async () => {
  const { device, log } = phone();
  const bounds = { x: 156, y: 420, width: 100, height: 60 };
  await device.show(validSpec({
    id: 'anchored-in-dialog',
    window: { placement: { type: 'fullscreen' } },
    state: { ask: true },
    root: {
      type: 'column',
      children: [{
        type: 'dialog', testTag: 'ask', openWhen: { key: 'ask', equals: true }, title: 'Anchored', text: 'A node anchored over this dialog.',
        confirm: { label: 'OK' },
        child: {
          type: 'box', testTag: 'marker', anchor: { type: 'bounds', bounds, alignment: 'cover' }, style: { background: '#FF0000', alignment: 'bottomEnd' },
          children: [{ type: 'icon', name: 'close', testTag: 'marker.close', onTap: [{ type: 'emit', name: 'marker' }] }],
        },
      }],
    },
  }));
  const { hierarchy, screenshot } = await device.observe();
  assert.deepEqual(byTag(hierarchy, 'marker').bounds, bounds);
  assert.ok(within(byTag(hierarchy, 'marker').bounds, byTag(hierarchy, 'ask').bounds), 'the marker lies over the dialog surface');
  const png = PNG.sync.read(screenshot);
  const offset = ((bounds.y + 4) * png.width + bounds.x + 4) * 4;
  assert.deepEqual([...png.data.subarray(offset, offset + 3)], [255, 0, 0], 'the marker is drawn over the dialog');
  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'marker.close' })).ok);
  assert.equal((await log.next((event) => event.kind === 'emit', since)).name, 'marker');
  assert.equal(byTag(await observe(), 'ask').role, 'Dialog', 'the tap reached the marker, not the scrim behind the dialog');
});

test('an anchored node inside a bottom sheet draws above the sheet', async () => {
  const bounds = { x: 20, y: 700, width: 80, height: 40 };
  await showSheet('anchored-in-sheet', ['half'], {
    type: 'column',
    children: [{ type: 'text', text: 'Sheet' }, { type: 'box', testTag: 'marker', anchor: { type: 'bounds', bounds, alignment: 'cover' }, style: { background: '#00FF00' }, children: [] }],
  });
  const { hierarchy, screenshot } = await phone().device.observe();
  assert.deepEqual(byTag(hierarchy, 'marker').bounds, bounds);
  const png = PNG.sync.read(screenshot);
  const offset = ((bounds.y + bounds.height / 2) * png.width + bounds.x + bounds.width / 2) * 4;
  assert.deepEqual([...png.data.subarray(offset, offset + 3)], [0, 255, 0], 'the marker is drawn over the sheet');
});

test('observe clips bounds to scroll viewports and the window, leaves out what is scrolled away, and a tap scrolls its target into view', async () => {
  const { device, log } = phone();
  const rows = Array.from({ length: 20 }, (_, index) => ({ type: 'text', text: `Row ${index}`, testTag: `row.${index}`, style: { height: { dp: 48 }, width: 'fill' } }));
  rows.push({ type: 'text', text: 'Last', testTag: 'last', style: { height: { dp: 48 }, width: 'fill' }, onTap: [{ type: 'emit', name: 'last' }] } as (typeof rows)[number]);
  await device.show(validSpec({
    id: 'clipped-bounds',
    window: { placement: { type: 'fullscreen' } },
    root: {
      type: 'column',
      children: [
        // Pushed 20 dp up, half under the host's dismiss row, which clips the window's content.
        { type: 'box', testTag: 'peek', style: { height: { dp: 40 }, width: { dp: 100 }, offset: { x: 0, y: -20 } }, children: [] },
        { type: 'scroll', testTag: 'list', style: { height: { dp: 300 } }, child: { type: 'column', children: rows } },
      ],
    },
  }));
  const nodes = await observe();
  const content = byTag(nodes, 'protostage.dismiss').bounds;
  const windowTop = content.y + content.height;
  assert.deepEqual(byTag(nodes, 'peek').bounds, { x: 0, y: windowTop, width: 100, height: 20 }, 'clipped to the window');
  const list = byTag(nodes, 'list').bounds;
  assert.equal(list.height, 300);
  // 300 dp show six 48 dp rows and 12 dp of the seventh.
  const partial = byTag(nodes, 'row.6').bounds;
  assert.equal(partial.y, list.y + 288);
  assert.equal(partial.height, 12);
  assert.equal(partial.y + partial.height, list.y + list.height, 'clipped to the scroll viewport');
  assert.ok(!nodes.some((node) => node.testTag === 'row.7' || node.testTag === 'last'), 'rows scrolled out of view are left out');

  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'last' })).ok, 'a tap scrolls its target into view first');
  assert.equal((await log.next((event) => event.kind === 'emit', since)).name, 'last');
  const scrolled = await observe();
  const last = byTag(scrolled, 'last').bounds;
  assert.equal(last.height, 48);
  assert.equal(last.y + last.height, list.y + list.height, 'scrolled just far enough');
  assert.ok(!scrolled.some((node) => node.testTag === 'row.0'));
});

test('a tappable cover-anchored node takes its anchor\'s bounds, its touch target included', async () => {
  const { device, log } = phone();
  const bounds = { x: 156, y: 420, width: 100, height: 60 };
  await device.show(validSpec({
    id: 'anchored-tappable-cover',
    window: { placement: { type: 'fullscreen' } },
    root: {
      type: 'column',
      children: [{ type: 'box', testTag: 'cover', anchor: { type: 'bounds', bounds, alignment: 'cover' }, style: { background: '#FF0000' }, onTap: [{ type: 'emit', name: 'covered' }], children: [] }],
    },
  }));
  assert.deepEqual(byTag(await observe(), 'cover').bounds, bounds);
  const since = log.events.length;
  assert.ok((await device.tap({ x: bounds.x + 4, y: bounds.y + 4 })).ok);
  assert.equal((await log.next((event) => event.kind === 'emit', since)).name, 'covered');
});

test('a bottom sheet in a floating window takes its detents from the window\'s height and sits at its bottom', async () => {
  await phone().device.show(validSpec({
    id: 'floating-sheet',
    window: { placement: { type: 'floating', gravity: 'center', offset: { x: 0, y: 0 } } },
    state: { open: true },
    root: {
      type: 'column', testTag: 'window', style: { width: { dp: 300 }, height: { dp: 320 }, background: 'surface' },
      children: [{ type: 'bottomSheet', testTag: 'sheet', openWhen: { key: 'open', equals: true }, detents: ['half'], child: { type: 'text', text: 'Half of the window' } }],
    },
  }));
  const nodes = await observe();
  const window = byTag(nodes, 'window').bounds;
  const sheet = byTag(nodes, 'sheet').bounds;
  assert.equal(sheet.height, 160);
  assert.equal(sheet.y + sheet.height, window.y + window.height);
});
