// `protostage serve`: streamable HTTP on 127.0.0.1 with the official client. Only host-local
// calls here, and --lazy-device, so no device is launched.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
let child: ChildProcess;
let url: string;
let printed = '';

before(async () => {
  child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--lazy-device'], { stdio: ['ignore', 'pipe', 'inherit'] });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL: ${printed}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(printed);
      if (match && printed.includes('mcpServers')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
});

after(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

test('serve prints its loopback URL and a client registration snippet', () => {
  const snippet = JSON.parse(printed.slice(printed.indexOf('{')));
  assert.equal(snippet.mcpServers.protostage.url, url);
});

test('the official client lists the tools and gets host-local status over HTTP', async () => {
  const client = new Client({ name: 'protostage-http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
  assert.deepEqual(tools, ['observe', 'prototype', 'sendKeys', 'swipeOn', 'tapOn']);
  const status = (await client.callTool({ name: 'prototype', arguments: { action: 'status' } })) as { structuredContent: Record<string, unknown> };
  assert.deepEqual(status.structuredContent, { success: true, prototypes: [], lastResult: null, deviceConnected: false });
  const noId = (await client.callTool({ name: 'prototype', arguments: { action: 'awaitEvent' } })) as { isError?: boolean; structuredContent: Record<string, unknown> };
  assert.equal(noId.isError, true);
  assert.equal(noId.structuredContent.path, 'id');
  await client.close();
});

test('requests naming a non-local Host are refused', async () => {
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const target = new URL(url);
    const req = request({ host: '127.0.0.1', port: target.port, path: target.pathname, method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.once('error', reject);
    req.end('{}');
  });
  assert.equal(status, 403);
});
