// Several devices in one server: `protostage mcp --devices phone,tablet` runs a phone and a tablet;
// the official client shows one spec on both, drives each on its own, and names a device that is
// not there. Then the parsing of --devices itself.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { hostSetupFrom } from '../../src/host/setup.ts';
import { MAX_DEVICES, parseDeviceList } from '../../src/host/pool.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
type Structured = Record<string, any>;

const counter = {
  id: 'counter',
  window: { placement: { type: 'fullscreen' } },
  state: { taps: 0 },
  root: { type: 'column', children: [{ type: 'button', label: 'Tapped {taps}', testTag: 'go', onTap: [{ type: 'increment', key: 'taps' }, { type: 'emit', name: 'went' }] }] },
};

let client: Client;
let stderr = '';

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Structured; isError: boolean; content: Structured[] }> {
  const result = (await client.callTool({ name, arguments: args })) as { structuredContent?: Structured; isError?: boolean; content: Structured[] };
  return { data: result.structuredContent ?? {}, isError: result.isError === true, content: result.content };
}

function pngSize(base64: string): { width: number; height: number } {
  const png = Buffer.from(base64, 'base64');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

before(async () => {
  client = new Client({ name: 'protostage-devices', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--devices', 'phone,tablet'], stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await client.connect(transport);
});
after(() => client.close());

test('status lists every device; one spec shown on both is observed and driven on each alone', async () => {
  const status = await call('prototype', { action: 'status' });
  assert.deepEqual(status.data.devices.map((device: Structured) => [device.name, device.profile]), [['phone', 'phone'], ['tablet', 'tablet']]);
  assert.equal(status.data.device, 'phone', 'the first device answers a call that names none');

  for (const device of ['phone', 'tablet']) {
    const shown = await call('prototype', { action: 'show', spec: counter, device });
    assert.equal(shown.isError, false, JSON.stringify(shown.data));
    assert.equal(shown.data.device, device);
  }
  const screens = await Promise.all(['phone', 'tablet'].map(async (device) => {
    const observed = await call('observe', { device });
    assert.equal(observed.data.device, device);
    return pngSize(observed.content.find((item) => item.type === 'image')!.data);
  }));
  assert.deepEqual(screens, [{ width: 412, height: 915 }, { width: 1280, height: 800 }]);

  const tapped = await call('tapOn', { testTag: 'go', device: 'tablet' });
  assert.equal(tapped.isError, false, JSON.stringify(tapped.data));
  const onTablet = await call('prototype', { action: 'awaitEvent', id: 'counter', eventName: 'went', device: 'tablet', timeoutMs: 10_000 });
  assert.equal(onTablet.data.events.length, 1);
  assert.deepEqual(onTablet.data.events[0].state, { taps: 1 });
  const onPhone = await call('prototype', { action: 'awaitEvent', id: 'counter', eventName: 'went', timeoutMs: 300 });
  assert.equal(onPhone.data.timedOut, true, 'the phone saw no tap');
  const labels = await Promise.all(['phone', 'tablet'].map(async (device) => (await call('observe', { device })).data.hierarchy.find((node: Structured) => node.testTag === 'go').text));
  assert.deepEqual(labels, ['Tapped 0', 'Tapped 1']);

  const listed = await call('prototype', { action: 'inspect', device: 'tablet' });
  assert.equal(listed.data.device, 'tablet');
  assert.deepEqual(listed.data.prototypes[0].state, { taps: 1 });
  assert.deepEqual(listed.data.devices.map((device: Structured) => device.shown), [['counter'], ['counter']]);
  assert.equal((await call('prototype', { action: 'dismiss', id: 'counter', device: 'phone' })).isError, false);
  const after = await call('prototype', { action: 'status' });
  assert.deepEqual(after.data.devices.map((device: Structured) => device.shown), [[], ['counter']], 'dismissing on the phone left the tablet alone');
});

test('a device the server does not have is refused at device, naming the ones it has', async () => {
  for (const [tool, args] of [['observe', {}], ['tapOn', { testTag: 'go' }], ['prototype', { action: 'status' }]] as const) {
    const refused = await call(tool, { ...args, device: 'watch' });
    assert.equal(refused.isError, true, tool);
    assert.equal(refused.data.path, 'device');
    assert.match(refused.data.error, /there is no device "watch"/);
    assert.match(refused.data.fix, /phone, tablet/);
  }
});

test('each device prints its own live mirror address', async () => {
  const deadline = Date.now() + 30_000;
  const pattern = /Live mirror of the device "(phone|tablet)" \(watch and join in\): (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/g;
  while ([...stderr.matchAll(pattern)].length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const mirrors = [...stderr.matchAll(pattern)];
  assert.deepEqual(mirrors.map((match) => match[1]).sort(), ['phone', 'tablet'], stderr);
  assert.notEqual(mirrors[0]![2], mirrors[1]![2]);
});

test('--devices: profiles or NAME=PROFILE, repeats numbered, bad entries named', () => {
  const isProfile = (name: string) => name === 'phone' || name === 'tablet';
  assert.deepEqual(parseDeviceList('phone,tablet,phone', isProfile), [
    { name: 'phone', profile: 'phone' },
    { name: 'tablet', profile: 'tablet' },
    { name: 'phone-2', profile: 'phone' },
  ]);
  assert.deepEqual(parseDeviceList('left=phone, right=phone', isProfile), [{ name: 'left', profile: 'phone' }, { name: 'right', profile: 'phone' }]);
  const errorOf = (text: string) => (parseDeviceList(text, isProfile) as { error: string }).error;
  assert.match(errorOf('phone,,tablet'), /comma-separated list/);
  assert.match(errorOf('watch'), /"watch" is not a device profile/);
  assert.match(errorOf('Big=phone'), /the device name "Big" must be lowercase/);
  assert.match(errorOf('a=phone,a=tablet'), /names "a" twice/);
  assert.match(errorOf(Array(MAX_DEVICES + 1).fill('phone').join(',')), new RegExp(`at most ${MAX_DEVICES}`));
  assert.match(hostSetupFrom({ devices: 'phone', profile: 'tablet' }) as string, /leave out --device and --device-port/);
  const setup = hostSetupFrom({ devices: 'phone,tablet', 'browser-endpoint': 'ws://127.0.0.1:1/x' });
  assert.ok(typeof setup === 'object');
  assert.deepEqual(setup.devices?.map((device) => device.name), ['phone', 'tablet']);
  assert.deepEqual(setup.deviceArgs, ['--browser-endpoint', 'ws://127.0.0.1:1/x'], 'the browser is every device\'s; the profile is added per device');
  const turned = hostSetupFrom({ devices: 'small=360x640,tablet', orientation: 'landscape', dark: true, 'font-scale': '1.5' });
  assert.ok(typeof turned === 'object');
  assert.deepEqual(turned.devices, [{ name: 'small', profile: '360x640' }, { name: 'tablet', profile: 'tablet' }], 'a size is a profile too');
  assert.deepEqual(turned.deviceArgs, ['--orientation', 'landscape', '--dark', '--font-scale', '1.5'], 'the settings are every device\'s');
  const single = hostSetupFrom({ device: '1080x2400@2.625' });
  assert.ok(typeof single === 'object');
  assert.deepEqual(single.devices, [{ name: '1080x2400@2.625', profile: '1080x2400@2.625' }]);
  assert.match(hostSetupFrom({ 'font-scale': '9' }) as string, /--font-scale must be a number from 0\.5 to 3/);
});
