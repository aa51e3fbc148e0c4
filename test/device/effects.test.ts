// Style effects on the real web device: they change no layout, hit testing or accessibility (the
// same nodes at the same bounds, and a tap through a shimmer reaches its node); a shimmer moves
// only under the full motion profile with animate, and rests at its phase otherwise; with motion
// "none" two observes are the same picture; a distortion on a scroll is left out; a distortion
// bends the background and content but not the overlays over it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { readValidFixture, useDevices, validSpec } from './helpers.ts';

const devices = useDevices({}, { reducedMotion: true });
const page = (index: number) => (devices()[index]!.device as unknown as { page: Page }).page;

/** The fixture with every effect taken away. */
function withoutEffects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEffects);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'effects').map(([key, inner]) => [key, withoutEffects(inner)]));
}

test('effects change no layout and no accessibility node, and a tap through a shimmer reaches its node', async () => {
  const { device, log } = devices()[0]!;
  const fixture = readValidFixture('style-effects.json') as { root: { children: { children?: { onTap?: unknown }[] }[] } };
  fixture.root.children[1]!.children![2]!.onTap = [{ type: 'emit', name: 'shimmer_tapped' }];
  await device.show(validSpec(withoutEffects(fixture)), { reset: true });
  await device.settled();
  const plain = await device.hierarchy();
  await device.show(validSpec(fixture), { reset: true });
  await device.settled();
  const drawn = await device.hierarchy();
  assert.deepEqual(drawn.map((node) => [node.testTag, node.bounds]), plain.map((node) => [node.testTag, node.bounds]));
  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'fx_shimmer' })).ok);
  await log.next((event) => event.kind === 'emit' && event.name === 'shimmer_tapped', since);
});

test('a shimmer with animate moves only under the full profile; with motion "none" two observes are the same picture', async () => {
  const spec = readValidFixture('style-effects.json') as { motion?: string };
  delete spec.motion;
  const animation = (index: number) => page(index).evaluate(() => getComputedStyle(document.querySelector('[data-testid="fx_shimmer"] .ps-fx-shimmer')!).animationName);
  for (const index of [0, 1]) {
    await devices()[index]!.device.show(validSpec(spec), { reset: true });
    await devices()[index]!.device.settled();
  }
  assert.equal(await animation(0), 'ps-fx-shimmer');
  assert.equal(await animation(1), 'none', 'the reduced profile rests it');
  const wave = () => page(0).evaluate(() => document.querySelector('[data-testid="fx_wave"] animate') !== null);
  assert.equal(await wave(), true, 'the wave travels under the full profile');

  const { device } = devices()[0]!;
  await device.show(validSpec(readValidFixture('style-effects.json')), { reset: true });
  await device.settled();
  assert.equal(await animation(0), 'none');
  assert.equal(await wave(), false);
  const first = await device.observe();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const second = await device.observe();
  assert.ok(first.screenshot.equals(second.screenshot), 'motion none: the same picture twice');
});

test('a distortion on a scroll is left out and its other effects are drawn', async () => {
  const { device } = devices()[0]!;
  await device.show(validSpec(readValidFixture('style-effects.json')), { reset: true });
  await device.settled();
  const scroll = await page(0).evaluate(() => {
    const element = document.querySelector('[data-testid="fx_scroll"]')!;
    return { distorted: element.querySelector(':scope > .ps-fx-distortion') !== null, glow: element.querySelector(':scope > .ps-fx-glow') !== null };
  });
  assert.deepEqual(scroll, { distorted: false, glow: true });
});

test('a distortion filters the background and content under it, and the overlays above it stay sharp', async () => {
  const { device } = devices()[0]!;
  await device.show(validSpec({
    id: 'layers',
    window: { placement: { type: 'fullscreen' } },
    motion: 'none',
    root: { type: 'box', testTag: 'tile', style: { width: { dp: 120 }, height: { dp: 120 }, background: 'primaryContainer', effects: [{ type: 'shimmer', phase: 0.5 }, { type: 'blur', radius: 6 }, { type: 'vignette' }] }, children: [{ type: 'text', text: 'Blurred' }] },
  }), { reset: true });
  await device.settled();
  const layers = await page(0).evaluate(() => [...document.querySelector('[data-testid="tile"]')!.children]
    .filter((child) => child.classList.contains('ps-fx'))
    .map((child) => [child.className.replace('ps-fx ', ''), getComputedStyle(child).backdropFilter]));
  // The distortion comes first whatever the authored order, so it never bends the overlays.
  assert.deepEqual(layers, [['ps-fx-distortion', 'blur(6px)'], ['ps-fx-shimmer', 'none'], ['ps-fx-vignette', 'none']]);
});
