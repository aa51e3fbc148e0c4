// Navigation stacks through MCP on the real device, with the official client over stdio: a tap
// pushes (a screen_changed event carrying the stacks), observe lists only the top screen, status
// and inspect report the stacks, pressBack pops and then has nothing to do.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
type Structured = Record<string, any>;
let client: Client;

const spec = {
  id: 'shop',
  window: { placement: { type: 'fullscreen' } },
  motion: 'none',
  root: {
    type: 'stack', id: 'shop', initial: 'list',
    screens: {
      list: { type: 'column', children: [{ type: 'text', text: 'Plants', testTag: 'list.title' }, { type: 'button', label: 'Fern', testTag: 'fern', onTap: [{ type: 'push', stack: 'shop', screen: 'detail' }] }] },
      detail: { type: 'column', children: [{ type: 'text', text: 'Fern', testTag: 'detail.title' }] },
    },
  },
};

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean };
  return { data: result.structuredContent ?? {}, isError: result.isError === true };
}

const prototypeTags = async () => ((await call('observe')).data.hierarchy as Structured[]).filter((node) => node.layer === 'prototype').map((node) => node.testTag);

before(async () => {
  client = new Client({ name: 'protostage-stacks', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'ignore' }));
});
after(async () => {
  await client.close();
});

test('tap pushes, awaitEvent reads screen_changed, pressBack pops, status and inspect follow', async () => {
  const shown = await call('prototype', { action: 'show', spec });
  assert.equal(shown.isError, false, JSON.stringify(shown.data));
  const tapped = await call('tapOn', { testTag: 'fern' });
  assert.equal(tapped.isError, false, JSON.stringify(tapped.data));
  const awaited = await call('prototype', { action: 'awaitEvent', id: 'shop', kind: 'screen_changed', afterSequence: 0 });
  assert.deepEqual(awaited.data.events.map((event: Structured) => [event.name, event.payload.op, event.stacks]), [['shop', 'push', { shop: ['list', 'detail'] }]]);
  const tags = await prototypeTags();
  assert.ok(tags.includes('detail.title') && !tags.includes('list.title'), JSON.stringify(tags));
  assert.deepEqual((await call('prototype', { action: 'status' })).data.prototypes[0].stacks, { shop: ['list', 'detail'] });
  const back = await call('pressBack');
  assert.deepEqual([back.isError, back.data.back], [false, 'stack']);
  assert.deepEqual((await call('prototype', { action: 'inspect' })).data.prototypes[0].stacks, { shop: ['list'] });
  assert.ok((await prototypeTags()).includes('list.title'));
  const nothing = await call('pressBack');
  assert.deepEqual([nothing.isError, nothing.data.back], [false, null]);
});
