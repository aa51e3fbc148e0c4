// The prototype inline in the chat: a client that shows MCP Apps finds the prototype tool's device
// view (a ui:// resource of the SDK's MIME type), and a host page built on the SDK's AppBridge draws
// it in a sandboxed frame in real Chromium: it shows the device's screen, and a click on it taps
// the device, which the agent then reads as the prototype's events. A client without MCP Apps is
// not offered the view.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import { launchChromium } from '../../src/device/chromium.ts';
import { DEVICE_APP_URI } from '../../src/mcp/server.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const UI_EXTENSION = { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } };

let client: Client;
let plainClient: Client;
let browser: Browser;

async function connect(name: string, capabilities: object): Promise<Client> {
  const connected = new Client({ name, version: '1.0.0' }, { capabilities });
  await connected.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], stderr: 'ignore' }));
  return connected;
}

before(async () => {
  client = await connect('protostage-apps-host', { extensions: UI_EXTENSION });
  plainClient = await connect('protostage-plain', {});
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await client?.close();
  await plainClient?.close();
});

const COUNTER = {
  id: 'counter',
  window: { placement: { type: 'fullscreen' } },
  state: { count: 0 },
  root: {
    type: 'column',
    style: { padding: { top: 120, start: 24, end: 24, bottom: 0 }, spacing: 24 },
    children: [
      { type: 'text', text: 'Count: {count}', testTag: 'count' },
      { type: 'button', label: 'Add one', testTag: 'add', style: { width: 'fill', height: { dp: 120 } }, onTap: [{ type: 'setState', key: 'count', value: 1 }, { type: 'emit', name: 'added' }] },
    ],
  },
};

test('the prototype tool links the device view, a ui:// resource only a client with MCP Apps is offered', async () => {
  const tool = (await client.listTools()).tools.find((entry) => entry.name === 'prototype')!;
  assert.equal((tool._meta as { ui?: { resourceUri?: string } }).ui?.resourceUri, DEVICE_APP_URI);
  const read = await client.readResource({ uri: DEVICE_APP_URI });
  const [page] = read.contents as { mimeType?: string; text?: string }[];
  assert.equal(page!.mimeType, RESOURCE_MIME_TYPE);
  assert.match(page!.text ?? '', /^<!doctype html>[\s\S]*<script type="module">/);
  assert.ok((await client.listResources()).resources.some((resource) => resource.uri === DEVICE_APP_URI));
  assert.ok(!(await plainClient.listResources()).resources.some((resource) => resource.uri === DEVICE_APP_URI), 'a client without MCP Apps is not offered the view');
});

test('a host page draws the view in a sandboxed frame: it shows the screen and a click taps the device', async () => {
  const shown = await client.callTool({ name: 'prototype', arguments: { action: 'show', spec: COUNTER } });
  assert.notEqual(shown.isError, true, JSON.stringify(shown));
  const sequence = ((await client.callTool({ name: 'prototype', arguments: { action: 'status' } })).structuredContent as { lastSequence?: number }).lastSequence ?? 0;
  const html = ((await client.readResource({ uri: DEVICE_APP_URI })).contents[0] as { text: string }).text;
  const hostScript = (await build({ entryPoints: [fileURLToPath(new URL('./app-host/host.ts', import.meta.url))], bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent' })).outputFiles[0]!.text;

  const page = await browser.newPage({ viewport: { width: 400, height: 900 } });
  try {
    await page.exposeFunction('callTool', (params: { name: string; arguments?: Record<string, unknown> }) => client.callTool(params));
    await page.setContent(`<!doctype html><body style="margin:0"><script>${hostScript}</script></body>`);
    await page.evaluate(([view, result]) => window.startHost(view, result), [html, shown] as const);

    const view = page.frameLocator('iframe');
    const screen = view.locator('#screen');
    await screen.waitFor();
    // The sandboxed frame is cross-origin to the page, so the picture is asked about through its locator.
    const drawn = () => screen.evaluate((image: HTMLImageElement) => image.src.startsWith('data:image/png;base64,') && image.complete && image.naturalWidth > 0);
    for (let waited = 0; !(await drawn()); waited += 100) {
      assert.ok(waited < 15_000, 'the view drew the device screen');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Where the Add button is on the device, as a share of the screen; the same share of the picture.
    const observed = (await client.callTool({ name: 'observe', arguments: {} })).structuredContent as { hierarchy: { testTag: string | null; bounds: { x: number; y: number; width: number; height: number } }[] };
    const add = observed.hierarchy.find((node) => node.testTag === 'add')!.bounds;
    const settings = ((await client.callTool({ name: 'device', arguments: {} })).structuredContent as { settings: { width: number; height: number } }).settings;
    const picture = (await screen.boundingBox())!;
    await page.mouse.click(
      picture.x + ((add.x + add.width / 2) / settings.width) * picture.width,
      picture.y + ((add.y + add.height / 2) / settings.height) * picture.height,
    );

    const events = (await client.callTool({ name: 'prototype', arguments: { action: 'awaitEvent', id: 'counter', afterSequence: sequence, eventName: 'added', timeoutMs: 10_000 } })).structuredContent as { events: { kind: string; name: string | null; state: Record<string, unknown> }[] };
    assert.equal(events.events[0]?.name, 'added', JSON.stringify(events));
    assert.equal(events.events[0]!.state.count, 1);
  } finally {
    await page.close();
  }
});
