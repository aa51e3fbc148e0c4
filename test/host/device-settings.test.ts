// The host's device tool against a fake device channel: refused before sending on a device
// without web_device_settings_v1, a bad profile or font scale refused at its field, and a good
// change sent as configure_device with the device's answer passed back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileRoots } from '../../src/host/file-roots.ts';
import { Host } from '../../src/host/host.ts';
import { prepareSpec } from '../../src/host/prepare.ts';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { ALL_CAPABILITIES, FakeDevice } from './fake-device.ts';

const hostFor = (device: FakeDevice) => new Host({ prepareSpec, fileRoots: new FileRoots([process.cwd()]), launcher: { launch: async () => device } });
const REPORT = { profile: 'phone', orientation: 'landscape', width: 915, height: 412, density: 2.625, dark: false, rtl: false, fontScale: 1, reducedMotion: false };

test('a device without web_device_settings_v1 refuses the device tool before anything is sent', async () => {
  const device = new FakeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.deviceSettings));
  const refused = await hostFor(device).configureDevice({ orientation: 'landscape' });
  assert.ok(!refused.success);
  assert.match(refused.error, /does not support device settings \(it does not advertise web_device_settings_v1\)/);
  assert.match(refused.fix ?? '', /--orientation/);
  assert.deepEqual(device.requests, []);
});

test('a profile the device does not know and a font scale out of range are refused at their field, before sending', async () => {
  const device = new FakeDevice(ALL_CAPABILITIES);
  const host = hostFor(device);
  const profile = await host.configureDevice({ profile: '10x10' });
  assert.ok(!profile.success);
  assert.deepEqual([profile.path, /each side must be from 200/.test(profile.error)], ['profile', true]);
  const scale = await host.configureDevice({ fontScale: 7 });
  assert.ok(!scale.success);
  assert.deepEqual([scale.path, scale.error], ['fontScale', 'fontScale must be from 0.5 to 3']);
  assert.deepEqual(device.requests, []);
});

test('a change goes to the device as configure_device, and its answer is the settings', async () => {
  const device = new FakeDevice(ALL_CAPABILITIES);
  device.handlers.set('configure_device', () => ({ success: true, device: REPORT }));
  const changed = await hostFor(device).configureDevice({ orientation: 'landscape', dark: false });
  assert.ok(changed.success);
  assert.deepEqual(changed.settings, REPORT);
  const [request] = device.requests;
  assert.deepEqual([request?.type, (request as { orientation?: string }).orientation, (request as { dark?: boolean }).dark], ['configure_device', 'landscape', false]);
});

test('a device without protostage_paused_clock_v1 refuses clock at its field before anything is sent; one with it is sent the clock', async () => {
  const without = new FakeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.pausedClock));
  const refused = await hostFor(without).configureDevice({ clock: 'paused' });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.pausedClock)], ['clock', true]);
  assert.deepEqual(without.requests, []);
  const wrong = await hostFor(new FakeDevice(ALL_CAPABILITIES)).configureDevice({ clock: 'stopped' as 'paused' });
  assert.ok(!wrong.success);
  assert.equal(wrong.path, 'clock');

  const device = new FakeDevice(ALL_CAPABILITIES);
  device.handlers.set('configure_device', () => ({ success: true, device: { ...REPORT, clock: 'paused' } }));
  const paused = await hostFor(device).configureDevice({ clock: 'paused' });
  assert.ok(paused.success);
  assert.equal((device.requests[0] as { clock?: string }).clock, 'paused');
});
