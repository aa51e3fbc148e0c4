// The camera preview on the real web device: Chromium's fake camera shows the test card, the
// shutter keeps the frame as an image asset whose id goes to captureKey, and an image bound by
// assetKey draws that capture; the capture's pixels are the test card's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { testCardPixel, TEST_CARD_HEIGHT, TEST_CARD_WIDTH } from '../../src/device/camera.ts';
import { byTag, readValidFixture, useDevice, validSpec } from './helpers.ts';

const open = useDevice();

async function state(): Promise<Record<string, unknown>> {
  return ((await open().device.inspect()) as { prototypes: { state: Record<string, unknown> }[] }).prototypes[0]!.state;
}

/** The screenshot's colour at a point (dp) of a screen `width` dp wide. */
function colourAt(screenshot: Buffer, point: { x: number; y: number }, width: number): [number, number, number] {
  const png = PNG.sync.read(screenshot);
  const density = png.width / width;
  const at = (Math.round(point.y * density) * png.width + Math.round(point.x * density)) * 4;
  return [png.data[at]!, png.data[at + 1]!, png.data[at + 2]!];
}

function near(a: readonly number[], b: readonly number[], tolerance = 24): boolean {
  return a.every((value, i) => Math.abs(value - b[i]!) <= tolerance);
}

test('the shutter keeps the test card as a capture, writes its id and an assetKey image draws it', async () => {
  const { device, log } = open();
  await device.show(validSpec(readValidFixture('nodes-camera.json')), { reset: true });
  await device.settled();
  const shutter = byTag(await device.hierarchy(), 'camera.shutter');
  assert.equal(shutter.enabled, true, 'the camera is live once the screen has settled');
  const since = log.events.length;
  assert.ok((await device.tap({ testTag: 'camera.shutter' })).ok);
  await device.settled();
  const capture = (await state()).photo as string;
  assert.match(capture, /^capture-\d+$/);
  await log.next((event) => event.kind === 'emit' && event.name === 'photo_taken', since);
  const hierarchy = await device.hierarchy();
  assert.equal(byTag(hierarchy, 'photo_id').text, `Photo: ${capture}`);

  // The avatar crops the 4:3 capture into a square: its middle is the card's middle column.
  const avatar = byTag(hierarchy, 'avatar').bounds;
  const { screenshot } = await device.observe();
  const width = device.report().width;
  const sky = colourAt(screenshot, { x: avatar.x + avatar.width / 2, y: avatar.y + avatar.height * 0.3 }, width);
  const field = colourAt(screenshot, { x: avatar.x + avatar.width / 2, y: avatar.y + avatar.height * 0.85 }, width);
  assert.ok(near(sky, testCardPixel(TEST_CARD_WIDTH / 2, TEST_CARD_HEIGHT * 0.3)), `sky ${sky}`);
  assert.ok(near(field, testCardPixel(TEST_CARD_WIDTH / 2, TEST_CARD_HEIGHT * 0.85)), `field ${field}`);
});

test('a second capture is a new asset, and without a camera the preview says so and the shutter is disabled', async () => {
  const { device } = open();
  await device.show(validSpec(readValidFixture('nodes-camera.json')), { reset: true });
  await device.settled();
  assert.ok((await device.tap({ testTag: 'camera.shutter' })).ok);
  await device.settled();
  const first = (await state()).photo;
  assert.ok((await device.tap({ testTag: 'camera.shutter' })).ok);
  await device.settled();
  assert.notEqual((await state()).photo, first);

  const page = (device as unknown as { page: import('playwright-core').Page }).page;
  await page.evaluate(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { configurable: true, value: () => Promise.reject(new DOMException('no camera', 'NotFoundError')) });
  });
  await device.show(validSpec({ ...(readValidFixture('nodes-camera.json') as object), id: 'no-camera' }), { reset: true });
  await device.settled();
  const hierarchy = await device.hierarchy();
  assert.equal(byTag(hierarchy, 'camera').text, 'Camera, unavailable');
  assert.equal(byTag(hierarchy, 'camera.shutter').enabled, false);
  await page.evaluate(() => delete (navigator.mediaDevices as unknown as { getUserMedia?: unknown }).getUserMedia);
});
