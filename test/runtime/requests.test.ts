/**
 * The request action in the runtime, with a recording transport: binding, the status key's life,
 * what a completion writes and in which order, every error code the runtime gives itself, and the
 * cancel / supersede / dismissal rules. The query edit is property-tested.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createController, type PrototypeEvent, type RequestOutcome, type ResolvedRequest } from '../../src/runtime/index.ts';
import { withQuery, resolveRequest } from '../../src/runtime/requests.ts';
import { FakeClock, spec, valid } from './helpers.ts';
import type { RequestAction } from '../../src/spec/index.ts';

class RecordingTransport {
  readonly started: ResolvedRequest[] = [];
  readonly cancelled: string[] = [];
  start(request: ResolvedRequest): void {
    this.started.push(request);
  }
  cancel(requestId: string): void {
    this.cancelled.push(requestId);
  }
}

function setup() {
  const transport = new RecordingTransport();
  const events: PrototypeEvent[] = [];
  const controller = createController({ clock: new FakeClock(), device: { dark: false }, onEvent: (event) => events.push(event), requests: transport });
  return { controller, transport, events };
}

const ok = (body: string, contentType = 'application/json', status = 200): RequestOutcome => ({ ok: true, status, headers: { 'content-type': contentType }, body, url: 'https://api.example.com/w', durationMs: 12 });

function weather(action: Partial<RequestAction> = {}, extra: Record<string, unknown> = {}) {
  return valid(spec(
    {
      type: 'column',
      children: [
        { type: 'button', label: 'Load', testTag: 'load', onTap: [{ type: 'setState', key: 'page', value: 2 }, { type: 'request', url: 'https://api.example.com/w?page={page}', into: '/weather', statusKey: 'status', onSuccess: [{ type: 'emit', name: 'loaded' }], onError: [{ type: 'emit', name: 'failed' }], ...action }] },
        { type: 'text', text: '{data:/weather/summary}' },
      ],
    },
    { state: { status: 'idle', page: 1, city: 'Oslo' }, data: { weather: {} }, ...extra },
  ));
}

const LOAD = 'root.children[0]';

test('a tap writes loading, binds the request against what its own list left, and hands it to the transport', () => {
  const { controller, transport, events } = setup();
  controller.show(weather({ headers: { 'X-City': '{city}' }, query: { lang: 'en', n: 3 } }));
  controller.interact({ type: 'tap', key: LOAD });
  assert.equal(controller.inspect()!.state.status, 'loading');
  assert.equal(transport.started.length, 1);
  const sent = transport.started[0]!;
  assert.equal(sent.url, 'https://api.example.com/w?page=2&lang=en&n=3');
  assert.deepEqual(sent.headers, [['X-City', 'Oslo']]);
  assert.equal(sent.method, 'GET');
  assert.equal(sent.via, 'host');
  assert.equal(sent.timeoutMs, 10_000);
  assert.deepEqual(events.at(-1)!.payload, { keys: ['page', 'status'], values: [2, 'loading'] });
  assert.equal(controller.requestsInFlight, 1);
});

test('a success writes into, then __meta, then the status, emits prototype_request, then runs onSuccess, as one unit', () => {
  const { controller, transport, events } = setup();
  controller.show(weather());
  controller.interact({ type: 'tap', key: LOAD });
  const before = events.length;
  assert.deepEqual(controller.completeRequest(transport.started[0]!.requestId, ok('{"summary":"Sunny","t":19}')), { ok: true });
  const unit = events.slice(before);
  assert.deepEqual(unit.map((event) => [event.kind, event.name]), [
    ['change', '/data/weather'],
    ['change', '/data/weather__meta'],
    ['change', null],
    ['emit', 'prototype_request'],
    ['emit', 'loaded'],
  ]);
  const snapshot = controller.inspect()!;
  assert.deepEqual(snapshot.data.weather, { summary: 'Sunny', t: 19 });
  assert.deepEqual(snapshot.data.weather__meta, { ok: true, status: 200, url: 'https://api.example.com/w', durationMs: 12, headers: { 'content-type': 'application/json' } });
  assert.equal(snapshot.state.status, 'success');
  assert.deepEqual(unit[3]!.payload, { requestId: 'q1', method: 'GET', url: 'https://api.example.com/w?page=2', via: 'host', into: '/weather', ok: true, status: 200, durationMs: 12 });
  assert.equal(controller.requestsInFlight, 0);
  assert.deepEqual(controller.completeRequest('q1', ok('{}')), { ok: false }, 'a second answer changes nothing');
});

test('text answers are written as text; a body that says JSON and is not fails invalid_response and writes nothing into', () => {
  const { controller, transport } = setup();
  controller.show(weather());
  controller.interact({ type: 'tap', key: LOAD });
  controller.completeRequest(transport.started[0]!.requestId, ok('plain words', 'text/plain'));
  assert.equal(controller.inspect()!.data.weather, 'plain words');
  controller.interact({ type: 'tap', key: LOAD });
  controller.completeRequest(transport.started[1]!.requestId, ok('{broken', 'application/problem+json'));
  const snapshot = controller.inspect()!;
  assert.equal(snapshot.data.weather, 'plain words');
  assert.equal(snapshot.state.status, 'error');
  assert.equal((snapshot.data.weather__meta as { code: string }).code, 'invalid_response');
});

test('a transport error writes error and __meta, emits the code and runs onError only', () => {
  const { controller, transport, events } = setup();
  controller.show(weather());
  controller.interact({ type: 'tap', key: LOAD });
  const before = events.length;
  controller.completeRequest(transport.started[0]!.requestId, { ok: false, code: 'http_error', message: 'the server answered 503', status: 503, durationMs: 40 });
  const unit = events.slice(before);
  assert.deepEqual(unit.map((event) => event.name), ['/data/weather__meta', null, 'prototype_request', 'failed']);
  assert.deepEqual(controller.inspect()!.data.weather__meta, { ok: false, code: 'http_error', message: 'the server answered 503', status: 503, durationMs: 40 });
  assert.deepEqual(controller.inspect()!.data.weather, {}, 'into is left as it was');
  assert.equal((unit[2]!.payload as { code: string }).code, 'http_error');
});

test('a binding that reads nothing, or a URL that is not http, fails invalid_request at once without reaching the transport', () => {
  const { controller, transport } = setup();
  controller.show(weather({ url: 'https://api.example.com/{missing}' }));
  controller.interact({ type: 'tap', key: LOAD });
  assert.equal(transport.started.length, 0);
  const snapshot = controller.inspect()!;
  assert.equal(snapshot.state.status, 'error');
  assert.equal((snapshot.data.weather__meta as { code: string }).code, 'invalid_request');
  assert.match((snapshot.data.weather__meta as { message: string }).message, /\{missing\} reads nothing/);
  const resolved = resolveRequest({ type: 'request', url: 'https://x.example/{host}', into: '/a', headers: { 'X-A': '{text}' } }, 'q9', { state: (key) => (key === 'host' ? 'a' : 'line\nbreak'), data: {} });
  assert.ok('error' in resolved && /line break/.test(resolved.error), 'a bound header value with a line break is refused');
  const long = resolveRequest({ type: 'request', url: 'https://x.example/{q}', into: '/a' }, 'q10', { state: () => 'y'.repeat(9000), data: {} });
  assert.ok('error' in long && /at most 8192/.test(long.error), 'a bound URL past the cap is refused');
});

test('a header value with NUL, another control character or a character past U+00FF fails invalid_request before the transport; Latin-1 and tabs pass', () => {
  for (const [value, expected] of [
    ['a\u0000b', /control character U\+0000/],
    ['a\u001bb', /control character U\+001B/],
    ['a\u007fb', /control character U\+007F/],
    ['a\u2028b', /U\+2028, past U\+00FF/],
    ['caf\u{1F600}', /U\+1F600, past U\+00FF/],
  ] as const) {
    const resolved = resolveRequest({ type: 'request', url: 'https://x.example/', into: '/a', headers: { 'X-Value': '{v}' } }, 'q1', { state: () => value, data: {} });
    assert.ok('error' in resolved, JSON.stringify(value));
    assert.match(resolved.error, expected);
    assert.match(resolved.error, /^header X-Value: /);
  }
  const { controller, transport } = setup();
  controller.show(weather({ headers: { 'X-City': '{city}' } }, { state: { status: 'idle', page: 1, city: 'Oslo\u2028' } }));
  controller.interact({ type: 'tap', key: LOAD });
  assert.equal(transport.started.length, 0, 'nothing is sent');
  assert.equal((controller.inspect()!.data.weather__meta as { code: string }).code, 'invalid_request');
  const latin = resolveRequest({ type: 'request', url: 'https://x.example/', into: '/a', headers: { 'X-A': '{v}' } }, 'q2', { state: () => 'Zürich\tcafé ÿ', data: {} });
  assert.ok(!('error' in latin), 'Latin-1 and a tab are bytes a header carries');
});

test('a fifth request in flight fails too_many_in_flight; a newer request into the same member cancels the older', () => {
  const { controller, transport, events } = setup();
  const show = valid(spec(
    {
      type: 'column',
      children: ['a', 'b', 'c', 'd', 'e'].map((member) => ({ type: 'button', label: member, onTap: [{ type: 'request', url: `https://api.example.com/${member}`, into: `/${member}`, statusKey: `s_${member}` }] })),
    },
    { state: { s_a: 'idle', s_b: 'idle', s_c: 'idle', s_d: 'idle', s_e: 'idle' }, data: {} },
  ));
  controller.show(show);
  for (let index = 0; index < 4; index++) controller.interact({ type: 'tap', key: `root.children[${index}]` });
  assert.equal(controller.requestsInFlight, 4);
  controller.interact({ type: 'tap', key: 'root.children[4]' });
  assert.equal(transport.started.length, 4);
  assert.equal(controller.inspect()!.state.s_e, 'error');
  assert.equal((events.at(-1)!.payload as { code: string }).code, 'too_many_in_flight');
  // Tapping a again supersedes the first a: cancelled, nothing written, the status stays loading.
  const before = events.length;
  controller.interact({ type: 'tap', key: 'root.children[0]' });
  assert.deepEqual(transport.cancelled, ['q1']);
  const cancelled = events.slice(before).find((event) => event.name === 'prototype_request')!;
  assert.deepEqual(cancelled.payload, { requestId: 'q1', method: 'GET', url: 'https://api.example.com/a', via: 'host', into: '/a', ok: false, code: 'cancelled', durationMs: 0 });
  assert.equal(controller.inspect()!.state.s_a, 'loading');
  assert.deepEqual(controller.completeRequest('q1', ok('{}')), { ok: false }, 'the superseded answer is dropped');
  assert.equal(controller.inspect()!.data.a, undefined);
});

test('dismissal, another prototype and reset cancel every request; a same-id show and a patch keep them', () => {
  const { controller, transport } = setup();
  controller.show(weather());
  controller.interact({ type: 'tap', key: LOAD });
  controller.show(weather());
  assert.deepEqual(transport.cancelled, [], 'a same-id show keeps it');
  controller.patch('p', [{ op: 'set', path: '/state/city', value: 'Rome' }]);
  assert.deepEqual(transport.cancelled, [], 'a patch keeps it');
  controller.completeRequest('q1', ok('{"summary":"kept"}'));
  assert.equal(controller.inspect()!.state.status, 'success', 'its answer lands in the replacing show');

  controller.interact({ type: 'tap', key: LOAD });
  controller.show(weather(), { reset: true });
  assert.deepEqual(transport.cancelled, ['q2']);
  controller.interact({ type: 'tap', key: LOAD });
  controller.show({ ...weather(), id: 'other' });
  assert.deepEqual(transport.cancelled, ['q2', 'q3']);
  controller.show(weather());
  controller.interact({ type: 'tap', key: LOAD });
  controller.dismiss('agent');
  assert.deepEqual(transport.cancelled, ['q2', 'q3', 'q4']);
  assert.equal(controller.requestsInFlight, 0);
});

test('a response that does not fit the data fails data_limit; headers too large for __meta are left out of it', () => {
  const { controller, transport } = setup();
  controller.show(weather());
  controller.interact({ type: 'tap', key: LOAD });
  const deep = '{"a":'.repeat(40) + '1' + '}'.repeat(40);
  controller.completeRequest(transport.started[0]!.requestId, ok(deep));
  assert.equal((controller.inspect()!.data.weather__meta as { code: string }).code, 'data_limit');
  controller.interact({ type: 'tap', key: LOAD });
  const huge = { ok: true as const, status: 200, headers: { 'content-type': 'text/plain', 'x-big': 'h'.repeat(1_100_000) }, body: 'fine', url: 'https://api.example.com/w', durationMs: 3 };
  controller.completeRequest(transport.started[1]!.requestId, huge);
  const snapshot = controller.inspect()!;
  assert.equal(snapshot.data.weather, 'fine');
  assert.deepEqual(snapshot.data.weather__meta, { ok: true, status: 200, url: 'https://api.example.com/w', durationMs: 3 });
});

test('a JSON body binds its string leaves (a lone placeholder keeps its type) and gets application/json; a string body text/plain', () => {
  const read = { state: (key: string) => (key === 'count' ? 3 : key === 'name' ? 'Ana' : undefined), data: { user: { id: 'u7' } } };
  const json = resolveRequest({ type: 'request', method: 'POST', url: 'https://api.example.com/cart', into: '/cart', body: { qty: '{count}', who: 'Hi {name}', user: '{data:/user/id}', keep: 5 } }, 'q1', read);
  assert.ok(!('error' in json));
  assert.deepEqual(JSON.parse(json.body!), { qty: 3, who: 'Hi Ana', user: 'u7', keep: 5 });
  assert.deepEqual(json.headers, [['Content-Type', 'application/json']]);
  const text = resolveRequest({ type: 'request', method: 'PUT', url: 'https://api.example.com/note', into: '/note', body: 'from {name}', headers: { 'content-type': 'text/markdown' } }, 'q2', read);
  assert.ok(!('error' in text));
  assert.equal(text.body, 'from Ana');
  assert.deepEqual(text.headers, [['content-type', 'text/markdown']], "an author's content type is kept");
  const once = resolveRequest({ type: 'request', url: 'https://api.example.com/?q={name}', into: '/r' }, 'q3', { state: (key) => (key === 'name' ? '{count}' : 3), data: {} });
  assert.ok(!('error' in once));
  assert.equal(once.url, 'https://api.example.com/?q={count}', 'a bound value is never scanned again');
});

test('query entries go in key order on the raw pieces: a present key is replaced in place, later duplicates removed, other pieces kept as spelled', () => {
  assert.equal(withQuery('https://x.example/p?b=1&flag&c=%20&b=2#top', [['b', 'new'], ['a', 'x y']]), 'https://x.example/p?b=new&flag&c=%20&a=x%20y#top');
  assert.equal(withQuery('https://x.example/p', [['z', '1'], ['Z', '2'], ['é', '3']]), 'https://x.example/p?Z=2&z=1&%C3%A9=3');
  assert.equal(withQuery('https://x.example/p?x=1', []), 'https://x.example/p?x=1');
});

test('property: after withQuery every set key appears once with its value, every other piece survives in order', () => {
  const key = fc.string({ minLength: 1, maxLength: 6 });
  const pieces = fc.array(fc.stringMatching(/^[a-z]{1,3}(=[a-z0-9%]{0,3})?$/), { maxLength: 6 });
  fc.assert(fc.property(pieces, fc.dictionary(key, fc.string({ maxLength: 6 }), { maxKeys: 5 }), (existing, entries) => {
    const url = `https://x.example/p${existing.length ? `?${existing.join('&')}` : ''}`;
    const result = withQuery(url, Object.entries(entries));
    const search = new URL(result).searchParams;
    for (const [name, value] of Object.entries(entries)) assert.deepEqual(search.getAll(name), [value]);
    const untouched = existing.filter((piece) => !Object.hasOwn(entries, decodeURIComponent(piece.split('=')[0]!)));
    const kept = result.split('?')[1]?.split('&') ?? [];
    assert.deepEqual(kept.filter((piece) => untouched.includes(piece)), untouched);
  }));
});
