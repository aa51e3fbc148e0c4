// The live view when the device refuses an asset put again after a show found it missing: the
// refusal is reported to the viewers and the caller after the spec's status, like an unusable
// asset file, and a later show whose put is taken brings the spec's status back. The device and
// the viewer server are real; the assets are a stand-in whose put the device "refuses" while
// `refusing` is set (a real page refuses only what the host's checks already stop).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { missingAssetIds } from '../../src/cli/assets.ts';
import type { AssetProblemChange } from '../../src/viewer/asset-change.ts';
import { startLiveView, type AssetChange, type LiveView, type LiveViewAssets } from '../../src/viewer/live-view.ts';
import type { SpecStatus } from '../../src/viewer/messages.ts';
import { viewerStatus } from './helpers.ts';

const folder = mkdtempSync(join(tmpdir(), 'protostage-live-refused-'));
const specPath = join(folder, 'picture.json');
const spec = {
  id: 'picture',
  window: { placement: { type: 'fullscreen' } },
  root: { type: 'image', asset: 'hero', testTag: 'hero', style: { width: { dp: 100 }, height: { dp: 100 } } },
};

const refusal: AssetProblemChange = {
  ok: false, id: 'hero', file: 'hero.png', version: 1, flag: '--asset hero=hero.png',
  message: 'the device did not take it: the page is out of memory', hint: 'Check the file, then run the command again.', kept: false,
};
let refusing = true;
const showResults: unknown[] = [];

/** Holds "hero"; putting it again after a show that found it missing is refused while `refusing`. */
const assets: LiveViewAssets = {
  async putAll() {},
  async afterShow(_device, showResult) {
    showResults.push(showResult);
    const heroMissing = missingAssetIds(showResult).includes('hero');
    return { notGiven: [], refused: heroMissing && refusing ? [refusal] : [] };
  },
  watch: () => ({ async close() {} }),
};

/** What the view told its caller, in order. */
const reports: (SpecStatus | AssetChange)[] = [];
let reported: (() => void) | null = null;
let view: LiveView;

/** Resolves once the caller has been told `count` things in all. */
async function reportsReach(count: number): Promise<void> {
  while (reports.length < count) await new Promise<void>((resolve) => (reported = resolve));
}

before(async () => {
  writeFileSync(specPath, JSON.stringify(spec));
  const report = (what: SpecStatus | AssetChange) => {
    reports.push(what);
    reported?.();
  };
  view = await startLiveView({ specPath, assets, onStatus: report, onAssetChange: report });
});

after(async () => {
  await view?.close();
  rmSync(folder, { recursive: true, force: true });
});

test('a refused put after a show is reported to the caller after the spec\'s status, and the viewers are left with it', async () => {
  await reportsReach(2);
  assert.deepEqual(missingAssetIds(showResults[0]), ['hero'], 'the device reported the asset missing');
  assert.equal((reports[0] as SpecStatus).ok, true, 'the spec itself is valid and shown');
  assert.deepEqual(reports[1], refusal);
  const status = await viewerStatus(view.url);
  assert.ok(!status.ok, 'the viewers see the problem');
  assert.equal(status.file, 'hero.png');
  assert.equal(status.path, '--asset hero=hero.png');
  assert.equal(status.message, 'the device did not take it: the page is out of memory (the device has no copy of it: images showing it draw placeholders, text in it the default font)');
  assert.equal(status.hint, 'Check the file, then run the command again.');
});

test('a later save whose put the device takes gives the viewers the spec\'s status back', async () => {
  refusing = false;
  writeFileSync(specPath, JSON.stringify(spec, null, 2));
  await reportsReach(3);
  assert.equal(reports.length, 3, 'no asset problem this time');
  const status = await viewerStatus(view.url);
  assert.ok(status.ok);
  assert.equal(status.version, 2);
});
