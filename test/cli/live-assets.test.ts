// The assets `protostage view` holds, after a show that found some missing (a dismissal clears the
// device's copies): the held ones are put again, and a put the device refuses is reported like an
// unusable file and put again at the next look at its file. The device here is a stand-in that
// records puts and refuses the ids it is told to; the asset files are real.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { describeAssetChange } from '../../src/cli/commands/view.ts';
import { loadWatchedAssets, type WatchedAssets } from '../../src/cli/live-assets.ts';
import type { WebDevice } from '../../src/device/web-device.ts';
import type { AssetChange } from '../../src/viewer/asset-change.ts';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24)]);

const folder = mkdtempSync(join(tmpdir(), 'protostage-live-assets-unit-'));
after(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'hero.png'), PNG_BYTES);
copyFileSync(FONT, join(folder, 'brand.ttf'));
const FLAG = `--assets ${folder}`;

interface Put { id: string; mimeType: string; bytes: Buffer }

/** A device that takes every put except those of the ids in `refusals` (id → its message). */
function recordingDevice(refusals: Record<string, string> = {}): { device: WebDevice; puts: Put[] } {
  const puts: Put[] = [];
  const device = {
    async putAsset(id: string, mimeType: string, bytes: Uint8Array) {
      puts.push({ id, mimeType, bytes: Buffer.from(bytes) });
      const refusal = refusals[id];
      return refusal === undefined ? { ok: true } : { ok: false, message: refusal };
    },
    async settled() {},
  };
  return { device: device as unknown as WebDevice, puts };
}

async function heldAssets(): Promise<WatchedAssets> {
  const loaded = await loadWatchedAssets([], folder);
  assert.ok(loaded.ok);
  return loaded.assets;
}

/** A show result that found these assets missing. */
function showMissing(...ids: string[]): unknown {
  return { ok: true, missingAssets: ids };
}

test('after a show, the held assets it found missing are put again, and the ids nobody gave are returned', async () => {
  const assets = await heldAssets();
  const { device, puts } = recordingDevice();
  const after = await assets.afterShow(device, showMissing('brand', 'logo', 'hero'));
  assert.deepEqual(after, { notGiven: ['logo'], refused: [] });
  assert.deepEqual(puts.map(({ id, mimeType }) => [id, mimeType]), [['brand', 'font/ttf'], ['hero', 'image/png']]);
  assert.ok(puts[0]!.bytes.equals(readFileSync(FONT)), 'the font file\'s bytes are put');
  assert.ok(puts[1]!.bytes.equals(PNG_BYTES), 'the picture file\'s bytes are put');
});

test('a put again that the device refuses is reported as a problem of that file, with no copy on the device; the others are still put', async () => {
  const assets = await heldAssets();
  const { device, puts } = recordingDevice({ hero: 'the page is out of memory' });
  const after = await assets.afterShow(device, showMissing('hero', 'brand'));
  assert.deepEqual(puts.map((put) => put.id), ['hero', 'brand']);
  assert.deepEqual(after.notGiven, []);
  assert.deepEqual(after.refused, [{
    ok: false, id: 'hero', file: 'hero.png', version: 1, flag: FLAG,
    message: 'the device did not take it: the page is out of memory', hint: 'Check the file, then run the command again.', kept: false,
  }]);

  const { device: recovered, puts: laterPuts } = recordingDevice();
  assert.deepEqual(await assets.afterShow(recovered, showMissing('hero')), { notGiven: [], refused: [] }, 'the next show puts it again');
  assert.deepEqual(laterPuts.map((put) => put.id), ['hero']);
});

test('after a refused put, the next look at the file puts it again even though its bytes did not change', async () => {
  const assets = await heldAssets();
  const { device: refusing } = recordingDevice({ hero: 'the page is out of memory' });
  assert.equal((await assets.afterShow(refusing, showMissing('hero'))).refused.length, 1);

  const { device, puts } = recordingDevice();
  const changes: AssetChange[] = [];
  // Starting the watch looks at every watched folder once, as a save of a file in it would.
  const watch = assets.watch(device, (change) => changes.push(change));
  await watch.close();
  assert.deepEqual(puts.map((put) => put.id), ['hero'], 'only the refused asset is put; brand.ttf is unchanged');
  assert.deepEqual(changes, [{ ok: true, id: 'hero', file: 'hero.png', version: 2, added: false }]);
});

test('a show that missed nothing puts nothing', async () => {
  const assets = await heldAssets();
  const { device, puts } = recordingDevice();
  assert.deepEqual(await assets.afterShow(device, { ok: true }), { notGiven: [], refused: [] });
  assert.deepEqual(puts, []);
});

test('view\'s stderr line for a problem says whether the device kept a copy', () => {
  const problem = { ok: false, id: 'hero', file: 'hero.png', version: 3, flag: '--asset hero=hero.png', message: 'the device did not take it: no room', hint: 'Check the file.' } as const;
  assert.equal(
    describeAssetChange({ ...problem, kept: false }),
    'hero.png (save 3): --asset hero=hero.png: the device did not take it: no room; check the file; ' +
      'the device has no copy of it: images showing it draw placeholders, text in it the default font',
  );
  assert.equal(
    describeAssetChange({ ...problem, kept: true }),
    'hero.png (save 3): --asset hero=hero.png: the device did not take it: no room; check the file; the device keeps the copy it had',
  );
});
