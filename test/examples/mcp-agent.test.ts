// The examples as an agent uses them: the official MCP client spawns `protostage mcp` (stdio, real
// web device), shows every example from its file, and drives the chat example with sendKeys and
// tapOn, collecting what happened with awaitEvent. One server and one device for the file.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { EXAMPLES_DIR, exampleNames, readExample } from './examples.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));

let client: Client;

before(async () => {
  client = new Client({ name: 'protostage-examples', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'ignore' }));
});

after(async () => {
  await client.close();
});

type Structured = Record<string, any>;

async function call(name: string, args: Record<string, unknown> = {}): Promise<Structured> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean; content: unknown[] };
  assert.notEqual(result.isError, true, `${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent ?? {};
}

test('every example shows from its file through the MCP tool, and observe sees its nodes', async () => {
  for (const name of exampleNames()) {
    const { id } = readExample(name) as { id: string };
    const shown = await call('prototype', { action: 'show', specPath: fileURLToPath(new URL(name, EXAMPLES_DIR)), reset: true });
    assert.equal(shown.id, id, `examples/${name} shows as ${id}`);
    const observed = await call('observe');
    const prototypeNodes = (observed.hierarchy as Structured[]).filter((node) => node.layer === 'prototype' && node.testTag !== 'protostage.dismiss');
    assert.ok(prototypeNodes.length > 3, `examples/${name}: observe lists its nodes (${prototypeNodes.length})`);
  }
});

test('chat over MCP: sendKeys types the message, tapOn Send, awaitEvent returns the emit carrying the text', async () => {
  const shown = await call('prototype', { action: 'show', specPath: fileURLToPath(new URL('chat.json', EXAMPLES_DIR)), reset: true });
  assert.equal(shown.id, 'chat-priya');
  const message = 'Meet at the entrance at 5:45?';
  await call('sendKeys', { text: message, testTag: 'chat_input' });
  await call('tapOn', { testTag: 'chat_send' });
  const awaited = await call('prototype', { action: 'awaitEvent', id: 'chat-priya', kind: 'emit', eventName: 'send_message', timeoutMs: 10_000 });
  const [sent] = awaited.events;
  assert.equal(sent?.name, 'send_message', JSON.stringify(awaited));
  assert.deepEqual(sent.payload, { to: 'priya' });
  assert.equal(sent.state.draft, message);
  const cleared = await call('prototype', { action: 'awaitEvent', id: 'chat-priya', kind: 'change', afterSequence: sent.sequence, timeoutMs: 10_000 });
  assert.deepEqual(cleared.events[0]?.payload, { key: 'draft', value: '' });
});
