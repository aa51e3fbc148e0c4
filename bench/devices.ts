// Show + observe throughput with several devices in one server (official client over stdio →
// `protostage mcp --devices …` → one device agent per device), with 1, 2 and 4 devices, each
// with its own local browser and then all in one Playwright browser server started here. Every
// device runs the same loop at once (show a changed spec, then observe); the ratio is the
// throughput against one local device measured in the same run.
//   npm run bench:devices [-- --seconds 15]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chooseBrowser } from '../src/device/browser.ts';
import { CHROMIUM_FLAGS } from '../src/device/chromium.ts';

const CLI = fileURLToPath(new URL('../bin/protostage.js', import.meta.url));
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '15' } } });
const seconds = Number(values.seconds);
const DEVICE_COUNTS = [1, 2, 4];

type CallResult = { structuredContent?: Record<string, any>; isError?: boolean; content: unknown };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: args })) as CallResult;
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent ?? {};
}

/** A screen with some weight: a title and 40 rows, one of them naming the round. */
function specFor(round: number): Record<string, unknown> {
  const rows = Array.from({ length: 40 }, (_, index) => ({ type: 'listItem', headline: index === 0 ? `Round ${round}` : `Row ${index}`, testTag: `row.${index}` }));
  return { id: 'bench-devices', window: { placement: { type: 'fullscreen' } }, root: { type: 'scroll', axis: 'vertical', child: { type: 'column', children: rows } } };
}

/** Runs show + observe on every device at once for `seconds`; answers rounds per second in all. */
async function throughput(deviceCount: number, browserArgs: string[]): Promise<number> {
  const names = Array.from({ length: deviceCount }, (_, index) => `d${index + 1}=phone`);
  const client = new Client({ name: 'protostage-bench-devices', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--devices', names.join(','), ...browserArgs], stderr: 'ignore' }));
  try {
    const devices = names.map((entry) => entry.split('=')[0]!);
    const round = async (device: string, index: number) => {
      await call(client, 'prototype', { action: 'show', spec: specFor(index), device });
      await call(client, 'observe', { device });
    };
    await Promise.all(devices.map((device) => round(device, 0))); // launch and warm up
    let rounds = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(devices.map(async (device) => {
      for (let index = 1; performance.now() < deadline; index++) {
        await round(device, index);
        rounds += 1;
      }
    }));
    return rounds / ((performance.now() - started) / 1000);
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  const choice = await chooseBrowser(undefined);
  if (!('executablePath' in choice)) throw new Error('bench:devices needs a Chromium on this machine');
  const server = await chromium.launchServer({ executablePath: choice.executablePath, headless: true, args: [...CHROMIUM_FLAGS], host: '127.0.0.1', port: 0 });
  const results: Array<{ label: string; count: number; perSecond: number }> = [];
  try {
    for (const [label, args] of [['local browsers', []], ['one browser server', ['--browser-endpoint', server.wsEndpoint()]]] as const) {
      for (const count of DEVICE_COUNTS) results.push({ label, count, perSecond: await throughput(count, [...args]) });
    }
  } finally {
    await server.close();
  }
  const baseline = results[0]!.perSecond;
  console.log(`protostage devices bench: show + observe rounds per second, all devices at once, ${seconds} s each (a 40-row screen)`);
  for (const { label, count, perSecond } of results) {
    const perDevice = perSecond / count;
    console.log(`${label.padEnd(20)} ${String(count).padStart(2)} device${count === 1 ? ' ' : 's'}  ${perSecond.toFixed(1).padStart(6)} rounds/s  (${perDevice.toFixed(1).padStart(5)} per device)  ×${(perSecond / baseline).toFixed(2)} one local device`);
  }
}

await main();
