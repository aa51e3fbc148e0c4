// Two load checks of what the tools tell the agent, through the official MCP client over stdio
// (`protostage mcp` → device agent → Chromium):
//   1. N concurrent tapOn on a counter button: every tap reported a success was applied, and no
//      other: successes = taps applied (change events) = the final count. Taps the busy device
//      could not start within their 30 s deadline come back cancelled, unapplied.
//   2. M concurrent shows of different ids: status lists only the one on screen, and awaitEvent
//      on every replaced id answers at once that it is gone (never a time-out).
//   npm run bench:load [-- --taps 2000 --shows 50]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const CLI = fileURLToPath(new URL('../bin/protostage.js', import.meta.url));
const { values } = parseArgs({ options: { taps: { type: 'string', default: '2000' }, shows: { type: 'string', default: '50' } } });
const tapCount = Number(values.taps);
const showCount = Number(values.shows);

const counterSpec = (id: string) => ({
  id,
  window: { placement: { type: 'fullscreen' } },
  state: { count: 0 },
  root: { type: 'column', children: [{ type: 'text', text: 'Count {count}' }, { type: 'button', testTag: 'more', label: 'More', onTap: [{ type: 'increment', key: 'count' }] }] },
});

type Structured = Record<string, any>;

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ data: Structured; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args }, { timeout: 600_000 })) as { structuredContent?: Structured; isError?: boolean };
  return { data: result.structuredContent ?? {}, isError: result.isError === true };
}

async function concurrentTaps(client: Client): Promise<boolean> {
  await call(client, 'prototype', { action: 'show', spec: counterSpec('load-counter'), reset: true });
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: tapCount }, () => call(client, 'tapOn', { testTag: 'more' })));
  const seconds = (performance.now() - started) / 1000;
  const successes = results.filter((result) => !result.isError).length;
  const cancelled = results.filter((result) => result.isError && /dropped tap before it started/.test(result.data.error ?? '')).length;
  const otherFailures = results.length - successes - cancelled;
  let changes = 0;
  let cursor = 0;
  for (;;) {
    const batch = (await call(client, 'prototype', { action: 'awaitEvent', id: 'load-counter', kinds: ['change'], afterSequence: cursor, limit: 64, timeoutMs: 0 })).data;
    changes += batch.events.length;
    if (batch.events.length === 0) break;
    cursor = batch.events.at(-1).sequence;
  }
  const status = (await call(client, 'prototype', { action: 'status' })).data;
  const finalCount = status.prototypes[0]?.state.count;
  const honest = successes === finalCount && otherFailures === 0 && (changes === finalCount || changes >= 64);
  console.log(`${tapCount} concurrent tapOn in ${seconds.toFixed(1)} s (${((seconds * 1000) / tapCount).toFixed(1)} ms a tap on the device queue):`);
  console.log(`  successes reported ${successes}, cancelled unapplied ${cancelled}, other failures ${otherFailures}`);
  console.log(`  final count ${finalCount}, change events read ${changes}${changes < finalCount ? ' (the host buffer keeps the latest 64)' : ''}`);
  console.log(`  successes = taps applied = final count: ${honest ? 'yes' : 'NO'}`);
  return honest;
}

async function concurrentShows(client: Client): Promise<boolean> {
  const ids = Array.from({ length: showCount }, (_, index) => `load-show-${index}`);
  const shown = await Promise.all(ids.map((id) => call(client, 'prototype', { action: 'show', spec: counterSpec(id) })));
  const status = (await call(client, 'prototype', { action: 'status' })).data;
  const listed: string[] = status.prototypes.map((entry: Structured) => entry.id);
  const observed = (await call(client, 'observe', {})).data;
  const onScreen = observed.hierarchy.some((node: Structured) => node.layer === 'prototype');
  const started = performance.now();
  const answers = await Promise.all(ids.filter((id) => !listed.includes(id)).map((id) => call(client, 'prototype', { action: 'awaitEvent', id, timeoutMs: 30_000 })));
  const answeredMs = performance.now() - started;
  const gone = answers.filter((answer) => answer.data.gone?.reason === 'replaced').length;
  const timedOut = answers.filter((answer) => answer.data.timedOut).length;
  const honest = listed.length === 1 && onScreen && gone === showCount - 1 && timedOut === 0;
  console.log(`${showCount} concurrent shows (${shown.filter((result) => !result.isError).length} succeeded):`);
  console.log(`  status lists ${listed.length} (${listed.join(', ')}); a prototype is on screen: ${onScreen}`);
  console.log(`  awaitEvent on the ${answers.length} replaced ids: ${gone} answered gone (replaced), ${timedOut} timed out, all within ${answeredMs.toFixed(0)} ms`);
  console.log(`  status follows the device and no wait on a replaced id times out: ${honest ? 'yes' : 'NO'}`);
  return honest;
}

async function main(): Promise<void> {
  const client = new Client({ name: 'protostage-load', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'ignore' }));
  const taps = await concurrentTaps(client);
  const shows = await concurrentShows(client);
  await client.close();
  process.exitCode = taps && shows ? 0 : 1;
}

await main();
