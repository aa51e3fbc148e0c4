/**
 * Via-host requests between a device's protocol server and hosts on real loopback sockets: the
 * frame goes to the most recently authenticated host only, its prototype_response completes the
 * request (from that connection only) and is never replied to, a cancel aborts the host's fetch,
 * a closing host ends its calls as network and a silent one as timeout after timeoutMs + 2 s.
 * The hosts fetch from an HTTP server started here, through the opt-in origin. And the gate.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createServer, type ServerResponse } from 'node:http';
import { DeviceConnection } from '../../src/protocol/client.ts';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { createLaunchToken } from '../../src/protocol/handshake.ts';
import { startProtocolServer } from '../../src/protocol/server.ts';
import { AllowedOrigins } from '../../src/protocol/egress.ts';
import { findFreePort } from '../../src/host/ports.ts';
import { serveDeviceRequests } from '../../src/host/requests.ts';
import { DeviceRequests, HOST_ANSWER_GRACE_MS, type HostLink } from '../../src/device/requests.ts';
import type { RequestOutcome, ResolvedRequest } from '../../src/runtime/index.ts';
import { assertRefusedWithout, hostFor, runtimeDevice } from './gate.ts';

/** A device's protocol server with a DeviceRequests behind it, as the agent wires them. */
async function deviceEnd() {
  const outcomes = new Map<string, RequestOutcome>();
  const waiting = new Map<string, (outcome: RequestOutcome) => void>();
  const token = createLaunchToken();
  let requests: DeviceRequests | null = null;
  const server = await startProtocolServer({
    port: await findFreePort(),
    token,
    agentVersion: 'test',
    capabilities: [CAPABILITIES.prototype, CAPABILITIES.network],
    handle: async () => ({ success: true }),
    onResponse: (response, connection) => requests?.hostResponse(response, connection),
    onClientClosed: (connection) => requests?.hostClosed(connection),
  });
  const deviceRequests = new DeviceRequests((requestId, outcome) => {
    outcomes.set(requestId, outcome);
    waiting.get(requestId)?.(outcome);
  }, { allowed: new AllowedOrigins() });
  requests = deviceRequests;
  deviceRequests.setHost({
    send: (message) => server.sendToCurrent(message),
    sendCancel: (connection, requestId) => server.sendTo(connection, { type: 'prototype_request_cancel', requestId }),
  });
  const outcome = (requestId: string) => outcomes.get(requestId) ?? new Promise<RequestOutcome>((resolve) => waiting.set(requestId, resolve));
  return { server, token, requests: deviceRequests, outcome, completed: () => outcomes.size };
}

async function httpServer(handler: (url: string, response: ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request.url ?? '', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { origin, hits, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

const request = (requestId: string, url: string, timeoutMs = 5000): ResolvedRequest => ({ requestId, via: 'host', method: 'GET', url, headers: [], timeoutMs });

test('a via-host request goes to the newest host only, which fetches it through its policy and answers once', async () => {
  const api = await httpServer((url, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url })));
  const device = await deviceEnd();
  const older = await DeviceConnection.open(device.server.port, device.token);
  const newer = await DeviceConnection.open(device.server.port, device.token);
  const olderCalls: string[] = [];
  older.onDeviceCall!((call) => olderCalls.push(call.type));
  serveDeviceRequests(newer, { allowed: new AllowedOrigins([api.origin]) });
  try {
    device.requests.start(request('q1', `${api.origin}/feed?page=2`));
    const outcome = await device.outcome('q1');
    assert.equal(outcome.ok, true);
    assert.deepEqual(outcome.ok && JSON.parse(outcome.body), { url: '/feed?page=2' });
    assert.deepEqual(olderCalls, [], 'the older host never saw the call');
    assert.deepEqual(api.hits, ['/feed?page=2'], 'it ran exactly once');
  } finally {
    older.close();
    newer.close();
    await device.server.close();
    await api.close();
  }
});

test("the host's own policy refuses what the person did not open: blocked_destination, nothing fetched", async () => {
  const api = await httpServer((_url, response) => response.end('reached'));
  const device = await deviceEnd();
  const host = await DeviceConnection.open(device.server.port, device.token);
  serveDeviceRequests(host, { allowed: new AllowedOrigins() });
  try {
    device.requests.start(request('q1', `${api.origin}/`));
    const outcome = await device.outcome('q1');
    assert.equal(!outcome.ok && outcome.code, 'blocked_destination');
    assert.deepEqual(api.hits, []);
  } finally {
    host.close();
    await device.server.close();
    await api.close();
  }
});

test('a cancel reaches the owning host, which aborts the fetch and sends nothing; a late or foreign answer is ignored', async () => {
  let held: ServerResponse | null = null;
  const api = await httpServer((_url, response) => {
    held = response;
  });
  const device = await deviceEnd();
  const host = await DeviceConnection.open(device.server.port, device.token);
  serveDeviceRequests(host, { allowed: new AllowedOrigins([api.origin]) });
  try {
    device.requests.start(request('q1', `${api.origin}/slow`));
    for (let waited = 0; held === null && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.ok(held, 'the host started the fetch');
    const closed = new Promise<void>((resolve) => held!.on('close', () => resolve()));
    device.requests.cancel('q1');
    await closed;
    assert.equal(device.requests.inFlight, 0);
    // An answer for a request no longer running, or from a connection it did not go to, changes nothing.
    device.requests.hostResponse({ type: 'prototype_response', requestId: 'q1', outcome: { ok: false, code: 'network', message: 'late', durationMs: 1 } }, 1);
    device.requests.start(request('q2', `${api.origin}/other`));
    device.requests.hostResponse({ type: 'prototype_response', requestId: 'q2', outcome: { ok: false, code: 'network', message: 'foreign', durationMs: 1 } }, 999);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(device.completed(), 0, 'neither answer completed anything');
    assert.equal(device.requests.inFlight, 1, 'q2 still waits for its own host');
  } finally {
    host.close();
    await device.server.close();
    await api.close();
  }
});

test('the owning host closing ends its calls as network; no host at all is network at once', async () => {
  const api = await httpServer(() => {});
  const device = await deviceEnd();
  device.requests.start(request('q0', `${api.origin}/`));
  const alone = await device.outcome('q0');
  assert.equal(!alone.ok && alone.code, 'network');
  const host = await DeviceConnection.open(device.server.port, device.token);
  serveDeviceRequests(host, { allowed: new AllowedOrigins([api.origin]) });
  try {
    device.requests.start(request('q1', `${api.origin}/hang`));
    for (let waited = 0; api.hits.length === 0 && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    host.close();
    const outcome = await device.outcome('q1');
    assert.equal(!outcome.ok && outcome.code, 'network');
    assert.match(!outcome.ok ? outcome.message : '', /disconnected/);
  } finally {
    await device.server.close();
    await api.close();
  }
});

test('a host that never answers ends the call as timeout after timeoutMs + 2 s and is told to drop it', async () => {
  const sent: string[] = [];
  const link: HostLink = { send: () => 7, sendCancel: (connection, requestId) => sent.push(`${connection}:${requestId}`) };
  let outcome: RequestOutcome | null = null;
  const requests = new DeviceRequests((_id, answer) => (outcome = answer), { allowed: new AllowedOrigins() });
  requests.setHost(link);
  const started = Date.now();
  requests.start(request('q1', 'https://api.example.com/', 50));
  await new Promise((resolve) => setTimeout(resolve, 50 + HOST_ANSWER_GRACE_MS + 200));
  assert.ok(outcome !== null, 'completed');
  assert.equal((outcome as RequestOutcome).ok === false && (outcome as Extract<RequestOutcome, { ok: false }>).code, 'timeout');
  assert.ok(Date.now() - started >= 50 + HOST_ANSWER_GRACE_MS);
  assert.deepEqual(sent, ['7:q1']);
});

test('the gate refuses a request without prototype_network_v1, and a via-device one without prototype_network_device_v1, before sending', async () => {
  const spec = (via?: string) => ({
    id: 'net',
    window: { placement: { type: 'fullscreen' } },
    data: { feed: {} },
    root: { type: 'button', label: 'Load', onTap: [{ type: 'request', url: 'https://api.example.com/feed', into: '/feed', ...(via ? { via } : {}) }] },
  });
  await assertRefusedWithout(CAPABILITIES.network, spec(), 'root.onTap[0]');
  await assertRefusedWithout(CAPABILITIES.networkDevice, spec('device'), 'root.onTap[0]');
  // A device request needs only the device capability, a host request only the host one.
  const deviceOnly = runtimeDevice(Object.values(CAPABILITIES).filter((name) => name !== CAPABILITIES.network));
  assert.ok((await hostFor(deviceOnly).show({ spec: spec('device') })).success);
});

test('a via-device start is handed on once it is refused (its outcome already given) or out on the network, not when the server answers', async () => {
  const held: ServerResponse[] = [];
  const api = await httpServer((_url, response) => held.push(response));
  const given: string[] = [];
  const requests = new DeviceRequests((requestId) => given.push(requestId), { allowed: new AllowedOrigins([api.origin]) });
  const onDevice = (requestId: string, url: string): ResolvedRequest => ({ ...request(requestId, url), via: 'device' });
  try {
    await requests.start(onDevice('refused', 'http://127.0.0.1:9/'));
    assert.deepEqual(given, ['refused'], 'the refusal was given before the start was handed on');
    await requests.start(onDevice('slow', `${api.origin}/slow`));
    assert.deepEqual(given, ['refused'], 'a request out on the network is handed on before its answer');
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    held[0]!.end('late');
    while (given.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(given, ['refused', 'slow']);
  } finally {
    await api.close();
  }
});
