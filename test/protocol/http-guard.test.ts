// The guard every protostage HTTP server shares, on a real loopback server with short limits:
// sockets slow to send headers or a body are closed, an address's connections are capped with
// the oldest unfinished one closed first, and a request naming another host or origin is refused.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { createGuardedServer, listenOnLoopback, refuseForeignRequest, type HttpLimits } from '../../src/protocol/http-guard.ts';
import { rawSocket, readUntilClosedOr } from './raw-socket.ts';

const LIMITS: HttpLimits = { headersTimeoutMs: 400, requestTimeoutMs: 800, checkIntervalMs: 100, keepAliveTimeoutMs: 400, maxConnectionsPerAddress: 8 };
/** Far longer than any limit above, so a socket still open after it was never going to close. */
const PATIENCE_MS = 8_000;

let port: number;
/** Requests to /hold are answered once this is called. */
let release = () => {};
const held = new Promise<void>((resolve) => (release = resolve));
const server = createGuardedServer((request, response) => {
  // Reads the whole body, then answers with its length.
  let length = 0;
  request.on('data', (chunk: Buffer) => (length += chunk.length));
  request.on('end', () => {
    if (request.url === '/hold') void held.then(() => response.end(`read ${length}`));
    else response.end(`read ${length}`);
  });
}, LIMITS);

before(async () => {
  port = await listenOnLoopback(server, 0);
});
after(() => {
  server.closeAllConnections();
  server.close();
});

async function answerOf(raw: string): Promise<string> {
  const socket = await rawSocket(port);
  socket.write(raw);
  return (await readUntilClosedOr(socket, PATIENCE_MS)).text;
}

function drip(socket: Socket, lines: string[], everyMs: number): NodeJS.Timeout {
  let next = 0;
  return setInterval(() => {
    if (!socket.destroyed) socket.write(lines[next++ % lines.length]!);
  }, everyMs);
}

test('a socket that never sends a byte, one dripping header lines and one dripping its body are all closed by the timeouts', async () => {
  const silent = await rawSocket(port);
  const headers = await rawSocket(port);
  headers.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const headerDrip = drip(headers, ['X-A: 1\r\n'], 50);
  const body = await rawSocket(port);
  body.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n');
  const bodyDrip = drip(body, ['x'], 50);
  try {
    const outcomes = await Promise.all([silent, headers, body].map((socket) => readUntilClosedOr(socket, PATIENCE_MS)));
    assert.deepEqual(outcomes.map((outcome) => outcome.closed), [true, true, true]);
  } finally {
    clearInterval(headerDrip);
    clearInterval(bodyDrip);
  }
});

test('past the per-address cap the oldest unfinished socket is closed, and a normal client is answered', async () => {
  const slow: Socket[] = [];
  const closed: boolean[] = [];
  for (let index = 0; index < 3 * LIMITS.maxConnectionsPerAddress; index++) {
    const socket = await rawSocket(port);
    socket.write('GET / HTTP/1.1\r\n');
    closed[index] = false;
    socket.on('close', () => (closed[index] = true));
    slow.push(socket);
  }
  assert.equal(await answerOf('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n').then((text) => text.split('\r\n')[0]), 'HTTP/1.1 200 OK');
  // Well before any timeout: the sockets beyond the cap made room by closing the oldest ones.
  const openNow = closed.filter((isClosed) => !isClosed).length;
  assert.ok(openNow <= LIMITS.maxConnectionsPerAddress, `${openNow} slow sockets still open`);
  assert.equal(closed[0], true, 'the oldest slow socket was closed first');
  for (const socket of slow) socket.destroy();
});

test('a socket whose request has arrived is never closed to make room; its answer comes', async () => {
  const busy = await rawSocket(port);
  busy.write('POST /hold HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello');
  const busyAnswer = readUntilClosedOr(busy, PATIENCE_MS);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const slow: Socket[] = [];
  for (let index = 0; index < 2 * LIMITS.maxConnectionsPerAddress; index++) {
    const socket = await rawSocket(port);
    socket.write('GET / HTTP/1.1\r\n');
    slow.push(socket);
  }
  release();
  const { text } = await busyAnswer;
  assert.match(text, /read 5$/);
  for (const socket of slow) socket.destroy();
});

test('a request must name this server in Host, and an Origin must be this server', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  assert.equal(refuseForeignRequest(request({ host: `127.0.0.1:${port}` }), port), null);
  assert.equal(refuseForeignRequest(request({ host: `localhost:${port}`, origin: `http://localhost:${port}` }), port), null);
  assert.equal(refuseForeignRequest(request({ host: 'evil.example' }), port), `Host "evil.example" is not this server (127.0.0.1:${port})`);
  assert.equal(refuseForeignRequest(request({ host: `127.0.0.1:${port + 1}` }), port), `Host "127.0.0.1:${port + 1}" is not this server (127.0.0.1:${port})`);
  assert.equal(refuseForeignRequest(request({ host: `127.0.0.1:${port}`, origin: 'http://evil.example' }), port), `Origin "http://evil.example" is not this server (http://127.0.0.1:${port})`);
});
