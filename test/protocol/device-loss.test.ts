// The real device agent process killed while a show is in flight: the host reports a clear
// error and serves the next call with a freshly launched device.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, test } from 'node:test';
import { launchWebDevice } from '../../src/host/device-launcher.ts';
import { Host } from '../../src/host/host.ts';
import { prepareSpec } from '../../src/host/prepare.ts';
import type { DeviceChannel } from '../../src/protocol/client.ts';

const children: ChildProcess[] = [];
let killDuringNextShow = true;

/** Launches the real agent; the first show request it carries kills the agent process right after it is sent. */
const launcher = {
  async launch(): Promise<DeviceChannel> {
    const { channel, child } = await launchWebDevice();
    children.push(child);
    const request = channel.request.bind(channel) as DeviceChannel['request'];
    channel.request = ((body, timeoutMs) => {
      const reply = request(body, timeoutMs);
      if (body.type === 'show_prototype' && killDuringNextShow) {
        killDuringNextShow = false;
        child.kill('SIGKILL');
      }
      return reply;
    }) as DeviceChannel['request'];
    return channel;
  },
};

const host = new Host({ launcher, prepareSpec });
const spec = { id: 'p', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', text: 'hello' } };

after(async () => {
  await host.close();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

test('a device killed mid-show gives a clear error and the host keeps serving', async () => {
  const failed = await host.show({ spec });
  assert.ok(!failed.success, 'the show must fail');
  assert.equal(failed.path, 'device');
  assert.match(failed.error, /device disconnected during show_prototype/);
  assert.match(failed.fix, /restarts on the next call/);
  assert.equal(children[0]!.killed, true);

  const next = await host.show({ spec });
  assert.ok(next.success, JSON.stringify(next));
  assert.equal(children.length, 2, 'a fresh device was launched');
  const observed = await host.observe();
  assert.ok(observed.success && observed.hierarchy.some((node) => node.layer === 'prototype' && node.text === 'hello'));
});
