// The host and string tables: the gate refuses a spec with strings, and a show's locale, on a
// device without prototype_strings_v1 before sending; a locale that is no language tag is refused
// at locale, on show and on the device change, before anything is sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { ALL_CAPABILITIES } from './fake-device.ts';
import { assertRefusedWithout, hostFor, runtimeDevice } from './gate.ts';

const spec = (strings = true) => ({
  id: 'words',
  window: { placement: { type: 'fullscreen' } },
  ...(strings ? { strings: { default: 'en', tables: { en: { hi: 'Hello' } } } } : {}),
  root: { type: 'text', text: strings ? '{t:hi}' : 'Hello' },
});

test('the gate refuses strings, and a show locale, without prototype_strings_v1, before sending', async () => {
  await assertRefusedWithout(CAPABILITIES.strings, spec(), 'strings');
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.strings));
  const refused = await hostFor(device).show({ spec: spec(false), locale: 'de' });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.strings)], ['locale', true]);
  assert.deepEqual(device.requests, []);
  assert.ok((await hostFor(runtimeDevice()).show({ spec: spec(), locale: 'de' })).success);
});

test('a locale that is no language tag is refused at locale, on show and on a device change, and nothing is sent', async () => {
  const device = runtimeDevice();
  const host = hostFor(device);
  const show = await host.show({ spec: spec(), locale: 'de_DE!' });
  assert.ok(!show.success && show.path === 'locale');
  const change = await host.configureDevice({ locale: 'no tag' });
  assert.ok(!change.success && change.path === 'locale');
  assert.deepEqual(device.requests.filter((request) => request.type !== 'observe'), []);
});
