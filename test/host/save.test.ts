// The host saves the shown prototype as a saved layout: its spec as patched and the assets it was
// shown with, read back by the reader; a folder outside the host's roots, a relative path or an id
// not shown is refused at its argument, and nothing is written.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';
import { FileRoots } from '../../src/host/file-roots.ts';
import { Host } from '../../src/host/host.ts';
import { prepareSpec } from '../../src/host/prepare.ts';
import { readSavedPrototype } from '../../src/host/saved-layout.ts';
import { FakeDevice } from './fake-device.ts';

const root = mkdtempSync(join(tmpdir(), 'protostage-save-'));
const outside = mkdtempSync(join(tmpdir(), 'protostage-outside-'));
after(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const image = new PNG({ width: 2, height: 2 });
image.data.fill(120);
const hero = join(root, 'hero.png');
writeFileSync(hero, PNG.sync.write(image));

function host() {
  const device = new FakeDevice();
  device.handlers.set('show_prototype', () => ({ success: true, revision: 1 }));
  device.handlers.set('put_prototype_asset', () => ({ success: true }));
  device.handlers.set('patch_prototype', () => ({ success: true, revision: 2, prototypes: [{ id: 'card', persistent: false, state: {}, pages: {}, lastSequence: 0, revision: 2, data: { title: 'Patched' } }] }));
  return new Host({ prepareSpec, fileRoots: new FileRoots([root]), launcher: { launch: async () => device } });
}

const SPEC = { id: 'card', window: { placement: { type: 'fullscreen' } }, data: { title: 'Hello' }, root: { type: 'column', children: [{ type: 'image', asset: 'hero' }, { type: 'text', text: '{data:/title}' }] } };

test('save writes the shown spec, as patched, with the assets it was shown with', async () => {
  const shown = host();
  assert.ok((await shown.show({ spec: SPEC, assets: [{ id: 'hero', path: hero }] })).success);
  assert.ok((await shown.patch({ id: 'card', ops: [{ op: 'set', path: '/data/title', value: 'Patched' }] })).success);
  const dir = join(root, 'saved');
  const saved = await shown.save({ id: 'card', dir });
  assert.deepEqual(saved, { success: true, id: 'card', dir, images: 1, fonts: 0 });
  const read = await readSavedPrototype(dir);
  assert.ok(read.ok);
  assert.equal(JSON.parse(read.spec.toString()).data.title, 'Patched');
  assert.deepEqual(read.assets.map((asset) => asset.id), ['hero']);
  assert.deepEqual(read.problems, []);
});

test('an id not shown, a relative folder and a folder outside the roots are refused, and nothing is written', async () => {
  const shown = host();
  assert.ok((await shown.show({ spec: SPEC, assets: [{ id: 'hero', path: hero }] })).success);
  const notShown = await shown.save({ id: 'other', dir: join(root, 'x') });
  assert.ok(!notShown.success && notShown.path === 'id');
  const relative = await shown.save({ id: 'card', dir: 'saved/here' });
  assert.ok(!relative.success && relative.path === 'dir');
  const escaped = await shown.save({ id: 'card', dir: join(outside, 'stolen') });
  assert.ok(!escaped.success && escaped.path === 'dir' && /outside the folders/.test(escaped.error));
  assert.equal(existsSync(join(outside, 'stolen')), false);
});

test('a show from a saved folder brings its assets and problems; a later show of the id writes through to its spec.json only', async () => {
  const first = host();
  assert.ok((await first.show({ spec: SPEC, assets: [{ id: 'hero', path: hero }] })).success);
  const dir = join(root, 'loaded');
  assert.ok((await first.save({ id: 'card', dir })).success);
  const manifestBefore = (await readSavedPrototype(dir)).ok;

  const shown = host();
  const loaded = await shown.show({ specPath: dir });
  assert.ok(loaded.success, JSON.stringify(loaded));
  assert.deepEqual(loaded.success && loaded.uploadedAssets, ['hero']);
  assert.equal(loaded.success && loaded.savedTo, undefined);

  const edited = { ...SPEC, data: { title: 'Edited in chat' } };
  const rewritten = await shown.show({ spec: edited });
  assert.ok(rewritten.success && rewritten.savedTo === dir);
  const read = await readSavedPrototype(dir);
  assert.ok(read.ok && manifestBefore);
  assert.equal(JSON.parse(read.spec.toString()).data.title, 'Edited in chat');
  assert.deepEqual(read.assets.map((asset) => asset.id), ['hero'], 'the assets stay as saved');

  const other = await shown.show({ spec: { ...SPEC, id: 'other' } });
  assert.ok(other.success && other.savedTo === undefined, 'another id is not written through');
  const outsideLayout = await shown.show({ specPath: join(outside, 'nothing') });
  assert.ok(!outsideLayout.success && outsideLayout.path === 'specPath');
});
