/**
 * One request over real HTTP against servers started here on 127.0.0.1, reached through the
 * opt-in origin; refused destinations are proven refused without a byte reaching a server (each
 * counts what it receives) and names resolve through a stand-in resolver, never real DNS.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import { AllowedOrigins } from '../../src/protocol/egress.ts';
import { MAX_REDIRECTS, performRequest, type OutboundRequest } from '../../src/protocol/outbound.ts';
import { limits } from '../../src/spec/index.ts';

interface TestServer {
  origin: string;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

async function serve(handler: (request: IncomingMessage, response: ServerResponse, body: string) => void): Promise<TestServer> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hits.push(`${request.method} ${request.url}`);
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const get = (url: string, extra: Partial<OutboundRequest> = {}): OutboundRequest => ({ method: 'GET', url, headers: [], timeoutMs: 5000, ...extra });

test('a request to an opened origin gets the 2xx body, the headers and the final URL; method, headers and body go out as given', async () => {
  const server = await serve((request, response, body) => {
    response.writeHead(201, { 'content-type': 'application/json', 'x-echo': String(request.headers['x-token']) });
    response.end(JSON.stringify({ method: request.method, body, type: request.headers['content-type'] }));
  });
  try {
    const result = await performRequest(get(`${server.origin}/items?a=1`, { method: 'POST', headers: [['X-Token', 't1'], ['Content-Type', 'application/json']], body: '{"n":1}' }), { allowed: new AllowedOrigins([server.origin]) });
    assert.equal(result.ok, true);
    if (!result.ok) return;
    assert.equal(result.status, 201);
    assert.equal(result.headers['x-echo'], 't1');
    assert.deepEqual(JSON.parse(result.body), { method: 'POST', body: '{"n":1}', type: 'application/json' });
    assert.equal(result.url, `${server.origin}/items?a=1`);
    assert.deepEqual(server.hits, ['POST /items?a=1']);
  } finally {
    await server.close();
  }
});

test('without the opt-in, the same server is blocked before anything is sent', async () => {
  const server = await serve((_request, response) => response.end('no'));
  try {
    const result = await performRequest(get(`${server.origin}/`), { allowed: new AllowedOrigins() });
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(result.code, 'blocked_destination');
    assert.deepEqual(server.hits, []);
  } finally {
    await server.close();
  }
});

test('names go through the resolver: a refused answer, a mixed answer, no answer and a daemon port all block before a connection', async () => {
  const server = await serve((_request, response) => response.end('reached'));
  try {
    const cases: Array<[string, string[]]> = [
      [`http://loop.test:${server.port}/`, ['127.0.0.1']],
      [`http://rebind.test:${server.port}/`, ['93.184.216.34', '127.0.0.1']],
      [`http://nothing.test:${server.port}/`, []],
      ['http://nas.test:3000/', ['192.168.1.20']],
      ['http://meta.test/', ['169.254.169.254']],
    ];
    for (const [url, answers] of cases) {
      const result = await performRequest(get(url), { allowed: new AllowedOrigins(), resolve: async () => answers });
      assert.equal(result.ok, false, url);
      if (!result.ok) assert.equal(result.code, 'blocked_destination', `${url}: ${result.message}`);
    }
    const failing = await performRequest(get('http://gone.test/'), { allowed: new AllowedOrigins(), resolve: async () => Promise.reject(new Error('ENOTFOUND')) });
    assert.equal(!failing.ok && failing.code, 'blocked_destination');
    assert.deepEqual(server.hits, []);
    // An opened origin under a name connects to whatever the name resolves to.
    const opened = `http://api.test:${server.port}`;
    const reached = await performRequest(get(`${opened}/x`), { allowed: new AllowedOrigins([opened]), resolve: async () => ['127.0.0.1'] });
    assert.equal(reached.ok && reached.body, 'reached');
  } finally {
    await server.close();
  }
});

test('every redirect is checked again: one out of the opened origin is blocked, one within it followed; 303 turns into a GET', async () => {
  const target = await serve((request, response) => response.end(`target ${request.method}`));
  const server = await serve((request, response) => {
    if (request.url === '/out') response.writeHead(302, { location: `${target.origin}/secret` }).end();
    else if (request.url === '/in') response.writeHead(303, { location: '/final' }).end();
    else if (request.url === '/loop') response.writeHead(302, { location: '/loop' }).end();
    else response.end(`final ${request.method}`);
  });
  try {
    const allowed = new AllowedOrigins([server.origin]);
    const out = await performRequest(get(`${server.origin}/out`), { allowed });
    assert.equal(!out.ok && out.code, 'blocked_destination');
    assert.deepEqual(target.hits, []);
    const within = await performRequest(get(`${server.origin}/in`, { method: 'POST', body: 'x' }), { allowed });
    assert.equal(within.ok && within.body, 'final GET');
    assert.equal(within.ok && within.url, `${server.origin}/final`);
    const loop = await performRequest(get(`${server.origin}/loop`), { allowed });
    assert.equal(!loop.ok && loop.code, 'network');
    assert.equal(server.hits.filter((hit) => hit === 'GET /loop').length, MAX_REDIRECTS + 1);
  } finally {
    await server.close();
    await target.close();
  }
});

test('a non-2xx answer is http_error with its status and its body is not read', async () => {
  let written = 0;
  const server = await serve((_request, response) => {
    response.writeHead(503, { 'content-type': 'text/plain' });
    const chunk = 'x'.repeat(65_536);
    // Far more than the response limit: reading it would take far longer than the answer does.
    const pump = () => {
      while (written < 64 * 1024 * 1024 && response.write(chunk)) written += chunk.length;
      if (written < 64 * 1024 * 1024) response.once('drain', pump);
      else response.end();
    };
    pump();
  });
  try {
    const result = await performRequest(get(`${server.origin}/`), { allowed: new AllowedOrigins([server.origin]) });
    assert.equal(!result.ok && result.code, 'http_error');
    assert.equal(!result.ok && result.status, 503);
    assert.ok(written < 64 * 1024 * 1024, 'the server was not read to its end');
  } finally {
    await server.close();
  }
});

test('a 2xx body past the limit is too_large, whether announced or streamed', async () => {
  const server = await serve((request, response) => {
    if (request.url === '/announced') {
      response.writeHead(200, { 'content-length': String(limits.responseBytes + 1) });
      response.end('x'.repeat(limits.responseBytes + 1));
    } else if (request.url === '/streamed') {
      response.writeHead(200);
      response.end('y'.repeat(limits.responseBytes + 10));
    } else {
      response.end('z'.repeat(limits.responseBytes));
    }
  });
  try {
    const allowed = new AllowedOrigins([server.origin]);
    for (const path of ['/announced', '/streamed']) {
      const result = await performRequest(get(`${server.origin}${path}`), { allowed });
      assert.equal(!result.ok && result.code, 'too_large', path);
    }
    const exact = await performRequest(get(`${server.origin}/exact`), { allowed });
    assert.equal(exact.ok && exact.body.length, limits.responseBytes);
  } finally {
    await server.close();
  }
});

test('timeoutMs is the whole deadline (timeout), an abort is cancelled, a closed port is network', async () => {
  const server = await serve((_request, response) => setTimeout(() => response.end('late'), 2000));
  try {
    const allowed = new AllowedOrigins([server.origin]);
    const slow = await performRequest(get(`${server.origin}/`, { timeoutMs: 100 }), { allowed });
    assert.equal(!slow.ok && slow.code, 'timeout');
    const abort = new AbortController();
    const pending = performRequest(get(`${server.origin}/`), { allowed, signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    const cancelled = await pending;
    assert.equal(!cancelled.ok && cancelled.code, 'cancelled');
  } finally {
    await server.close();
  }
  const closed = await performRequest(get(`${server.origin}/`), { allowed: new AllowedOrigins([server.origin]) });
  assert.equal(!closed.ok && closed.code, 'network');
});

test('an IPv6 disguise of loopback is blocked before a connection, as a literal, a DNS answer or a redirect', async () => {
  const server = await serve((_request, response) => response.end('reached'));
  const redirector = await serve((_request, response) => response.writeHead(302, { location: `http://[::ffff:0:7f00:1]:${server.port}/` }).end());
  try {
    const disguised = [`http://[64:ff9b::7f00:1]:${server.port}/`, `http://[::127.0.0.1]:${server.port}/`, `http://[2002:7f00:1::]:${server.port}/`];
    for (const url of disguised) {
      const result = await performRequest(get(url), { allowed: new AllowedOrigins() });
      assert.equal(!result.ok && result.code, 'blocked_destination', url);
    }
    const answered = await performRequest(get(`http://nat64.test:${server.port}/`), { allowed: new AllowedOrigins(), resolve: async () => ['64:ff9b::7f00:1'] });
    assert.equal(!answered.ok && answered.message, 'nat64.test resolves to 64:ff9b::7f00:1: 64:ff9b::7f00:1 carries 127.0.0.1 (NAT64, 64:ff9b::/96): 127.0.0.1 is a loopback address');
    const redirected = await performRequest(get(`${redirector.origin}/`), { allowed: new AllowedOrigins([redirector.origin]) });
    assert.equal(!redirected.ok && redirected.code, 'blocked_destination');
    assert.deepEqual(redirector.hits, ['GET /']);
    assert.deepEqual(server.hits, []);
  } finally {
    await Promise.all([server.close(), redirector.close()]);
  }
});

test("a service bound to every interface is not reached through this machine's own address unless its origin is opened", async (t) => {
  const own = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []).find((entry) => !entry.internal && entry.family === 'IPv4');
  if (own === undefined) return t.skip('this machine has no non-loopback IPv4 address');
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const port = (server.address() as { port: number }).port;
  const origin = `http://${own.address}:${port}`;
  try {
    const refused = await performRequest(get(`${origin}/`), { allowed: new AllowedOrigins() });
    assert.equal(!refused.ok && refused.message, `${own.address} is an address of this machine`);
    const byName = await performRequest(get(`http://me.test:${port}/`), { allowed: new AllowedOrigins(), resolve: async () => [own.address] });
    assert.equal(!byName.ok && byName.code, 'blocked_destination');
    assert.deepEqual(hits, []);
    const opened = await performRequest(get(`${origin}/open`), { allowed: new AllowedOrigins([origin]) });
    assert.equal(opened.ok && opened.body, 'reached');
    assert.deepEqual(hits, ['/open']);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
