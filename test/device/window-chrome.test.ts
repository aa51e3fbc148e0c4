// Chromeless fullscreen windows and dead taps in Chromium: with window.chrome "none" the content
// fills the window under the status bar, a two-finger hold of about a second reveals the host's
// dismiss pill (one finger does not), tapOn reaches the pill; with window.deadTaps a tap nothing
// handles comes back as prototype_dead_tap and a handled one does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WebDevice } from '../../src/device/web-device.ts';
import { byTag, differingPixels, useDevice, validSpec } from './helpers.ts';

const phone = useDevice();

function chromeless(deadTaps = false): unknown {
  return validSpec({
    id: 'full',
    window: { placement: { type: 'fullscreen' }, chrome: 'none', ...(deadTaps ? { deadTaps: true } : {}) },
    motion: 'none',
    root: {
      type: 'column', testTag: 'root', style: { width: 'fill', height: 'fill', background: 'surface' },
      children: [
        { type: 'text', testTag: 'title', text: 'Edge to edge' },
        { type: 'button', testTag: 'ok', label: 'OK', onTap: [{ type: 'emit', name: 'ok' }] },
      ],
    },
  });
}

async function show(device: WebDevice, spec: unknown): Promise<void> {
  assert.ok(((await device.show(spec, { reset: true })) as { ok: boolean }).ok);
}

async function hold(device: WebDevice, fingers: Array<{ x: number; y: number }>, ms: number): Promise<void> {
  await device.fingers('start', fingers);
  await new Promise((resolve) => setTimeout(resolve, ms));
  await device.fingers('end', []);
}

test('chrome none: the content starts at the top of the screen and the host row is gone', async () => {
  const { device } = phone();
  await show(device, chromeless());
  const hierarchy = (await device.observe()).hierarchy;
  assert.equal(byTag(hierarchy, 'root').bounds.y, 0);
  assert.equal(byTag(hierarchy, 'root').bounds.height, 915);
  assert.equal(hierarchy.some((node) => node.testTag === 'protostage.dismiss'), false, 'the hidden pill is not listed');
});

test('a two-finger hold reveals the dismiss pill; one finger does not; tapOn presses it', async () => {
  const { device, log } = phone();
  await show(device, chromeless());
  const hidden = (await device.observe()).screenshot;
  await hold(device, [{ x: 200, y: 500 }], 1300);
  await device.settled();
  assert.equal(differingPixels((await device.observe()).screenshot, hidden), 0, 'one finger reveals nothing');
  await hold(device, [{ x: 150, y: 500 }, { x: 250, y: 500 }], 1300);
  await device.settled();
  const revealed = await device.observe();
  assert.ok(differingPixels(revealed.screenshot, hidden) > 100, 'the pill is drawn');
  assert.equal(byTag(revealed.hierarchy, 'protostage.dismiss').text, 'Dismiss prototype', 'the revealed pill is listed');
  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'protostage.dismiss' })).ok);
  const dismissed = await log.next((event) => event.kind === 'dismissed', since);
  assert.deepEqual(dismissed.payload, { reason: 'user' });
});

test('dead taps: a tap on plain text is reported at its window point; a tap on a button is not', async () => {
  const { device, log } = phone();
  await show(device, chromeless(true));
  const since = log.events.length;
  assert.ok((await device.tap({ x: 300, y: 600 })).ok);
  const dead = await log.next((event) => event.name === 'prototype_dead_tap', since);
  assert.deepEqual(dead.payload, { x: 300, y: 600, stack: null, screen: null });
  const afterDead = log.events.length;
  assert.ok((await device.tap({ testTag: 'ok' })).ok);
  await log.next((event) => event.name === 'ok', afterDead);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual(log.events.slice(afterDead).map((event) => event.name), ['ok']);
});
