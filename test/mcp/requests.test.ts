// Request actions end to end: the official MCP client shows examples/weather.json on the real
// device, which loads its forecast from examples/weather-api.mjs, run here on a free port of
// 127.0.0.1. Via host the agent hands the request to the host, via device the device sends it;
// both go through the destination policy, opened for that one origin by --allow-request-origin.
// A host started without the flag refuses the same server.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readExampleAt, startWeatherApi, type RunningApi } from '../examples/examples.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
type Structured = Record<string, any>;

let api: RunningApi;
let origin: string;

/** The example spec pointed at this run's API, every request sent `via`. */
function weatherSpec(via: 'host' | 'device', apiOrigin = origin): Structured {
  const spec = readExampleAt('weather.json', apiOrigin);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      const record = value as Structured;
      if (record.type === 'request') record.via = via;
      Object.values(record).forEach(visit);
    }
  };
  visit(spec);
  return spec;
}

async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: 'protostage-requests', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], stderr: 'ignore' }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean };
  return { data: result.structuredContent ?? {}, isError: result.isError === true };
}

// The cursor is the show's lastSequence: an id's sequences go on across re-shows, and a read takes nothing away.
const requestEvent = (client: Client, afterSequence: number) =>
  call(client, 'prototype', { action: 'awaitEvent', id: 'weather-card', kind: 'emit', eventName: 'prototype_request', afterSequence, timeoutMs: 20_000 });

async function texts(client: Client, testTag: string): Promise<string[]> {
  return ((await call(client, 'observe')).data.hierarchy as Structured[]).filter((node) => node.testTag === testTag).map((node) => node.text);
}

let opened: Client;

before(async () => {
  api = await startWeatherApi();
  origin = api.origin;
  opened = await connect(['--allow-request-origin', origin]);
});
after(async () => {
  await opened?.close();
  api?.close();
});

for (const via of ['host', 'device'] as const) {
  test(`via ${via}: the forecast loads on appear, a city tap loads another, and events, status and the screen agree`, async () => {
    const shown = await call(opened, 'prototype', { action: 'show', spec: weatherSpec(via), reset: true });
    assert.equal(shown.isError, false, JSON.stringify(shown.data));
    const first = await requestEvent(opened, shown.data.lastSequence);
    const loaded = first.data.events[0].payload;
    assert.deepEqual([loaded.ok, loaded.status, loaded.via, loaded.url], [true, 200, via, `${origin}/weather?city=Oslo`]);
    assert.deepEqual(await texts(opened, 'weather_city'), ['Oslo']);
    assert.deepEqual(await texts(opened, 'weather_temperature'), ['-3 °C']);

    await call(opened, 'tapOn', { testTag: 'city.Lisbon' });
    const second = await requestEvent(opened, first.data.lastSequence);
    assert.equal(second.data.events[0].payload.url, `${origin}/weather?city=Lisbon`);
    const status = (await call(opened, 'prototype', { action: 'status' })).data.prototypes[0];
    assert.equal(status.state.weatherStatus, 'success');
    assert.deepEqual(status.data.weather, { city: 'Lisbon', summary: 'Sunny', temperature: 19 });
    assert.equal(status.data.weather__meta.status, 200);
    assert.deepEqual(await texts(opened, 'weather_city'), ['Lisbon']);
  });
}

test('a city the API does not know is an http_error: the error text and Try again show, and the status says error', async () => {
  const spec = weatherSpec('host');
  spec.state.city = 'Atlantis';
  const shown = await call(opened, 'prototype', { action: 'show', spec, reset: true });
  const failed = (await requestEvent(opened, shown.data.lastSequence)).data.events[0].payload;
  assert.deepEqual([failed.ok, failed.code, failed.status], [false, 'http_error', 404]);
  assert.deepEqual(await texts(opened, 'weather_error'), ['Could not load the weather: the server answered 404']);
  const status = (await call(opened, 'prototype', { action: 'status' })).data.prototypes[0];
  assert.equal(status.state.weatherStatus, 'error');
});

test('without --allow-request-origin the same server is blocked on both transports', async () => {
  const closed = await connect([]);
  try {
    for (const via of ['host', 'device'] as const) {
      const shown = await call(closed, 'prototype', { action: 'show', spec: weatherSpec(via), reset: true });
      const refused = (await requestEvent(closed, shown.data.lastSequence)).data.events[0].payload;
      assert.deepEqual([refused.ok, refused.code, refused.via], [false, 'blocked_destination', via]);
      assert.deepEqual(await texts(closed, 'weather_error'), ['Could not load the weather: 127.0.0.1 is a loopback address']);
    }
  } finally {
    await closed.close();
  }
});

test('an IPv6 disguise of the opened loopback server is blocked on both transports, the same verdict each way', async () => {
  const disguised = `http://[64:ff9b::7f00:1]:${new URL(origin).port}`;
  for (const via of ['host', 'device'] as const) {
    const shown = await call(opened, 'prototype', { action: 'show', spec: weatherSpec(via, disguised), reset: true });
    assert.equal(shown.isError, false, JSON.stringify(shown.data));
    const refused = (await requestEvent(opened, shown.data.lastSequence)).data.events[0].payload;
    assert.deepEqual([refused.ok, refused.code, refused.via], [false, 'blocked_destination', via]);
    assert.deepEqual(await texts(opened, 'weather_error'), ['Could not load the weather: 64:ff9b::7f00:1 carries 127.0.0.1 (NAT64, 64:ff9b::/96): 127.0.0.1 is a loopback address']);
  }
});
