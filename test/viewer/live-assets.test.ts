// The live view's assets on a real device: files from --assets put before the first show, a
// rewritten picture changing the device's pixels and a rewritten font the text's measured width
// without a spec save, an unusable rewrite reported
// (to the viewers and the caller) while the old picture stays, and a file added to the folder
// later filling its placeholder. Also the `view` command refusing bad asset flags.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { solidPng } from '../device/pictures.ts';
import { loadWatchedAssets } from '../../src/cli/live-assets.ts';
import { startLiveView, type AssetChange, type LiveView } from '../../src/viewer/live-view.ts';
import type { SpecStatus } from '../../src/viewer/messages.ts';
import { runCommand, viewerStatus } from './helpers.ts';

type Rgb = [number, number, number];

const SANS_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const MONO_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

const folder = mkdtempSync(join(tmpdir(), 'protostage-live-assets-'));
const assetsDir = join(folder, 'assets');
const specPath = join(folder, 'pictures.json');
let view: LiveView;
const statuses: SpecStatus[] = [];
const missing: string[][] = [];
const changes: AssetChange[] = [];
let changeWaiter: (() => void) | null = null;

/**
 * Two pictures side by side, 100×100 dp each ("hero" from the start, "logo" added later), then a
 * line of text in the "brand" font, as wide as it measures.
 */
const spec = {
  id: 'pictures',
  window: { placement: { type: 'fullscreen' } },
  root: {
    type: 'row',
    children: [
      ...['hero', 'logo'].map((asset) => ({ type: 'image', asset, testTag: asset, contentScale: 'fill', style: { width: { dp: 100 }, height: { dp: 100 } } })),
      { type: 'text', text: 'Brand type', testTag: 'brand', style: { fontFamily: { asset: 'brand' } } },
    ],
  },
};

/** Resolves with the first asset change reported after this call that is about `file`. */
function nextChange(file: string): Promise<AssetChange> {
  const seen = changes.length;
  return new Promise((resolve) => {
    changeWaiter = () => {
      const change = changes.slice(seen).find((candidate) => candidate.file === file);
      if (change !== undefined) resolve(change);
    };
  });
}

/** The colour at the middle of the image tagged `testTag`, on the device now. */
async function colourOf(testTag: string): Promise<Rgb> {
  const { hierarchy, screenshot } = await view.device.observe();
  const { bounds } = hierarchy.find((node) => node.testTag === testTag)!;
  const png = PNG.sync.read(screenshot);
  const offset = (Math.round(bounds.y + bounds.height / 2) * png.width + Math.round(bounds.x + bounds.width / 2)) * 4;
  return [png.data[offset]!, png.data[offset + 1]!, png.data[offset + 2]!];
}

/** The width of the node tagged `testTag` in the device's hierarchy now. */
async function widthOf(testTag: string): Promise<number> {
  const { hierarchy } = await view.device.observe();
  return hierarchy.find((node) => node.testTag === testTag)!.bounds.width;
}

function assertColour(actual: Rgb, expected: Rgb, what: string): void {
  assert.ok(actual.every((channel, index) => Math.abs(channel - expected[index]!) < 40), `${what}: expected about rgb(${expected}), got rgb(${actual})`);
}

before(async () => {
  mkdirSync(assetsDir);
  writeFileSync(join(assetsDir, 'hero.png'), solidPng([255, 0, 0]));
  copyFileSync(SANS_FONT, join(assetsDir, 'brand.ttf'));
  writeFileSync(specPath, JSON.stringify(spec));
  const loaded = await loadWatchedAssets([], assetsDir);
  assert.ok(loaded.ok);
  view = await startLiveView({
    specPath,
    assets: loaded.assets,
    onStatus: (status) => statuses.push(status),
    onMissingAssets: (_file, _version, ids) => missing.push(ids),
    onAssetChange: (change) => {
      changes.push(change);
      changeWaiter?.();
    },
  });
});

after(async () => {
  await view?.close();
  rmSync(folder, { recursive: true, force: true });
});

test('the folder\'s assets are on the device before the first show; an asset nobody gave is reported missing', async () => {
  assert.equal(statuses.length, 1);
  assert.equal(statuses[0]!.ok, true);
  assert.deepEqual(missing, [['logo']]);
  assertColour(await colourOf('hero'), [255, 0, 0], 'hero.png is drawn');
});

test('a rewritten asset file changes the device\'s pixels without a spec save', async () => {
  const changed = nextChange('hero.png');
  writeFileSync(join(assetsDir, 'hero.png'), solidPng([0, 0, 255]));
  assert.deepEqual(await changed, { ok: true, id: 'hero', file: 'hero.png', version: 2, added: false });
  assertColour(await colourOf('hero'), [0, 0, 255], 'the new hero.png is drawn');
  assert.equal(statuses.length, 1, 'the spec was not loaded again');
});

test('a rewritten font file changes the measured width of the text in it without a spec save', async () => {
  const sansWidth = await widthOf('brand');
  const toMono = nextChange('brand.ttf');
  copyFileSync(MONO_FONT, join(assetsDir, 'brand.ttf'));
  assert.deepEqual(await toMono, { ok: true, id: 'brand', file: 'brand.ttf', version: 2, added: false });
  // DejaVu Sans Mono sets "Brand type" about 9% wider than DejaVu Sans; the default font
  // (Roboto), which the text falls back to while no brand face is loaded, sets it narrower.
  const monoWidth = await widthOf('brand');
  assert.ok(monoWidth > sansWidth * 1.04, `the text is set in the new font: ${sansWidth} dp in DejaVu Sans, then ${monoWidth} dp`);

  const backToSans = nextChange('brand.ttf');
  copyFileSync(SANS_FONT, join(assetsDir, 'brand.ttf'));
  assert.equal((await backToSans).ok, true);
  assert.equal(await widthOf('brand'), sansWidth, 'the first font is back, at its first width');
  assert.equal(statuses.length, 1, 'the spec was not loaded again');
});

test('an unusable rewrite is reported to the viewers and the caller, and the old picture stays', async () => {
  const changed = nextChange('hero.png');
  writeFileSync(join(assetsDir, 'hero.png'), 'GIF89a, not an accepted type');
  const change = await changed;
  assert.equal(change.ok, false);
  assert.ok(!change.ok);
  assert.equal(change.flag, `--assets ${assetsDir}`);
  assert.match(change.message, /hero\.png" is not a PNG, JPEG, WebP, TTF, OTF, MP4 or WebM file/);
  const status = await viewerStatus(view.url);
  assert.ok(!status.ok, 'the viewer shows the problem');
  assert.equal(status.file, 'hero.png');
  assert.equal(status.path, `--assets ${assetsDir}`);
  assert.match(status.message, /is not a PNG.*the device keeps the copy it had/);
  assertColour(await colourOf('hero'), [0, 0, 255], 'the last good hero.png is still drawn');

  const fixed = nextChange('hero.png');
  writeFileSync(join(assetsDir, 'hero.png'), solidPng([0, 255, 0]));
  assert.equal((await fixed).ok, true);
  assert.deepEqual(await viewerStatus(view.url), statuses[0], 'once the file loads again the viewers see the spec\'s status');
  assertColour(await colourOf('hero'), [0, 255, 0], 'the fixed hero.png is drawn');
});

test('a file added to the folder later fills the placeholder of the asset it names', async () => {
  const added = nextChange('logo.png');
  writeFileSync(join(assetsDir, 'notes.txt'), 'skipped: not an image or a font');
  writeFileSync(join(assetsDir, 'logo.png'), solidPng([255, 255, 0]));
  assert.deepEqual(await added, { ok: true, id: 'logo', file: 'logo.png', version: 1, added: true });
  assertColour(await colourOf('logo'), [255, 255, 0], 'logo.png is drawn');
  assert.equal(changes.filter((change) => change.file === 'notes.txt').length, 0);
});

test('after a dismissal cleared the device\'s assets, the next save shows them again', async () => {
  const dismissed = (await view.device.dismiss('all')) as { ok?: boolean };
  assert.equal(dismissed.ok, true);
  writeFileSync(specPath, JSON.stringify(spec, null, 2));
  while (statuses.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(statuses[1]!.ok, true);
  assert.equal(missing.length, 1, 'no asset is reported missing: the held ones were put again');
  assertColour(await colourOf('hero'), [0, 255, 0], 'hero.png is drawn again');
  assertColour(await colourOf('logo'), [255, 255, 0], 'logo.png is drawn again');
});

test('view puts a changed --asset file again and says so on stderr', async () => {
  const file = join(folder, 'cover.png');
  writeFileSync(file, solidPng([255, 0, 0]));
  const running = runCommand(['view', specPath, '--asset', `hero=${file}`]);
  try {
    await running.waitFor(/pictures\.json \(save 1\): valid/);
    await running.waitFor(/pictures\.json \(save 1\): warning: the spec uses assets not given: logo, brand .*--asset logo=FILE or --assets DIR/);
    writeFileSync(file, solidPng([0, 0, 255]));
    await running.waitFor(/cover\.png \(save 2\): asset "hero" put on the device again/);
    writeFileSync(file, 'not a picture');
    await running.waitFor(/cover\.png \(save 3\): --asset hero=.*cover\.png: ".*cover\.png" is not a PNG.*; the device keeps the copy it had/);
  } finally {
    await running.stop();
  }
});

test('view refuses an unusable asset file before it starts, and a malformed flag as bad usage', async () => {
  writeFileSync(join(folder, 'x.gif'), 'GIF89a');
  const refused = runCommand(['view', specPath, '--asset', `hero=${join(folder, 'x.gif')}`]);
  assert.equal(await refused.exited, 1);
  assert.match(refused.output(), /^protostage view: --asset hero=.*x\.gif: ".*x\.gif" is not a PNG, JPEG, WebP, TTF, OTF, MP4 or WebM file \(checked by its signature\); convert it/);
  assert.doesNotMatch(refused.output(), /open http/, 'the viewer never started');

  const malformed = runCommand(['view', specPath, '--asset', 'hero']);
  assert.equal(await malformed.exited, 2);
  assert.match(malformed.output(), /^protostage view: --asset hero: expected ID=FILE/);
});
