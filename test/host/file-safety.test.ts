// Nothing outside the roots, nothing overwritten, nothing told: a save replaces only a saved
// prototype, a write-through re-checks its folder at every write, a saved folder is read only
// through plain files of its own, a path outside the roots gets one answer whether or not it
// exists, and an error never echoes a spec file's content. Real files and real links throughout.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PNG } from 'pngjs';
import { FileRoots } from '../../src/host/file-roots.ts';
import { Host } from '../../src/host/host.ts';
import { prepareSpec } from '../../src/host/prepare.ts';
import { readSavedPrototype } from '../../src/host/saved-layout.ts';
import { FakeDevice } from './fake-device.ts';

const root = mkdtempSync(join(tmpdir(), 'protostage-roots-'));
const outside = mkdtempSync(join(tmpdir(), 'protostage-secrets-'));
after(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const image = new PNG({ width: 2, height: 2 });
image.data.fill(90);
const PNG_BYTES = PNG.sync.write(image);
writeFileSync(join(root, 'hero.png'), PNG_BYTES);

const SPEC = { id: 'card', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [{ type: 'image', asset: 'hero' }, { type: 'text', text: 'Hello' }] } };

function newHost(device = new FakeDevice()) {
  device.handlers.set('show_prototype', () => ({ success: true, revision: 1 }));
  device.handlers.set('put_prototype_asset', () => ({ success: true }));
  return { device, host: new Host({ prepareSpec, fileRoots: new FileRoots([root]), launcher: { launch: async () => device } }) };
}

async function shownHost() {
  const made = newHost();
  const shown = await made.host.show({ spec: SPEC, assets: [{ id: 'hero', path: join(root, 'hero.png') }] });
  assert.ok(shown.success, JSON.stringify(shown));
  return made;
}

function fresh(name: string): string {
  const dir = join(root, name);
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

test('save onto an existing file or a folder that is not a saved prototype is refused and touches nothing', async () => {
  const { host } = await shownHost();
  const file = join(root, 'important.txt');
  writeFileSync(file, 'my notes');
  const ontoFile = await host.save({ id: 'card', dir: file });
  assert.ok(!ontoFile.success && ontoFile.path === 'dir' && /is a file, not a saved prototype folder/.test(ontoFile.error), JSON.stringify(ontoFile));
  assert.equal(readFileSync(file, 'utf8'), 'my notes');

  const folder = fresh('documents');
  mkdirSync(folder);
  writeFileSync(join(folder, 'important.txt'), 'keep me');
  const ontoFolder = await host.save({ id: 'card', dir: folder });
  assert.ok(!ontoFolder.success && ontoFolder.path === 'dir' && /holds no saved prototype/.test(ontoFolder.error), JSON.stringify(ontoFolder));
  assert.deepEqual(readdirSync(folder), ['important.txt']);
  assert.equal(readFileSync(join(folder, 'important.txt'), 'utf8'), 'keep me');
  assert.deepEqual(readdirSync(root).filter((name) => name.startsWith('.tmp-') || name.startsWith('.old-')), [], 'no staging left behind');
});

test('save makes a new folder or fills an empty one, and says when it replaced a saved prototype', async () => {
  const { host } = await shownHost();
  const dir = fresh('saved-card');
  const first = await host.save({ id: 'card', dir });
  assert.ok(first.success && first.replaced === undefined, JSON.stringify(first));
  const again = await host.save({ id: 'card', dir });
  assert.ok(again.success && again.replaced === true, JSON.stringify(again));
  const empty = fresh('empty');
  mkdirSync(empty);
  const intoEmpty = await host.save({ id: 'card', dir: empty });
  assert.ok(intoEmpty.success && intoEmpty.replaced === undefined);
  assert.ok((await readSavedPrototype(empty)).ok);
});

test('save into a dangling link inside the roots is refused and writes nothing through it', async () => {
  const { host } = await shownHost();
  const link = fresh('dangling');
  const target = join(outside, 'created-by-save');
  symlinkSync(target, link);
  const saved = await host.save({ id: 'card', dir: link });
  assert.ok(!saved.success && saved.path === 'dir' && /link/.test(saved.error), JSON.stringify(saved));
  assert.equal(existsSync(target), false);
  const linkToFolder = fresh('link-to-folder');
  mkdirSync(join(root, 'real-folder'), { recursive: true });
  symlinkSync(join(root, 'real-folder'), linkToFolder);
  const throughLink = await host.save({ id: 'card', dir: linkToFolder });
  assert.ok(!throughLink.success && /is a link; save never writes through a link/.test(throughLink.error), JSON.stringify(throughLink));
});

test('write-through re-checks the folder at every write: one replaced by a link to outside is not written', async () => {
  const { host: saver } = await shownHost();
  const dir = fresh('loaded');
  assert.ok((await saver.save({ id: 'card', dir })).success);

  const { host } = newHost();
  assert.ok((await host.show({ specPath: dir })).success);
  const decoy = join(outside, 'decoy-layout');
  cpSync(dir, decoy, { recursive: true });
  const decoyBefore = readFileSync(join(decoy, 'spec.json'), 'utf8');
  renameSync(dir, join(root, 'moved-away'));
  symlinkSync(decoy, dir);

  const edited = await host.show({ spec: { ...SPEC, root: { type: 'text', text: 'Edited' } } });
  assert.ok(edited.success, 'the show itself goes on');
  assert.equal(edited.savedTo, undefined);
  assert.equal(edited.savedToRefused?.dir, dir);
  assert.match(edited.savedToRefused!.reason, /outside the folders protostage may read/);
  assert.equal(readFileSync(join(decoy, 'spec.json'), 'utf8'), decoyBefore, 'nothing was written outside the roots');
  assert.deepEqual(readdirSync(decoy).sort(), ['assets', 'manifest.json', 'spec.json']);

  const later = await host.show({ spec: { ...SPEC, root: { type: 'text', text: 'Later' } } });
  assert.ok(later.success && later.savedTo === undefined && later.savedToRefused === undefined, 'the folder is forgotten once refused');
});

test('write-through into a folder that lost its manifest is refused', async () => {
  const { host: saver } = await shownHost();
  const dir = fresh('unmanifested');
  assert.ok((await saver.save({ id: 'card', dir })).success);
  const { host } = newHost();
  assert.ok((await host.show({ specPath: dir })).success);
  rmSync(join(dir, 'manifest.json'));
  const edited = await host.show({ spec: { ...SPEC, root: { type: 'text', text: 'Edited' } } });
  assert.ok(edited.success && /no longer holds a saved prototype/.test(edited.savedToRefused?.reason ?? ''), JSON.stringify(edited));
});

test('a saved folder whose assets/ links to an outside folder is not read through the link', async () => {
  const { host: saver } = await shownHost();
  const dir = fresh('linked-assets');
  assert.ok((await saver.save({ id: 'card', dir })).success);
  const stolen = join(outside, 'assets');
  rmSync(stolen, { recursive: true, force: true });
  renameSync(join(dir, 'assets'), stolen);
  symlinkSync(stolen, join(dir, 'assets'));

  const { host, device } = newHost();
  const shown = await host.show({ specPath: dir });
  assert.ok(shown.success, JSON.stringify(shown));
  assert.equal(shown.uploadedAssets, undefined, 'the asset behind the link was not uploaded');
  assert.ok(!device.requestTypes().includes('put_prototype_asset'));
  assert.match(shown.savedLayoutProblems?.[0] ?? '', /^hero: a link/);

  const linkedSpec = fresh('linked-spec');
  cpSync(join(root, 'moved-away'), linkedSpec, { recursive: true, verbatimSymlinks: true });
  writeFileSync(join(outside, 'spec.json'), JSON.stringify({ ...SPEC, id: 'stolen' }));
  rmSync(join(linkedSpec, 'spec.json'));
  symlinkSync(join(outside, 'spec.json'), join(linkedSpec, 'spec.json'));
  const viaLinkedSpec = await host.show({ specPath: linkedSpec });
  assert.ok(!viaLinkedSpec.success && viaLinkedSpec.path === 'specPath' && /spec\.json: a link/.test(viaLinkedSpec.error), JSON.stringify(viaLinkedSpec));
});

test('a path outside the roots gets one answer whether or not it exists (specPath, assets[].path, save dir)', async () => {
  const { host } = await shownHost();
  writeFileSync(join(outside, 'exists.json'), JSON.stringify(SPEC));
  writeFileSync(join(outside, 'exists.png'), PNG_BYTES);
  mkdirSync(join(outside, 'existing-folder'), { recursive: true });
  symlinkSync(outside, fresh('door'));
  const answer = async (call: () => Promise<{ success: boolean }>, name: string) => {
    const result = (await call()) as { success: false; path: string; error: string; fix: string };
    assert.ok(!result.success, name);
    return JSON.stringify({ ...result, error: result.error.replaceAll(name, 'NAME') });
  };
  for (const base of [outside, join(root, 'door')]) {
    for (const [exists, missing] of [['exists.json', 'missing.json'], ['existing-folder', 'missing-folder']] as const) {
      assert.equal(await answer(() => host.show({ specPath: join(base, exists) }), exists), await answer(() => host.show({ specPath: join(base, missing) }), missing), `specPath under ${base}`);
    }
    const asset = (name: string) => () => host.show({ spec: SPEC, assets: [{ id: 'hero', path: join(base, name) }] });
    assert.equal(await answer(asset('exists.png'), 'exists.png'), await answer(asset('missing.png'), 'missing.png'), `assets[].path under ${base}`);
    const save = (name: string) => () => host.save({ id: 'card', dir: join(base, name) });
    assert.equal(await answer(save('existing-folder'), 'existing-folder'), await answer(save('missing-folder'), 'missing-folder'), `save dir under ${base}`);
    assert.equal(await answer(save('existing-folder/x'), 'existing-folder/x'), await answer(save('missing-folder/x'), 'missing-folder/x'), `save dir in a parent under ${base}`);
  }
  assert.match(await answer(() => host.show({ specPath: join(outside, 'missing.json') }), 'missing.json'), /outside the folders protostage may read/);
});

test('a spec file holding a JSON string is refused by its type, never its content', async () => {
  const { host } = newHost();
  const file = join(root, 'secret.json');
  writeFileSync(file, JSON.stringify('SECRET-TOKEN-123'));
  const refused = await host.show({ specPath: file });
  assert.ok(!refused.success && refused.path === '$', JSON.stringify(refused));
  assert.match(refused.error, /got a string/);
  assert.ok(!JSON.stringify(refused).includes('SECRET-TOKEN-123'), JSON.stringify(refused));
  for (const [value, type] of [[424242, 'a number'], [true, 'a boolean'], [null, 'null'], [[1, 2], 'an array']] as const) {
    writeFileSync(file, JSON.stringify(value));
    const other = await host.show({ specPath: file });
    assert.ok(!other.success && other.error.includes(`got ${type}`) && !other.error.includes('424242') && !other.error.includes('true'), JSON.stringify(other));
  }
});
