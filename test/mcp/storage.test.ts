// Storage on the real device through MCP: listed state keys and data pointers outlive a dismissal
// and a reset show, a new version discards them, clearStorage removes them, and a stored file that
// does not decode is deleted and treated as empty. The device keeps its files in a folder the test
// makes (PROTOSTAGE_DEVICE_DATA_DIR).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'protostage-storage-'));
const file = join(dataDir, 'storage', `${encodeURIComponent('prefs/v')}.json`);
type Structured = Record<string, any>;
let client: Client;

const spec = (version = 1) => ({
  id: 'prefs/v',
  window: { placement: { type: 'fullscreen' } },
  state: { dark: false, visits: 0 },
  data: { recent: [] },
  storage: { version, keys: ['dark'], data: ['/recent'] },
  root: {
    type: 'column',
    children: [
      { type: 'switch', stateKey: 'dark', testTag: 'dark', label: 'Dark' },
      { type: 'button', label: 'Visit', testTag: 'visit', onTap: [{ type: 'increment', key: 'visits' }, { type: 'appendData', path: '/recent', value: { value: 'home' } }] },
    ],
  },
});

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean };
  return { data: result.structuredContent ?? {}, isError: result.isError === true };
}

const inspect = async () => (await call('prototype', { action: 'inspect' })).data.prototypes[0];

before(async () => {
  client = new Client({ name: 'protostage-storage', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { ...process.env, PROTOSTAGE_DEVICE_DATA_DIR: dataDir } as Record<string, string>, stderr: 'ignore' }));
});
after(async () => {
  await client.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('listed keys come back after a dismissal and a reset show; the others start from the spec; restoring emits nothing', async () => {
  const shown = await call('prototype', { action: 'show', spec: spec() });
  assert.equal(shown.isError, false, JSON.stringify(shown.data));
  await call('tapOn', { testTag: 'dark' });
  await call('tapOn', { testTag: 'visit' });
  const kept = await inspect();
  assert.deepEqual(kept.storage.keys.map((entry: Structured) => entry.key), ['dark', '/recent']);
  assert.deepEqual([kept.storage.version, kept.storage.totalBytes > 0], [1, true]);
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { version: 1, state: { dark: true }, data: { '/recent': ['home'] } }, 'inspect wrote the pending values');

  await call('prototype', { action: 'dismiss', id: 'prefs/v' });
  const again = await call('prototype', { action: 'show', spec: spec(), reset: true });
  const restored = await inspect();
  assert.deepEqual([restored.state, restored.data], [{ dark: true, visits: 0 }, { recent: ['home'] }]);
  const events = await call('prototype', { action: 'awaitEvent', id: 'prefs/v', afterSequence: again.data.lastSequence, timeoutMs: 300 });
  assert.equal(events.data.timedOut, true, 'restoring emits nothing');
});

test('a new version discards the stored values; clearStorage removes them and says how many', async () => {
  await call('tapOn', { testTag: 'visit' });
  await inspect();
  const cleared = await call('prototype', { action: 'clearStorage', id: 'prefs/v' });
  assert.deepEqual([cleared.isError, cleared.data.cleared], [false, 2]);
  assert.equal(existsSync(file), false);
  assert.equal((await inspect()).state.dark, true, 'the shown prototype stays as it is');

  await call('tapOn', { testTag: 'dark' });
  await call('tapOn', { testTag: 'dark' });
  await inspect();
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).version, 1);
  await call('prototype', { action: 'show', spec: spec(2), reset: true });
  assert.deepEqual((await inspect()).state, { dark: false, visits: 0 }, 'version 2 starts from the spec');
  assert.equal(existsSync(file), false, 'and the version 1 file is gone');
});

test('a stored file that does not decode is deleted and treated as empty', async () => {
  writeFileSync(file, '{not json');
  await call('prototype', { action: 'show', spec: spec(2), reset: true });
  assert.deepEqual((await inspect()).state, { dark: false, visits: 0 });
  assert.equal(existsSync(file), false);
});
