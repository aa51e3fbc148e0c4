// The mirror server over real loopback sockets, against a recording device (a unit test of the
// viewer module alone: no browser).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import WebSocket from 'ws';
import type { Point, TouchPhase } from '../../src/device/web-device.ts';
import type { PrototypeEvent } from '../../src/runtime/model.ts';
import { MAX_VIEWERS, startMirrorServer, type MirroredDevice, type MirrorServer } from '../../src/viewer/server.ts';

/** A device that records input; while `hold` is set, each input waits for it. */
class RecordingDevice implements MirroredDevice {
  readonly profile = { width: 412, height: 915 };
  readonly inputs: string[] = [];
  hold: Promise<void> | null = null;
  frameListeners = new Set<(jpeg: Buffer) => void>();
  eventListeners = new Set<(event: PrototypeEvent) => void>();

  onFrame(listener: (jpeg: Buffer) => void) {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }
  onEvent(listener: (event: PrototypeEvent) => void) {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }
  inspections = 0;
  async inspect() {
    this.inspections += 1;
    return { prototypes: [{ id: 'p', state: { count: 2 }, pages: {}, lastSequence: 3 }] };
  }
  async #record(input: string) {
    await this.hold;
    this.inputs.push(input);
  }
  tap(point: Point) {
    return this.#record(`tap ${point.x},${point.y}`);
  }
  touch(phase: TouchPhase) {
    return this.#record(`touch ${phase}`);
  }
  pressKey(key: string) {
    return this.#record(`key ${key}`);
  }
  wheel(_point: Point, _dx: number, dy: number) {
    return this.#record(`wheel ${dy}`);
  }
  settings = { profile: 'phone', orientation: 'portrait' as 'portrait' | 'landscape', width: 412, height: 915, density: 2.625, dark: false, rtl: false, fontScale: 1, reducedMotion: false, locale: 'en-US', offline: false, clipboard: '', clock: 'running' as 'paused' | 'running' };
  configureListeners = new Set<(report: typeof this.settings) => void>();
  async configure(change: { orientation?: 'portrait' | 'landscape'; dark?: boolean }) {
    this.settings = { ...this.settings, ...change };
    await this.#record(`configure ${JSON.stringify(change)}`);
    for (const listener of this.configureListeners) listener(this.settings);
  }
  onConfigure(listener: (report: typeof this.settings) => void) {
    this.configureListeners.add(listener);
    return () => this.configureListeners.delete(listener);
  }
  report() {
    return this.settings;
  }
}

let device: RecordingDevice;
let mirror: MirrorServer;

before(async () => {
  device = new RecordingDevice();
  mirror = await startMirrorServer({ device, title: 'test' });
});
after(() => mirror.close());

function socketUrl(): string {
  const url = new URL(mirror.url);
  return `ws://${url.host}/socket?token=${url.searchParams.get('token')}`;
}

/** A connected viewer that keeps every message it received. */
async function connectViewer(): Promise<{ socket: WebSocket; texts: any[]; frames: Buffer[]; next(predicate: () => boolean): Promise<void> }> {
  const socket = new WebSocket(socketUrl());
  const texts: any[] = [];
  const frames: Buffer[] = [];
  let wake = () => {};
  socket.on('message', (data, isBinary) => {
    if (isBinary) frames.push(data as Buffer);
    else texts.push(JSON.parse(String(data)));
    wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = (predicate: () => boolean) =>
    new Promise<void>((resolve) => {
      wake = () => predicate() && resolve();
      wake();
    });
  return { socket, texts, frames, next };
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve).close())));
}

test('viewers get a hello, the last status and prototypes, every frame and every event', async () => {
  mirror.publishStatus({ ok: true, file: 'a.json', id: 'p', nodeCount: 3, version: 1, warnings: [] });
  await mirror.refreshPrototypes();
  const first = await connectViewer();
  const second = await connectViewer();
  await second.next(() => second.texts.length === 4);
  assert.deepEqual(second.texts.map((message) => message.type), ['hello', 'device', 'status', 'prototypes']);
  assert.deepEqual(second.texts[0].screen, { width: 412, height: 915 });
  assert.equal(second.texts[1].settings.profile, 'phone');
  assert.equal(second.texts[3].prototypes[0].state.count, 2);

  for (const listener of device.frameListeners) listener(Buffer.from('frame-1'));
  const event = { timestamp: 1, id: 'p', sequence: 4, kind: 'change', name: null, payload: { key: 'count', value: 3 }, state: { count: 3 }, pages: {} } as PrototypeEvent;
  for (const listener of device.eventListeners) listener(event);
  await first.next(() => first.frames.length === 1 && first.texts.some((message) => message.type === 'event'));
  await second.next(() => second.frames.length === 1 && second.texts.some((message) => message.type === 'event'));
  assert.equal(String(first.frames[0]), 'frame-1');

  const late = await connectViewer();
  await late.next(() => late.frames.length === 1 && late.texts.length === 4);
  assert.equal(String(late.frames[0]), 'frame-1', 'a late viewer starts from the last frame');
  assert.deepEqual(late.texts[3].prototypes[0].state, { count: 3 }, 'and from the state the last event left');
  await closeAll([first.socket, second.socket, late.socket]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(device.frameListeners.size, 0, 'frames stop when nobody watches');
});

test('with no viewer watching, a show does not make the mirror ask the device what is shown; the next viewer to join gets it read', async () => {
  const before = device.inspections;
  await mirror.refreshPrototypes();
  await mirror.refreshPrototypes();
  assert.equal(device.inspections, before, 'nobody watches');
  const viewer = await connectViewer();
  await viewer.next(() => viewer.texts.some((message) => message.type === 'prototypes'));
  assert.equal(device.inspections, before + 1);
  assert.equal(viewer.texts.find((message) => message.type === 'prototypes').prototypes[0].state.count, 2);
  await mirror.refreshPrototypes();
  assert.equal(device.inspections, before + 2, 'a viewer watches: read at once');
  await closeAll([viewer.socket]);
});

test('input runs in order; moves and wheel turns beyond the queue bound are dropped, presses, releases and keys never', { timeout: 10_000 }, async () => {
  const viewer = await connectViewer();
  let release = () => {};
  device.hold = new Promise((resolve) => (release = resolve));
  const send = (message: object) => viewer.socket.send(JSON.stringify(message));
  send({ type: 'pointer', phase: 'down', x: 10, y: 500 });
  send({ type: 'pointer', phase: 'move', x: 10, y: 400 });
  for (let index = 0; index < 200; index++) send({ type: 'pointer', phase: 'move', x: 10, y: 400 - index });
  send({ type: 'pointer', phase: 'up', x: 10, y: 100 });
  send({ type: 'key', key: 'a' });
  send({ type: 'wheel', x: 1, y: 1, dx: 0, dy: 5 });
  // Only waiting shows that every message has arrived and queued behind the held input.
  await new Promise((resolve) => setTimeout(resolve, 300));
  device.hold = null;
  release();
  while (device.inputs.at(-1) !== 'key a') await new Promise((resolve) => setTimeout(resolve, 10));
  const moves = device.inputs.filter((input) => input === 'touch move').length;
  assert.equal(device.inputs[0], 'touch start');
  assert.ok(moves < 100, `moves were dropped: ${moves} of 202 ran`);
  assert.deepEqual(device.inputs.slice(-2), ['touch end', 'key a']);
  assert.ok(!device.inputs.includes('wheel 5'), 'a wheel turn is dropped like a move');
  await closeAll([viewer.socket]);
});

test(`at most ${MAX_VIEWERS} viewers at once; the next one is refused`, async () => {
  const viewers = await Promise.all(Array.from({ length: MAX_VIEWERS }, () => connectViewer()));
  const status = await new Promise<number>((resolve) => {
    const socket = new WebSocket(socketUrl());
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => resolve(101));
    socket.on('error', () => {});
  });
  assert.equal(status, 503);
  await closeAll(viewers.map((viewer) => viewer.socket));
});

test('connections reset in the middle of an upgrade leave the server up', async () => {
  const { port, searchParams } = new URL(mirror.url);
  for (const token of ['wrong', searchParams.get('token')!]) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const socket = connect({ host: '127.0.0.1', port: Number(port) });
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`GET /socket?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${'a'.repeat(22)}==\r\n\r\n`);
      socket.resetAndDestroy();
    }
  }
  const viewer = await connectViewer();
  await viewer.next(() => viewer.texts.some((message) => message.type === 'hello'));
  await closeAll([viewer.socket]);
});

test('a turned or resized device tells the viewers its new size before its next frame', async () => {
  const viewer = await connectViewer();
  await viewer.next(() => viewer.texts.some((message) => message.type === 'hello'));
  Object.assign(device.profile, { width: 915, height: 412 });
  try {
    for (const listener of device.frameListeners) listener(Buffer.from('turned'));
    await viewer.next(() => viewer.frames.some((frame) => frame.toString() === 'turned'));
    assert.deepEqual(viewer.texts.filter((message) => message.type === 'screen').map((message) => message.screen), [{ width: 915, height: 412 }]);
    for (const listener of device.frameListeners) listener(Buffer.from('same size'));
    await viewer.next(() => viewer.frames.some((frame) => frame.toString() === 'same size'));
    assert.equal(viewer.texts.filter((message) => message.type === 'screen').length, 1, 'told once');
  } finally {
    Object.assign(device.profile, { width: 412, height: 915 });
    for (const listener of device.frameListeners) listener(Buffer.from('back'));
    await closeAll([viewer.socket]);
  }
});

test('a viewer turns the device or flips a setting; every viewer hears the device as it is then; a bad change is dropped', async () => {
  const first = await connectViewer();
  const second = await connectViewer();
  await second.next(() => second.texts.some((message) => message.type === 'device'));
  first.socket.send(JSON.stringify({ type: 'device', orientation: 'landscape', dark: true }));
  first.socket.send(JSON.stringify({ type: 'device', fontScale: 9 }));
  first.socket.send(JSON.stringify({ type: 'device', profile: 'tablet' }));
  await second.next(() => second.texts.some((message) => message.type === 'device' && message.settings.dark === true));
  assert.deepEqual(device.inputs.filter((input) => input.startsWith('configure')), ['configure {"orientation":"landscape","dark":true}']);
  // A change made elsewhere (the agent's device tool) reaches every viewer's panel too.
  await device.configure({ orientation: 'portrait' });
  await first.next(() => first.texts.some((message) => message.type === 'device' && message.settings.orientation === 'portrait'));
  device.settings = { ...device.settings, orientation: 'portrait', dark: false };
  await closeAll([first.socket, second.socket]);
});

/** The status the mirror answers a request with these headers (the right token included). */
function statusWith(path: string, headers: Record<string, string>): Promise<number> {
  const { port, searchParams } = new URL(mirror.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: `${path}?token=${searchParams.get('token')}`, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.once('upgrade', (_response, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.once('error', reject);
    req.end();
  });
}

test('a request with the right token is refused unless it names this server: Host and Origin, page and socket alike', async () => {
  const { host } = new URL(mirror.url);
  const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
  assert.equal(await statusWith('/', { host }), 200);
  assert.equal(await statusWith('/', { host: 'evil.example' }), 403);
  assert.equal(await statusWith('/', { host, origin: 'http://evil.example' }), 403);
  assert.equal(await statusWith('/socket', { host, ...upgrade }), 101);
  assert.equal(await statusWith('/socket', { host: 'evil.example', ...upgrade }), 403);
  assert.equal(await statusWith('/socket', { host, origin: 'http://evil.example', ...upgrade }), 403);
  assert.equal(await statusWith('/socket', { host, origin: `http://${host}`, ...upgrade }), 101);
});

test('the mirror closes a socket slow with its headers and still answers a viewer at once', async () => {
  const limits = { headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 100, keepAliveTimeoutMs: 300, maxConnectionsPerAddress: 4 };
  const guarded = await startMirrorServer({ device, title: 'guarded', limits });
  try {
    const { port, searchParams } = new URL(guarded.url);
    const silent = connect({ host: '127.0.0.1', port: Number(port) });
    const dripping = connect({ host: '127.0.0.1', port: Number(port) });
    dripping.write('GET / HTTP/1.1\r\n');
    const drip = setInterval(() => dripping.destroyed || dripping.write('X-A: 1\r\n'), 50);
    const closed = [silent, dripping].map((socket) => new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 8_000);
      socket.on('error', () => {}).once('close', () => (clearTimeout(timer), resolve(true)));
    }));
    assert.equal((await fetch(`http://127.0.0.1:${port}/?token=${searchParams.get('token')}`)).status, 200);
    assert.deepEqual(await Promise.all(closed), [true, true]);
    clearInterval(drip);
  } finally {
    await guarded.close();
  }
});
