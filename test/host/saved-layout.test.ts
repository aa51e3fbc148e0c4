// The saved prototype layout on a real file system: a write reads back as the same spec and asset
// bytes, content addressed; a failed commit leaves the old layout in place; the reader refuses an
// unknown version first and any malformed manifest, never changes a file, and reports the assets it
// cannot verify as sorted problems while still loading the spec. The binaries are made here.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';
import { readSavedPrototype, writeSavedPrototype, type Manifest } from '../../src/host/saved-layout.ts';
import type { StagedAsset } from '../../src/host/assets.ts';

const scratch = mkdtempSync(join(tmpdir(), 'protostage-layout-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function png(red: number): Buffer {
  const image = new PNG({ width: 4, height: 4 });
  for (let index = 0; index < image.data.length; index += 4) image.data.set([red, 40, 90, 255], index);
  return PNG.sync.write(image);
}

/** A minimal sfnt header: enough for the font signature the asset contract checks. */
const font = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(60, 7)]);
const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const SPEC = Buffer.from(JSON.stringify({ id: 'saved', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [{ type: 'image', asset: 'hero' }, { type: 'image', asset: 'copy' }, { type: 'text', text: 'Hi', style: { fontFamily: { asset: 'brand' } } }] } }));
const ASSETS: StagedAsset[] = [
  { id: 'hero', mimeType: 'image/png', bytes: png(200) },
  { id: 'copy', mimeType: 'image/png', bytes: png(200) },
  { id: 'brand', mimeType: 'font/ttf', bytes: font },
];

let counter = 0;
const fresh = () => join(scratch, `layout-${++counter}`);

function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (path: string, prefix: string) => {
    for (const name of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, name.name);
      if (name.isDirectory()) visit(full, `${prefix}${name.name}/`);
      else files[`${prefix}${name.name}`] = `${statSync(full).mtimeMs}:${hash(readFileSync(full))}`;
    }
  };
  visit(dir, '');
  return files;
}

test('a written layout reads back with the same spec bytes and assets; equal bytes share one content-addressed file', async () => {
  const dir = fresh();
  const { manifest } = await writeSavedPrototype(dir, SPEC, ASSETS);
  const image = hash(ASSETS[0]!.bytes);
  assert.deepEqual(manifest, {
    formatVersion: 1,
    specFile: 'spec.json',
    assets: [
      { id: 'hero', file: `assets/${image}.png`, sha256: image, mediaType: 'image/png' },
      { id: 'copy', file: `assets/${image}.png`, sha256: image, mediaType: 'image/png' },
    ],
    fonts: [{ id: 'brand', file: `fonts/${hash(font)}.ttf`, sha256: hash(font), mediaType: 'font/ttf' }],
  });
  assert.deepEqual(Object.keys(snapshot(dir)).sort(), [`assets/${image}.png`, `fonts/${hash(font)}.ttf`, 'manifest.json', 'spec.json']);
  const read = await readSavedPrototype(dir);
  assert.ok(read.ok);
  assert.ok(read.spec.equals(SPEC));
  assert.deepEqual(read.manifest, manifest);
  assert.deepEqual(read.assets.map((asset) => [asset.id, asset.mimeType, hash(asset.bytes)]), ASSETS.map((asset) => [asset.id, asset.mimeType, hash(asset.bytes)]));
  assert.deepEqual(read.problems, []);
  assert.deepEqual(readdirSync(scratch).filter((name) => name.startsWith('.tmp-') || name.startsWith('.old-')), [], 'no staging left behind');
});

test('a replacement whose commit fails puts the old layout back, and leaves no staging behind', async () => {
  const dir = fresh();
  await writeSavedPrototype(dir, SPEC, ASSETS);
  const before = snapshot(dir);
  const other = Buffer.from(SPEC.toString().replace('"saved"', '"other"'));
  const failing = { rename: async (from: string, to: string) => (from.includes('.tmp-') ? Promise.reject(new Error('disk full')) : (await import('node:fs/promises')).rename(from, to)) };
  await assert.rejects(writeSavedPrototype(dir, other, [], failing), /disk full/);
  assert.deepEqual(snapshot(dir), before, 'the old layout is back, byte for byte');
  assert.deepEqual(readdirSync(scratch).filter((name) => name.startsWith('.tmp-') || name.startsWith('.old-')), []);
  await writeSavedPrototype(dir, other, []);
  const read = await readSavedPrototype(dir);
  assert.ok(read.ok && read.spec.equals(other) && read.manifest.assets.length === 0);
});

test('missing, mismatched, unsafe and unlisted assets are sorted problems; the spec still loads; nothing is changed', async () => {
  const dir = fresh();
  const { manifest } = await writeSavedPrototype(dir, SPEC, [ASSETS[0]!, ASSETS[2]!]);
  unlinkSync(join(dir, manifest.assets[0]!.file));
  writeFileSync(join(dir, manifest.fonts[0]!.file), Buffer.concat([font, Buffer.from([1])]));
  const before = snapshot(dir);
  const read = await readSavedPrototype(dir);
  assert.ok(read.ok);
  assert.ok(read.spec.equals(SPEC));
  assert.deepEqual(read.assets, []);
  assert.deepEqual(read.problems, ['brand: its bytes do not match its sha256', 'copy: the spec uses it and the manifest has no entry for it', 'hero: missing']);
  assert.deepEqual(snapshot(dir), before, 'reading changed nothing');

  const linked = fresh();
  const { manifest: written } = await writeSavedPrototype(linked, SPEC, [ASSETS[0]!]);
  const target = join(linked, written.assets[0]!.file);
  const real = join(scratch, 'outside.png');
  writeFileSync(real, ASSETS[0]!.bytes);
  unlinkSync(target);
  symlinkSync(real, target);
  const viaLink = await readSavedPrototype(linked);
  assert.ok(viaLink.ok && viaLink.problems.includes('hero: a link (a saved prototype holds only plain files of its own)'), 'a link out of the layout is not followed');
});

test('the reader refuses an unknown version before anything else, and every malformed manifest', async () => {
  const dir = fresh();
  const { manifest } = await writeSavedPrototype(dir, SPEC, [ASSETS[0]!]);
  const corrupt = async (value: unknown) => {
    writeFileSync(join(dir, 'manifest.json'), typeof value === 'string' ? value : JSON.stringify(value));
    const read = await readSavedPrototype(dir);
    assert.equal(read.ok, false);
    return read.ok ? '' : read.corrupt;
  };
  const good: Manifest = manifest;
  assert.match(await corrupt({ formatVersion: 2, specFile: 7, assets: 'nope', extra: true }), /formatVersion 2 is not one this reader knows/);
  assert.match(await corrupt('{not json'), /not JSON/);
  assert.match(await corrupt({ ...good, label: 'x' }), /unknown field "label"/);
  assert.match(await corrupt({ ...good, specFile: 'other.json' }), /specFile/);
  assert.match(await corrupt({ ...good, fonts: undefined }), /both arrays/);
  assert.match(await corrupt({ ...good, assets: [{ ...good.assets[0], file: '../escape.png' }] }), /file is "..\/escape.png"/);
  assert.match(await corrupt({ ...good, assets: [{ ...good.assets[0], sha256: 'ABC' }] }), /sha256/);
  assert.match(await corrupt({ ...good, fonts: [good.assets[0]] }), /belongs in assets/);
  assert.match(await corrupt({ ...good, assets: [good.assets[0], good.assets[0]] }), /listed twice/);
  assert.match(await corrupt({ ...good, assets: [{ ...good.assets[0], mediaType: 'image/gif' }] }), /mediaType/);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(good));
  unlinkSync(join(dir, 'spec.json'));
  const noSpec = await readSavedPrototype(dir);
  assert.ok(!noSpec.ok && noSpec.corrupt === 'spec.json: missing');
});

test('the writer refuses what the asset contract refuses, and writes nothing then', async () => {
  const dir = fresh();
  await assert.rejects(writeSavedPrototype(dir, SPEC, [ASSETS[0]!, { ...ASSETS[0]! }]), /given twice/);
  await assert.rejects(writeSavedPrototype(dir, SPEC, Array.from({ length: 33 }, (_, index) => ({ ...ASSETS[0]!, id: `a${index}` }))), /at most 32/);
  await assert.rejects(writeSavedPrototype(dir, Buffer.alloc(1_048_577, 32), []), /at most 1048576/);
  assert.deepEqual(readdirSync(scratch).filter((name) => name === `layout-${counter}` || name.startsWith('.tmp-')), []);
});

test('a video asset is saved under assets/ with its own extension and reads back as the same bytes', async () => {
  const dir = fresh();
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(40, 3)]);
  const spec = Buffer.from(JSON.stringify({ id: 'clip', window: { placement: { type: 'fullscreen' } }, root: { type: 'videoPlayer', asset: 'trailer' } }));
  const { manifest } = await writeSavedPrototype(dir, spec, [{ id: 'trailer', mimeType: 'video/webm', bytes: webm }]);
  assert.deepEqual(manifest.assets, [{ id: 'trailer', file: `assets/${hash(webm)}.webm`, sha256: hash(webm), mediaType: 'video/webm' }]);
  const read = await readSavedPrototype(dir);
  assert.ok(read.ok);
  assert.deepEqual(read.problems, []);
  assert.ok(read.assets[0]!.bytes.equals(webm));
});
