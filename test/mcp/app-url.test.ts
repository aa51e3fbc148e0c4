// A real web app underneath: `protostage mcp --app-url` puts a page the test serves under the
// prototype. The agent observes the app's DOM, anchors a prototype to a real element, and taps the
// app where no prototype covers it. A URL off this machine needs --allow-app-origin.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { checkAppUrl } from '../../src/protocol/app-url.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const APP = `<!doctype html><meta name="viewport" content="width=device-width">
<h1 style="margin:16px">Orders</h1>
<button data-testid="reorder" style="margin:16px;width:220px;height:64px" onclick="this.textContent = 'Reordered ' + (++window.taps)">Reorder</button>
<script>window.taps = 0</script>`;

type Structured = Record<string, any>;
let app: Server;
let client: Client;

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean };
  return { data: result.structuredContent ?? {}, isError: result.isError === true };
}

before(async () => {
  app = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(APP));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
  client = new Client({ name: 'protostage-app-url', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--app-url', appUrl], stderr: 'ignore' }));
});
after(async () => {
  await client.close();
  app.close();
});

test('the app\'s DOM is observed, a prototype anchors to its element, and a tap reaches the app beside a sheet', async () => {
  const reorder = (await call('observe')).data.hierarchy.find((node: Structured) => node.layer === 'app' && node.testTag === 'reorder');
  assert.deepEqual([reorder?.role, reorder?.text], ['Button', 'Reorder']);
  const anchored = {
    id: 'badge',
    window: { placement: { type: 'fullscreen' } },
    root: { type: 'box', children: [{ type: 'text', text: 'New', testTag: 'badge', anchor: { type: 'element', selector: { testTag: 'reorder' }, alignment: 'top', offset: { x: 0, y: -24 } } }] },
  };
  const shown = await call('prototype', { action: 'show', spec: anchored });
  assert.equal(shown.isError, false, JSON.stringify(shown.data));
  assert.deepEqual(shown.data.anchors[0].bounds, reorder.bounds, 'resolved against the real element');

  const sheet = { id: 'sheet', window: { placement: { type: 'sheet', edge: 'bottom', height: 200 } }, root: { type: 'text', text: 'Details' } };
  assert.equal((await call('prototype', { action: 'show', spec: sheet })).isError, false);
  const tapped = await call('tapOn', { testTag: 'reorder' });
  assert.equal(tapped.isError, false, JSON.stringify(tapped.data));
  assert.equal(tapped.data.target.layer, 'app');
  const after = (await call('observe')).data.hierarchy.find((node: Structured) => node.layer === 'app' && node.testTag === 'reorder');
  assert.equal(after.text, 'Reordered 1', 'the app handled the tap');
});

test('an app URL off this machine is refused unless its origin is allowed by name', () => {
  for (const command of [['render', 'examples/alarm.json', '-o', '/tmp/never.png'], ['mcp'], ['serve', '--port', '0']]) {
    const refused = spawnSync(process.execPath, [CLI, ...command, '--app-url', 'https://shop.example/orders'], { encoding: 'utf8', timeout: 30_000, input: '' });
    assert.equal(refused.status, 2, `${command[0]}: ${refused.stderr}`);
    assert.match(refused.stderr, /--app-url https:\/\/shop\.example is not on this machine; allow it by name with --allow-app-origin https:\/\/shop\.example/);
  }
  const notUrl = spawnSync(process.execPath, [CLI, 'render', 'examples/alarm.json', '-o', '/tmp/never.png', '--app-url', 'file:///etc/passwd'], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(notUrl.status, 2);
  assert.match(notUrl.stderr, /--app-url must be an http or https URL, not file:/);
});

test('checkAppUrl: loopback pages load; another origin only when named', () => {
  assert.deepEqual(checkAppUrl('http://localhost:5173/app'), { url: 'http://localhost:5173/app' });
  assert.deepEqual(checkAppUrl('https://shop.example/orders', ['https://shop.example']), { url: 'https://shop.example/orders' });
  assert.ok('error' in checkAppUrl('https://shop.example/orders', ['https://other.example']));
  assert.ok('error' in checkAppUrl('not a url'));
});
