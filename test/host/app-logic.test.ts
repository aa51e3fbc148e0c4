// Protostage's own app-logic capabilities at the host: a device that does not advertise one is
// refused such a spec at the feature's path, naming the capability, and is sent nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { assertRefusedWithout } from './gate.ts';

const spec = (root: unknown, extra: object = {}) => ({ id: 'logic', window: { placement: { type: 'fullscreen' } }, state: { email: '', ok: false }, ...extra, root });

test('enabledWhen and the if action are refused at their path by a device without their capability', async () => {
  await assertRefusedWithout(CAPABILITIES.enabledWhen, spec({ type: 'button', label: 'Go', enabledWhen: { key: 'email', notEquals: '' } }), 'root.enabledWhen');
  await assertRefusedWithout(CAPABILITIES.ifAction, spec({ type: 'button', label: 'Go', onTap: [{ type: 'if', when: { key: 'ok', equals: true }, then: [{ type: 'emit', name: 'go' }] }] }), 'root.onTap[0]');
});

test('a wrong condition or an if without then is refused at its path', () => {
  const refusal = (input: unknown) => {
    const result = validatePrototypeSpec(input);
    assert.ok(!result.ok);
    return `${result.path}: ${result.message}`;
  };
  assert.match(refusal(spec({ type: 'button', label: 'Go', enabledWhen: { key: 'ok' } })), /^root\.enabledWhen\.equals: Missing comparison/);
  assert.match(refusal(spec({ type: 'button', label: 'Go', onTap: [{ type: 'if', when: { key: 'ok', equals: true } }] })), /^root\.onTap\[0\]\.then: Missing required property "then"/);
  assert.match(refusal(spec({ type: 'button', label: 'Go', onTap: [{ type: 'if', when: { key: 'ok', equals: true }, then: [] }] })), /^root\.onTap\[0\]\.then: /);
});
