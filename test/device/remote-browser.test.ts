// A browser elsewhere: the device connects to a Playwright browser server or a Chrome DevTools
// endpoint instead of launching one. The test starts both on 127.0.0.1 from this machine's
// Chromium; PROTOSTAGE_BROWSER names no browser, so a render that works did not launch its own.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { PNG } from 'pngjs';
import { chromium, type BrowserServer } from 'playwright-core';
import { browserSourceArgs, browserSourceFrom } from '../../src/device/browser-source.ts';
import { chooseBrowser } from '../../src/device/browser.ts';
import { CHROMIUM_FLAGS } from '../../src/device/chromium.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const SPEC = fileURLToPath(new URL('../../examples/alarm.json', import.meta.url));
const NO_LOCAL_BROWSER = { ...process.env, PROTOSTAGE_BROWSER: '/no/local/browser' };
const dir = mkdtempSync(join(tmpdir(), 'protostage-remote-'));

let server: BrowserServer;
let cdpBrowser: ChildProcess;
let cdpEndpoint: string;

async function localBrowserPath(): Promise<string> {
  const choice = await chooseBrowser(undefined);
  if (!('executablePath' in choice)) throw new Error('this test needs a Chromium on the machine');
  return choice.executablePath;
}

/** A Chromium with its DevTools endpoint on a free loopback port; resolves with http://127.0.0.1:PORT. */
function startCdpBrowser(path: string): Promise<string> {
  cdpBrowser = spawn(path, ['--headless', ...CHROMIUM_FLAGS, '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${join(dir, 'cdp-profile')}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let stderr = '';
    cdpBrowser.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = stderr.match(/DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    cdpBrowser.once('exit', (code) => reject(new Error(`the CDP browser exited (${code}): ${stderr}`)));
  });
}

function render(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'render', ...args], { env: NO_LOCAL_BROWSER, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

function pixels(file: string): PNG {
  return PNG.sync.read(readFileSync(file));
}

before(async () => {
  const browserPath = await localBrowserPath();
  server = await chromium.launchServer({ executablePath: browserPath, headless: true, args: [...CHROMIUM_FLAGS], host: '127.0.0.1', port: 0 });
  cdpEndpoint = await startCdpBrowser(browserPath);
});
after(async () => {
  await server?.close();
  // The whole process group, helpers included, and only then its profile folder.
  if (cdpBrowser?.exitCode === null) {
    const exited = new Promise((resolve) => cdpBrowser.once('exit', resolve));
    process.kill(-cdpBrowser.pid!, 'SIGKILL');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

test('one browser source per command: endpoints are checked, and forwarded to the device as given', () => {
  assert.deepEqual(browserSourceFrom({}), { kind: 'launch', choice: undefined });
  assert.deepEqual(browserSourceFrom({ 'browser-endpoint': 'ws://127.0.0.1:3000/abc' }), { kind: 'playwright-server', endpoint: 'ws://127.0.0.1:3000/abc' });
  assert.deepEqual(browserSourceFrom({ 'cdp-endpoint': 'http://127.0.0.1:9222' }), { kind: 'cdp', endpoint: 'http://127.0.0.1:9222' });
  const errorOf = (values: Parameters<typeof browserSourceFrom>[0]) => (browserSourceFrom(values) as { error: string }).error;
  assert.match(errorOf({ browser: 'chrome', 'cdp-endpoint': 'http://127.0.0.1:9222' }), /give one of --browser, --cdp-endpoint/);
  assert.match(errorOf({ 'browser-endpoint': 'http://127.0.0.1:3000' }), /--browser-endpoint must be a ws:\/\/ or wss:\/\/ URL/);
  assert.match(errorOf({ 'cdp-endpoint': 'file:///tmp/x' }), /--cdp-endpoint must be a http:\/\/ or https:\/\/ or ws:\/\/ or wss:\/\/ URL/);
  assert.match(errorOf({ 'cdp-endpoint': 'not a url' }), /--cdp-endpoint must be a URL/);
  assert.match(errorOf({ 'browser-endpoint': 'ws://127.0.0.1:3000/', headed: true }), /--headed shows a browser this command launches/);
  assert.deepEqual(browserSourceArgs({ kind: 'playwright-server', endpoint: 'ws://h:1/p' }), ['--browser-endpoint', 'ws://h:1/p']);
  assert.deepEqual(browserSourceArgs({ kind: 'cdp', endpoint: 'http://h:1' }), ['--cdp-endpoint', 'http://h:1']);
  assert.deepEqual(browserSourceArgs({ kind: 'launch', choice: 'msedge' }), ['--browser', 'msedge']);
});

test('render on a Playwright browser server and on a CDP endpoint draws what a local browser draws', async () => {
  const local = join(dir, 'local.png');
  const localRun = await new Promise<number>((resolve) => execFile(process.execPath, [CLI, 'render', SPEC, '-o', local], { timeout: 120_000 }, (error) => resolve(error ? 1 : 0)));
  assert.equal(localRun, 0);
  for (const [flag, endpoint, file] of [['--browser-endpoint', server.wsEndpoint(), 'playwright.png'], ['--cdp-endpoint', cdpEndpoint, 'cdp.png']] as const) {
    const output = join(dir, file);
    const run = await render([SPEC, '-o', output, flag, endpoint]);
    assert.equal(run.code, 0, `${flag}: ${run.stderr}`);
    assert.match(run.stdout, /wrote .*412×915 dp/);
    const [expected, actual] = [pixels(local), pixels(output)];
    assert.deepEqual([actual.width, actual.height], [expected.width, expected.height]);
    assert.ok(expected.data.equals(actual.data), `${flag}: the same pixels as a local render (fonts and icons came with the page)`);
  }
});

test('an endpoint nobody serves is one error naming it, not a hang or a launched browser', async () => {
  const run = await render([SPEC, '-o', join(dir, 'none.png'), '--browser-endpoint', 'ws://127.0.0.1:9/nobody']);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /cannot connect to the Playwright browser server at ws:\/\/127\.0\.0\.1:9\/nobody: .*check that it is running/);
  const refused = await render([SPEC, '-o', join(dir, 'none.png'), '--cdp-endpoint', 'ftp://127.0.0.1:9']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /--cdp-endpoint must be a http:\/\/ or https:\/\/ or ws:\/\/ or wss:\/\/ URL/);
});

test('protostage mcp on a Playwright browser server: the official client shows, observes both layers and taps', async () => {
  const client = new Client({ name: 'protostage-remote', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--browser-endpoint', server.wsEndpoint()], env: NO_LOCAL_BROWSER as Record<string, string>, stderr: 'ignore' }));
  try {
    const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as { structuredContent: Record<string, any>; isError?: boolean };
    const spec = {
      id: 'remote',
      window: { placement: { type: 'sheet', edge: 'bottom', height: 240 } },
      state: { taps: 0 },
      root: { type: 'button', label: 'Tapped {taps}', testTag: 'go', onTap: [{ type: 'increment', key: 'taps' }, { type: 'emit', name: 'went' }] },
    };
    const shown = await call('prototype', { action: 'show', spec });
    assert.equal(shown.isError, undefined, JSON.stringify(shown.structuredContent));
    const hierarchy = (await call('observe')).structuredContent.hierarchy as Array<Record<string, any>>;
    assert.ok(hierarchy.some((node) => node.layer === 'app' && node.testTag === 'app.phone'), 'the built-in home screen came with the page');
    assert.ok(hierarchy.some((node) => node.layer === 'prototype' && node.testTag === 'go'));
    assert.equal((await call('tapOn', { testTag: 'go' })).isError, undefined);
    const awaited = await call('prototype', { action: 'awaitEvent', id: 'remote', eventName: 'went', timeoutMs: 10_000 });
    assert.equal(awaited.structuredContent.events[0]?.name, 'went', JSON.stringify(awaited.structuredContent));
    const after = (await call('observe')).structuredContent.hierarchy as Array<Record<string, any>>;
    assert.equal(after.find((node) => node.testTag === 'go')?.text, 'Tapped 1');
  } finally {
    await client.close();
  }
});
