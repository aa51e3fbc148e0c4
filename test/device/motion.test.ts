// Motion v2 on the real web device: animate carries a style change over its duration (and the
// reduced profile snaps the spatial part while colour still moves), style scale and rotation draw
// without moving the layout, slideStart enters from the start edge, and a double tap zooms a
// zoomable image about the tapped point.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { byTag, useDevices, validSpec } from './helpers.ts';

const devices = useDevices({}, { reducedMotion: true });
const page = (index: number) => (devices()[index]!.device as unknown as { page: Page }).page;

const SPEC = (animate: object) => validSpec({
  id: 'motion',
  window: { placement: { type: 'fullscreen' } },
  state: { on: false },
  root: {
    type: 'column',
    style: { padding: { top: 80, start: 24, end: 24, bottom: 0 }, spacing: 16 },
    children: [
      { type: 'button', label: 'Toggle', testTag: 'toggle', onTap: [{ type: 'toggle', key: 'on' }] },
      {
        type: 'box', testTag: 'mover', animate, children: [],
        style: { width: { dp: 80 }, height: { dp: 80 }, background: '#FF0000' },
        styleWhen: [{ when: { key: 'on', equals: true }, style: { background: '#0000FF', offset: { x: 100, y: 0 } } }],
      },
      { type: 'box', testTag: 'turned', children: [], style: { width: { dp: 60 }, height: { dp: 30 }, background: 'primary', scale: 2, rotation: 90 } },
      { type: 'text', text: 'Entered', testTag: 'entered', transition: 'slideStart', visibleWhen: { key: 'on', equals: true } },
    ],
  },
});

function computed(index: number, testTag: string, property: string): Promise<string> {
  return page(index).evaluate(([tag, name]) => getComputedStyle(document.querySelector(`[data-testid="${tag}"]`)!).getPropertyValue(name), [testTag, property] as const);
}

test('animate carries a style change over its duration; the reduced profile snaps the offset but still fades the colour', async () => {
  for (const index of [0, 1]) {
    const { device } = devices()[index]!;
    await device.show(SPEC({ durationMs: 2000, easing: 'linear' }), { reset: true });
    await device.settled();
    assert.ok((await device.tap({ testTag: 'toggle' })).ok);
  }
  await new Promise((resolve) => setTimeout(resolve, 400));
  // Part way: the colour is between red and blue on both; the offset moves only without reduced motion.
  for (const index of [0, 1]) {
    const colour = (await computed(index, 'mover', 'background-color')).match(/\d+/g)!.map(Number);
    assert.ok(colour[0]! > 20 && colour[0]! < 240 && colour[2]! > 20, `device ${index} mid-fade: ${colour}`);
  }
  const translate = (index: number) => computed(index, 'mover', 'translate');
  const moving = Number.parseFloat(await translate(0));
  assert.ok(moving > 5 && moving < 95, `the full profile is part way along: ${moving}`);
  assert.equal(await translate(1), '100px', 'the reduced profile snaps the offset');
  assert.doesNotMatch(await computed(1, 'mover', 'transition-property'), /translate/);
});

test('a spring tempo becomes a linear() curve over the token\'s settle time; scale and rotation draw without moving the layout', async () => {
  const { device } = devices()[0]!;
  await device.show(SPEC({ tempo: 'fast' }), { reset: true });
  await device.settled();
  assert.match(await computed(0, 'mover', 'transition-timing-function'), /^linear\(0 0%, /);
  const turned = byTag(await device.hierarchy(), 'turned').bounds;
  // Drawn 2× and a quarter turn: 60×30 becomes 60 wide and 120 tall on screen, about the same centre.
  assert.ok(Math.abs(turned.width - 60) < 1 && Math.abs(turned.height - 120) < 1, JSON.stringify(turned));
  assert.equal(await computed(0, 'turned', 'rotate'), '90deg');
});

test('slideStart enters from the start edge; a double tap zooms a zoomable image 2× and a second one zooms it out', async () => {
  const { device } = devices()[0]!;
  await device.show(SPEC({ durationMs: 100 }), { reset: true });
  await device.settled();
  assert.ok((await device.tap({ testTag: 'toggle' })).ok);
  assert.equal(await page(0).evaluate(() => getComputedStyle(document.querySelector('[data-testid="entered"]')!).animationName), 'ps-slide-from-left');
  await device.settled();

  const png = new PNG({ width: 40, height: 40 });
  png.data.fill(200);
  await device.show(validSpec({ id: 'zoom', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', style: { padding: { top: 80, start: 0, end: 0, bottom: 0 } }, children: [{ type: 'image', asset: 'photo', zoomable: true, testTag: 'photo', style: { width: { dp: 200 }, height: { dp: 200 } } }] } }), { reset: true });
  await device.putAsset('photo', 'image/png', PNG.sync.write(png));
  await device.settled();
  await page(0).waitForSelector('[data-testid="photo"] img');
  const transform = () => page(0).evaluate(() => getComputedStyle(document.querySelector('[data-testid="photo"] img')!).transform);
  assert.equal(await transform(), 'none');
  const photo = byTag(await device.hierarchy(), 'photo').bounds;
  assert.ok((await device.tap({ x: photo.x + 50, y: photo.y + 50 }, 'doubleTap')).ok);
  await device.settled();
  // 2× about (50, 50): translate -50, -50.
  assert.equal(await transform(), 'matrix(2, 0, 0, 2, -50, -50)');
  assert.ok((await device.tap({ x: photo.x + 50, y: photo.y + 50 }, 'doubleTap')).ok);
  await device.settled();
  assert.equal(await transform(), 'none');
});
