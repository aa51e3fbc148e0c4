// The web device itself in Chromium: the app layer beneath the prototype, which touches reach
// it, tap/type/swipe targeting and their errors, dismissal, device settings and profiles.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';
import { holdStillForCapture, releaseAfterCapture } from '../../src/device/capture.ts';
import { resolveElementSelector } from '../../src/device/element-selector.ts';
import { centreOf, type AppHierarchyNode, type HierarchyNode } from '../../src/device/hierarchy.ts';
import { byTag, differingPixels, HOME_BUY_BUTTON_BOUNDS, pageOf, tapSettled, useDevices, validSpec } from './helpers.ts';

/** A tiny web app on a loopback port: one tagged button that counts its taps. */
const COUNTER_APP = `<!doctype html><meta name="viewport" content="width=device-width">
<button id="counter" data-testid="counter" style="margin:40px;width:200px;height:80px"
  onclick="this.textContent = 'Taps ' + (++window.taps)">Taps 0</button><script>window.taps = 0</script>
<label><input type="checkbox" data-testid="agree" checked> Agree</label>
<button data-testid="off" disabled>Off</button>
<div role="switch" aria-checked="false" aria-label="Sync" data-testid="sync" tabindex="0"></div>
<button data-testid="forge" onclick="window.__protostageEvent?.(JSON.stringify({ kind: 'emit', id: 'x', name: 'forged', payload: null, state: {}, pages: {} }))">Forge</button>`;
const appServer: Server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(COUNTER_APP));
await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
after(() => appServer.close());

const devices = useDevices(
  {},
  { profile: 'tablet', pixelRatio: 2, rtl: true, fontScale: 2 },
  { appUrl: `http://127.0.0.1:${(appServer.address() as AddressInfo).port}/` },
);
const phone = () => devices()[0]!;
const tablet = () => devices()[1]!;
const webApp = () => devices()[2]!;

function spec(id: string, placement: object, root: object, state: object = {}): unknown {
  return validSpec({ id, window: { placement }, state, root });
}

const FLOATING = { type: 'floating', gravity: 'bottomCenter', offset: { x: 0, y: 96 } };
const FULLSCREEN = { type: 'fullscreen' };
const GO_BUTTON = { type: 'button', label: 'Go', testTag: 'go', onTap: [{ type: 'emit', name: 'go' }] };

const appNodes = (hierarchy: readonly HierarchyNode[]) => hierarchy.filter((node): node is AppHierarchyNode => node.layer === 'app');
const statusText = async () => byTag(await phone().device.hierarchy(), 'home.status').text;

async function clearPrototype(): Promise<void> {
  await phone().device.dismiss('all');
}

test('observe lists the home screen app layer with tags, text, roles and on-screen bounds', async () => {
  await clearPrototype();
  const { hierarchy, screenshot } = await phone().device.observe();
  const app = appNodes(hierarchy);
  const buy = byTag(app, 'buy');
  assert.equal(buy.layer, 'app');
  assert.equal(buy.role, 'Button');
  assert.equal(buy.text, 'Buy');
  assert.equal(buy.id, 'buy');
  for (const node of app) assert.ok(node.bounds.x >= 0 && node.bounds.x + node.bounds.width <= 412, `${node.id} is inside the screen`);
  const png = PNG.sync.read(screenshot);
  assert.deepEqual([png.width, png.height], [412, 915]);
});

test('the fixed gallery anchor is where the home screen draws its Buy button', async () => {
  await clearPrototype();
  const app = appNodes(await phone().device.hierarchy());
  const resolved = resolveElementSelector({ testTag: 'buy' }, app, { width: 412, height: 915 });
  assert.ok(resolved.ok);
  for (const field of ['x', 'y', 'width', 'height'] as const) {
    assert.ok(Math.abs(resolved.bounds[field] - HOME_BUY_BUTTON_BOUNDS[field]) <= 1, `${field}: ${resolved.bounds[field]}`);
  }
});

test('a tap by text reaches the app when no prototype is shown', async () => {
  await clearPrototype();
  assert.ok((await phone().device.tap({ text: 'Camera' })).ok);
  assert.equal(await statusText(), 'Opened Camera');
});

test('typing reaches a text field of the app layer', async () => {
  await clearPrototype();
  const typed = await phone().device.type('cats', 'home.search');
  assert.ok(typed.ok, typed.ok ? '' : typed.message);
  const search = byTag(await phone().device.hierarchy(), 'home.search');
  assert.equal(search.text, 'cats');
  assert.equal(search.focused, true);
  assert.ok((await phone().device.tap({ testTag: 'home.status' })).ok, 'a tap on inert text takes the focus away');
  assert.equal(byTag(await phone().device.hierarchy(), 'home.search').focused, false);
});

test('touches outside a floating window reach the app; touches on it reach the prototype', async () => {
  const { device, log } = phone();
  await device.show(spec('floating', FLOATING, GO_BUTTON));
  await device.observe();
  assert.ok((await device.tap({ testTag: 'app.music' })).ok);
  assert.equal(await statusText(), 'Opened Music');
  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'go' })).ok);
  assert.equal((await log.next((event) => event.kind === 'emit', since)).name, 'go');
});

test('a fullscreen window blocks touches to the app beneath it', async () => {
  const { device } = phone();
  await device.show(spec('blocking', FULLSCREEN, { type: 'column', children: [GO_BUTTON] }));
  const before = await statusText();
  const photos = byTag(await device.hierarchy(), 'app.photos');
  assert.ok((await device.tap(centreOf(photos.bounds))).ok);
  await device.settled();
  assert.equal(await statusText(), before);
});

test('tap targeting failures are values with a hint', async () => {
  const { device } = phone();
  await device.show(spec('targets', FLOATING, { type: 'row', children: [GO_BUTTON, { ...GO_BUTTON, testTag: 'go-2' }, { type: 'text', text: 'Go' }] }));
  const missing = await device.tap({ testTag: 'nope' });
  assert.equal(missing.ok, false);
  assert.match(missing.ok ? '' : missing.hint, /"go"/);
  const ambiguous = await device.tap({ text: 'Go' });
  assert.equal(ambiguous.ok, false);
  assert.match(ambiguous.ok ? '' : ambiguous.message, /3 nodes match text "Go"/);
  const outside = await device.tap({ x: 500, y: 10 });
  assert.equal(outside.ok, false);
  const swipe = await device.swipe('up', 'nope');
  assert.equal(swipe.ok, false);
});

test('a value the page cannot take comes back as a failure and the device keeps working', async () => {
  const { device } = phone();
  const refused = (await device.show({ id: 'bad', count: 1n })) as { ok: boolean; message: string };
  assert.equal(refused.ok, false);
  assert.match(refused.message, /call to the device page failed/);
  const stripped = (await device.show({ id: 'bad', render: () => 'code' })) as { ok: boolean; path: string };
  assert.equal(stripped.ok, false, 'a function never reaches the page; what is left is not a valid spec');
  await device.show(spec('after-refusal', FLOATING, GO_BUTTON));
  assert.ok((await device.hierarchy()).some((node) => node.testTag === 'go'));
});

test('dismiss by id reports an agent dismissal; an unknown id changes nothing', async () => {
  const { device, log } = phone();
  await device.show(spec('to-dismiss', FLOATING, GO_BUTTON));
  const unknown = (await device.dismiss('another')) as { ok: boolean };
  assert.equal(unknown.ok, false);
  assert.ok((await device.hierarchy()).some((node) => node.testTag === 'go'));
  const since = log.events.length;
  const dismissed = (await device.dismiss('to-dismiss')) as { ok: boolean };
  assert.equal(dismissed.ok, true);
  const event = await log.next((candidate) => candidate.kind === 'dismissed', since);
  assert.deepEqual(event.payload, { reason: 'agent' });
  assert.equal(event.id, 'to-dismiss');
  assert.ok(!(await device.hierarchy()).some((node) => node.layer === 'prototype' && node.testTag === 'go'));
});

test("the fullscreen host row dismisses as the user", async () => {
  const { device, log } = phone();
  await device.show(spec('host-row', FULLSCREEN, { type: 'column', children: [GO_BUTTON] }));
  await device.observe();
  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'protostage.dismiss' })).ok);
  assert.deepEqual((await log.next((event) => event.kind === 'dismissed', since)).payload, { reason: 'user' });
});

test('the dark device setting reaches a prototype that follows the device', async () => {
  const { device, log } = phone();
  await device.show(spec('appearance', FLOATING, { type: 'box', style: { background: 'surface', width: { dp: 100 }, height: { dp: 100 } }, testTag: 'swatch', children: [] }));
  const since = log.events.length;
  await device.configure({ dark: true });
  try {
    const changed = await log.next((event) => event.kind === 'appearance_changed', since);
    assert.equal((changed.payload as { mode: string }).mode, 'dark');
    const { hierarchy, screenshot } = await device.observe();
    const centre = centreOf(byTag(hierarchy, 'swatch').bounds);
    const png = PNG.sync.read(screenshot);
    const offset = (Math.round(centre.y) * png.width + Math.round(centre.x)) * 4;
    assert.ok(png.data[offset]! < 64, `a dark surface is dark (red channel ${png.data[offset]})`);
  } finally {
    await device.configure({ dark: false });
  }
});

test("a theme's colours reach the window, and a re-show of the same theme finds them in the class it drew them with", async () => {
  const { device } = phone();
  const page = pageOf(device);
  const themed = (primary: string) => validSpec({ id: 'themed', theme: { colors: { primary } }, window: { placement: FULLSCREEN }, root: { type: 'text', text: 'Hi', testTag: 'hi', style: { color: 'primary' } } });
  const drawn = () => page.evaluate(() => {
    const body = document.querySelector('.ps-window-body')!;
    return { colour: getComputedStyle(document.querySelector('[data-testid="hi"]')!).color, classes: body.className, inline: body.getAttribute('style') ?? '' };
  });
  await device.show(themed('#123456'));
  const first = await drawn();
  await device.show(themed('#654321'));
  const other = await drawn();
  await device.show(themed('#123456'));
  const again = await drawn();
  assert.deepEqual([first.colour, other.colour, again.colour], ['rgb(18, 52, 86)', 'rgb(101, 67, 33)', 'rgb(18, 52, 86)']);
  assert.ok(!first.inline.includes('--md-sys-color'), `the variables are not set one by one on the window: ${first.inline.slice(0, 80)}`);
  assert.notEqual(other.classes, first.classes, 'another theme, another class');
  assert.equal(again.classes, first.classes, 'the same theme, the same class');
  await clearPrototype();
});

test('a focused text field opens the keyboard and a bottom sheet window rides above it', async () => {
  const { device } = phone();
  await device.show(spec('keyboard', { type: 'sheet', edge: 'bottom', height: 200 }, {
    type: 'column', testTag: 'panel', style: { height: 'fill', width: 'fill' },
    children: [{ type: 'textField', stateKey: 'note', testTag: 'note' }],
  }, { note: '' }));
  const resting = byTag((await device.observe()).hierarchy, 'panel').bounds;
  assert.ok((await device.type('hi', 'note')).ok);
  const lifted = byTag((await device.observe()).hierarchy, 'panel').bounds;
  assert.ok(lifted.y < resting.y - 200, `the sheet rose from ${resting.y} to ${lifted.y}`);
  await device.dismiss('all');
});

test("a focused app field opens the keyboard too, lifting a bottom sheet window", async () => {
  const { device } = phone();
  await device.show(spec('keyboard-app', { type: 'sheet', edge: 'bottom', height: 200 }, {
    type: 'column', testTag: 'panel', style: { height: 'fill', width: 'fill', background: 'surface' }, children: [],
  }));
  const resting = byTag((await device.observe()).hierarchy, 'panel').bounds;
  assert.ok((await device.type('news', 'home.search')).ok);
  const lifted = byTag((await device.observe()).hierarchy, 'panel').bounds;
  assert.ok(lifted.y < resting.y - 200, `the sheet rose from ${resting.y} to ${lifted.y}`);
  const away = await device.tap({ testTag: 'home.shop' });
  assert.ok(away.ok, `a tap elsewhere in the app takes the focus away: ${JSON.stringify(away)}`);
  const lowered = byTag((await device.observe()).hierarchy, 'panel').bounds;
  assert.equal(lowered.y, resting.y);
  await device.dismiss('all');
});

test('tablet profile: 1280×800 dp at two pixels per dp, right-to-left, font scale 2', async () => {
  const { device } = tablet();
  await device.show(spec('tablet', FULLSCREEN, {
    type: 'row', style: { width: 'fill' },
    children: [{ type: 'text', text: 'First', testTag: 'first' }, { type: 'text', text: 'Second', testTag: 'second' }],
  }));
  const { hierarchy, screenshot } = await device.observe();
  const png = PNG.sync.read(screenshot);
  assert.deepEqual([png.width, png.height], [2560, 1600]);
  const first = byTag(hierarchy, 'first').bounds;
  const second = byTag(hierarchy, 'second').bounds;
  assert.ok(first.x > second.x, 'in RTL the first child of a row sits on the right');
  assert.ok(first.height >= 28, `text is scaled up by the font scale (height ${first.height})`);
  assert.ok(first.x + first.width > 1000, 'the layout uses the tablet width');
});

test('any web app can be the app layer: observed, anchored against and tapped', async () => {
  const { device } = webApp();
  const app = appNodes(await device.hierarchy());
  const counter = byTag(app, 'counter');
  assert.equal(counter.text, 'Taps 0');
  assert.equal(counter.role, 'Button');
  assert.ok(resolveElementSelector({ text: 'Taps 0' }, app, { width: 412, height: 915 }).ok);
  assert.deepEqual([byTag(app, 'agree').role, byTag(app, 'agree').checked], ['Checkbox', true]);
  assert.deepEqual([byTag(app, 'off').role, byTag(app, 'off').enabled], ['Button', false]);
  assert.deepEqual([byTag(app, 'sync').role, byTag(app, 'sync').text, byTag(app, 'sync').checked], ['Switch', 'Sync', false]);
  assert.ok((await device.tap({ testTag: 'counter' })).ok);
  assert.equal(byTag(await device.hierarchy(), 'counter').text, 'Taps 1');
});

test('the app layer cannot speak for the prototype: an event it forges through the page binding is ignored', async () => {
  const { device, log } = webApp();
  await device.show(spec('forgery', FLOATING, GO_BUTTON));
  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'forge' })).ok);
  assert.ok((await device.tap({ testTag: 'go' })).ok);
  await log.next((event) => event.kind === 'emit' && event.name === 'go', since);
  assert.deepEqual(log.events.slice(since).map((event) => event.name), ['go']);
  await device.dismiss('all');
});

// Seed 000: state keys "match [A-Za-z_][A-Za-z0-9_]{0,63}"; "__proto__" is one, and stays data.
test('a state key and payload key named "__proto__" reach the events and inspect as ordinary members', async () => {
  const { device, log } = phone();
  const shown = spec('opaque-keys', FULLSCREEN, { type: 'column', children: [
    { type: 'text', text: '{__proto__}', testTag: 'value' },
    { type: 'button', label: 'Set', testTag: 'set', onTap: [
      { type: 'setState', key: '__proto__', value: 'changed' },
      { type: 'emit', name: 'sent', payload: JSON.parse('{"__proto__":1,"constructor":"payload"}') },
    ] },
  ] }, JSON.parse('{"__proto__":"state","constructor":"c"}'));
  await device.show(shown);
  assert.equal(byTag(await device.hierarchy(), 'value').text, 'state');
  const since = log.events.length;
  await tapSettled(device, 'set');
  const emit = await log.next((event) => event.kind === 'emit', since);
  assert.equal(JSON.stringify(emit.payload), '{"__proto__":1,"constructor":"payload"}');
  assert.equal(JSON.stringify(emit.state), '{"__proto__":"changed","constructor":"c"}');
  assert.equal(byTag(await device.hierarchy(), 'value').text, 'changed');
  const inspected = (await device.inspect()) as { prototypes: Array<{ state: object }> };
  assert.equal(JSON.stringify(inspected.prototypes[0]!.state), '{"__proto__":"changed","constructor":"c"}');
  await clearPrototype();
});

// Seed 001: "Hidden from layer: "app" observe screenshots — host restores after capture."
test('observe with hidePrototype captures the app alone, then the prototype is back as it was', async () => {
  const { device } = phone();
  await clearPrototype();
  const bare = await device.observe();
  await device.show(spec('capture', FULLSCREEN, { type: 'column', style: { background: 'primary', width: 'fill', height: 'fill' }, children: [GO_BUTTON] }));
  const shown = await device.observe();
  assert.ok(differingPixels(bare.screenshot, shown.screenshot) > 100_000, 'the opaque prototype covers the home screen');
  const appAlone = await device.observe({ hidePrototype: true });
  assert.equal(differingPixels(bare.screenshot, appAlone.screenshot), 0, 'the capture shows only the app');
  assert.deepEqual([appAlone.hierarchy.some((node) => node.layer === 'prototype'), appAlone.prototypeWindow], [false, null]);
  assert.ok(appAlone.hierarchy.some((node) => node.testTag === 'app.photos'));
  const after = await device.observe();
  assert.equal(differingPixels(shown.screenshot, after.screenshot), 0, 'restored after the capture');
  assert.ok(after.hierarchy.some((node) => node.testTag === 'go'));
  await clearPrototype();
});

test('observe holds the screen still for its capture and lets it go before anything reads it again: only the focused field loses its caret, the endless animation plays again', async () => {
  const { device } = phone();
  const page = pageOf(device);
  await clearPrototype();
  const root = { type: 'column', children: [
    { type: 'textField', stateKey: 'first', testTag: 'first' },
    { type: 'textField', stateKey: 'second', testTag: 'second' },
    { type: 'icon', name: 'sync', testTag: 'spinner', effect: { type: 'rotate', repeat: 'infinite' } },
  ] };
  await device.show(spec('held', FULLSCREEN, root, { first: '', second: '' }));
  assert.equal((await device.type('a', 'first')).ok, true);
  await device.settled();
  const look = () => page.evaluate(() => ({
    focusedCaret: getComputedStyle(document.activeElement!).caretColor,
    otherFieldStyles: [...document.querySelectorAll('input, textarea')].filter((field) => field !== document.activeElement).map((field) => (field as HTMLElement).style.cssText),
    running: document.getAnimations().filter((animation) => animation.playState === 'running').length,
    held: '__protostageReleaseCapture' in window,
  }));
  const before = await look();
  assert.ok(before.running > 0 && before.otherFieldStyles.length > 0, JSON.stringify(before));
  await page.evaluate(holdStillForCapture, false);
  const held = await look();
  assert.equal(held.focusedCaret, 'rgba(0, 0, 0, 0)', 'the focused field draws no caret');
  assert.deepEqual(held.otherFieldStyles, before.otherFieldStyles, 'the other fields are left as they were');
  assert.equal(held.running, 0, 'the endless animation is held at its first frame');
  await page.evaluate(releaseAfterCapture);
  assert.deepEqual(await look(), before);
  // observe answers before its release, which runs before the next read of the screen.
  await device.observe();
  await device.settled();
  assert.deepEqual(await look(), before);
  await clearPrototype();
});

test('a show crosses into the page as data: quotes, backslashes, line and paragraph separators and script-like text arrive as written; what is not plain data is refused and the page goes on', async () => {
  const { device } = phone();
  const tricky = 'She said "hi"\\n it\'s \\\' \')\u2028 \u2029 </script><script>window.pwned = 1</script> `tick` \ud83d\ude00';
  const root = { type: 'column', children: [{ type: 'text', text: tricky, testTag: 'tricky' }, { type: 'text', text: '{label}', testTag: 'label' }] };
  const shown = (await device.show(spec('data-crossing', FULLSCREEN, root, { label: 'Before' }))) as { ok: boolean };
  assert.equal(shown.ok, true);
  await device.settled();
  assert.equal(byTag(await device.hierarchy(), 'tricky').text, tricky);
  const cyclic: Record<string, unknown> = { id: 'cyclic' };
  cyclic.self = cyclic;
  for (const bad of [cyclic, { id: 'big', count: 1n }]) {
    const refused = (await device.show(bad)) as { ok: boolean; message: string };
    assert.equal(refused.ok, false);
    assert.match(refused.message, /device page failed/);
  }
  assert.equal(byTag(await device.hierarchy(), 'tricky').text, tricky, 'the prototype on screen is undisturbed');
  const patched = (await device.patch('data-crossing', [{ op: 'set', path: '/state/label', value: 'Patched "text" \u2028 \\ \'quoted\'' }])) as { ok: boolean };
  assert.equal(patched.ok, true, JSON.stringify(patched));
  await device.settled();
  assert.equal(byTag(await device.hierarchy(), 'label').text, 'Patched "text" \u2028 \\ \'quoted\'');
  assert.equal(await pageOf(device).evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined, 'no script ran');
  await clearPrototype();
});
