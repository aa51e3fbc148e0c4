// The host's show pipeline, dismiss, status and awaitEvent against an in-memory device channel,
// with the real validator.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { FileRoots } from '../../src/host/file-roots.ts';
import { Host, REMEMBERED_GONE } from '../../src/host/host.ts';
import { prepareSpec } from '../../src/host/prepare.ts';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { ALL_CAPABILITIES, FakeDevice } from './fake-device.ts';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const WINDOW = { placement: { type: 'fullscreen' } };
const textSpec = (id = 'p', text = 'hi') => ({ id, window: WINDOW, root: { type: 'text', text } });
const imageSpec = { id: 'p', window: WINDOW, root: { type: 'column', children: [{ type: 'image', asset: 'a' }, { type: 'image', asset: 'b' }] } };
const anchoredSpec = (selector: object, id = 'p') => ({
  id,
  window: WINDOW,
  root: { type: 'box', children: [{ type: 'text', text: 'hi', anchor: { type: 'element', selector, alignment: 'top', offset: { x: 0, y: 4 } } }] },
});

let scratch: string;
before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'protostage-host-'));
});
after(() => rmSync(scratch, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const path = join(scratch, name);
  writeFileSync(path, bytes);
  return path;
}

function hostWith(...devices: FakeDevice[]): { host: Host; launches: () => number } {
  let launches = 0;
  const host = new Host({
    prepareSpec,
    fileRoots: new FileRoots([scratch]),
    launcher: {
      async launch() {
        const device = devices[launches++];
        if (!device) throw new Error('no more devices');
        return device;
      },
    },
  });
  return { host, launches: () => launches };
}

const appNode = (id: string, extra: object) => ({ id, testTag: null, text: null, role: null, enabled: true, focused: false, layer: 'app', parentId: null, clickable: true, ...extra });
const bounds = (x: number, y: number) => ({ x, y, width: 100, height: 40 });

test('status says the device is starting while it launches, and connected once it is up', async () => {
  let release: (device: FakeDevice) => void = () => {};
  const host = new Host({ prepareSpec, fileRoots: new FileRoots([scratch]), launcher: { launch: () => new Promise<FakeDevice>((resolve) => (release = resolve)) } });
  assert.deepEqual([host.status().deviceConnected, host.status().deviceStarting], [false, false], 'nothing launched yet');
  host.startDevice();
  assert.deepEqual([host.status().deviceConnected, host.status().deviceStarting], [false, true]);
  const progress: string[] = [];
  const shown = host.show({ spec: textSpec() }, { onProgress: (message) => progress.push(message) });
  release(new FakeDevice());
  assert.ok((await shown).success);
  assert.deepEqual([host.status().deviceConnected, host.status().deviceStarting], [true, false]);
  assert.ok(progress.some((message) => /starting the web device/.test(message)), `the waiting show said why: ${progress.join('; ')}`);
});

test('spec and specPath: exactly one, absolute, at most 1 MiB; nothing reaches the device on failure', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const neither = await host.show({});
  assert.ok(!neither.success && neither.path === 'spec');
  const both = await host.show({ spec: textSpec(), specPath: '/x.json' });
  assert.equal(!both.success && both.path, 'specPath');
  const relative = await host.show({ specPath: 'spec.json' });
  assert.ok(!relative.success && relative.path === 'specPath' && /absolute/.test(relative.error));
  const big = file('big.json', Buffer.alloc(1024 * 1024 + 1, 0x20));
  const tooBig = await host.show({ specPath: big });
  assert.ok(!tooBig.success && /1048576/.test(tooBig.error));
  assert.deepEqual(device.requests, []);
  const fromFile = await host.show({ specPath: file('ok.json', Buffer.from(JSON.stringify(textSpec()))) });
  assert.equal(fromFile.success, true);
  assert.deepEqual(device.requestTypes(), ['show_prototype']);
});

test('an invalid spec fails at its exact path before anything is sent', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const result = await host.show({ spec: { ...textSpec(), root: { type: 'text', text: 'x', style: { color: 'nope' } } } });
  assert.ok(!result.success);
  assert.equal(result.path, 'root.style.color');
  assert.match(result.fix, /nothing on screen was changed/);
  assert.deepEqual(result.errors?.map((error) => error.path), ['root.style.color']);
  assert.deepEqual(device.requests, []);
});

test('an invalid spec lists every error, the first one first, and still sends nothing', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const root = { type: 'column', style: { spacing: -1 }, children: [{ type: 'text', text: 5 }, { type: 'icon', name: 'hoem' }] };
  const result = await host.show({ spec: { ...textSpec(), root } });
  assert.ok(!result.success);
  assert.equal(result.path, 'root.children[0].text');
  assert.deepEqual(result.errors?.[0], { path: result.path, message: result.error });
  assert.deepEqual(result.errors?.map((error) => error.path), ['root.children[0].text', 'root.style.spacing', 'root.children[1].name']);
  assert.match(result.fix, /root\.children\[0\]\.text and the 2 other paths in errors/);
  assert.equal(result.errorsTruncated, undefined);
  const many = { type: 'column', children: Array.from({ length: 101 }, () => ({ type: 'text', text: 0 })) };
  const cut = await host.show({ spec: { ...textSpec(), root: many } });
  assert.ok(!cut.success);
  assert.equal(cut.errors?.length, 100);
  assert.equal(cut.errorsTruncated, true);
  assert.deepEqual(device.requests, []);
});

test('the capability gate refuses what the device did not advertise, before sending anything', async () => {
  const unsupported: string[] = [CAPABILITIES.anchors, CAPABILITIES.showInPlace, CAPABILITIES.windowOptions];
  const device = new FakeDevice(ALL_CAPABILITIES.filter((name) => !unsupported.includes(name)));
  const { host } = hostWith(device);
  const anchored = await host.show({ spec: { ...textSpec(), root: { type: 'text', text: 'x', anchor: { type: 'bounds', bounds: bounds(0, 0) } } } });
  assert.ok(!anchored.success && anchored.path === 'root.anchor' && anchored.error.includes(CAPABILITIES.anchors));
  const reset = await host.show({ spec: textSpec(), reset: true });
  assert.ok(!reset.success && reset.path === 'reset');
  const persistent = await host.show({ spec: { ...textSpec(), window: { ...WINDOW, persistence: 'device' } } });
  assert.ok(!persistent.success && persistent.path === 'window.persistence' && persistent.error.includes(CAPABILITIES.windowOptions));
  assert.deepEqual(device.requests, []);
});

test('element anchors resolve against the app layer and reach the device as bounds anchors', async () => {
  const device = new FakeDevice();
  device.handlers.set('observe', (request) => {
    assert.deepEqual(request, { type: 'observe', screenshot: false, excludePrototype: true });
    return { success: true, screen: { width: 400, height: 800 }, hierarchyUpdatedAt: 5, hierarchy: [appNode('b1', { testTag: 'buy', bounds: bounds(10, 20) }), appNode('b2', { testTag: 'sell', bounds: bounds(10, 90) })] };
  });
  const { host } = hostWith(device);
  const result = await host.show({ spec: anchoredSpec({ testTag: 'buy' }) });
  assert.ok(result.success, JSON.stringify(result));
  assert.deepEqual(result.anchors, [{ path: 'root.children[0]', elementId: 'b1', bounds: bounds(10, 20) }]);
  assert.equal(result.hierarchyUpdatedAt, 5);
  const sent = device.requests.find((request) => request.type === 'show_prototype') as { spec: any };
  assert.deepEqual(sent.spec.root.children[0].anchor, { type: 'bounds', bounds: bounds(10, 20), alignment: 'top', offset: { x: 0, y: 4 } });
});

test('an ambiguous or missing anchor match fails with candidates and shows nothing', async () => {
  const device = new FakeDevice();
  device.handlers.set('observe', () => ({
    success: true,
    screen: { width: 400, height: 800 },
    hierarchy: [appNode('a', { text: 'Buy', bounds: bounds(0, 0) }), appNode('b', { text: 'Buy', bounds: bounds(0, 100) })],
  }));
  const { host } = hostWith(device);
  const ambiguous = await host.show({ spec: anchoredSpec({ text: 'Buy' }) });
  assert.ok(!ambiguous.success);
  assert.equal(ambiguous.path, 'root.children[0].anchor.selector');
  assert.match(ambiguous.error, /2 app elements match.*Candidates: .*"elementId":"a".*"elementId":"b"/);
  const missing = await host.show({ spec: anchoredSpec({ testTag: 'nowhere' }) });
  assert.ok(!missing.success && /no app element matches/.test(missing.error));
  assert.ok(!device.requestTypes().includes('show_prototype'));
});

test('assets: every file is checked before the first upload, then uploads go one at a time', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const good = file('a.png', PNG_HEAD);
  const notAnImage = file('b.txt', Buffer.from('hello world, not an image'));
  const refused = await host.show({ spec: imageSpec, assets: [{ id: 'a', path: good }, { id: 'b', path: notAnImage }] });
  assert.ok(!refused.success && refused.path === 'assets[1].path' && /signature/.test(refused.error));
  const duplicate = await host.show({ spec: imageSpec, assets: [{ id: 'a', path: good }, { id: 'a', path: good }] });
  assert.ok(!duplicate.success && duplicate.path === 'assets[1].id');
  const tooLargeFont = file('big.ttf', Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(2 * 1024 * 1024)]));
  const font = await host.show({ spec: imageSpec, assets: [{ id: 'f', path: tooLargeFont }] });
  assert.ok(!font.success && font.path === 'assets[0].path' && /font\/ttf/.test(font.error));
  assert.deepEqual(device.requests, []);

  const shown = await host.show({ spec: imageSpec, assets: [{ id: 'a', path: good }, { id: 'b', path: good }] });
  assert.ok(shown.success);
  assert.deepEqual(shown.uploadedAssets, ['a', 'b']);
  assert.deepEqual(device.requestTypes(), ['put_prototype_asset', 'put_prototype_asset', 'show_prototype']);
  assert.deepEqual(
    device.requests.slice(0, 2).map((request: any) => [request.id, request.mimeType, Buffer.from(request.dataBase64, 'base64').equals(PNG_HEAD)]),
    [['a', 'image/png', true], ['b', 'image/png', true]],
  );
});

test('a failed upload names the assets already stored and nothing is shown', async () => {
  const device = new FakeDevice();
  device.handlers.set('put_prototype_asset', (request: any) => (request.id === 'b' ? { success: false, error: 'store full' } : { success: true }));
  const { host } = hostWith(device);
  const png = file('c.png', PNG_HEAD);
  const result = await host.show({ spec: imageSpec, assets: [{ id: 'a', path: png }, { id: 'b', path: png }] });
  assert.ok(!result.success);
  assert.equal(result.path, 'assets[1]');
  assert.deepEqual(result.uploadedAssets, ['a']);
  assert.match(result.error, /already stored: a/);
  assert.ok(!device.requestTypes().includes('show_prototype'));
});

test('missingAssets naming an asset this call uploaded triggers one re-upload and one re-send', async () => {
  const device = new FakeDevice();
  let shows = 0;
  device.handlers.set('show_prototype', () => (++shows === 1 ? { success: true, missingAssets: ['a', 'b'] } : { success: true, missingAssets: ['b'] }));
  const { host } = hostWith(device);
  const result = await host.show({ spec: imageSpec, assets: [{ id: 'a', path: file('d.png', PNG_HEAD) }] });
  assert.ok(result.success);
  assert.deepEqual(device.requestTypes(), ['put_prototype_asset', 'show_prototype', 'put_prototype_asset', 'show_prototype']);
  assert.deepEqual(result.missingAssets, ['b'], 'ids the call did not supply are only reported');
  assert.equal(result.warning, undefined);
});

test('the re-send happens only once: still missing gives the first result with a warning', async () => {
  const device = new FakeDevice();
  device.handlers.set('show_prototype', () => ({ success: true, missingAssets: ['a'] }));
  const { host } = hostWith(device);
  const result = await host.show({ spec: imageSpec, assets: [{ id: 'a', path: file('e.png', PNG_HEAD) }] });
  assert.ok(result.success);
  assert.equal(device.requestTypes().filter((type) => type === 'show_prototype').length, 2);
  assert.deepEqual(result.missingAssets, ['a']);
  assert.match(result.warning ?? '', /lost uploaded assets \(a\)/);
});

test('latest wins: a show overtaken by a later show of the same id is never sent', async () => {
  const device = new FakeDevice();
  let releaseObserve!: () => void;
  const observeHeld = new Promise<void>((resolve) => (releaseObserve = resolve));
  device.handlers.set('observe', async () => {
    await observeHeld;
    return { success: true, screen: { width: 400, height: 800 }, hierarchy: [appNode('b1', { testTag: 'buy', bounds: bounds(0, 0) })] };
  });
  const { host } = hostWith(device);
  const slow = host.show({ spec: anchoredSpec({ testTag: 'buy' }) });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const fast = await host.show({ spec: textSpec('p', 'later') });
  releaseObserve();
  const overtaken = await slow;
  assert.ok(fast.success);
  assert.ok(!overtaken.success && /superseded/.test(overtaken.error));
  const shows = device.requests.filter((request) => request.type === 'show_prototype') as Array<{ spec: any }>;
  assert.deepEqual(shows.map((request) => request.spec.root.text), ['later']);
});

test('same-id show is in place unless reset; status follows events and dismissal', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  assert.equal((await host.show({ spec: textSpec() })).success && true, true);
  device.emit({ id: 'p', sequence: 1, kind: 'page_changed', name: 'pages', payload: 1, pages: { pages: 1 } });
  const again = await host.show({ spec: textSpec() });
  assert.ok(again.success && again.replacedInPlace);
  const inPlace = host.status().prototypes[0]!;
  assert.deepEqual([inPlace.pages, inPlace.lastEvent], [{ pages: 1 }, { sequence: 1, kind: 'page_changed', name: 'pages' }], 'in place, pages and the last event are kept');
  const fresh = await host.show({ spec: textSpec(), reset: true });
  assert.ok(fresh.success && !fresh.replacedInPlace);
  assert.deepEqual((device.requests.at(-1) as any).reset, true);
  // Seed 000: "reset: true, a different id, or nothing on screen is a fresh show: pages start from the spec".
  const status = host.status();
  assert.equal(status.prototypes[0]!.lastSequence, 1, 'the event cursor goes on');
  assert.deepEqual([status.prototypes[0]!.pages, status.prototypes[0]!.lastEvent], [{}, null], 'after reset: the fresh show\'s pages, no event yet');
  device.emit({ id: 'p', sequence: 2, kind: 'dismissed', payload: { reason: 'user' } });
  assert.deepEqual(host.status().prototypes, []);
  const reshown = await host.show({ spec: textSpec() });
  assert.ok(reshown.success && reshown.lastSequence === 2 && !reshown.replacedInPlace, 'the cursor survives the dismissal');
});

test("an event the show itself starts, arriving before the show's answer, comes after the show's lastSequence", async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  // The device reports a request refused at once (an emit on appear) before it answers the show.
  device.handlers.set('show_prototype', () => {
    device.emit({ id: 'p', sequence: 1, kind: 'emit', name: 'prototype_request' });
    return { success: true };
  });
  const shown = await host.show({ spec: textSpec() });
  assert.ok(shown.success && shown.lastSequence === 0, `the show answers the cursor from before it was sent: ${JSON.stringify(shown)}`);
  const started = await host.awaitEvent({ id: 'p', afterSequence: shown.lastSequence, timeoutMs: 10 });
  assert.ok(started.success && started.events.map((event) => event.name).join() === 'prototype_request', 'awaitEvent after the show reads it');
  assert.equal(host.status().prototypes[0]!.lastSequence, 1, 'status has the latest sequence');
});

test('awaitEvent: defaults to the only prototype, reads on from its last answer without a cursor, times out as success, settles on dismissal', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const noneShown = await host.awaitEvent({});
  assert.ok(!noneShown.success && noneShown.path === 'id');
  await host.show({ spec: textSpec() });
  device.emit({ id: 'p', sequence: 1, kind: 'emit', name: 'save' });
  const first = await host.awaitEvent({ eventName: 'save' });
  assert.ok(first.success && first.events[0]?.sequence === 1 && first.events.length === 1 && first.lastSequence === 1);
  const timedOut = await host.awaitEvent({ eventName: 'save', timeoutMs: 10 });
  assert.deepEqual(timedOut, { success: true, events: [], more: false, lastSequence: 1, timedOut: true });
  const waiting = host.awaitEvent({ kind: 'emit', timeoutMs: 5000 });
  device.emit({ id: 'p', sequence: 2, kind: 'dismissed', payload: { reason: 'agent' } });
  const settled = await waiting;
  assert.ok(settled.success && settled.events[0]?.kind === 'dismissed' && /dismissed \(reason: agent\)/.test(settled.warning ?? ''));
  const afterGone = await host.awaitEvent({ id: 'p', kind: 'emit', afterSequence: 1 });
  assert.ok(afterGone.success && afterGone.events[0]?.sequence === 2, 'a gone prototype answers at once with its dismissal');
});

test('the device dying mid-show is a clear error, and the next call launches a new device', async () => {
  const dying = new FakeDevice();
  let shows = 0;
  dying.handlers.set('show_prototype', () => (++shows === 1 ? { success: true } : new Promise(() => {})));
  const healthy = new FakeDevice();
  const { host, launches } = hostWith(dying, healthy);
  assert.ok((await host.show({ spec: textSpec() })).success);
  const pending = host.show({ spec: textSpec('p', 'second') });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const waiting = host.awaitEvent({ id: 'p', timeoutMs: 5000 });
  dying.kill();
  const failed = await pending;
  assert.ok(!failed.success);
  assert.equal(failed.path, 'device');
  assert.match(failed.error, /device disconnected/);
  const lost = await waiting;
  assert.ok(!lost.success && /went away/.test(lost.error));
  assert.deepEqual(host.status().prototypes, [], 'what was on screen went with the device');
  const next = await host.show({ spec: textSpec() });
  assert.ok(next.success);
  assert.equal(launches(), 2);
});

test('dismiss needs exactly one of id and all; inspect adopts what the device reports', async () => {
  const device = new FakeDevice();
  device.handlers.set('inspect_prototypes', () => ({ success: true, prototypes: [{ id: 'q', persistent: false, state: { n: 1 }, pages: {}, lastSequence: 9 }], droppedEvents: 0 }));
  const { host } = hostWith(device);
  const neither = await host.dismiss({});
  assert.ok(!neither.success && neither.path === 'id');
  await host.show({ spec: textSpec() });
  const inspected = await host.inspect();
  assert.ok(inspected.success);
  assert.deepEqual(host.status().prototypes.map((entry) => [entry.id, entry.lastSequence]), [['q', 9]]);
  const dismissed = await host.dismiss({ all: true });
  assert.ok(dismissed.success);
  assert.deepEqual(dismissed.dismissed, ['q']);
  assert.deepEqual(device.requests.at(-1), { type: 'dismiss_prototype', all: true });
});

test('dismiss all before any device is up dismisses nothing, successfully, and launches none', async () => {
  const { host, launches } = hostWith();
  assert.deepEqual(await host.dismiss({ all: true }), { success: true, dismissed: [] });
  assert.equal(launches(), 0);
});

test('closing the host while the device is still starting closes it once it arrives, and refuses new calls', async () => {
  const device = new FakeDevice();
  let arrive!: () => void;
  const host = new Host({ prepareSpec, launcher: { launch: () => new Promise((resolve) => (arrive = () => resolve(device))) } });
  host.startDevice();
  const closed = host.close();
  arrive();
  await closed;
  assert.equal(device.closed, true);
  const refused = await host.show({ spec: textSpec() });
  assert.ok(!refused.success && refused.path === 'device' && /shutting down/.test(refused.error));
});

test('tapOn takes exactly one target and names the argument to fix', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const onlyX = await host.tapOn({ x: 3 });
  assert.ok(!onlyX.success && onlyX.path === 'y');
  const two = await host.tapOn({ testTag: 'a', text: 'b' });
  assert.ok(!two.success && two.path === 'testTag');
  assert.deepEqual(device.requests, []);
  assert.ok((await host.tapOn({ x: 3, y: 4 })).success);
  assert.deepEqual(device.requests, [{ type: 'tap', target: { x: 3, y: 4 } }]);
  device.handlers.set('tap', () => ({ success: false, error: 'no element with testTag "zzz"; call observe' }));
  const missing = await host.tapOn({ testTag: 'zzz' });
  assert.ok(!missing.success && missing.path === 'target' && /zzz/.test(missing.error));
});

test('paging 500 events with limit 1, 7 and 64, with and without a kinds filter, finds every event exactly once, in order', async () => {
  const kinds = ['change', 'emit', 'page_changed'] as const;
  const kindOf = (sequence: number) => kinds[sequence % 3]!;
  for (const limit of [1, 7, 64]) {
    for (const filter of [undefined, ['emit', 'page_changed'] as const]) {
      const device = new FakeDevice();
      const { host } = hostWith(device);
      await host.show({ spec: textSpec() });
      const matches = (n: number) => filter === undefined || (filter as readonly string[]).includes(kindOf(n));
      const matchingThrough = (last: number) => Array.from({ length: last }, (_, index) => index + 1).filter(matches);
      const seen: number[] = [];
      let cursor = 0;
      let sequence = 0;
      // Bursts smaller than the buffer, each read to the end before the next arrives.
      while (sequence < 500) {
        for (let burst = 0; burst < 40 && sequence < 500; burst++) {
          sequence++;
          device.emit({ id: 'p', sequence, kind: kindOf(sequence), name: kindOf(sequence) === 'emit' ? 'e' : null });
        }
        for (;;) {
          const page = await host.awaitEvent({ afterSequence: cursor, limit, ...(filter ? { kinds: [...filter] } : {}), timeoutMs: 0 });
          assert.ok(page.success && page.warning === undefined, JSON.stringify(page));
          assert.ok(page.events.length <= limit);
          seen.push(...page.events.map((event) => event.sequence));
          assert.equal(page.lastSequence, page.events.at(-1)?.sequence ?? sequence, 'the cursor is the last event delivered, or the current one after a time-out');
          cursor = page.lastSequence!;
          if (page.events.length === 0) break;
          assert.equal(page.more, seen.length < matchingThrough(sequence).length, 'more says whether a matching event is left');
        }
      }
      assert.deepEqual(seen, matchingThrough(500), `limit ${limit}, kinds ${filter ?? 'any'}`);
    }
  }
});

test('a read takes nothing away: the same cursor reads the same events, and a call without one reads on', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  await host.show({ spec: textSpec() });
  for (let sequence = 1; sequence <= 5; sequence++) device.emit({ id: 'p', sequence, kind: 'change' });
  const once = await host.awaitEvent({ afterSequence: 2, limit: 2 });
  const again = await host.awaitEvent({ afterSequence: 2, limit: 2 });
  assert.ok(once.success && again.success);
  assert.deepEqual([once.events.map((event) => event.sequence), once.more, once.lastSequence], [[3, 4], true, 4]);
  assert.deepEqual(again.events, once.events);
  const next = await host.awaitEvent({ limit: 10 });
  assert.ok(next.success);
  assert.deepEqual(next.events.map((event) => event.sequence), [5], 'without a cursor: after the last event answered');
  const waiting = [host.awaitEvent({ afterSequence: 5, timeoutMs: 5000 }), host.awaitEvent({ afterSequence: 5, timeoutMs: 5000 })];
  device.emit({ id: 'p', sequence: 6, kind: 'emit', name: 'save' });
  for (const answer of await Promise.all(waiting)) assert.ok(answer.success && answer.events[0]?.sequence === 6 && answer.lastSequence === 6, 'every waiting call hears the event');
});

test('awaitEvent warns when the cursor fell behind the 64-event buffer', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  await host.show({ spec: textSpec() });
  for (let sequence = 1; sequence <= 70; sequence++) device.emit({ id: 'p', sequence, kind: 'change' });
  const behind = await host.awaitEvent({ afterSequence: 0, limit: 1 });
  assert.ok(behind.success && behind.events[0]?.sequence === 7 && behind.more);
  assert.match(behind.warning ?? '', /up to sequence 6 fell out of the 64-event buffer/);
  const current = await host.awaitEvent({ afterSequence: 7, limit: 1 });
  assert.ok(current.success && current.events[0]?.sequence === 8 && current.warning === undefined);
});

test('a show of another id replaces the shown one: its entry goes, waits on it end, and awaitEvent says why', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const changes: string[][] = [];
  host.onShownChange((ids) => changes.push(ids));
  await host.show({ spec: textSpec('a') });
  const waitingOnA = host.awaitEvent({ id: 'a', kind: 'emit', timeoutMs: 30_000 });
  await host.show({ spec: textSpec('b') });
  assert.deepEqual(host.status().prototypes.map((entry) => entry.id), ['b']);
  const ended = await waitingOnA;
  assert.ok(ended.success && ended.gone?.reason === 'replaced' && ended.gone.by === 'b', JSON.stringify(ended));
  const later = await host.awaitEvent({ id: 'a', timeoutMs: 30_000 });
  assert.ok(later.success && later.gone?.by === 'b' && /a show of "b" replaced it/.test(later.warning ?? ''));
  device.emit({ id: 'b', sequence: 1, kind: 'dismissed', payload: { reason: 'user' } });
  const dismissedLater = await host.awaitEvent({ id: 'b', afterSequence: 1 });
  assert.ok(dismissedLater.success && dismissedLater.gone?.dismissReason === 'user', JSON.stringify(dismissedLater));
  const never = await host.awaitEvent({ id: 'never-shown' });
  assert.ok(!never.success && never.path === 'id');
  await host.show({ spec: textSpec('a') });
  assert.deepEqual(changes, [['a'], ['b'], [], ['a']]);
});

test('a cancelled show stops before the device hears of it and status says so; one cancelled after sending says it is on screen', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const abort = new AbortController();
  const progress: string[] = [];
  const launchCancelled = host.show({ spec: textSpec('p') }, { signal: abort.signal, onProgress: (message) => { progress.push(message); abort.abort(); } });
  const refused = await launchCancelled;
  assert.ok(!refused.success && /cancelled before it reached the device/.test(refused.error));
  assert.deepEqual(progress, ['starting the web device (Chromium)']);
  assert.deepEqual(device.requestTypes(), []);
  assert.match(String(host.status().lastResult?.cancelled), /^before it was sent/);

  const late = new AbortController();
  device.handlers.set('show_prototype', () => {
    late.abort();
    return { success: true };
  });
  const shown = await host.show({ spec: textSpec('p') }, { signal: late.signal });
  assert.ok(shown.success);
  assert.match(String(host.status().lastResult?.cancelled), /^after it was sent: the prototype is on screen/);
  assert.deepEqual(host.status().prototypes.map((entry) => entry.id), ['p']);
});

test('a cancelled awaitEvent is a failure value and consumes nothing', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  await host.show({ spec: textSpec() });
  const abort = new AbortController();
  const waiting = host.awaitEvent({ kind: 'emit', timeoutMs: 30_000 }, { signal: abort.signal });
  abort.abort();
  const cancelled = await waiting;
  assert.ok(!cancelled.success && cancelled.error === 'the wait was cancelled');
  device.emit({ id: 'p', sequence: 1, kind: 'emit', name: 'save' });
  const next = await host.awaitEvent({ kind: 'emit', timeoutMs: 1000 });
  assert.ok(next.success && next.events[0]?.name === 'save');
});

test('awaitEvent returns every matching event after the cursor, up to limit, with more and the current lastSequence', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  await host.show({ spec: textSpec() });
  for (let sequence = 1; sequence <= 15; sequence++) device.emit({ id: 'p', sequence, kind: 'change' });
  device.emit({ id: 'p', sequence: 16, kind: 'emit', name: 'save' });
  const all = await host.awaitEvent({ afterSequence: 0 });
  assert.ok(all.success);
  assert.deepEqual(all.events.map((event) => event.sequence), Array.from({ length: 16 }, (_, index) => index + 1), 'fifteen typed characters and the emit in one call');
  assert.equal(all.more, false);
  assert.equal(all.lastSequence, 16);

  for (let sequence = 17; sequence <= 22; sequence++) device.emit({ id: 'p', sequence, kind: sequence % 2 ? 'change' : 'emit', name: sequence % 2 ? null : 'tick' });
  const page = await host.awaitEvent({ afterSequence: 16, kinds: ['emit'], limit: 2 });
  assert.ok(page.success && page.more);
  assert.deepEqual(page.events.map((event) => event.sequence), [18, 20]);
  const rest = await host.awaitEvent({ afterSequence: 20, kinds: ['emit', 'dismissed'] });
  assert.ok(rest.success && !rest.more);
  assert.deepEqual(rest.events.map((event) => event.sequence), [22]);
  const none = await host.awaitEvent({ afterSequence: 22, kinds: ['emit'], timeoutMs: 10 });
  assert.ok(none.success && none.timedOut && none.lastSequence === 22 && none.events.length === 0);

  const waiting = host.awaitEvent({ afterSequence: 22, kinds: ['change'] });
  device.emit({ id: 'p', sequence: 23, kind: 'change' });
  const woke = await waiting;
  assert.ok(woke.success && woke.events.length === 1 && woke.events[0]!.sequence === 23 && woke.lastSequence === 23);
});

test('spec and asset files are read only under the allowed roots, links resolved, and errors never echo a file', async () => {
  const device = new FakeDevice();
  const { host } = hostWith(device);
  const outside = mkdtempSync(join(tmpdir(), 'protostage-outside-'));
  try {
    const secret = join(outside, 'secret.json');
    writeFileSync(secret, JSON.stringify(textSpec('p', 'do not leak this')));
    const refused = await host.show({ specPath: secret });
    assert.ok(!refused.success && refused.path === 'specPath' && /is outside the folders protostage may read/.test(refused.error), JSON.stringify(refused));
    assert.match(refused.fix, /--allow-dir/);
    const link = join(scratch, 'link.json');
    symlinkSync(secret, link);
    const viaLink = await host.show({ specPath: link });
    assert.ok(!viaLink.success && viaLink.path === 'specPath', 'a link inside a root does not lead outside it');
    const picture = join(outside, 'a.png');
    writeFileSync(picture, PNG_HEAD);
    const asset = await host.show({ spec: imageSpec, assets: [{ id: 'a', path: picture }] });
    assert.ok(!asset.success && asset.path === 'assets[0].path');
    assert.deepEqual(device.requestTypes(), [], 'nothing reached the device');
    const allowed = await host.show({ specPath: secret }, { extraRoots: [outside] });
    assert.ok(allowed.success, 'a root offered for the call (the MCP client\'s) is read');
    const text = file('not-json.json', Buffer.from('root:x:0:0:secret-password-hash\n'));
    const garbled = await host.show({ specPath: text });
    assert.ok(!garbled.success && !JSON.stringify(garbled).includes('secret-password-hash'), JSON.stringify(garbled));
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});

test('a persisted prototype needs a device that keeps it and replays its events; status then says persistent', async () => {
  const persistedSpec = { ...textSpec(), window: { ...WINDOW, persistence: 'device' } };
  const noReplay = new FakeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.persistenceReplay));
  const refused = await hostWith(noReplay).host.show({ spec: persistedSpec });
  assert.ok(!refused.success && refused.path === 'window.persistence' && refused.error.includes(CAPABILITIES.persistenceReplay), JSON.stringify(refused));
  assert.deepEqual(noReplay.requests, [], 'refused before anything was sent');
  const sessionOnly = await hostWith(new FakeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.persistenceReplay))).host.show({ spec: textSpec() });
  assert.ok(sessionOnly.success, 'a session prototype does not need it');

  const { host } = hostWith(new FakeDevice());
  assert.ok((await host.show({ spec: persistedSpec })).success);
  assert.equal(host.status().prototypes[0]!.persistent, true);
  assert.ok((await host.show({ spec: textSpec('q') })).success);
  assert.equal(host.status().prototypes[0]!.persistent, false);
});

test('the host remembers why at most REMEMBERED_GONE ids went, the oldest forgotten first', async () => {
  const { host } = hostWith(new FakeDevice());
  for (let index = 0; index <= REMEMBERED_GONE + 1; index++) assert.ok((await host.show({ spec: textSpec(`p${index}`) })).success);
  const oldest = await host.awaitEvent({ id: 'p0', timeoutMs: 10 });
  assert.ok(!oldest.success && oldest.path === 'id', 'forgotten: answered as never shown');
  const recent = await host.awaitEvent({ id: 'p1', timeoutMs: 10 });
  assert.ok(recent.success && recent.gone?.reason === 'replaced' && recent.gone.by === 'p2');
});
