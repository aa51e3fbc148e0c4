// docs/gallery holds screenshots of the seed's worked examples, the every-node spec and the
// prototypes in examples/, in light and dark. This test renders them again and fails if any
// drifted; run it with UPDATE_GALLERY=1 to write the current pictures instead.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { exampleNames, readExample, readExampleAt, startWeatherApi, type RunningApi } from '../examples/examples.ts';
import { serveRequestsInProcess } from '../../src/host/requests.ts';
import { AllowedOrigins } from '../../src/protocol/egress.ts';
import type { DeviceChange } from '../../src/device/web-device.ts';
import { PNG } from 'pngjs';
import { differingPixels, readValidFixture, useDevices, validSpec, withBoundsAnchors, type OpenDevice } from './helpers.ts';

const GALLERY_DIR = new URL('../../docs/gallery/', import.meta.url);
const UPDATE = process.env.UPDATE_GALLERY === '1';

interface GalleryEntry {
  picture: string;
  spec: () => unknown;
  /** testTags tapped in order before the picture is taken, to show a sheet or dialog open. */
  taps?: string[];
  /** A swipe on a testTag after the taps, to show a row's swipe actions. */
  swipe?: { direction: 'left' | 'right'; testTag: string };
  /** Device settings for this picture only (a larger font scale, a turned phone). */
  device?: DeviceChange;
  /** In the device's bezel, as render --frame draws it. */
  frame?: boolean;
  /** Assets put on the device before the show (made at test time). */
  assets?: () => { id: string; mimeType: string; bytes: Buffer }[];
  /** Loads from examples/weather-api.mjs, run for it: pictured once its requests have completed. */
  weatherApi?: true;
}

/** doc-example-3's element anchor becomes a fixed bounds anchor (only the host resolves selectors). */
const FIXTURES: GalleryEntry[] = ['doc-example-1', 'doc-example-2', 'doc-example-3', 'every-node', 'nodes-cast-paste', 'nodes-chart', 'nodes-map', 'style-effects'].map((name) => ({
  picture: name,
  spec: () => withBoundsAnchors(readValidFixture(`${name}.json`)),
}));

/** A poster made at test time: a diagonal gradient from a deep blue to a warm orange. */
function posterPng(): Buffer {
  const png = new PNG({ width: 320, height: 180 });
  for (let y = 0; y < 180; y++) {
    for (let x = 0; x < 320; x++) {
      const t = (x / 320 + y / 180) / 2;
      const at = (y * 320 + x) * 4;
      png.data[at] = Math.round(30 + t * 210);
      png.data[at + 1] = Math.round(40 + t * 100);
      png.data[at + 2] = Math.round(120 - t * 80);
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const MEDIA: GalleryEntry[] = [
  { picture: 'style-polish', spec: () => readValidFixture('style-polish.json'), assets: () => [{ id: 'photo', mimeType: 'image/png', bytes: posterPng() }] },
  { picture: 'nodes-camera', spec: () => readValidFixture('nodes-camera.json'), taps: ['camera.shutter'] },
  { picture: 'nodes-video', spec: () => readValidFixture('nodes-video.json'), assets: () => [{ id: 'trailer_poster', mimeType: 'image/png', bytes: posterPng() }] },
];

/** Examples whose interesting state is one tap away are pictured after that tap. */
const EXAMPLE_TAPS: Record<string, string[]> = {
  'filters-sheet': ['search_open_filters'],
  'confirm-dialog': ['card_visa_remove'],
};

const EXAMPLES: GalleryEntry[] = exampleNames().map((file) => {
  const name = file.replace(/\.json$/, '');
  return { picture: `example-${name}`, spec: () => readExample(file), taps: EXAMPLE_TAPS[name], ...(name === 'weather' ? { weatherApi: true as const } : {}) };
});

let weatherApi: Promise<RunningApi> | null = null;
after(() => weatherApi?.then((api) => api.close()));

/** Components pictured open: the settings example's overflow menu and its select's options, a mail row's swipe actions, the sign-in form's errors, and the interaction fixture closed, with its drawer open and with its search active. */
const OPEN_STATES: GalleryEntry[] = [
  { picture: 'example-settings-menu-open', spec: () => readExample('settings.json'), taps: ['settings_bar.actions.1'] },
  { picture: 'example-settings-select-open', spec: () => readExample('settings.json'), taps: ['setting_text_size'] },
  { picture: 'example-mail-swiped', spec: () => readExample('mail.json'), swipe: { direction: 'right', testTag: 'mail_row.m2' } },
  { picture: 'example-sign-in-errors', spec: () => readExample('sign-in.json'), taps: ['signin_submit'] },
  { picture: 'interaction-vocabulary', spec: () => readValidFixture('interaction-vocabulary.json') },
  { picture: 'interaction-vocabulary-drawer-open', spec: () => readValidFixture('interaction-vocabulary.json'), taps: ['open_nav'] },
  { picture: 'interaction-vocabulary-search-active', spec: () => readValidFixture('interaction-vocabulary.json'), taps: ['search'] },
];

/** The device itself: the keyboard up under an app-layer chat, the same in the bezel, font scale 2, and text in many scripts (also in RTL). */
const DEVICE_STATES: GalleryEntry[] = [
  { picture: 'world-text', spec: () => readValidFixture('world-text.json') },
  { picture: 'world-text-rtl', spec: () => readValidFixture('world-text.json'), device: { rtl: true } },
  { picture: 'example-chat-keyboard', spec: () => readExample('chat.json'), taps: ['chat_input'] },
  { picture: 'example-chat-keyboard-framed', spec: () => readExample('chat.json'), taps: ['chat_input'], frame: true },
  { picture: 'example-settings-font-scale-2', spec: () => readExample('settings.json'), device: { fontScale: 2 } },
  { picture: 'example-contact-share', spec: () => readExample('contact.json'), taps: ['contact_share'] },
  { picture: 'example-cart-ar', spec: () => readExample('cart.json'), device: { locale: 'ar' }, taps: ['cart_add'] },
];

const devices = useDevices({ dark: false }, { dark: true });

async function screenshot(open: OpenDevice, entry: GalleryEntry): Promise<Buffer> {
  const before = open.device.settings;
  if (entry.device) await open.device.configure(entry.device);
  try {
    return await pictured(open, entry);
  } finally {
    if (entry.device) await open.device.configure(before);
  }
}

async function pictured(open: OpenDevice, entry: GalleryEntry): Promise<Buffer> {
  let spec = entry.spec();
  if (entry.weatherApi) {
    const { origin } = await (weatherApi ??= startWeatherApi());
    serveRequestsInProcess(open.device.requests, { allowed: new AllowedOrigins([origin]) });
    spec = readExampleAt('weather.json', origin);
  }
  for (const asset of entry.assets?.() ?? []) await open.device.putAsset(asset.id, asset.mimeType, asset.bytes);
  const shown = await open.device.show(validSpec(spec), { reset: true });
  assert.notEqual((shown as { ok?: unknown }).ok, false, `show failed: ${JSON.stringify(shown)}`);
  for (const testTag of entry.taps ?? []) {
    await open.device.settled();
    const tapped = await open.device.tap({ testTag });
    assert.ok(tapped.ok, tapped.ok ? '' : tapped.message);
  }
  if (entry.swipe) {
    await open.device.settled();
    const swiped = await open.device.swipe(entry.swipe.direction, entry.swipe.testTag);
    assert.ok(swiped.ok, swiped.ok ? '' : swiped.message);
  }
  if (entry.weatherApi) assert.ok(await open.device.requestsIdle(10_000), 'the forecast loaded');
  const { screenshot } = await open.device.observe();
  return entry.frame ? open.device.framed(screenshot) : screenshot;
}

for (const entry of [...FIXTURES, ...MEDIA, ...EXAMPLES, ...OPEN_STATES, ...DEVICE_STATES]) {
  for (const mode of ['light', 'dark'] as const) {
    const file = new URL(`${entry.picture}-${mode}.png`, GALLERY_DIR);
    test(`gallery ${entry.picture} (${mode}) matches docs/gallery`, async () => {
      const picture = await screenshot(devices()[mode === 'light' ? 0 : 1]!, entry);
      if (UPDATE) {
        writeFileSync(file, picture);
        return;
      }
      assert.ok(existsSync(file), `${file.pathname} is missing; run UPDATE_GALLERY=1 on this test to write it`);
      const drift = differingPixels(readFileSync(file), picture);
      assert.equal(drift, 0, `${drift} pixels drifted from ${file.pathname}; if the change is intended, run UPDATE_GALLERY=1 on this test`);
    });
  }
}
