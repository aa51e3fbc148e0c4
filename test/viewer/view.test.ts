// End to end: `protostage view` runs as a real process on a spec file in a temp folder; its
// printed address is opened in real Chromium, which watches frames, sees errors and taps.
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { launchChromium } from '../../src/device/chromium.ts';
import { counterSpec, frameUnlike, nextFrame, openViewer, restingFrame, runCommand, type RunningCommand } from './helpers.ts';

let folder: string;
let specPath: string;
let view: RunningCommand;
let url: string;
let browser: Browser;
let page: Page;
let frameSrc: string;
/** The button's bounds on the device, as the error highlight reported them. */
let buttonBounds: { x: number; y: number; width: number; height: number };

/** A text field above a long list (the field sits right below the host's dismiss bar). */
function formSpec(): object {
  const rows = Array.from({ length: 40 }, (_, index) => ({ type: 'text', text: `Row ${index}`, style: { padding: { top: 12, bottom: 12 } } }));
  return {
    id: 'form',
    window: { placement: { type: 'fullscreen' } },
    state: { name: '' },
    root: { type: 'column', children: [{ type: 'textField', stateKey: 'name', placeholder: 'Name' }, { type: 'scroll', child: { type: 'column', children: rows } }] },
  };
}

/** Saves as editors do: a new file renamed over the old one. */
function save(spec: unknown): void {
  const temporary = `${specPath}.tmp`;
  writeFileSync(temporary, typeof spec === 'string' ? spec : JSON.stringify(spec, null, 2));
  renameSync(temporary, specPath);
}

async function statusText(): Promise<string> {
  return (await page.locator('#spec-status').textContent()) ?? '';
}

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'protostage-view-'));
  specPath = join(folder, 'counter.json');
  writeFileSync(specPath, JSON.stringify(counterSpec('Add')));
  view = runCommand(['view', specPath, '--port', '0']);
  [, url] = (await view.waitFor(/open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/)) as [string, string];
  browser = await launchChromium();
  page = await openViewer(browser, url);
});

after(async () => {
  await browser?.close();
  await view?.stop();
  rmSync(folder, { recursive: true, force: true });
});

test('the viewer mirrors the device screen and says the spec is valid', async () => {
  frameSrc = await nextFrame(page, null);
  const size = await page.locator('#frame').evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  assert.deepEqual(size, [412, 915], 'frames are the phone screen at one pixel per dp');
  await page.waitForFunction(() => document.getElementById('spec-status')?.textContent?.includes('valid'));
  assert.match(await statusText(), /counter\.json: valid, showing "counter" \(3 nodes, save 1\)/);
  assert.match(view.output(), /counter\.json \(save 1\): valid/);
});

test('an invalid save keeps the last render and shows the error path over the offending node', async () => {
  const broken = counterSpec('Add') as { root: { children: Record<string, unknown>[] } };
  delete broken.root.children[1]!.label;
  broken.root.children.push({ type: 'text' });
  save(broken);
  await page.waitForSelector('#error:not([hidden])');
  assert.equal(await page.locator('#error-path').textContent(), 'root.children[1].label');
  assert.match((await page.locator('#error-message').textContent()) ?? '', /label/);
  assert.match((await page.locator('#error-more').textContent()) ?? '', /^root\.children\[2\]\.text: /, 'further errors are listed');
  assert.ok(await page.locator('#highlight').isVisible(), 'the highlight box is shown');
  assert.equal(await page.locator('#highlight-key').textContent(), 'root.children[1]');
  const box = (await page.locator('#highlight').boundingBox())!;
  const screen = (await page.locator('#screen').boundingBox())!;
  buttonBounds = { x: box.x - screen.x, y: box.y - screen.y, width: box.width, height: box.height };
  assert.ok(buttonBounds.width > 20 && buttonBounds.width < 400 && buttonBounds.height > 20 && buttonBounds.height < 100, `a button-sized box: ${JSON.stringify(buttonBounds)}`);
  assert.match(await statusText(), /invalid at root\.children\[1\]\.label \(save 2\)/);

  save('{ "id": ');
  await page.waitForFunction(() => document.getElementById('spec-status')?.textContent?.includes('save 3'));
  assert.equal(await page.locator('#highlight-key').textContent(), 'window', 'a path outside every node boxes the whole window');
});

test('saving a fix shows a new frame with the new render', async () => {
  const before = await page.locator('#frame').screenshot();
  save(counterSpec('Plus one'));
  await page.waitForSelector('#error', { state: 'hidden' });
  assert.match(await statusText(), /valid, showing "counter" \(3 nodes, save 4\)/);
  assert.equal(await page.locator('#highlight').isVisible(), false);
  frameSrc = await nextFrame(page, frameSrc);
  const after = await page.locator('#frame').screenshot();
  assert.ok(!before.equals(after), 'the frame shows the new label');
});

test('a click on the mirrored button is a real tap on the device, and the panel shows the event and state', async () => {
  await page.locator('#screen').click({ position: { x: buttonBounds.x + buttonBounds.width / 2, y: buttonBounds.y + buttonBounds.height / 2 } });
  await page.waitForSelector('#events li');
  assert.match((await page.locator('#events li').first().textContent()) ?? '', /^counter change \{"key":"count","value":1\}/);
  await page.waitForFunction(() => document.getElementById('state')?.textContent?.includes('"count": 1'));
  await nextFrame(page, frameSrc);
});

test('a second viewer watches the same device at the same time', async () => {
  const second = await openViewer(browser, url);
  try {
    await nextFrame(second, null);
    await second.waitForFunction(() => document.getElementById('state')?.textContent?.includes('"count": 1'));
  } finally {
    await second.close();
  }
});

test('a drag in the viewer scrolls the device with a real finger, the wheel scrolls, and keys type into the focused field', async () => {
  save(formSpec());
  await page.waitForFunction(() => document.getElementById('spec-status')?.textContent?.includes('"form"'));
  let frame = await nextFrame(page, frameSrc);
  const screen = page.locator('#screen');
  const unscrolled = await screen.screenshot();
  const box = (await screen.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 700);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + 30, box.y + 700 - step * 50);
  await page.mouse.up();
  frame = await frameUnlike(page, unscrolled, frame); // the list moved under the finger
  // The picture the wheel is compared with is the one the drag's fling ends on, the pointer in place.
  await page.mouse.move(box.x + 30, box.y + 500);
  frame = await restingFrame(page, frame);

  const dragged = await screen.screenshot();
  await page.mouse.wheel(0, -300);
  frame = await frameUnlike(page, dragged, frame); // the wheel scrolled the list

  await screen.click({ position: { x: 200, y: 100 } });
  await page.keyboard.type('Hi!');
  await page.keyboard.press('Backspace');
  await page.waitForFunction(() => document.getElementById('state')?.textContent?.includes('"name": "Hi"'));
  // A character no US key makes arrives as the person's keyboard reports it: one key message.
  const address = new URL(url);
  const socket = new WebSocket(`ws://${address.host}/socket?token=${address.searchParams.get('token')}`);
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'key', key: 'é' }));
  await page.waitForFunction(() => document.getElementById('state')?.textContent?.includes('"name": "Hié"'));
  socket.close();
});

test('a deleted spec file is reported, and the file written again is shown', async () => {
  rmSync(specPath);
  await page.waitForFunction(() => document.getElementById('error-message')?.textContent?.includes('cannot read'));
  assert.equal(await page.locator('#error-path').textContent(), '$');
  writeFileSync(specPath, JSON.stringify(counterSpec('Back')));
  await page.waitForSelector('#error', { state: 'hidden' });
  assert.match(await statusText(), /valid, showing "counter"/);
});

test('a valid save that holds a trap is shown with its warnings in the panel and on the terminal, and a fixed one clears them', async () => {
  const trapped = counterSpec('Add') as { root: { children: Record<string, unknown>[] } };
  trapped.root.children.push({ type: 'text', text: 'Empty', visibleWhen: { data: '/tasks/length', equals: 0 } });
  save({ ...trapped, data: { tasks: [] } });
  await page.waitForFunction(() => document.getElementById('spec-warnings')?.textContent?.includes('/tasks/length'));
  assert.equal(await page.locator('#spec-warnings').isVisible(), true);
  const listed = (await page.locator('#spec-warnings').textContent()) ?? '';
  assert.match(listed, /root\.children\[2\]\.visibleWhen\.data: \/tasks\/length reads nothing/);
  assert.match(listed, /root\.style\.background: The fullscreen window is see-through/);
  await view.waitFor(/warning: root\.children\[2\]\.visibleWhen\.data: \/tasks\/length reads nothing/);
  const fixed = counterSpec('Add') as { root: { style?: object } };
  fixed.root.style = { background: 'surface' };
  save(fixed);
  await page.waitForSelector('#spec-warnings', { state: 'hidden' });
});

test('bad arguments exit 2 with the problem and a pointer to --help', async () => {
  for (const args of [['view'], ['view', 'a.json', 'b.json'], ['view', 'a.json', '--device', 'watch'], ['view', 'a.json', '--port', 'x'], ['view', '--nope', 'a.json']]) {
    const command = runCommand(args);
    assert.equal(await command.exited, 2, args.join(' '));
    assert.match(command.output(), /protostage view: .*\nRun `protostage view --help` for usage\./, args.join(' '));
  }
});

test('the viewer refuses a request without the right token', async () => {
  const address = new URL(url);
  const bare = `http://${address.host}/`;
  assert.equal((await fetch(bare)).status, 403);
  assert.equal((await fetch(`${bare}?token=${'x'.repeat(43)}`)).status, 403);
  assert.equal((await fetch(url)).status, 200);
  const refused = await new Promise<number>((resolve) => {
    const socket = new WebSocket(`ws://${address.host}/socket?token=wrong`);
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => resolve(101));
    socket.on('error', () => {});
  });
  assert.equal(refused, 403);
});

test('an oversized or malformed viewer message closes only that connection', async () => {
  const address = new URL(url);
  const socket = new WebSocket(`ws://${address.host}/socket?token=${address.searchParams.get('token')}`);
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send('not json');
  socket.send(JSON.stringify({ type: 'key', key: 'x'.repeat(5000) }));
  const code = await new Promise<number>((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
  assert.equal(code, 1009, 'message too big');
  // The server and the other viewer carry on.
  assert.equal((await fetch(url)).status, 200);
  assert.match(await page.locator('#connection').textContent() ?? '', /connected/);
});
