// `protostage serve` mirrors the device an agent drives: the official MCP client shows a
// prototype over streamable HTTP, a person's browser (real Chromium) opens the printed mirror
// address, sees the prototype, taps it, and the agent gets the event.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../src/device/chromium.ts';
import { counterSpec, nextFrame, openViewer, runCommand, type RunningCommand } from './helpers.ts';

let serve: RunningCommand;
let client: Client;
let browser: Browser;
let page: Page;
let mirrorUrl: string;

type ToolResult = { structuredContent?: Record<string, any>; isError?: boolean; content: unknown[] };

async function call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

before(async () => {
  serve = runCommand(['serve', '--port', '0']);
  const [, mcpUrl] = (await serve.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/mcp\?token=[\w-]+)/)) as [string, string];
  [, mirrorUrl] = (await serve.waitFor(/Live mirror of the device \(watch and join in\): (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/)) as [string, string];
  client = new Client({ name: 'protostage-mirror-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  browser = await launchChromium();
});

after(async () => {
  await client?.close();
  await browser?.close();
  await serve?.stop();
});

test('the mirror shows what the agent shows, and a tap in it reaches the agent as an event', async () => {
  assert.notEqual(new URL(mirrorUrl).port, '', 'the mirror has its own port');
  page = await openViewer(browser, mirrorUrl);
  const homeFrame = await nextFrame(page, null);

  const shown = await call('prototype', { action: 'show', spec: counterSpec('Add') });
  assert.equal(shown.isError, undefined, JSON.stringify(shown.content));
  await page.waitForFunction(() => document.getElementById('state')?.textContent?.includes('"count": 0'));
  const shownFrame = await nextFrame(page, homeFrame);

  const observed = await call('observe', {});
  const button = (observed.structuredContent!.hierarchy as { testTag: string | null; bounds: { x: number; y: number; width: number; height: number } }[]).find((node) => node.testTag === 'add')!;
  await page.locator('#screen').click({ position: { x: button.bounds.x + button.bounds.width / 2, y: button.bounds.y + button.bounds.height / 2 } });
  const awaited = await call('prototype', { action: 'awaitEvent', id: 'counter', kind: 'change', timeoutMs: 10_000 });
  assert.deepEqual(awaited.structuredContent!.events?.[0]?.state, { count: 1 }, JSON.stringify(awaited.structuredContent));
  await page.waitForSelector('#events li');
  assert.match((await page.locator('#events li').first().textContent()) ?? '', /^counter change/);
  await nextFrame(page, shownFrame);
});

test("the agent's device tool turns the mirrored device: the person's panel and frames follow", async () => {
  const turned = await call('device', { orientation: 'landscape' });
  assert.equal(turned.isError, undefined, JSON.stringify(turned.content));
  await page.waitForFunction(() => document.getElementById('device-name')?.textContent?.includes('915×412 · landscape'));
  await page.waitForFunction(() => (document.getElementById('frame') as HTMLImageElement).naturalWidth === 915);
  await call('device', { orientation: 'portrait' });
  await page.waitForFunction(() => document.getElementById('device-name')?.textContent?.includes('portrait'));
});

test('the mirror refuses a request without its token', async () => {
  const address = new URL(mirrorUrl);
  assert.equal((await fetch(`http://${address.host}/`)).status, 403);
});

test('with --lazy-device the mirror address is printed when the first tool call starts the device', async () => {
  const lazy = runCommand(['serve', '--port', '0', '--lazy-device']);
  const lazyClient = new Client({ name: 'protostage-mirror-test', version: '1.0.0' });
  try {
    const [, mcpUrl] = (await lazy.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/mcp\?token=[\w-]+)/)) as [string, string];
    assert.doesNotMatch(lazy.output(), /Live mirror/, 'no device, no mirror yet');
    await lazyClient.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
    const shown = await lazyClient.callTool({ name: 'prototype', arguments: { action: 'show', spec: counterSpec('Add') } });
    assert.equal(shown.isError, undefined, JSON.stringify(shown.content));
    const [, url] = (await lazy.waitFor(/Live mirror of the device \(watch and join in\): (\S+)/)) as [string, string];
    assert.equal((await fetch(url)).status, 200);
    assert.equal(lazy.output().match(/Live mirror/g)?.length, 1, 'printed once');
  } finally {
    await lazyClient.close();
    await lazy.stop();
  }
});
