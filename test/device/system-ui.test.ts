// The system UI the web device draws, in Chromium: the status bar's clock (fixed for repeatable
// screenshots, or the time of day), the gesture area and its edge swipe back, the camera cutout as
// the device turns, the on-screen keyboard whose keys type and which is its own window in observe
// (covered by a system-layer fullscreen prototype), and the bezel of render --frame.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import { BEZEL_DP } from '../../src/device/bezel.ts';
import { clockText } from '../../src/renderer/screen.tsx';
import { byTag, useDevices, validSpec } from './helpers.ts';

const devices = useDevices({}, { liveClock: true, pixelRatio: 2 });
const phone = () => devices()[0]!;
const live = () => devices()[1]!;
const pageOf = (device: unknown) => (device as { page: Page }).page;

const keyboardTags = (hierarchy: readonly HierarchyNode[]) => hierarchy.filter((node) => node.layer === 'keyboard').map((node) => node.testTag);

function fieldSpec(id: string, window: object): unknown {
  return validSpec({
    id,
    window,
    state: { name: '', sent: 0 },
    root: {
      type: 'column',
      style: { height: 'fill', background: 'surface' },
      safeAreaPadding: { edges: ['top', 'bottom'], types: ['systemBars', 'ime'] },
      children: [
        { type: 'textField', stateKey: 'name', testTag: 'name', label: 'Name' },
        { type: 'button', label: 'Done', testTag: 'done', onTap: [{ type: 'increment', key: 'sent' }] },
      ],
    },
  });
}

async function stateOf(device: { inspect(): Promise<unknown> }): Promise<Record<string, unknown>> {
  return ((await device.inspect()) as { prototypes: { state: Record<string, unknown> }[] }).prototypes[0]!.state;
}

test('the status bar shows 12:00 unless the clock is live, then the time of day', async () => {
  await phone().device.dismiss('all');
  await live().device.dismiss('all');
  const clock = (device: unknown) => pageOf(device).evaluate(() => document.querySelector('.ps-clock')?.textContent);
  assert.equal(await clock(phone().device), '12:00');
  const before = new Date();
  const shown = await clock(live().device);
  assert.ok([clockText(true, before), clockText(true, new Date())].includes(shown!), `${shown} is the time of day`);
  assert.equal(clockText(true, new Date(2026, 0, 1, 9, 5)), '9:05');
});

test('the keyboard of an app-layer window is its own window in observe, and its keys type: Shift, letters, Delete, Space', async () => {
  const { device } = phone();
  await device.show(fieldSpec('keys', { placement: { type: 'fullscreen' }, layer: 'app' }));
  assert.deepEqual(keyboardTags(await device.hierarchy()), [], 'no keyboard before a field has the focus');
  assert.ok((await device.tap({ testTag: 'name' })).ok);
  await device.settled();
  const open = await device.hierarchy();
  const keys = keyboardTags(open);
  for (const tag of ['keyboard.q', 'keyboard.shift', 'keyboard.backspace', 'keyboard.space', 'keyboard.enter', 'keyboard.symbols']) assert.ok(keys.includes(tag), `${tag} in ${keys}`);
  const keyboardTop = Math.min(...open.filter((node) => node.layer === 'keyboard').map((node) => node.bounds.y));
  assert.ok(byTag(open, 'name').bounds.y + byTag(open, 'name').bounds.height <= keyboardTop, 'the field pads itself above the keyboard');
  for (const key of ['shift', 'h', 'i', 'i', 'backspace', 'space', 'a']) assert.ok((await device.tap({ testTag: `keyboard.${key}` })).ok, key);
  await device.settled();
  assert.equal((await stateOf(device)).name, 'Hi a');
  assert.equal(byTag(await device.hierarchy(), 'name').focused, true, 'the field kept the focus');
  assert.ok((await device.tap({ testTag: 'keyboard.symbols' })).ok);
  assert.ok((await device.tap({ testTag: 'keyboard.7' })).ok);
  await device.settled();
  assert.equal((await stateOf(device)).name, 'Hi a7');

  assert.ok((await device.tap({ testTag: 'done' })).ok);
  await device.settled();
  assert.deepEqual(keyboardTags(await device.hierarchy()), [], 'the keyboard leaves when the field loses the focus');
});

// Seed 001: "a sheet … moves above the software keyboard while shown … until the sheet's bottom edge
// aligns with the keyboard's top edge." A bottomSheet node does too, so its focused field stays in view.
test('a bottomSheet ends at the keyboard top edge with its field in view, in either window layer and in a sheet window', async () => {
  const { device } = phone();
  const keyboardTop = device.profile.height - device.profile.keyboardHeight;
  const windows = [
    { placement: { type: 'fullscreen' }, layer: 'app' },
    { placement: { type: 'fullscreen' } },
    { placement: { type: 'sheet', edge: 'bottom', height: 600 } },
  ];
  for (const window of windows) {
    await device.show(validSpec({
      id: 'sheet-keyboard', window, state: { open: true, name: '' },
      root: { type: 'column', style: { width: 'fill', height: 'fill', background: 'surface' }, children: [
        { type: 'bottomSheet', testTag: 'sheet', openWhen: { key: 'open', equals: true }, detents: [{ dp: 300 }], child: { type: 'column', style: { width: 'fill' }, children: [
          { type: 'spacer', style: { height: { dp: 200 } } },
          { type: 'textField', stateKey: 'name', testTag: 'name', label: 'Name' },
        ] } },
      ] },
    }), { reset: true });
    await device.settled();
    const before = byTag(await device.hierarchy(), 'sheet').bounds;
    assert.ok((await device.tap({ testTag: 'name' })).ok);
    await device.settled();
    const open = await device.hierarchy();
    const sheet = byTag(open, 'sheet').bounds;
    const field = byTag(open, 'name').bounds;
    const what = JSON.stringify(window);
    assert.ok(Math.abs(sheet.y + sheet.height - keyboardTop) < 1, `${what}: the sheet ends at the keyboard top (${sheet.y + sheet.height} vs ${keyboardTop})`);
    assert.ok(field.y + field.height <= keyboardTop, `${what}: the focused field is above the keyboard`);
    assert.equal(sheet.height, before.height, `${what}: the sheet keeps its height`);
    await device.dismiss('all');
  }
});

// Android's input method takes the first back: with the keyboard up, back hides it and nothing else.
test('pressBack with the keyboard up hides the keyboard first; the next back goes to the prototype', async () => {
  const { device } = phone();
  const spec = validSpec({
    id: 'back-keyboard', window: { placement: { type: 'fullscreen' }, layer: 'app' }, state: { name: '', open: true },
    root: { type: 'column', style: { height: 'fill', background: 'surface' }, children: [
      { type: 'bottomSheet', openWhen: { key: 'open', equals: true }, detents: [{ dp: 300 }], testTag: 'sheet', child: { type: 'textField', stateKey: 'name', testTag: 'name', label: 'Name' } },
    ] },
  });
  await device.show(spec, { reset: true });
  await device.settled();
  const focused = await device.tap({ testTag: 'name' });
  assert.ok(focused.ok, JSON.stringify(focused));
  await device.settled();
  assert.ok(keyboardTags(await device.hierarchy()).length > 0, 'the keyboard is up');
  assert.deepEqual(await device.pressBack(), { ok: true, back: 'keyboard' });
  const after = await device.hierarchy();
  assert.deepEqual([keyboardTags(after), byTag(after, 'name').focused, (await stateOf(device)).open], [[], false, true], 'only the keyboard went; the sheet is open');
  assert.deepEqual(await device.pressBack(), { ok: true, back: 'sheet' });
});

test('a system-layer fullscreen prototype covers the keyboard; a bottom sheet window rides above it with its keys observable', async () => {
  const { device } = phone();
  await device.show(fieldSpec('covered', { placement: { type: 'fullscreen' } }));
  assert.ok((await device.tap({ testTag: 'name' })).ok);
  await device.settled();
  assert.deepEqual(keyboardTags(await device.hierarchy()), [], 'covered, as on Android');
  const covered = await device.tap({ testTag: 'keyboard.a' });
  assert.ok(!covered.ok);
  assert.match(covered.message, /testTag "keyboard.a" \(keyboard layer\) is covered by the prototype's fullscreen window/);
  assert.match(covered.hint, /sendKeys .* window.layer "app"/);
  assert.ok((await device.type('typed')).ok, 'typing still reaches the field');

  await device.show(fieldSpec('sheet', { placement: { type: 'sheet', edge: 'bottom', height: 200 } }));
  await device.settled(); // the sheet slides in
  assert.ok((await device.tap({ testTag: 'name' })).ok);
  await device.settled();
  const hierarchy = await device.hierarchy();
  const space = byTag(hierarchy, 'keyboard.space');
  assert.equal(space.layer, 'keyboard');
  assert.ok(byTag(hierarchy, 'name').bounds.y < space.bounds.y - 100, 'the sheet sits above the keys');
  assert.ok((await device.tap({ testTag: 'keyboard.k' })).ok);
  await device.settled();
  assert.equal((await stateOf(device)).name, 'k');
  await device.show(fieldSpec('sheet-done', { placement: { type: 'fullscreen' } }));
});

test('with a dialog open a swipe inward from the left edge is the system back and closes it; a short one does not', async () => {
  const { device, log } = phone();
  await device.show(validSpec({
    id: 'dialog-back',
    window: { placement: { type: 'fullscreen' } },
    state: { open: true },
    root: {
      type: 'column',
      children: [
        { type: 'text', text: 'Behind', testTag: 'behind' },
        { type: 'dialog', testTag: 'sure', openWhen: { key: 'open', equals: true }, title: 'Sure?', confirm: { label: 'Yes', onTap: [{ type: 'emit', name: 'yes' }] } },
      ],
    },
  }));
  await device.settled();
  const edgeSwipe = async (distance: number) => {
    await device.touch('start', { x: 4, y: 500 });
    for (let step = 1; step <= 8; step++) await device.touch('move', { x: 4 + (distance * step) / 8, y: 502 });
    await device.touch('end');
    await device.settled();
  };
  await edgeSwipe(20);
  assert.ok((await device.hierarchy()).some((node) => node.testTag === 'sure.confirm'), 'a short swipe does not go back');
  const since = log.events.length;
  await edgeSwipe(120);
  const closed = await log.next((event) => event.kind === 'change', since);
  assert.equal(closed.state.open, false);
  assert.ok(!(await device.hierarchy()).some((node) => node.testTag === 'sure.confirm'), 'the dialog closed');
  assert.ok((await device.tap({ x: 4, y: 200 })).ok, 'without a modal the edge takes no touches');
});

test('turning the phone moves the camera cutout to the start edge and resizes the screen; the bezel frames a screenshot', async () => {
  const { device } = live();
  await device.configure({ orientation: 'landscape' });
  try {
    assert.deepEqual([device.profile.width, device.profile.height, device.profile.cutout.start], [915, 412, 24]);
    const camera = await pageOf(device).evaluate(() => document.querySelector('.ps-cutout')!.getBoundingClientRect().toJSON());
    assert.ok(camera.x < 24 && Math.abs(camera.y + camera.height / 2 - 206) < 2, `the camera is in the start band: ${JSON.stringify(camera)}`);
    const { screenshot } = await device.observe();
    const framed = PNG.sync.read(await device.framed(screenshot));
    assert.deepEqual([framed.width, framed.height], [(915 + 2 * BEZEL_DP) * 2, (412 + 2 * BEZEL_DP) * 2]);
    assert.equal(framed.data[3], 0, 'the corner outside the bezel is transparent');
    // Half way through the bezel above the screen, at the middle.
    const edge = (BEZEL_DP * framed.width + Math.round(framed.width / 2)) * 4;
    assert.ok(framed.data[edge + 3] === 255 && framed.data[edge]! < 60, 'the bezel is dark and opaque above the screen');
  } finally {
    await device.configure({ orientation: 'portrait' });
  }
  assert.deepEqual([device.profile.width, device.profile.height, device.profile.cutout.top], [412, 915, 24]);
});

test("drawing the bezel leaves the device's own screen as it was", async () => {
  const { device } = phone();
  const screenSize = () => pageOf(device).evaluate(() => `${window.innerWidth}x${window.innerHeight}`);
  assert.equal(await screenSize(), '412x915');
  await device.framed((await device.observe()).screenshot);
  assert.equal(await screenSize(), '412x915');
  const again = PNG.sync.read((await device.observe()).screenshot);
  assert.deepEqual([again.width, again.height], [412, 915]);
});

test("a date picker rings today on a device with a live clock, and no day with the fixed clock of repeatable screenshots", async () => {
  const now = new Date();
  const day = (date: number) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  const other = now.getDate() === 1 ? 2 : 1;
  const spec = validSpec({ id: 'today', window: { placement: { type: 'fullscreen' } }, state: { day: day(other) }, root: { type: 'column', children: [{ type: 'datePicker', stateKey: 'day', testTag: 'date' }] } });
  const ringed = async (device: unknown) => {
    await (device as { show(spec: unknown): Promise<unknown> }).show(spec);
    return pageOf(device).evaluate(() => [...document.querySelectorAll('.ps-date-day.ps-today')].map((element) => [element.textContent, getComputedStyle(element).boxShadow !== 'none']));
  };
  assert.deepEqual(await ringed(live().device), [[String(now.getDate()), true]]);
  assert.deepEqual(await ringed(phone().device), []);
});
