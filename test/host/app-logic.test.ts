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

test('count conditions and {count:…} text are refused at their path by a device without protostage_counts_v1', async () => {
  const withTasks = { data: { tasks: [] } };
  await assertRefusedWithout(CAPABILITIES.counts, spec({ type: 'text', text: 'Empty', visibleWhen: { data: '/tasks', isEmpty: true } }, withTasks), 'root.visibleWhen.isEmpty');
  await assertRefusedWithout(CAPABILITIES.counts, spec({ type: 'text', text: '{count:/tasks} left' }, withTasks), 'root.text');
});

test('a value template is refused at its path by a device without protostage_value_templates_v1', async () => {
  await assertRefusedWithout(CAPABILITIES.valueTemplates, spec({ type: 'button', label: 'Add', onTap: [{ type: 'appendData', path: '/tasks', value: { template: { title: '{email}' } } }] }, { data: { tasks: [] } }), 'root.onTap[0].value.template');
});

test('a count needs a data pointer and exactly one comparison', () => {
  const refused = (condition: unknown) => {
    const result = validatePrototypeSpec(spec({ type: 'text', text: 'x', visibleWhen: condition }, { data: { tasks: [] } }));
    assert.ok(!result.ok);
    return `${result.path}: ${result.message}`;
  };
  assert.match(refused({ key: 'email', isEmpty: true }), /^root\.visibleWhen\.isEmpty: "isEmpty" counts the items of a data array/);
  assert.match(refused({ data: '/tasks', count: { equals: 1, lessThan: 3 } }), /^root\.visibleWhen\.count\.equals: /);
  assert.match(refused({ data: '/tasks', count: { atLeast: 1 } }), /^root\.visibleWhen\.count\.atLeast: /);
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

test('theme.modeKey and strings.localeKey are refused at their path by a device without their capability', async () => {
  const strings = { default: 'en', tables: { en: { hi: 'Hi' }, de: { hi: 'Hallo' } } };
  await assertRefusedWithout(CAPABILITIES.modeKey, spec({ type: 'text', text: 'x' }, { state: { mode: 'system' }, theme: { modeKey: 'mode' } }), 'theme.modeKey');
  await assertRefusedWithout(CAPABILITIES.localeKey, spec({ type: 'text', text: '{t:hi}' }, { state: { lang: 'de' }, strings: { ...strings, localeKey: 'lang' } }), 'strings.localeKey');
});

test('a modeKey or localeKey naming a missing key or a value that is no mode or locale is refused at its path', () => {
  const strings = { default: 'en', tables: { en: { hi: 'Hi' } } };
  const refusal = (extra: object) => {
    const result = validatePrototypeSpec(spec({ type: 'text', text: '{t:hi}' }, { strings, ...extra }));
    assert.ok(!result.ok);
    return `${result.path}: ${result.message}`;
  };
  assert.match(refusal({ state: {}, theme: { modeKey: 'mode' } }), /^theme\.modeKey: theme\.modeKey names "mode", which is not in state; declare it, e\.g\. "state": \{"mode": "system"\}/);
  assert.match(refusal({ state: { mode: 2 }, theme: { modeKey: 'mode' } }), /^theme\.modeKey: theme\.modeKey must name a string state value that is one of "light", "dark", "system", or a boolean \(true is dark\); state\.mode is /);
  assert.match(refusal({ state: { mode: 'night' }, theme: { modeKey: 'mode' } }), /^theme\.modeKey: .*state\.mode is a string \("night"\)/);
  assert.match(refusal({ state: { lang: true }, strings: { ...strings, localeKey: 'lang' } }), /^strings\.localeKey: strings\.localeKey must name a string state value that is "system" or a BCP 47/);
  assert.match(refusal({ state: {}, strings: { ...strings, localeKey: 'lang' } }), /^strings\.localeKey: .*"lang", which is not in state/);
  const written = validatePrototypeSpec(spec({ type: 'button', label: 'Go', onTap: [{ type: 'setState', key: 'mode', value: 1 }] }, { state: { mode: 'dark' }, theme: { modeKey: 'mode' } }));
  assert.ok(!written.ok);
  assert.equal(written.path, 'root.onTap[0].value');
  assert.ok(validatePrototypeSpec(spec({ type: 'switch', stateKey: 'dark' }, { state: { dark: false, lang: 'system' }, theme: { modeKey: 'dark' }, strings: { ...strings, localeKey: 'lang' } })).ok, 'a boolean modeKey and "system" are accepted');
});

test('an icon toggle is refused at its path by a device without protostage_icon_toggle_v1', async () => {
  await assertRefusedWithout(CAPABILITIES.iconToggle, spec({ type: 'iconButton', icon: 'star', selectedWhen: { key: 'ok', equals: true } }), 'root.selectedWhen');
  await assertRefusedWithout(CAPABILITIES.iconToggle, spec({ type: 'iconButton', icon: 'star_border', selectedIcon: 'star' }), 'root.selectedIcon');
});
