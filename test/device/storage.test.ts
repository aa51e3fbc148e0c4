// The device's store of stored values, on a real folder: a trailing debounce, flush at once, the
// byte limit keeping a key's previous value (listed as skipped), and the runtime's restore rules.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { MAX_STORED_BYTES, StorageStore } from '../../src/device/storage.ts';
import { restoreStorage } from '../../src/runtime/storage.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import type { PrototypeSpec } from '../../src/spec/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'protostage-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const fileOf = (id: string) => join(dir, 'storage', `${encodeURIComponent(id)}.json`);

test('writes wait for a quiet 400 ms unless flushed; a value over the byte limit keeps the stored one', async () => {
  const store = new StorageStore(dir, () => {});
  store.schedule('a/b', { version: 1, state: { n: 1 }, data: {} });
  store.schedule('a/b', { version: 1, state: { n: 2 }, data: {} });
  assert.equal(existsSync(fileOf('a/b')), false, 'nothing written yet');
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.deepEqual(JSON.parse(readFileSync(fileOf('a/b'), 'utf8')).state, { n: 2 }, 'one write, of the last values');

  const big = 'x'.repeat(MAX_STORED_BYTES);
  store.schedule('a/b', { version: 1, state: { n: 3, note: big }, data: {} });
  await store.flush('a/b');
  const report = await store.report('a/b');
  assert.deepEqual([report?.skippedKeys, JSON.parse(readFileSync(fileOf('a/b'), 'utf8')).state], [['note'], { n: 3 }]);
  assert.equal(await store.clear('a/b'), 1);
  assert.equal(await store.report('a/b'), null);
});

test('restore: stored values replace the listed ones that still fit; another version is discarded', () => {
  const validated = validatePrototypeSpec({
    id: 'r',
    window: { placement: { type: 'fullscreen' } },
    state: { on: false, label: 'x' },
    storage: { version: 3, keys: ['on', 'label'] },
    root: { type: 'column', children: [{ type: 'switch', stateKey: 'on' }, { type: 'text', text: '{label}' }] },
  });
  assert.ok(validated.ok);
  const spec = validated.spec as PrototypeSpec;
  const restored = restoreStorage(spec, { version: 3, state: { on: 'yes', label: 'kept' }, data: {} });
  assert.deepEqual([restored.spec.state, restored.restored, restored.dropped], [{ on: false, label: 'kept' }, ['label'], ['on']], 'a string no longer fits the switch');
  assert.equal(restoreStorage(spec, { version: 2, state: { label: 'old' }, data: {} }).discarded, true);
  assert.deepEqual(restoreStorage(spec, null).spec.state, spec.state);
});

// Seed 000: state keys "match [A-Za-z_][A-Za-z0-9_]{0,63}"; "__proto__" is one of them, kept as data.
test('a state key named "__proto__" is stored, written and restored like any other', async () => {
  const validated = validatePrototypeSpec(`{"id":"proto","window":{"placement":{"type":"fullscreen"}},
    "state":{"__proto__":"x","constructor":"y"},"storage":{"version":1,"keys":["__proto__","constructor"]},
    "root":{"type":"text","text":"{__proto__}"}}`);
  assert.ok(validated.ok);
  const spec = validated.spec as PrototypeSpec;
  assert.deepEqual(restoreStorage(spec, JSON.parse('{"version":1,"state":{},"data":{}}')).restored, [], 'nothing stored, nothing restored');
  const store = new StorageStore(dir, () => {});
  store.schedule('proto', JSON.parse('{"version":1,"state":{"__proto__":"kept","constructor":"too"},"data":{}}'));
  await store.flush('proto');
  const written = readFileSync(fileOf('proto'), 'utf8');
  assert.match(written, /"__proto__":"kept"/);
  const restored = restoreStorage(spec, JSON.parse(written));
  assert.deepEqual(restored.restored, ['__proto__', 'constructor']);
  assert.equal(JSON.stringify(restored.spec.state), '{"__proto__":"kept","constructor":"too"}');
});

// Seed 001 storage: what the spec lists is kept; a failed write must not lose what is pending.
test('a failed disk write keeps the values pending and is retried until it lands', async () => {
  const root = mkdtempSync(join(tmpdir(), 'protostage-store-fail-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'storage'), 'a file where the folder should be');
  const logged: string[] = [];
  const store = new StorageStore(root, (message) => logged.push(message), 10);
  store.schedule('p', { version: 1, state: { n: 1 }, data: {} });
  await store.flush('p');
  assert.match(logged.join('\n'), /could not be written .*trying again/);
  assert.deepEqual((await store.read('p'))?.state, { n: 1 }, 'still pending after the failure');
  rmSync(join(root, 'storage'));
  const file = join(root, 'storage', 'p.json');
  for (let waited = 0; !existsSync(file) && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).state, { n: 1 }, 'the retry wrote it');
  await store.close();
});
