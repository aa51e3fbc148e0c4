// window.persistence "device" against the real device agent process: the prototype outlives its
// host session with its assets, the events it sends while no host is connected wait in the
// offline ring and arrive in order when a host is back (before an inspect reply), and a stopped
// agent dismisses with reason teardown and delivers that event before it closes.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { DeviceConnection } from '../../src/protocol/client.ts';
import { createLaunchToken } from '../../src/protocol/handshake.ts';
import type { PrototypeEvent } from '../../src/protocol/messages.ts';
import { findFreePort } from '../../src/host/ports.ts';
import { OfflineEventRing } from '../../src/device/offline-events.ts';
import { startAgentProcess } from './agent-process.ts';

const device = { port: 0, token: createLaunchToken(), child: undefined as unknown as ChildProcess };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');

/** A floating persisted card whose snackbar closes itself after 600 ms: a change event with nobody connected. */
const persisted = {
  id: 'kept',
  window: { placement: { type: 'floating', gravity: 'center', offset: { x: 0, y: 0 } }, persistence: 'device' },
  state: { toast: true },
  root: {
    type: 'column',
    style: { background: 'surface', padding: { top: 16, bottom: 16, start: 16, end: 16 } },
    children: [
      { type: 'text', text: 'Still here' },
      { type: 'image', asset: 'logo', style: { width: { dp: 24 }, height: { dp: 24 } } },
      { type: 'snackbar', openWhen: { key: 'toast', equals: true }, text: 'Saved', durationMs: 600 },
    ],
  },
};

before(async () => {
  device.port = await findFreePort();
  device.child = await startAgentProcess(device.port, device.token);
});
after(() => {
  if (device.child.exitCode === null && device.child.signalCode === null) device.child.kill('SIGKILL');
});

/** Opens a connection and collects every event it receives from the start. */
async function connect(): Promise<{ connection: DeviceConnection; events: PrototypeEvent[] }> {
  const connection = await DeviceConnection.open(device.port, device.token, 30_000);
  const events: PrototypeEvent[] = [];
  connection.onEvent((event) => events.push(event));
  return { connection, events };
}

test('the offline ring keeps the latest 200 and counts the dropped ones', () => {
  const ring = new OfflineEventRing();
  for (let sequence = 1; sequence <= 205; sequence++) ring.push({ timestamp: 0, id: 'p', sequence, kind: 'change', name: null, payload: null, state: {}, pages: {} });
  assert.equal(ring.dropped, 5);
  const flushed: number[] = [];
  ring.flush((event) => flushed.push(event.sequence));
  assert.deepEqual([flushed.length, flushed[0], flushed.at(-1)], [200, 6, 205]);
  assert.equal(ring.size, 0);
});

test('a persisted prototype outlives its session with its assets; its offline events arrive in order on reconnect', async () => {
  const first = await connect();
  assert.ok(first.connection.capabilities.has(CAPABILITIES.windowOptions) && first.connection.capabilities.has(CAPABILITIES.persistenceReplay));
  assert.equal((await first.connection.request({ type: 'put_prototype_asset', id: 'logo', mimeType: 'image/png', dataBase64: PNG })).success, true);
  const shown = await first.connection.request({ type: 'show_prototype', spec: persisted });
  assert.equal(shown.success, true, shown.error);
  assert.equal(shown.missingAssets, undefined);
  first.connection.close();

  await new Promise((resolve) => setTimeout(resolve, 1_500)); // the snackbar closes while nobody is connected
  const second = await connect();
  try {
    const inspected = await second.connection.request({ type: 'inspect_prototypes' });
    assert.deepEqual(inspected.prototypes?.map((entry) => [entry.id, entry.persistent]), [['kept', true]], 'still shown after the last client left');
    assert.equal(inspected.droppedEvents, 0);
    assert.deepEqual(second.events.map((event) => [event.kind, event.state.toast]), [['change', false]], 'the offline event came before the inspect reply');
    const again = await second.connection.request({ type: 'show_prototype', spec: persisted });
    assert.equal(again.missingAssets, undefined, 'its assets were kept');
  } finally {
    second.connection.close();
  }
});

test('a session prototype is dismissed when the last client leaves, and its events go nowhere', async () => {
  const first = await connect();
  await first.connection.request({ type: 'show_prototype', spec: { ...persisted, id: 'session', window: { placement: { type: 'fullscreen' } } } });
  first.connection.close();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const second = await connect();
  const inspected = await second.connection.request({ type: 'inspect_prototypes' });
  assert.deepEqual(inspected.prototypes, []);
  assert.deepEqual(second.events, [], 'nothing was kept for a session prototype');
  second.connection.close();
});

test('SIGTERM dismisses with reason teardown and delivers that event before the agent closes', async () => {
  const host = await connect();
  await host.connection.request({ type: 'show_prototype', spec: persisted });
  const closed = new Promise<void>((resolve) => host.connection.onClose(() => resolve()));
  const exited = new Promise((resolve) => device.child.once('exit', resolve));
  device.child.kill('SIGTERM');
  await closed;
  const teardown = host.events.find((event) => event.kind === 'dismissed');
  assert.deepEqual(teardown?.payload, { reason: 'teardown' }, JSON.stringify(host.events));
  await exited;
});
