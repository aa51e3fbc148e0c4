// The host and platform calls: the gate refuses each call on a device without its capability,
// at the action, before sending; a device with only that call's capability takes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { ALL_CAPABILITIES } from './fake-device.ts';
import { assertRefusedWithout, hostFor, runtimeDevice } from './gate.ts';

const CALLS = [
  ['haptics.perform', { style: 'light' }, CAPABILITIES.platformHaptics],
  ['sound.play', { sound: 'click' }, CAPABILITIES.platformSound],
  ['links.open', { url: 'https://example.com' }, CAPABILITIES.platformLinks],
  ['share.open', { text: 'Hi' }, CAPABILITIES.platformShare],
] as const;

const spec = (call: string, args: object) => ({
  id: 'calls',
  window: { placement: { type: 'fullscreen' } },
  requires: { platform: ['share'] },
  root: { type: 'button', label: 'Go', onTap: [{ type: 'platform', call, args }] },
});

for (const [call, args, capability] of CALLS) {
  test(`the gate refuses ${call} without ${capability}, before sending`, async () => {
    await assertRefusedWithout(capability, spec(call, args), 'root.onTap[0]');
    const others = CALLS.map(([, , needed]) => needed).filter((needed) => needed !== capability);
    const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => !(others as readonly string[]).includes(name)));
    assert.ok((await hostFor(device).show({ spec: spec(call, args) })).success, 'its own capability is enough');
  });
}

test('the gate refuses castButton and pasteButton without their capabilities, before sending', async () => {
  const spec = (node: object) => ({ id: 'buttons', window: { placement: { type: 'fullscreen' } }, state: { on: false, text: '' }, root: { type: 'column', children: [node] } });
  await assertRefusedWithout(CAPABILITIES.castButton, spec({ type: 'castButton', stateKey: 'on' }), 'root.children[0]');
  await assertRefusedWithout(CAPABILITIES.pasteButton, spec({ type: 'pasteButton', stateKey: 'text' }), 'root.children[0]');
});

test('the gate refuses /platform/connectivity in text and in a condition without prototype_platform_connectivity_v1, before sending', async () => {
  const spec = (node: object) => ({ id: 'net', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [node] } });
  await assertRefusedWithout(CAPABILITIES.platformConnectivity, spec({ type: 'text', text: 'Online: {platform:/connectivity/online}' }), 'root.children[0].text');
  await assertRefusedWithout(CAPABILITIES.platformConnectivity, spec({ type: 'text', text: 'Offline', visibleWhen: { platform: '/connectivity/online', equals: false } }), 'root.children[0].visibleWhen.platform');
});
