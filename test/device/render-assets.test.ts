// `protostage render` with image and font assets, as a user runs it: a real process, a real
// browser, asset files on disk given by --asset and --assets.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';
import { solidPng } from './pictures.ts';

const CLI = new URL('../../bin/protostage.js', import.meta.url).pathname;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const dir = mkdtempSync(join(tmpdir(), 'protostage-render-assets-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Run { code: number; stdout: string; stderr: string }

/** Runs `protostage render` in the temporary folder, so relative asset paths resolve there. */
function render(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'render', ...args], { cwd: dir, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

/** A picture filling a 200×100 dp box, and a line of text in the "brand" font. */
const spec = {
  id: 'profile',
  window: { placement: { type: 'fullscreen' } },
  root: {
    type: 'column',
    children: [
      { type: 'image', asset: 'hero', contentScale: 'fill', testTag: 'hero', style: { width: { dp: 200 }, height: { dp: 100 } } },
      { type: 'text', text: 'Brand type', testTag: 'brand', style: { fontFamily: { asset: 'brand' } } },
    ],
  },
};
writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));
writeFileSync(join(dir, 'red.png'), solidPng([255, 0, 0]));

type Bounds = { x: number; y: number; width: number; height: number };

function boundsOf(hierarchyFile: string, testTag: string): Bounds {
  const hierarchy = JSON.parse(readFileSync(join(dir, hierarchyFile), 'utf8')) as { testTag: string | null; bounds: Bounds }[];
  return hierarchy.find((node) => node.testTag === testTag)!.bounds;
}

/** The colour at the middle of the hero image, located through the observed hierarchy. */
function heroColour(screenshot: string, hierarchyFile: string): [number, number, number] {
  const bounds = boundsOf(hierarchyFile, 'hero');
  assert.deepEqual([bounds.width, bounds.height], [200, 100]);
  const png = PNG.sync.read(readFileSync(join(dir, screenshot)));
  const offset = (Math.round(bounds.y + bounds.height / 2) * png.width + Math.round(bounds.x + bounds.width / 2)) * 4;
  return [png.data[offset]!, png.data[offset + 1]!, png.data[offset + 2]!];
}

const isRed = ([red, green, blue]: number[]) => red! > 200 && green! < 60 && blue! < 60;

test('--asset puts a picture and a font on the device: the image draws its pixels and nothing is missing', async () => {
  copyFileSync(FONT, join(dir, 'brand.ttf'));
  const result = await render('spec.json', '-o', 'given.png', '--hierarchy', 'given.json', '--asset', 'hero=./red.png', '--asset', 'brand=brand.ttf');
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, '', 'no warning when every asset is given');
  const colour = heroColour('given.png', 'given.json');
  assert.ok(isRed(colour), `the hero box shows the red picture, got rgb(${colour})`);
});

test('an asset nobody gave draws the placeholder and is a warning naming the ids, with the flags to pass', async () => {
  const result = await render('spec.json', '-o', 'missing.png', '--hierarchy', 'missing.json');
  assert.equal(result.code, 0, 'a missing asset does not fail the render');
  assert.match(result.stderr, /^protostage render: warning: .*: hero, brand .*pass --asset hero=FILE or --assets DIR\n$/);
  const [red, green, blue] = heroColour('missing.png', 'missing.json');
  assert.ok(Math.max(red, green, blue) - Math.min(red, green, blue) < 24, `the placeholder is grey, got rgb(${[red, green, blue]})`);
  // The text drew in the default font here and in the brand font (DejaVu Sans) when it was given.
  const given = boundsOf('given.json', 'brand');
  const fallback = boundsOf('missing.json', 'brand');
  assert.notDeepEqual(given, fallback, 'the two fonts measure the same text differently');
});

test('--assets DIR gives every image and font file of the folder by its name and skips other files', async () => {
  const folder = join(dir, 'assets');
  mkdirSync(folder);
  writeFileSync(join(folder, 'hero.png'), solidPng([0, 0, 255]));
  copyFileSync(FONT, join(folder, 'brand.ttf'));
  writeFileSync(join(folder, 'notes.txt'), 'not an asset');
  const result = await render('spec.json', '-o', 'folder.png', '--hierarchy', 'folder.json', '--assets', 'assets');
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, '', 'hero and brand came from the folder; notes.txt was skipped');
  const [red, green, blue] = heroColour('folder.png', 'folder.json');
  assert.ok(blue > 200 && red < 60 && green < 60, `the hero box shows the blue hero.png, got rgb(${[red, green, blue]})`);
});

test('a file that is no accepted type stops the render before the show, naming the flag, the file and the fix', async () => {
  writeFileSync(join(dir, 'x.gif'), Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
  const result = await render('spec.json', '-o', 'never.png', '--asset', 'hero=./x.gif');
  assert.equal(result.code, 1);
  assert.match(result.stderr, /^protostage render: --asset hero=\.\/x\.gif: ".*\/x\.gif" is not a PNG, JPEG, WebP, TTF, OTF, MP4 or WebM file \(checked by its signature\); convert it/);
  assert.equal(existsSync(join(dir, 'never.png')), false, 'nothing was rendered');
});

test('a malformed --asset is bad usage', async () => {
  for (const value of ['hero', '=red.png', 'hero=']) {
    const result = await render('spec.json', '-o', 'never.png', '--asset', value);
    assert.equal(result.code, 2, `--asset ${value}`);
    assert.match(result.stderr, new RegExp(`^protostage render: --asset ${value}: `));
  }
  const help = await render('--help');
  assert.match(help.stdout, /--asset ID=FILE/);
  assert.match(help.stdout, /--assets DIR/);
});
