// `protostage serve`: streamable HTTP on 127.0.0.1 with the official client. Only host-local
// calls here, and --lazy-device, so no device is launched.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { MAX_HTTP_BODY_BYTES, MAX_HTTP_SESSIONS } from '../../src/mcp/http.ts';
import { startServe, type ServeProcess } from './serve-process.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
let serve: ServeProcess;
let url: string;
let printed = '';

before(async () => {
  serve = await startServe();
  ({ url, printed } = serve);
});

after(() => serve.stop());

test('serve prints its loopback URL and a client registration snippet', () => {
  const snippet = JSON.parse(printed.slice(printed.indexOf('{')));
  assert.equal(snippet.mcpServers.protostage.url, url);
});

test('the official client lists the tools and gets host-local status over HTTP', async () => {
  const client = new Client({ name: 'protostage-http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
  assert.deepEqual(tools, ['device', 'observe', 'pressBack', 'prototype', 'sendKeys', 'swipeOn', 'tapOn']);
  const status = (await client.callTool({ name: 'prototype', arguments: { action: 'status' } })) as { structuredContent: Record<string, unknown> };
  assert.deepEqual(status.structuredContent, {
    success: true,
    prototypes: [],
    lastResult: null,
    deviceConnected: false,
    deviceStarting: false,
    device: 'phone',
    devices: [{ name: 'phone', profile: 'phone', connected: false, starting: false, shown: [] }],
  });
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

async function post(body: string, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
  const text = await response.text();
  return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : text };
}

test('a session is needed after initialize: an unknown one, none, or a body that is not JSON get JSON-RPC errors and the server goes on', async () => {
  const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { 'mcp-session-id': 'no-such-session' });
  assert.equal(unknown.status, 404);
  assert.match(unknown.json.error.message, /unknown or closed MCP session/);
  const none = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  assert.equal(none.status, 400);
  assert.match(none.json.error.message, /send initialize first/);
  const garbage = await post('{not json');
  assert.deepEqual([garbage.status, garbage.json.error.code], [400, -32700]);
  const oversized = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(MAX_HTTP_BODY_BYTES) } }));
  assert.deepEqual([oversized.status, oversized.json.error.code], [413, -32600]);
  const client = new Client({ name: 'protostage-http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  assert.equal((await client.listTools()).tools.length, 7);
  await client.close();
});

test('sessions are capped: past the cap the least recently used one is closed and the others keep working', async () => {
  const clients: Client[] = [];
  for (let index = 0; index <= MAX_HTTP_SESSIONS; index++) {
    const client = new Client({ name: `protostage-cap-${index}`, version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
  }
  await assert.rejects(clients[0]!.listTools(), 'the oldest session was closed');
  assert.equal((await clients.at(-1)!.listTools()).tools.length, 7);
  assert.equal((await clients[1]!.listTools()).tools.length, 7);
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
});

test('nobody else drives it: the token is needed (query or bearer header), and an Origin must be this very server', async () => {
  const target = new URL(url);
  const token = target.searchParams.get('token')!;
  const bare = `${target.origin}${target.pathname}`;
  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  const send = (address: string, headers: Record<string, string> = {}) =>
    fetch(address, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: initialize });
  const none = await send(bare);
  assert.equal(none.status, 401);
  assert.equal(none.headers.get('www-authenticate'), 'Bearer');
  assert.equal((await send(`${bare}?token=${token}x`)).status, 401);
  assert.equal((await send(bare, { authorization: `Bearer ${token.slice(1)}` })).status, 401);
  assert.equal((await send(bare, { authorization: `Bearer ${token}` })).status, 200);
  assert.equal((await send(url, { origin: `http://127.0.0.1:${Number(target.port) + 1}` })).status, 403, 'another port of this machine is another site');
  assert.equal((await send(url, { origin: 'http://evil.example' })).status, 403);
  assert.equal((await send(url, { origin: target.origin })).status, 200);
});

test('--token sets the token; a short one is refused with exit 2', async () => {
  const short = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--token', 'short'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  short.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  assert.equal(await new Promise((resolve) => short.once('exit', resolve)), 2);
  assert.match(stderr, /--token must have at least 16 characters/);
  const chosen = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--lazy-device', '--token', 'a-token-of-our-own-choosing'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let printed = '';
  const listening = await new Promise<string>((resolve) => {
    chosen.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /listening on (\S+)/.exec(printed);
      if (match) resolve(match[1]!);
    });
  });
  assert.match(listening, /\/mcp\?token=a-token-of-our-own-choosing$/);
  const exited = new Promise((resolve) => chosen.once('exit', resolve));
  chosen.kill('SIGTERM');
  await exited;
});

/** A fresh socket to serve that has written `raw`; `outcome` is what serve sent until it closed the socket (or `ms` passed). */
async function rawSocketTo(raw: string, ms = 25_000): Promise<{ socket: Socket; outcome: Promise<{ text: string; closed: boolean }> }> {
  const target = new URL(url);
  const socket = connect({ host: '127.0.0.1', port: Number(target.port) });
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(raw);
  const outcome = new Promise<{ text: string; closed: boolean }>((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve({ text, closed: false }), ms);
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => {});
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
  return { socket, outcome };
}

test('a body nested 100,000 arrays deep gets the JSON-RPC parse error, with or without a session, and serve goes on', async () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const bare = await post(deep);
  assert.deepEqual([bare.status, bare.json.error.code], [400, -32700]);
  assert.match(bare.json.error.message, /nested deeper than 256 levels/);
  const inParams = await post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${deep}}`, { 'mcp-session-id': 'any' });
  assert.deepEqual([inParams.status, inParams.json.error.code], [400, -32700]);
  const client = new Client({ name: 'protostage-deep-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  assert.equal((await client.listTools()).tools.length, 7);
  await client.close();
});

test('a declared body over the cap is answered 413 before the body is sent', async () => {
  const target = new URL(url);
  const { socket } = await rawSocketTo(`POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: ${MAX_HTTP_BODY_BYTES + 1}\r\n\r\n{`);
  const answer = await new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('}}')) resolve(text);
    });
  });
  socket.destroy();
  assert.match(answer, /^HTTP\/1\.1 413 /);
  assert.match(answer, /"code":-32600/);
});

test('sockets that send nothing, drip their headers or drip their body are closed by the timeouts; a client is answered meanwhile', async () => {
  const target = new URL(url);
  const start = `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n`;
  const silent = await rawSocketTo('');
  const headers = await rawSocketTo(start);
  const body = await rawSocketTo(`${start}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n[`);
  const drip = setInterval(() => {
    if (!headers.socket.destroyed) headers.socket.write('X-A: 1\r\n');
    if (!body.socket.destroyed) body.socket.write(' ');
  }, 500);
  try {
    const answered = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    assert.equal(answered.status, 400, 'a normal request is answered while the slow sockets are open');
    const outcomes = await Promise.all([silent.outcome, headers.outcome, body.outcome]);
    assert.deepEqual(outcomes.map((outcome) => outcome.closed), [true, true, true]);
  } finally {
    clearInterval(drip);
  }
});
