/**
 * Platform calls in the runtime, with a recording transport: haptics and sounds complete at once
 * and fill feedbackLog (its last 64), a link opens or is refused by its scheme, a share waits for
 * the device's answer (shared or cancelled), and dismissal cancels a waiting share. Each completion
 * writes into, the status, one prototype_platform event, then onSuccess or onError.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createController, type PrototypeEvent, type ResolvedPlatformCall } from '../../src/runtime/index.ts';
import { FEEDBACK_LOG_SIZE } from '../../src/runtime/platform.ts';
import { FakeClock, spec, valid } from './helpers.ts';

class RecordingPlatform {
  readonly started: ResolvedPlatformCall[] = [];
  readonly cancelled: string[] = [];
  start(call: ResolvedPlatformCall): void {
    this.started.push(call);
  }
  cancel(callId: string): void {
    this.cancelled.push(callId);
  }
}

function setup(withPlatform = true) {
  const platform = new RecordingPlatform();
  const events: PrototypeEvent[] = [];
  const clock = new FakeClock();
  const controller = createController({ clock, device: { dark: false }, onEvent: (event) => events.push(event), ...(withPlatform ? { platform } : {}), assets: () => new Map([['menu', { bytes: 10, mimeType: 'application/pdf' }]]) });
  return { controller, platform, events, clock };
}

function calls(actions: unknown[]) {
  return valid(spec(
    { type: 'column', children: actions.map((action, index) => ({ type: 'button', label: `b${index}`, onTap: [action] })) },
    { state: { status: 'idle', name: 'Ana' }, data: { out: {} }, requires: { platform: ['share'] } },
  ));
}

const tap = (index: number) => ({ type: 'tap' as const, key: `root.children[${index}]` });
const platformEvents = (events: PrototypeEvent[]) => events.filter((event) => event.name === 'prototype_platform').map((event) => event.payload as Record<string, unknown>);

test('a haptic and a sound complete at once, reach the device as cues and are logged in inspect, the last 64 kept', () => {
  const { controller, platform, events, clock } = setup();
  controller.show(calls([{ type: 'platform', call: 'haptics.perform', args: { style: 'success' }, into: '/out/h', statusKey: 'status', onSuccess: [{ type: 'emit', name: 'buzzed' }] }, { type: 'platform', call: 'sound.play', args: { sound: 'click' } }]));
  controller.interact(tap(0));
  assert.deepEqual(events.slice(-5).map((event) => [event.kind, event.name]), [['change', null], ['change', '/data/out/h'], ['change', null], ['emit', 'prototype_platform'], ['emit', 'buzzed']]);
  assert.deepEqual(controller.inspect()!.data.out, { h: { performed: 'success' } });
  assert.equal(controller.inspect()!.state.status, 'success');
  clock.time = 5000;
  controller.interact(tap(1));
  assert.deepEqual(platform.started.map((call) => call.call), ['haptics.perform', 'sound.play']);
  assert.deepEqual(controller.inspect()!.feedbackLog, [{ call: 'haptics.perform', name: 'success', at: 1000 }, { call: 'sound.play', name: 'click', at: 5000 }]);
  for (let index = 0; index < 70; index++) controller.interact(tap(1));
  assert.equal(controller.inspect()!.feedbackLog!.length, FEEDBACK_LOG_SIZE);
  controller.dismiss('agent');
  controller.show(calls([]));
  assert.equal(controller.inspect()!.feedbackLog, undefined, 'another show starts a new log');
});

test('links.open opens a web link and completes; tel:, mailto: and sms: are unavailable; a web link without a host is invalid_args', () => {
  const { controller, platform, events } = setup();
  const link = (url: string) => ({ type: 'platform', call: 'links.open', args: { url }, into: '/out/link', onError: [{ type: 'emit', name: 'no_link' }] });
  controller.show(calls([link('https://example.com/{name}'), link('tel:+351912345678'), link('https:///nohost'), link('mailto:ana@example.com')]));
  controller.interact(tap(0));
  assert.deepEqual(platform.started, [{ callId: 'c1', call: 'links.open', url: 'https://example.com/Ana' }]);
  assert.deepEqual(controller.inspect()!.data.out, { link: { opened: 'browser', url: 'https://example.com/Ana' } });
  for (const index of [1, 2, 3]) controller.interact(tap(index));
  assert.deepEqual(platformEvents(events).map((payload) => payload.code ?? 'ok'), ['ok', 'unavailable', 'invalid_args', 'unavailable']);
  assert.equal(events.filter((event) => event.name === 'no_link').length, 3);
  assert.equal(platform.started.length, 1, 'nothing refused reached the device');
});

test('a share waits for the device: a target completes shared into data, a cancel fails cancelled and runs onError', () => {
  const { controller, platform, events } = setup();
  const share = { type: 'platform', call: 'share.open', args: { text: 'Hi {name}', files: [{ asset: 'menu', name: 'menu.pdf', mimeType: 'application/pdf' }] }, into: '/out/share', statusKey: 'status', onSuccess: [{ type: 'emit', name: 'shared' }], onError: [{ type: 'emit', name: 'not_shared' }] };
  controller.show(calls([share]));
  controller.interact(tap(0));
  assert.equal(controller.inspect()!.state.status, 'loading');
  const started = platform.started[0] as Extract<ResolvedPlatformCall, { call: 'share.open' }>;
  assert.equal(started.payload.text, 'Hi Ana');
  assert.deepEqual(started.payload.files, [{ asset: 'menu', name: 'menu.pdf', mimeType: 'application/pdf', bytes: 10 }]);
  assert.equal(started.timeoutMs, 60_000);
  assert.deepEqual(controller.completePlatformCall('c1', { ok: true, result: { ...started.summary, outcome: 'shared', target: 'mail' }, durationMs: 800 }), { ok: true });
  assert.deepEqual((controller.inspect()!.data.out as Record<string, { target?: string; outcome?: string }>).share, { ...started.summary, outcome: 'shared', target: 'mail' });
  assert.equal(events.at(-1)!.name, 'shared');
  assert.deepEqual(controller.completePlatformCall('c1', { ok: true, result: null, durationMs: 1 }), { ok: false }, 'answered once');

  controller.interact(tap(0));
  controller.completePlatformCall('c2', { ok: false, code: 'cancelled', message: 'the share sheet was closed', durationMs: 300 });
  assert.equal(controller.inspect()!.state.status, 'error');
  assert.deepEqual((controller.inspect()!.data.out as Record<string, unknown>).share, { ok: false, code: 'cancelled', message: 'the share sheet was closed' });
  assert.equal(events.at(-1)!.name, 'not_shared');
});

test('a share the runtime cannot resolve fails invalid_args without reaching the device; without a share sheet it is unavailable; dismissal cancels a waiting one', () => {
  const { controller, platform, events } = setup();
  controller.show(calls([{ type: 'platform', call: 'share.open', args: { images: ['missing'] } }, { type: 'platform', call: 'share.open', args: { text: 'x' } }]));
  controller.interact(tap(0));
  assert.equal(platform.started.length, 0);
  assert.match(String(platformEvents(events)[0]!.message), /args\.images\[0\]: no asset "missing"/);
  controller.interact(tap(1));
  controller.dismiss('agent');
  assert.deepEqual(platform.cancelled, ['c2']);
  const bare = setup(false);
  bare.controller.show(calls([{ type: 'platform', call: 'share.open', args: { text: 'x' } }]));
  bare.controller.interact(tap(0));
  assert.equal(platformEvents(bare.events)[0]!.code, 'unavailable');
});
