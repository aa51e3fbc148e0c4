// End-to-end latency through the MCP server over stdio (official client → `protostage mcp` →
// device agent → Chromium), beside a no-op tool call measured in the same run; and the first
// show beside this machine's floor for it, measured in the same run: a new Node process that
// loads Playwright, launches the same Chromium and opens a blank page (`--floor` runs that part).
// The budgeted show and its no-op baseline are calls back to back; printed beside them, not
// budgeted, the same two calls each made PAUSE_MS after the last answer, as an agent makes them,
// and a show that changes one text each time: the budgeted show draws the window on screen again,
// which the page keeps, while a changed spec mounts a fresh window.
//   npm run bench:e2e [-- --rounds 50]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { budget } from './stats.ts';

const CLI = fileURLToPath(new URL('../bin/protostage.js', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../test/fixtures/prototype-spec/valid/doc-example-1.json', import.meta.url));
const WARMUP_ROUNDS = 3;
/** The pause before each call of the unbudgeted pair: an agent's calls come apart, never back to back. */
const PAUSE_MS = 50;

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '50' }, floor: { type: 'boolean' } } });
const rounds = Number(values.rounds);

/** A spec whose one tap emits an event, so every round produces exactly one event to await. */
const tapSpec = {
  id: 'bench-tap',
  window: { placement: { type: 'fullscreen' } },
  root: { type: 'column', children: [{ type: 'button', label: 'Save', testTag: 'save', onTap: [{ type: 'emit', name: 'save', payload: { n: 1 } }] }] },
};

type CallResult = { structuredContent?: Record<string, any>; isError?: boolean; content: unknown };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: args })) as CallResult;
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent ?? {};
}

async function time(operation: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await operation();
  return performance.now() - start;
}

async function measure(label: string, operation: () => Promise<unknown>, pauseMs = 0): Promise<{ label: string; samples: number[] }> {
  for (let i = 0; i < WARMUP_ROUNDS; i++) await operation();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    samples.push(await time(operation));
  }
  return { label, samples };
}

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function main(): Promise<void> {
  const client = new Client({ name: 'protostage-bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'ignore' }));
  const example = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
  const launch = await time(() => call(client, 'prototype', { action: 'show', spec: example }));

  const baseline = await measure('no-op tool call (prototype status)', () => call(client, 'prototype', { action: 'status' }));
  const show = await measure('MCP show → result (worked example 1, same id)', () => call(client, 'prototype', { action: 'show', spec: example }));
  const pausedBaseline = await measure('no-op', () => call(client, 'prototype', { action: 'status' }), PAUSE_MS);
  const pausedShow = await measure('show', () => call(client, 'prototype', { action: 'show', spec: example }), PAUSE_MS);
  let edits = 0;
  const editedShow = await measure('show', () => call(client, 'prototype', { action: 'show', spec: withEditedText(example, (edits += 1)) }));
  await call(client, 'prototype', { action: 'show', spec: tapSpec });
  let lastSequence = 0;
  const tapToEvent = await measure('tapOn → awaitEvent delivered', async () => {
    await call(client, 'tapOn', { testTag: 'save' });
    const awaited = await call(client, 'prototype', { action: 'awaitEvent', id: tapSpec.id, eventName: 'save', afterSequence: lastSequence, timeoutMs: 10_000 });
    const [event] = awaited.events ?? [];
    if (!event) throw new Error(`no event: ${JSON.stringify(awaited)}`);
    lastSequence = event.sequence;
  });
  await client.close();

  const baseMedian = quantile(baseline.samples, 0.5);
  console.log(`protostage e2e bench: ${rounds} rounds each after ${WARMUP_ROUNDS} warm-up rounds (first show incl. device launch: ${launch.toFixed(0)} ms)`);
  for (const { label, samples } of [baseline, show, tapToEvent]) {
    const median = quantile(samples, 0.5);
    const ratio = median / baseMedian;
    const note = label === show.label ? `   ${budget(ratio, 10, '×')}` : '';
    console.log(`${label.padEnd(48)} median ${median.toFixed(2).padStart(8)} ms  p90 ${quantile(samples, 0.9).toFixed(2).padStart(8)} ms  ×${ratio.toFixed(1)} baseline${note}`);
  }
  const [pausedNoop, pausedShowMedian] = [quantile(pausedBaseline.samples, 0.5), quantile(pausedShow.samples, 0.5)];
  console.log(
    `${`  both again, ${PAUSE_MS} ms after the last answer`.padEnd(48)} no-op ${pausedNoop.toFixed(2)} ms, show ${pausedShowMedian.toFixed(2)} ms: ×${(pausedShowMedian / pausedNoop).toFixed(1)} (not budgeted)`,
  );
  const editedMedian = quantile(editedShow.samples, 0.5);
  console.log(`${'  a show that changes a text, back to back'.padEnd(48)} median ${editedMedian.toFixed(2).padStart(8)} ms: ×${(editedMedian / baseMedian).toFixed(1)} (a fresh window; not budgeted)`);
  console.log(`${'first show incl. device launch'.padEnd(48)} ${launch.toFixed(0).padStart(8)} ms   ${budget(launch, 1500, ' ms')} on an idle machine`);
  const floor = await browserFloor();
  console.log(`${'  floor: a process, Chromium and a blank page'.padEnd(48)} ${floor.toFixed(0).padStart(8)} ms   first show ${(launch / floor).toFixed(2)}× the floor`);
}

/** The worked example with its "Next" text numbered: the same id, a spec that differs from the last. */
function withEditedText(example: { root: { children: Array<Record<string, unknown>> } }, edit: number): unknown {
  const children = example.root.children.map((child) => (child.text === 'Next' ? { ...child, text: `Next ${edit}` } : child));
  if (!children.some((child) => child.text === `Next ${edit}`)) throw new Error('the worked example has no "Next" text to edit');
  return { ...example, root: { ...example.root, children } };
}

/** From spawning a Node process to a blank page in the device's Chromium, as the device process could at best. */
function browserFloor(): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--floor'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(performance.now() - start));
    child.once('exit', (code) => reject(new Error(`the floor process ended (${code}) before its page was open`)));
  });
}

async function openBlankPage(): Promise<void> {
  const { launchChromium } = await import('../src/device/chromium.ts');
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('about:blank');
  process.stdout.write('open\n');
  await browser.close();
}

await (values.floor ? openBlankPage() : main());
