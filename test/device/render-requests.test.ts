// `protostage render` with request actions, as a process with a real browser: via device the
// device sends the request, via host the render process does (it is its device's host), both to
// an HTTP server started here and opened with --allow-request-origin; {"awaitRequests": MS} waits
// for the completions. A bad flag value is refused before anything runs.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parseSteps } from '../../src/cli/steps.ts';

const CLI = new URL('../../bin/protostage.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'protostage-requests-'));
const hits: string[] = [];
const server = createServer((request, response) => {
  hits.push(`${request.method} ${request.url} ${request.headers['x-cart'] ?? ''}`);
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: body === '' ? null : JSON.parse(body), path: request.url })));
});
let origin = '';

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

function render(...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'render', ...args], { timeout: 120_000 }, (error, _stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stderr });
    });
  });
}

function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

function cartSpec(via: 'host' | 'device') {
  return {
    id: 'cart',
    window: { placement: { type: 'fullscreen' } },
    state: { qty: 2, saving: 'idle' },
    data: { order: {} },
    root: {
      type: 'column',
      children: [
        {
          type: 'button',
          label: 'Order',
          testTag: 'order',
          onTap: [{ type: 'request', via, method: 'POST', url: `${origin}/orders`, query: { via }, headers: { 'X-Cart': 'c{qty}' }, body: { qty: '{qty}' }, into: '/order', statusKey: 'saving', onSuccess: [{ type: 'increment', key: 'qty' }] }],
        },
        { type: 'text', testTag: 'saved', text: 'Saved {data:/order/received/qty}' },
      ],
    },
  };
}

for (const via of ['device', 'host'] as const) {
  test(`via ${via}: a tap posts the bound body, awaitRequests waits for the answer, and state and events record it`, async () => {
    const steps = write(`steps-${via}.json`, [{ tap: 'order' }, { awaitRequests: 10_000 }, { hierarchy: join(dir, `h-${via}.json`) }]);
    const result = await render(write(`cart-${via}.json`, cartSpec(via)), '-o', join(dir, `${via}.png`), '--steps', steps, '--state', join(dir, `state-${via}.json`), '--events', join(dir, `events-${via}.jsonl`), '--allow-request-origin', origin);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(hits.includes(`POST /orders?via=${via} c2`), hits.join(', '));
    const state = JSON.parse(readFileSync(join(dir, `state-${via}.json`), 'utf8'));
    assert.deepEqual(state.state, { qty: 3, saving: 'success' });
    const events = readFileSync(join(dir, `events-${via}.jsonl`), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const completion = events.find((event) => event.name === 'prototype_request');
    assert.deepEqual([completion.payload.ok, completion.payload.via, completion.payload.method], [true, via, 'POST']);
    const hierarchy = JSON.parse(readFileSync(join(dir, `h-${via}.json`), 'utf8')) as Array<{ testTag?: string; text?: string }>;
    assert.equal(hierarchy.find((node) => node.testTag === 'saved')?.text, 'Saved 2');
  });
}

test('an origin that is not just an origin is refused as a usage error; an awaitRequests without a wait is refused at its step', async () => {
  const result = await render(write('bad.json', cartSpec('device')), '-o', join(dir, 'bad.png'), '--allow-request-origin', `${origin}/orders`);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /--allow-request-origin: .* is not just an origin/);
  assert.deepEqual(parseSteps('[{"awaitRequests": 0}]').ok, false);
  const parsed = parseSteps('[{"tap": "order"}, {"awaitRequests": "soon"}]');
  assert.ok(!parsed.ok && parsed.path === 'steps[1].awaitRequests');
});
