// Data on the real device through MCP: the official client shows a feed bound to data, taps Like
// and Load more as a person would, and reads the data changes back as events, in status and in
// inspect; a spec whose data binding is wrong is refused at its path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const FEED = JSON.parse(readFileSync(new URL('../fixtures/prototype-spec/valid/data-feed.json', import.meta.url), 'utf8'));
type Structured = Record<string, any>;

let client: Client;

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean };
  return { data: result.structuredContent ?? {}, isError: result.isError === true };
}

/** The texts of the nodes whose testTag matches, in screen order. */
const texts = async (testTag: string | RegExp) =>
  ((await call('observe')).data.hierarchy as Structured[])
    .filter((node) => (typeof testTag === 'string' ? node.testTag === testTag : testTag.test(node.testTag ?? '')))
    .map((node) => node.text);

before(async () => {
  client = new Client({ name: 'protostage-data', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'ignore' }));
});
after(() => client.close());

test('a feed drawn from data: Like writes one field, Load more appends rows, and events, status and inspect agree', async () => {
  const shown = await call('prototype', { action: 'show', spec: FEED });
  assert.equal(shown.isError, false, JSON.stringify(shown.data));
  assert.equal(shown.data.revision, 1);
  assert.deepEqual(await texts(/^post\.\d+\.title$/), ['First post', 'Second post']);
  assert.deepEqual(await texts('greeting'), ['Hello Ada']);

  assert.equal((await call('tapOn', { testTag: 'post.0.like' })).isError, false);
  const liked = await call('prototype', { action: 'awaitEvent', id: 'feed', kind: 'change', timeoutMs: 10_000 });
  assert.deepEqual(liked.data.events.map((event: Structured) => [event.name, event.payload]), [['/data/feed/0/liked', { op: 'set', value: true, revision: 2 }]]);
  assert.deepEqual(await texts(/^post\.\d+\.like$/), [], 'both posts are liked now');

  await call('tapOn', { text: 'Load more' });
  const more = await call('prototype', { action: 'awaitEvent', id: 'feed', kind: 'change', afterSequence: liked.data.lastSequence, timeoutMs: 10_000 });
  assert.equal(more.data.events[0].payload.op, 'append');
  assert.deepEqual(await texts(/^post\.\d+\.title$/), ['First post', 'Second post', 'Third post']);

  const status = (await call('prototype', { action: 'status' })).data.prototypes[0];
  const inspected = (await call('prototype', { action: 'inspect' })).data.prototypes[0];
  assert.deepEqual(status.data, inspected.data, 'the host copy from events is the device\'s data');
  assert.deepEqual(inspected.data.feed.map((post: Structured) => [post.id, post.liked]), [['p1', true], ['p2', true], ['p3', false]]);
  assert.equal(inspected.revision, 3);
});

test('patch changes data, state and a node in place, silently; a stale baseRevision and a bad operation are refused whole', async () => {
  const shown = await call('prototype', { action: 'show', spec: FEED, reset: true });
  const base = shown.data.revision as number;
  const patched = await call('prototype', {
    action: 'patch',
    id: 'feed',
    baseRevision: base,
    ops: [
      { op: 'set', path: '/data/user/name', value: 'Grace' },
      { op: 'prepend', path: '/data/feed', value: { id: 'p0', title: 'Pinned post', liked: false } },
      { op: 'set', path: '/state/selected', value: 'Pinned post' },
    ],
  });
  assert.equal(patched.isError, false, JSON.stringify(patched.data));
  assert.equal(patched.data.revision, base + 1);
  assert.deepEqual(await texts('greeting'), ['Hello Grace']);
  assert.deepEqual(await texts(/^post\.\d+\.title$/), ['Pinned post', 'First post', 'Second post']);
  const silent = await call('prototype', { action: 'awaitEvent', id: 'feed', afterSequence: shown.data.lastSequence, timeoutMs: 300 });
  assert.equal(silent.data.timedOut, true, 'a patch emits no event');
  const status = (await call('prototype', { action: 'status' })).data.prototypes[0];
  assert.deepEqual([status.state.selected, status.data.user.name, status.revision], ['Pinned post', 'Grace', base + 1]);

  const stale = await call('prototype', { action: 'patch', id: 'feed', baseRevision: base, ops: [{ op: 'remove', path: '/data/feed/0' }] });
  assert.deepEqual([stale.isError, stale.data.path], [true, 'baseRevision']);
  const bad = await call('prototype', { action: 'patch', id: 'feed', ops: [{ op: 'remove', path: '/data/feed/0' }, { op: 'set', path: '/data/nothing/here', value: 1 }] });
  assert.deepEqual([bad.isError, bad.data.path], [true, 'ops[1].path']);
  assert.deepEqual(await texts(/^post\.\d+\.title$/), ['Pinned post', 'First post', 'Second post'], 'neither patch changed anything');
});

test('a data binding the data does not hold is refused at its path, and the feed stays on screen', async () => {
  const broken = structuredClone(FEED);
  broken.root.children[1].repeat.items = '/posts';
  const refused = await call('prototype', { action: 'show', spec: broken });
  assert.equal(refused.isError, true);
  assert.equal(refused.data.path, 'root.children[1].repeat.items');
  assert.match(refused.data.error, /\/posts names no array in data/);
  const noData = structuredClone(FEED);
  delete noData.data;
  const missing = await call('prototype', { action: 'show', spec: noData });
  assert.equal(missing.data.path, 'root.children[0].text');
  assert.match(missing.data.error, /the spec has no data/);
  assert.deepEqual(await texts('greeting'), ['Hello Grace'], 'nothing on screen changed');
});

test('timers on the real device: the countdown starts on show, advanceClock fires runs at once, Done appears and emits', async () => {
  const countdown = JSON.parse(readFileSync(new URL('../../examples/countdown.json', import.meta.url), 'utf8'));
  const shown = await call('prototype', { action: 'show', spec: countdown });
  assert.equal(shown.isError, false, JSON.stringify(shown.data));
  const timers = (await call('prototype', { action: 'inspect' })).data.prototypes[0].timers;
  assert.deepEqual(timers.map((timer: Structured) => [timer.id, timer.nextFireInMs <= 3000]), [['go', true]]);
  assert.deepEqual((await call('prototype', { action: 'advanceClock', ms: 3000 })).data.fired, 1, 'the get-ready timer starts the ticking one');
  const advanced = await call('prototype', { action: 'advanceClock', ms: 3000 });
  assert.deepEqual([advanced.isError, advanced.data.fired], [false, 3]);
  assert.deepEqual(await texts('countdown_left'), ['7']);
  await call('prototype', { action: 'advanceClock', ms: 7000 });
  const done = await call('prototype', { action: 'awaitEvent', id: 'focus-countdown', eventName: 'countdown_done', timeoutMs: 10_000 });
  assert.equal(done.data.events[0]?.name, 'countdown_done');
  assert.deepEqual([await texts('countdown_left'), (await call('prototype', { action: 'inspect' })).data.prototypes[0].timers], [['0'], []]);
  const refused = await call('prototype', { action: 'advanceClock', ms: -5 });
  assert.equal(refused.isError, true);
});
