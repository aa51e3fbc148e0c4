// Style polish on the real web device: a scroll fades only the edges with more content (and the
// start edge is the right one in RTL), each fade at most half the viewport; an inner shadow is drawn
// in a layer above the border's; continuous corners reach the page as a squircle; an image filter
// desaturates and then tints the picture.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { byTag, readValidFixture, useDevices, validSpec } from './helpers.ts';

const devices = useDevices({}, { rtl: true });
const SPEC = () => validSpec(readValidFixture('style-polish.json'));

function page(index: number): Page {
  return (devices()[index]!.device as unknown as { page: Page }).page;
}

function photo(): Buffer {
  const png = new PNG({ width: 16, height: 9 });
  for (let at = 0; at < png.data.length; at += 4) png.data.set([30, 144, 255, 255], at);
  return PNG.sync.write(png);
}

const mask = (index: number) => page(index).evaluate(() => getComputedStyle(document.querySelector('[data-testid="faded"]')!).maskImage);
const scrollBy = (index: number, dx: number) => page(index).evaluate((by) => document.querySelector('[data-testid="faded"]')!.scrollBy({ left: by }), dx);

test('a scroll fades only the edges with more content, mirrored in RTL', async () => {
  for (const index of [0, 1]) {
    const { device } = devices()[index]!;
    await device.show(SPEC(), { reset: true });
    await device.settled();
  }
  const atStart = await mask(0);
  assert.match(atStart, /^linear-gradient\(to right, rgb\(0, 0, 0\) 0px, rgb\(0, 0, 0\) calc\(100% - 32px\), rgba\(0, 0, 0, 0\) 100%\)$/, 'only the end (right) fades at the start');
  await scrollBy(0, 60);
  await devices()[0]!.device.settled();
  assert.match(await mask(0), /^linear-gradient\(to right, rgba\(0, 0, 0, 0\) 0px, rgb\(0, 0, 0\) 32px, .*rgba\(0, 0, 0, 0\) 100%\)$/, 'both edges fade in the middle');
  // In RTL the content continues to the left: the left edge fades.
  assert.match(await mask(1), /^linear-gradient\(to right, rgba\(0, 0, 0, 0\) 0px, rgb\(0, 0, 0\) 32px, rgb\(0, 0, 0\) 100%\)$/);
});

test('an inner shadow lies above the border in its own layer, continuous corners are a squircle, the filter greys then tints', async () => {
  const { device } = devices()[0]!;
  await device.putAsset('photo', 'image/png', photo());
  await device.show(SPEC(), { reset: true });
  await device.settled();
  const layers = await page(0).evaluate(() => {
    const inner = document.querySelector('[data-testid="inner"]')!;
    return {
      layers: [...inner.children].filter((child) => child.tagName === 'SPAN').map((child) => child.className),
      outline: getComputedStyle(inner).outlineStyle,
      squircle: getComputedStyle(document.querySelector('[data-testid="continuous"]')!).getPropertyValue('corner-shape'),
    };
  });
  assert.deepEqual(layers.layers.slice(-2), ['ps-border-layer', 'ps-inner-shadow-layer']);
  assert.equal(layers.outline, 'none');
  assert.match(layers.squircle, /squircle|superellipse\(2\)/);

  const { screenshot } = await device.observe();
  const png = PNG.sync.read(screenshot);
  const density = png.width / device.report().width;
  const colourAt = (testTag: string) => {
    const { bounds } = byTag(hierarchy, testTag);
    const at = (Math.round((bounds.y + bounds.height / 2) * density) * png.width + Math.round((bounds.x + bounds.width / 2) * density)) * 4;
    return [png.data[at]!, png.data[at + 1]!, png.data[at + 2]!];
  };
  const hierarchy = await device.hierarchy();
  const [r, g, b] = colourAt('photo_plain');
  assert.ok(b > 200 && r < 60, `the plain picture is blue: ${[r, g, b]}`);
  const grey = colourAt('photo_grey');
  assert.ok(Math.max(...grey) - Math.min(...grey) <= 3, `saturation 0 is grey: ${grey}`);
  const tinted = colourAt('photo_tinted');
  // Grey (about 124) multiplied by #FFB74D: red ≈ 124, green ≈ 89, blue ≈ 37.
  assert.ok(Math.abs(tinted[0]! - grey[0]!) <= 3 && Math.abs(tinted[1]! - Math.round((grey[1]! * 0xb7) / 255)) <= 4 && Math.abs(tinted[2]! - Math.round((grey[2]! * 0x4d) / 255)) <= 4, `the tint multiplies the grey: ${grey} → ${tinted}`);
});
