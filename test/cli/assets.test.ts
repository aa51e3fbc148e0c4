// The asset flags of render and view on the real file system: parsing, the folder scan, the
// contract's caps, and problems that name the flag that caused them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  AssetUsageError, assetIdOf, describeAssetProblem, gatherAssetSources, missingAssetIds, missingAssetsWarning,
  parseAssetFlags, readNamedAssets, stageAssetSources,
} from '../../src/cli/assets.ts';
import { ASSET_LIMITS } from '../../src/protocol/assets.ts';

const root = mkdtempSync(join(tmpdir(), 'protostage-cli-assets-'));
after(() => rmSync(root, { recursive: true, force: true }));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TTF_SIGNATURE = Buffer.from([0x00, 0x01, 0x00, 0x00]);

/** A fresh folder holding these files (name → bytes). */
function folderWith(name: string, files: Record<string, Buffer | string>): string {
  const folder = join(root, name);
  mkdirSync(folder);
  for (const [file, bytes] of Object.entries(files)) writeFileSync(join(folder, file), bytes);
  return folder;
}

test('--asset ID=FILE resolves FILE against the current folder and splits at the first "="', () => {
  const sources = parseAssetFlags(['hero=./img/hero.png', 'logo=/abs/a=b.png'], '/work/app');
  assert.deepEqual(sources, [
    { id: 'hero', file: '/work/app/img/hero.png', flag: '--asset hero=./img/hero.png' },
    { id: 'logo', file: '/abs/a=b.png', flag: '--asset logo=/abs/a=b.png' },
  ]);
});

test('a malformed or repeated --asset is a usage error that names it', () => {
  const cases: [string[], RegExp][] = [
    [['hero.png'], /^--asset hero\.png: expected ID=FILE/],
    [['=hero.png'], /^--asset =hero\.png: the asset id before "=" is empty/],
    [['hero='], /^--asset hero=: no FILE after "="/],
    [['hero=a.png', 'hero=b.png'], /^--asset hero is given twice/],
  ];
  for (const [values, message] of cases) assert.throws(() => parseAssetFlags(values), (error: Error) => error instanceof AssetUsageError && message.test(error.message));
});

test('an asset id is the file name without its last extension', () => {
  assert.deepEqual(['hero.png', 'hero.dark.png', 'README', 'brand.otf'].map(assetIdOf), ['hero', 'hero.dark', 'README', 'brand']);
});

test('--assets DIR takes the accepted files by signature, in name order, skipping other and hidden files, and --asset wins', async () => {
  const folder = folderWith('mixed', {
    'b-hero.png': PNG_SIGNATURE,
    'a-brand.font': TTF_SIGNATURE, // the signature decides, not the extension
    'fake.png': 'GIF89a',
    '.hidden.png': PNG_SIGNATURE,
    'notes.txt': 'hello',
    'logo.png': PNG_SIGNATURE,
  });
  mkdirSync(join(folder, 'sub.png'));
  const explicit = parseAssetFlags(['logo=/elsewhere/logo.png']);
  const gathered = await gatherAssetSources(explicit, folder);
  assert.ok(gathered.ok);
  assert.deepEqual(gathered.sources.map(({ id, file, flag }) => [id, file, flag]), [
    ['logo', '/elsewhere/logo.png', '--asset logo=/elsewhere/logo.png'],
    ['a-brand', join(folder, 'a-brand.font'), `--assets ${folder}`],
    ['b-hero', join(folder, 'b-hero.png'), `--assets ${folder}`],
  ]);
});

test('two folder files with one id, a missing folder, and more assets than a show takes are problems of the flag', async () => {
  const twins = folderWith('twins', { 'hero.png': PNG_SIGNATURE, 'hero.webp': Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP')]) });
  const twinProblem = await gatherAssetSources([], twins);
  assert.ok(!twinProblem.ok);
  assert.match(twinProblem.message, /hero\.png" and ".*hero\.webp" would both be asset "hero"/);

  const missing = await gatherAssetSources([], join(root, 'no-such-folder'));
  assert.ok(!missing.ok);
  assert.match(describeAssetProblem('view', missing), /^protostage view: --assets .*no-such-folder: cannot read the folder .* \(ENOENT\); pass a folder/);

  const many: Record<string, Buffer> = {};
  for (let index = 0; index <= ASSET_LIMITS.maxAssets; index++) many[`image-${index}.png`] = PNG_SIGNATURE;
  const crowded = folderWith('crowded', many);
  const tooMany = await gatherAssetSources([], crowded);
  assert.ok(!tooMany.ok);
  assert.equal(tooMany.flag, `--assets ${crowded}`);
  assert.match(tooMany.message, new RegExp(`^${ASSET_LIMITS.maxAssets + 1} assets are named; a prototype takes at most ${ASSET_LIMITS.maxAssets}`));
});

test('a file that fails the checks is reported against the flag that named it, with the fix', async () => {
  const folder = folderWith('checks', { 'good.png': PNG_SIGNATURE, 'bad.gif': 'GIF89a' });
  const sources = parseAssetFlags([`good=${join(folder, 'good.png')}`, 'bad=bad.gif'], folder);
  const staged = await stageAssetSources(sources);
  assert.ok(!staged.ok);
  assert.equal(describeAssetProblem('render', staged),
    `protostage render: --asset bad=bad.gif: "${join(folder, 'bad.gif')}" is not a PNG, JPEG, WebP, TTF, OTF, MP4 or WebM file (checked by its signature); convert it to one of those formats`);

  const good = await readNamedAssets(sources.slice(0, 1), undefined);
  assert.ok(good.ok);
  assert.deepEqual(good.assets.map(({ id, mimeType, bytes }) => [id, mimeType, bytes.length]), [['good', 'image/png', PNG_SIGNATURE.length]]);
});

test('the 16 MiB total holds across files, blamed on the file that passes it', async () => {
  // Five images just under the 4 MiB cap each: the fifth passes the total.
  const folder = folderWith('large', {});
  for (let index = 1; index <= 5; index++) {
    const file = join(folder, `big-${index}.png`);
    writeFileSync(file, PNG_SIGNATURE);
    truncateSync(file, ASSET_LIMITS.maxImageBytes - 1024);
  }
  const result = await readNamedAssets([], folder);
  assert.ok(!result.ok);
  assert.equal(result.flag, `--assets ${folder}`);
  assert.match(result.message, new RegExp(`^".*big-5\\.png": assets total more than ${ASSET_LIMITS.maxTotalBytes} bytes`));
});

test('the ids a show reports missing, and the warning that names them with the flags to pass', () => {
  assert.deepEqual(missingAssetIds({ ok: true, missingAssets: ['hero', 7, 'brand'] }), ['hero', 'brand']);
  assert.deepEqual(missingAssetIds({ ok: true }), []);
  assert.deepEqual(missingAssetIds(null), []);
  assert.match(missingAssetsWarning(['hero', 'brand']), /^warning: the spec uses assets not given: hero, brand .*pass --asset hero=FILE or --assets DIR$/);
});
