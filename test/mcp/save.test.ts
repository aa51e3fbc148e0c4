// Saving through MCP: the official client shows a spec and saves it with prototype {action: "save"}
// into a folder the server was allowed (--allow-dir); the folder reads back as a saved prototype,
// and a folder outside what the server may use is refused at dir.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readSavedPrototype } from '../../src/host/saved-layout.ts';
import { readExample } from '../examples/examples.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const allowed = mkdtempSync(join(tmpdir(), 'protostage-mcp-save-'));
let client: Client;

before(async () => {
  client = new Client({ name: 'protostage-save', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--allow-dir', allowed], stderr: 'ignore' }));
});
after(async () => {
  await client.close();
  rmSync(allowed, { recursive: true, force: true });
});

async function call(args: Record<string, unknown>): Promise<{ data: Record<string, any>; isError: boolean }> {
  const result = (await client.callTool({ name: 'prototype', arguments: args })) as { structuredContent?: Record<string, any>; isError?: boolean };
  return { data: result.structuredContent ?? {}, isError: result.isError === true };
}

test('prototype save writes the shown prototype as a saved folder; a folder outside the allowed ones is refused', async () => {
  const spec = readExample('cart.json') as { id: string };
  assert.equal((await call({ action: 'show', spec })).isError, false);
  const dir = join(allowed, 'cart');
  const saved = await call({ action: 'save', id: spec.id, dir });
  assert.equal(saved.isError, false, JSON.stringify(saved.data));
  assert.deepEqual([saved.data.dir, saved.data.images, saved.data.fonts], [dir, 0, 0]);
  const read = await readSavedPrototype(dir);
  assert.ok(read.ok);
  assert.deepEqual(JSON.parse(read.spec.toString()).strings.default, 'en');
  const refused = await call({ action: 'save', id: spec.id, dir: join(tmpdir(), 'cart-not-allowed') });
  assert.equal(refused.isError, true);
  assert.equal(refused.data.path, 'dir');
});
