// What an MCP client schedules on: honest capabilities and annotations, progress while a call
// is slow, cancellation that reaches the host, completion, and resource list changes. The
// official client drives `protostage mcp` (stdio) and `protostage serve` (HTTP), each with its
// own real web device started by the first show (--lazy-device).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startServe } from './serve-process.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));

type Structured = Record<string, any>;

function counterSpec(id: string): Structured {
  return {
    id,
    window: { placement: { type: 'fullscreen' } },
    state: { count: 0 },
    root: {
      type: 'column',
      children: [
        { type: 'text', text: 'Count {count}' },
        { type: 'button', testTag: 'more', label: 'More', onTap: [{ type: 'increment', key: 'count' }, { type: 'emit', name: 'more' }] },
      ],
    },
  };
}

interface Connection {
  client: Client;
  resourceLists: string[][];
  /** A new transport to the same server (over stdio: a second server process of the same command). */
  transport(): StdioClientTransport | StreamableHTTPClientTransport;
  close(): Promise<void>;
}

async function connectStdio(): Promise<Connection> {
  const resourceLists: string[][] = [];
  const client = newClient(resourceLists);
  const transport = () => new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--lazy-device'], stderr: 'ignore' });
  await client.connect(transport());
  return { client, resourceLists, transport, close: () => client.close() };
}

async function connectHttp(): Promise<Connection> {
  const serve = await startServe();
  const resourceLists: string[][] = [];
  const client = newClient(resourceLists);
  await client.connect(new StreamableHTTPClientTransport(new URL(serve.url)));
  return {
    client,
    resourceLists,
    transport: () => new StreamableHTTPClientTransport(new URL(serve.url)),
    close: async () => {
      await client.close();
      await serve.stop();
    },
  };
}

function newClient(resourceLists: string[][]): Client {
  return new Client(
    { name: 'protostage-scheduling', version: '1.0.0' },
    { listChanged: { resources: { onChanged: (error, resources) => { if (!error && resources) resourceLists.push(resources.map((resource) => resource.uri)); } } } },
  );
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const [transport, connect] of [['stdio', connectStdio], ['HTTP', connectHttp]] as const) {
  describe(`over ${transport}`, () => {
    let connection: Connection;
    const call = async (name: string, args: Record<string, unknown> = {}, options: Parameters<Client['callTool']>[1] = {}) => {
      const result = (await connection.client.callTool({ name, arguments: args }, options)) as { structuredContent?: Structured; isError?: boolean };
      return { data: result.structuredContent ?? {}, isError: result.isError === true };
    };

    before(async () => {
      connection = await connect();
    });
    after(async () => {
      await connection.close();
    });

    test('initialize carries instructions pointing at the guide, a title, and only the list changes it sends', () => {
      const { client } = connection;
      assert.match(client.getInstructions() ?? '', /read protostage:\/\/guide first/i);
      assert.equal(client.getServerVersion()?.title, 'Protostage: live UI prototypes');
      const capabilities = client.getServerCapabilities();
      assert.notEqual(capabilities?.tools?.listChanged, true, 'the tool list never changes');
      assert.equal(capabilities?.resources?.listChanged, true);
      assert.ok(capabilities?.completions, 'completions are offered');
    });

    test('every tool has a title, honest annotations and an output schema', async () => {
      const tools = new Map((await connection.client.listTools()).tools.map((tool) => [tool.name, tool]));
      for (const tool of tools.values()) {
        assert.ok(tool.title, `${tool.name} has a title`);
        assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has an output schema`);
        assert.equal(tool.annotations?.openWorldHint, false, `${tool.name} reaches nothing outside this machine`);
        assert.equal(tool.annotations?.destructiveHint, false, `${tool.name} destroys nothing`);
      }
      assert.equal(tools.get('observe')?.annotations?.readOnlyHint, true);
      assert.equal(tools.get('observe')?.annotations?.idempotentHint, true);
      for (const name of ['prototype', 'tapOn', 'sendKeys', 'swipeOn']) assert.equal(tools.get(name)?.annotations?.readOnlyHint, false, name);
      assert.equal(tools.get('tapOn')?.annotations?.idempotentHint, false, 'a second tap taps again');
      const spec = (tools.get('prototype')?.inputSchema as { properties: Record<string, { anyOf?: Array<{ type: string }> }> }).properties.spec;
      assert.deepEqual(spec?.anyOf?.map((option) => option.type), ['object', 'string'], 'spec is typed: an object or JSON text');
      const wrong = (await connection.client.callTool({ name: 'prototype', arguments: { action: 'show', spec: 42 } })) as { isError?: boolean };
      assert.equal(wrong.isError, true, 'a spec that is neither is refused');
    });

    test('the icon template completes its query with prefix and word matches', async () => {
      const ref = { type: 'ref/resource' as const, uri: 'protostage://icons/{query}' };
      const prefix = await connection.client.complete({ ref, argument: { name: 'query', value: 'arrow_ba' } });
      assert.equal(prefix.completion.values[0], 'arrow_back');
      const words = await connection.client.complete({ ref, argument: { name: 'query', value: 'alarm add' } });
      assert.ok(words.completion.values.includes('alarm_add'), JSON.stringify(words.completion.values));
      assert.ok(words.completion.values.every((name) => name.includes('alarm') && name.includes('add')));
    });

    test('a show that starts the device reports progress, and cancelled then is never sent', async () => {
      const abort = new AbortController();
      const progress: string[] = [];
      const cancelled = call('prototype', { action: 'show', spec: counterSpec('cancelled-show') }, {
        signal: abort.signal,
        onprogress: (update) => {
          progress.push(update.message ?? '');
          abort.abort();
        },
      });
      await assert.rejects(cancelled);
      assert.match(progress[0] ?? '', /starting the web device/);
      // observe waits for the device to finish starting; the cancelled show must not have reached it.
      const observed = await call('observe');
      assert.equal(observed.isError, false);
      assert.deepEqual(observed.data.hierarchy.filter((node: Structured) => node.layer === 'prototype'), []);
      const status = await call('prototype', { action: 'status' });
      assert.deepEqual(status.data.prototypes, []);
      assert.equal(status.data.lastResult?.id, 'cancelled-show');
      assert.match(status.data.lastResult?.cancelled, /^before it was sent/);
    });

    test('spec files are read only under the working directory, --allow-dir and the roots the client offers', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'protostage-roots-'));
      try {
        const specPath = join(folder, 'spec.json');
        writeFileSync(specPath, JSON.stringify(counterSpec('from-root')));
        const refused = await call('prototype', { action: 'show', specPath });
        assert.equal(refused.isError, true);
        assert.match(refused.data.error, /is outside the folders protostage may read/);
        const rooted = new Client({ name: 'protostage-roots', version: '1.0.0' }, { capabilities: { roots: {} } });
        rooted.setRequestHandler('roots/list', async () => ({ roots: [{ uri: pathToFileURL(folder).href, name: 'scratch' }] }));
        await rooted.connect(connection.transport());
        const shown = (await rooted.callTool({ name: 'prototype', arguments: { action: 'show', specPath } })) as { isError?: boolean; structuredContent?: Structured };
        assert.equal(shown.isError, undefined, JSON.stringify(shown.structuredContent));
        await rooted.close();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    test('a shown prototype is a resource: the list-changed notification arrives and its id completes', async () => {
      const shown = await call('prototype', { action: 'show', spec: counterSpec('counter') });
      assert.equal(shown.isError, false, JSON.stringify(shown.data));
      await until(() => connection.resourceLists.some((uris) => uris.includes('protostage://prototypes/counter')), 'resources/list_changed');
      const read = await connection.client.readResource({ uri: 'protostage://prototypes/counter' });
      assert.deepEqual(JSON.parse(String((read.contents[0] as { text: string }).text)).state, { count: 0 });
      const completed = await connection.client.complete({ ref: { type: 'ref/resource', uri: 'protostage://prototypes/{id}' }, argument: { name: 'id', value: 'cou' } });
      assert.deepEqual(completed.completion.values, ['counter']);
    });

    test('awaitEvent sends a heartbeat, so a client that resets its timeout on progress waits the whole timeoutMs', async () => {
      const beats: number[] = [];
      const waited = await call('prototype', { action: 'awaitEvent', id: 'counter', kind: 'emit', timeoutMs: 5_000 }, {
        timeout: 3_000,
        resetTimeoutOnProgress: true,
        onprogress: (update) => beats.push(update.progress),
      });
      assert.equal(waited.data.timedOut, true, JSON.stringify(waited.data));
      assert.ok(beats.length >= 2, `heartbeats: ${beats}`);
      assert.ok(beats.every((beat, index) => index === 0 || beat > beats[index - 1]!), `progress increases: ${beats}`);
    });

    test('a cancelled awaitEvent stops waiting: the next event goes to the next call', async () => {
      const status = await call('prototype', { action: 'status' });
      const afterSequence = status.data.prototypes[0].lastSequence as number;
      const abort = new AbortController();
      const waiting = call('prototype', { action: 'awaitEvent', id: 'counter', kind: 'emit', afterSequence, timeoutMs: 30_000 }, { signal: abort.signal });
      setTimeout(() => abort.abort(), 300);
      await assert.rejects(waiting);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the cancellation reaches the server
      assert.equal((await call('tapOn', { testTag: 'more' })).isError, false);
      const next = await call('prototype', { action: 'awaitEvent', id: 'counter', kind: 'emit', afterSequence, timeoutMs: 5_000 });
      assert.equal(next.data.events[0]?.name, 'more', `the tap's emit was not swallowed by the cancelled wait: ${JSON.stringify(next.data)}`);
    });

    test('a show of another id replaces the entry at once, and awaitEvent on the replaced id answers that it is gone', async () => {
      const shown = await call('prototype', { action: 'show', spec: counterSpec('other') });
      assert.equal(shown.isError, false, JSON.stringify(shown.data));
      const status = await call('prototype', { action: 'status' });
      assert.deepEqual(status.data.prototypes.map((entry: Structured) => entry.id), ['other']);
      const started = Date.now();
      const gone = await call('prototype', { action: 'awaitEvent', id: 'counter', kind: 'emit', timeoutMs: 20_000 });
      assert.ok(Date.now() - started < 10_000, 'answered without waiting for the timeout');
      assert.deepEqual(gone.data.gone, { reason: 'replaced', by: 'other' });
      await until(() => connection.resourceLists.some((uris) => uris.includes('protostage://prototypes/other') && !uris.includes('protostage://prototypes/counter')), 'the list without counter');
    });
  });
}
