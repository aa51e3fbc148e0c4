import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { bundleRenderer } from '../../src/renderer/build.ts';
import { keepBuilt, keptOrMade, readBuilt } from '../../src/renderer/built-files.ts';

const scratch = mkdtempSync(join(tmpdir(), 'protostage-built-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function writeSource(path: string, text: string): void {
  writeFileSync(path, text);
  // Sources written before the build started, as a checkout's are.
  utimesSync(path, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
}

test('a kept file is read while its salt and every source are unchanged, and not once one differs or is gone', () => {
  const { folder, first, second } = setupFolder('unchanged');
  writeSource(first, 'export const a = 1;');
  writeSource(second, 'export const b = 2;');
  const from = { salt: 'maker 1', inputs: [first, second] };
  keepBuilt('out.js', 'bundle text', from, Date.now(), folder);
  assert.equal(readBuilt('out.js', 'maker 1', [folder])?.toString(), 'bundle text');
  assert.equal(readBuilt('out.js', 'maker 2', [folder]), null, 'another maker (version, options) makes it anew');
  writeSource(second, 'export const b = 3;');
  assert.equal(readBuilt('out.js', 'maker 1', [folder]), null, 'a changed source makes it anew');
  writeSource(second, 'export const b = 2;');
  assert.equal(readBuilt('out.js', 'maker 1', [folder])?.toString(), 'bundle text', 'the same contents again read the kept file');
  rmSync(second);
  assert.equal(readBuilt('out.js', 'maker 1', [folder]), null, 'a source gone makes it anew');
  assert.equal(readBuilt('other.js', 'maker 1', [folder]), null, 'nothing kept under another name');
});

test('a source rewritten with the same size and modification time is still seen as changed; one touched without a change is not', () => {
  const { folder, first } = setupFolder('stats');
  const sameTime = new Date(Date.now() - 60_000);
  const write = (text: string) => {
    writeFileSync(first, text);
    utimesSync(first, sameTime, sameTime);
  };
  const record = () => JSON.parse(readFileSync(join(folder, 'out.js.json'), 'utf8')) as { stats?: string };
  write('export const a = 1;');
  keepBuilt('out.js', 'kept', { salt: 's', inputs: [first] }, Date.now(), folder);
  const kept = record().stats;
  assert.ok(kept, 'the record notes its sources\' files');
  write('export const a = 1;');
  assert.equal(readBuilt('out.js', 's', [folder])?.toString(), 'kept', 'the same contents, written again');
  const noted = record().stats;
  assert.ok(noted && noted !== kept, 'the record notes the rewritten file, so the next check need not read it');
  assert.equal(readBuilt('out.js', 's', [folder])?.toString(), 'kept');
  write('export const a = 2;');
  assert.equal(readBuilt('out.js', 's', [folder]), null, 'another content of the same size and modification time');
});

test('a file whose source changed while it was made is not kept; a folder that cannot be written keeps nothing and throws nothing', () => {
  const { folder, first } = setupFolder('late');
  writeSource(first, 'export const a = 1;');
  const startedAt = Date.now() - 30_000;
  keepBuilt('out.js', 'made from the old source', { salt: 's', inputs: [first] }, startedAt, folder);
  assert.equal(readBuilt('out.js', 's', [folder])?.toString(), 'made from the old source');
  writeFileSync(first, 'export const a = 2;'); // edited after startedAt, during the build
  keepBuilt('out.js', 'made while it changed', { salt: 's', inputs: [first] }, startedAt, folder);
  assert.equal(readBuilt('out.js', 's', [folder]), null, 'the old file does not match the new source, and the new one was not kept');

  const notAFolder = join(scratch, 'not-a-folder');
  writeFileSync(notAFolder, 'a file where the folder would be');
  assert.doesNotThrow(() => keepBuilt('out.js', 'text', { salt: 's', inputs: [first] }, Date.now(), join(notAFolder, 'kept')));
  assert.equal(readBuilt('out.js', 's', [join(notAFolder, 'kept')]), null);
});

test('the first folder holding a matching file wins: a packed package\'s file before the cache', () => {
  const { folder: packed, first } = setupFolder('packed');
  const cache = join(scratch, 'packed', 'cache');
  writeSource(first, 'export const a = 1;');
  keepBuilt('out.js', 'packed', { salt: 's', inputs: [first] }, Date.now(), packed);
  keepBuilt('out.js', 'cached', { salt: 's', inputs: [first] }, Date.now(), cache);
  assert.equal(readBuilt('out.js', 's', [packed, cache])?.toString(), 'packed');
  keepBuilt('out.js', 'packed', { salt: 'old maker', inputs: [first] }, Date.now(), packed);
  assert.equal(readBuilt('out.js', 's', [packed, cache])?.toString(), 'cached', 'a packed file of another maker is passed over');
});

test('a file made once is kept in the package\'s cache and read back by the next call; a changed source makes it again', async () => {
  const source = join(scratch, 'made-source.ts');
  writeSource(source, 'export const made = 1;');
  const name = `test-made-${process.pid}.txt`;
  const cached = fileURLToPath(new URL(`../../node_modules/.cache/protostage/${name}`, import.meta.url));
  after(() => {
    rmSync(cached, { force: true });
    rmSync(`${cached}.json`, { force: true });
  });
  let makes = 0;
  const make = async () => ({ contents: `made ${++makes}`, inputs: [source] });
  assert.equal((await keptOrMade(name, 'maker', make)).toString(), 'made 1');
  assert.equal((await keptOrMade(name, 'maker', make)).toString(), 'made 1', 'the kept file, not made again');
  assert.equal(makes, 1);
  writeSource(source, 'export const made = 2;');
  assert.equal((await keptOrMade(name, 'maker', make)).toString(), 'made 2');
  assert.equal(makes, 2);
});

test('the renderer bundle counts every file it was made from, its dependencies\' included, and a kept copy reads back identical', async () => {
  const { text, from } = await bundleRenderer();
  assert.ok(from.inputs.includes('src/renderer/entry.tsx'));
  assert.ok(from.inputs.includes('src/runtime/index.ts'), 'the runtime the page runs is a source');
  assert.ok(from.inputs.some((input) => input.startsWith('node_modules/preact/')), 'a dependency changed in place makes it anew');
  // Sent without its indentation, its functions still named as written (a page error names them).
  const lines = text.split('\n').length;
  assert.ok(lines < 2000, `${lines} lines (written out, about 29,000)`);
  assert.match(text, /function collectHierarchy\(/);
  const folder = join(scratch, 'renderer');
  keepBuilt('renderer.js', text, from, Date.now() + 1, folder);
  assert.equal(readBuilt('renderer.js', from.salt, [folder])?.toString('utf8'), text);
});

/** A folder to keep files in and two source paths, for one test. */
function setupFolder(name: string) {
  return { folder: join(scratch, name, 'kept'), first: join(scratch, `${name}-first.ts`), second: join(scratch, `${name}-second.ts`) };
}
