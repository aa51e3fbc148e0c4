// A device agent started before its host (as `mcp` and `serve` start theirs, ahead of their own
// modules): the host's first launch connects to that agent, a later one starts another.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, test } from 'node:test';
import { startAgents } from '../../src/host/agent-process.ts';
import { webDeviceLauncher } from '../../src/host/device-launcher.ts';
import type { DeviceChannel } from '../../src/protocol/client.ts';

const children: ChildProcess[] = [];
const channels: DeviceChannel[] = [];

after(() => {
  for (const channel of channels) channel.close();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

test('the first launch takes the agent started early; the next launch starts its own', async () => {
  const started = startAgents({ devices: [{ name: 'phone', profile: 'phone' }] });
  assert.deepEqual([...started.keys()], ['phone']);
  const early = await started.get('phone')!;
  children.push(early.child);
  const launcher = webDeviceLauncher({ deviceArgs: ['--device', 'phone'], onSpawn: (child) => children.push(child) }, started.get('phone'));

  const first = await launcher.launch();
  channels.push(first);
  assert.equal(children.length, 2, 'onSpawn hears of the early agent');
  assert.equal(children[1], early.child, 'the first launch connected to the agent started early');

  first.close();
  const second = await launcher.launch();
  channels.push(second);
  assert.equal(children.length, 3);
  assert.notEqual(children[2]!.pid, early.child.pid, 'a later launch starts a new agent');
});

test('no agent is started for a device someone else runs', () => {
  assert.equal(startAgents({ existingDevice: { port: 1, token: 'x'.repeat(16) } }).size, 0);
});
