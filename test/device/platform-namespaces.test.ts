// The namespace fields the web device honours, on real Chromium with a real pointer: a pressed
// button shows the press state layer unless android.indication is none, and ios.hover lifts a
// node under the pointer (or highlights it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { byTag, useDevice, validSpec } from './helpers.ts';

const open = useDevice();

const SPEC = validSpec({
  id: 'feedback',
  window: { placement: { type: 'fullscreen' } },
  root: {
    type: 'column',
    style: { padding: { top: 120, start: 24, end: 24, bottom: 0 }, spacing: 24 },
    children: [
      { type: 'button', label: 'Ripple', testTag: 'ripple', onTap: [{ type: 'emit', name: 'a' }] },
      { type: 'button', label: 'Quiet', testTag: 'quiet', android: { indication: 'none' }, onTap: [{ type: 'emit', name: 'b' }] },
      { type: 'card', testTag: 'lifted', ios: { hover: 'lift' }, children: [{ type: 'text', text: 'Lifts under the pointer' }] },
    ],
  },
});

const page = () => (open().device as unknown as { page: Page }).page;

async function centreOf(testTag: string): Promise<{ x: number; y: number }> {
  const { bounds } = byTag(await open().device.hierarchy(), testTag);
  return { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 };
}

/** The drawn element's box-shadow while the pointer holds it down. */
async function shadowWhilePressed(testTag: string): Promise<string> {
  const at = await centreOf(testTag);
  await page().mouse.move(at.x, at.y);
  await page().mouse.down();
  try {
    return await page().evaluate((tag) => getComputedStyle(document.querySelector(`[data-testid="${tag}"]`)!).boxShadow, testTag);
  } finally {
    await page().mouse.up();
    await page().mouse.move(-1, -1);
  }
}

test('a pressed button shows its state layer unless android.indication is none; ios.hover lifts under the pointer', async () => {
  const { device } = open();
  await device.show(SPEC, { reset: true });
  await device.settled();
  assert.match(await shadowWhilePressed('ripple'), /inset/);
  assert.equal(await shadowWhilePressed('quiet'), 'none');

  const translate = () => page().evaluate(() => getComputedStyle(document.querySelector('[data-testid="lifted"]')!).translate);
  assert.equal(await translate(), 'none');
  const at = await centreOf('lifted');
  await page().mouse.move(at.x, at.y);
  await device.settled();
  assert.equal(await translate(), '0px -2px');
  await page().mouse.move(-1, -1);
});

test('a tap leaves nothing hovered: once settled, the tapped card is not lifted and observe captures it at rest', async () => {
  const { device } = open();
  await device.show(SPEC, { reset: true });
  await device.settled();
  const translate = () => page().evaluate(() => getComputedStyle(document.querySelector('[data-testid="lifted"]')!).translate);
  for (let tap = 0; tap < 3; tap++) {
    assert.equal((await device.tap({ testTag: 'lifted' })).ok, true);
    await device.settled();
    assert.equal(await translate(), 'none', `the pointer has left the screen after tap ${tap + 1}`);
  }
  assert.equal((await device.tap({ testTag: 'lifted' })).ok, true);
  const seen = await device.observe();
  assert.ok(seen.hierarchy.some((node) => node.testTag === 'lifted'));
  assert.equal(await translate(), 'none', 'observe waited for the pointer to leave');
});

test('taps in quick succession each land where aimed, before the last one\'s pointer has left the screen', async () => {
  const { device } = open();
  await device.show(SPEC, { reset: true });
  await device.settled();
  const names: string[] = [];
  let allIn: () => void = () => {};
  const fiveEmits = new Promise<void>((resolve) => (allIn = resolve));
  const unsubscribe = device.onEvent((event) => {
    if (event.kind === 'emit') names.push(event.name ?? '');
    if (names.length === 5) allIn();
  });
  try {
    for (const testTag of ['ripple', 'quiet', 'ripple', 'ripple', 'quiet']) assert.equal((await device.tap({ testTag })).ok, true);
    await Promise.race([fiveEmits, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    assert.deepEqual(names, ['a', 'b', 'a', 'a', 'b']);
  } finally {
    unsubscribe();
  }
});
