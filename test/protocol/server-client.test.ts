// The protocol server and client against each other on a real loopback socket, with an in-test
// request handler standing in for the device.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DeviceConnection } from '../../src/protocol/client.ts';
import { rawSocket, readFrames, readUntilClosedOr } from './raw-socket.ts';
import { MAX_FRAME_BYTES, PROTOCOL_VERSION } from '../../src/protocol/constants.ts';
import { createLaunchToken } from '../../src/protocol/handshake.ts';
import type { HostRequest } from '../../src/protocol/messages.ts';
import { startProtocolServer, type ProtocolServer } from '../../src/protocol/server.ts';
import { findFreePort } from '../../src/host/ports.ts';

const token = createLaunchToken();
let server: ProtocolServer;
const handled: HostRequest[] = [];
let lastClientGone = 0;

before(async () => {
  server = await startProtocolServer({
    port: await findFreePort(),
    token,
    agentVersion: 'test',
    capabilities: ['prototype_v1'],
    async handle(request) {
      handled.push(request);
      if (request.type === 'tap') throw new Error('nothing to tap');
      return { success: true };
    },
    // Long enough that a loaded machine stalling between accept and read does not trip it.
    helloTimeoutMs: 1000,
    onLastClientGone: () => {
      lastClientGone += 1;
    },
  });
});
after(() => server.close());

test('hello with the token is answered with version and capabilities', async () => {
  const connection = await DeviceConnection.open(server.port, token);
  assert.equal(connection.hello.protocolVersion, PROTOCOL_VERSION);
  assert.deepEqual([...connection.capabilities], ['prototype_v1']);
  connection.close();
});

test('a wrong token closes the connection with no reply', async () => {
  const socket = await rawSocket(server.port);
  socket.write(`${JSON.stringify({ type: 'hello', token: `${token}x`, protocolVersion: 1 })}\n`);
  assert.deepEqual(await readUntilClosedOr(socket, 10_000), { text: '', closed: true });
  await assert.rejects(DeviceConnection.open(server.port, 'not-the-right-token-at-all'), /closed the connection during hello/);
});

test('any other first frame closes the connection with no reply', async () => {
  const socket = await rawSocket(server.port);
  socket.write(`${JSON.stringify({ type: 'show_prototype', requestId: 'r1', spec: {} })}\n`);
  assert.deepEqual(await readUntilClosedOr(socket, 10_000), { text: '', closed: true });
  assert.equal(handled.length, 0);
});

test('a connection that never says hello is closed', async () => {
  const socket = await rawSocket(server.port);
  assert.deepEqual(await readUntilClosedOr(socket, 10_000), { text: '', closed: true });
});

test('a hello that arrived before the deadline is honoured even when the loop stalled past it', async () => {
  const quick = await startProtocolServer({ port: await findFreePort(), token, agentVersion: 'test', capabilities: [], handle: async () => ({ success: true }), helloTimeoutMs: 50 });
  try {
    const socket = await rawSocket(quick.port);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the server has accepted and armed its deadline
    const received = readFrames(socket, 1);
    // A loaded machine: the loop stalls after the hello is sent, so the next turn finds the deadline
    // expired before it reads the socket (timers run first; hence the stall inside an immediate).
    setImmediate(() => {
      socket.write(`${JSON.stringify({ type: 'hello', token, protocolVersion: 1 })}\n`);
      const stallUntil = Date.now() + 150;
      while (Date.now() < stallUntil);
    });
    const [reply] = await received;
    assert.equal(reply.type, 'hello_result');
    socket.destroy();
  } finally {
    await quick.close();
  }
});

test('an oversized hello line closes the connection with no reply', async () => {
  const socket = await rawSocket(server.port);
  socket.write('x'.repeat(10_000));
  assert.deepEqual(await readUntilClosedOr(socket, 10_000), { text: '', closed: true });
});

test('after hello: garbage, unknown types, invalid fields and oversized frames get error frames, then requests still work', async () => {
  const socket = await rawSocket(server.port);
  let closed = false;
  socket.on('close', () => (closed = true));
  const received = readFrames(socket, 6);
  socket.write(`${JSON.stringify({ type: 'hello', token, protocolVersion: 1 })}\n`);
  socket.write('this is not json\n');
  socket.write(`${JSON.stringify({ type: 'launch_missiles', requestId: 'r2' })}\n`);
  socket.write(`${JSON.stringify({ type: 'tap', requestId: 'r3', target: { nothing: 1 } })}\n`);
  socket.write(Buffer.alloc(MAX_FRAME_BYTES + 1, 0x61));
  socket.write('\n');
  socket.write(`${JSON.stringify({ type: 'inspect_prototypes', requestId: 'r4' })}\n`);
  const frames = (await received) as Array<Record<string, string>>;
  assert.equal(closed, false);
  socket.destroy();
  assert.equal(frames[0].type, 'hello_result');
  assert.equal(frames[1].type, 'error');
  assert.match(frames[1].message, /not JSON/);
  assert.deepEqual({ type: frames[2].type, requestId: frames[2].requestId }, { type: 'error', requestId: 'r2' });
  assert.match(frames[2].message, /unknown message type "launch_missiles"/);
  assert.equal(frames[3].requestId, 'r3');
  assert.match(frames[3].message, /invalid tap frame: target/);
  assert.match(frames[4].message, /larger than/);
  assert.deepEqual(frames[5], { type: 'prototype_result', requestId: 'r4', success: true });
});

test('requests are matched to replies; a handler failure is a failed result, not a crash', async () => {
  const connection = await DeviceConnection.open(server.port, token);
  const [dismissed, tapped] = await Promise.all([
    connection.request({ type: 'dismiss_prototype', all: true }),
    connection.request({ type: 'tap', target: { text: 'Next' } }),
  ]);
  assert.deepEqual(dismissed, { type: 'prototype_result', requestId: dismissed.requestId, success: true });
  assert.equal(tapped.type, 'input_result');
  assert.equal(tapped.success, false);
  assert.equal(tapped.error, 'nothing to tap');
  connection.close();
});

test('events reach every authenticated connection; the last one leaving is reported', async () => {
  await new Promise((resolve) => setTimeout(resolve, 100)); // let earlier tests' sockets finish closing
  const before = lastClientGone;
  const first = await DeviceConnection.open(server.port, token);
  const second = await DeviceConnection.open(server.port, token);
  const seen: string[] = [];
  first.onEvent((event) => seen.push(`first:${event.sequence}`));
  second.onEvent((event) => seen.push(`second:${event.sequence}`));
  server.broadcastEvent({ timestamp: 1, id: 'p', sequence: 7, kind: 'emit', name: 'save', payload: null, state: {}, pages: {} });
  for (const deadline = Date.now() + 5000; seen.length < 2 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.deepEqual(seen.sort(), ['first:7', 'second:7']);
  first.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(lastClientGone, before);
  second.close();
  // The close reaches the server within a few milliseconds on an idle machine; allow a loaded one.
  for (const deadline = Date.now() + 5000; lastClientGone === before && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(lastClientGone, before + 1);
});

test('a connection that drops fails its pending requests with a clear error', async () => {
  const connection = await DeviceConnection.open(server.port, token);
  const pending = connection.request({ type: 'inspect_prototypes' }, 5000);
  connection.close();
  await assert.rejects(pending, /device disconnected during inspect_prototypes/);
  await assert.rejects(connection.request({ type: 'inspect_prototypes' }), /device unavailable/);
});

test('the host connection ignores garbage, unknown and oversized frames from a device and still gets its reply', async () => {
  const { createServer } = await import('node:net');
  const device = createServer((socket) => {
    socket.once('data', () => {
      socket.write(`${JSON.stringify({ type: 'hello_result', agentVersion: 'x', protocolVersion: PROTOCOL_VERSION, capabilities: [] })}\n`);
      socket.once('data', (chunk) => {
        const { requestId } = JSON.parse(chunk.toString());
        socket.write('not json at all\n');
        socket.write(`${JSON.stringify({ type: 'mystery', requestId })}\n`);
        socket.write(Buffer.alloc(MAX_FRAME_BYTES + 1, 0x20));
        socket.write('\n');
        socket.write(`${JSON.stringify({ type: 'prototype_result', requestId, success: true })}\n`);
      });
    });
  });
  await new Promise<void>((resolve) => device.listen(0, '127.0.0.1', resolve));
  const port = (device.address() as { port: number }).port;
  const connection = await DeviceConnection.open(port, token);
  const reply = await connection.request({ type: 'inspect_prototypes' }, 10_000);
  assert.equal(reply.success, true);
  connection.close();
  device.close();
});

test('hello_result waits for the device; a device that cannot start answers hello with its reason', async () => {
  let becomeReady!: () => void;
  const slow = await startProtocolServer({
    port: await findFreePort(),
    token,
    agentVersion: 'test',
    capabilities: [],
    ready: new Promise<void>((resolve) => (becomeReady = resolve)),
    handle: async () => ({ success: true }),
  });
  let opened = false;
  const opening = DeviceConnection.open(slow.port, token).then((connection) => {
    opened = true;
    return connection;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(opened, false);
  becomeReady();
  (await opening).close();
  await slow.close();

  const broken = await startProtocolServer({
    port: await findFreePort(),
    token,
    agentVersion: 'test',
    capabilities: [],
    ready: Promise.reject(new Error('the web device could not start: no browser')),
    handle: async () => ({ success: true }),
  });
  await assert.rejects(DeviceConnection.open(broken.port, token), /could not start: no browser/);
  await broken.close();
});
