// The app logic of protostage's own capabilities (protostage_*_v1): enabledWhen disables a node
// and its input, and an if action branches on state and data as they are at that point of its list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setup, spec, valid } from './helpers.ts';

const SIGN_IN = () => valid(spec({
  type: 'column',
  children: [
    { type: 'textField', stateKey: 'email', testTag: 'email' },
    { type: 'button', label: 'Sign in', testTag: 'go', enabledWhen: { key: 'email', notEquals: '' }, onTap: [{ type: 'increment', key: 'tries' }] },
    { type: 'switch', stateKey: 'remember', enabledWhen: { key: 'email', notEquals: '' } },
  ],
}, { state: { email: '', tries: 0, remember: false } }));

test('enabledWhen: while it does not hold the node is disabled, refuses every input naming the condition, and follows state', () => {
  const { controller, events } = setup();
  controller.show(SIGN_IN());
  const children = () => (controller.renderModel()!.root as { children: Array<{ disabledBy: string | null }> }).children;
  assert.equal(children()[1]!.disabledBy, '{"key":"email","notEquals":""}');
  const refused = controller.interact({ type: 'tap', key: 'root.children[1]' });
  assert.deepEqual(refused, { ok: false, reason: 'root.children[1] is disabled: its enabledWhen {"key":"email","notEquals":""} does not hold' });
  assert.equal(controller.interact({ type: 'toggle', key: 'root.children[2]' }).ok, false, 'a disabled switch does not flip');
  assert.deepEqual(events, [], 'nothing ran');
  assert.ok(controller.interact({ type: 'edit', key: 'root.children[0]', text: 'ada@example.com' }).ok);
  assert.deepEqual(children().map((child) => child.disabledBy), [null, null, null], 'typing enabled them');
  assert.ok(controller.interact({ type: 'tap', key: 'root.children[1]' }).ok);
  assert.equal(controller.inspect()!.state.tries, 1);
});

test('if: the branch is chosen by state as the list has written it so far, nests, and makes one change event with the rest of the list', () => {
  const { controller, events } = setup();
  controller.show(valid(spec({
    type: 'button', label: 'Check', onTap: [
      { type: 'setState', key: 'tries', value: 3 },
      { type: 'if', when: { key: 'tries', gt: 2 },
        then: [{ type: 'setState', key: 'locked', value: true }, { type: 'if', when: { key: 'password', equals: 'secret' }, then: [{ type: 'emit', name: 'signed_in' }], else: [{ type: 'emit', name: 'wrong_password' }] }],
        else: [{ type: 'emit', name: 'never' }] },
      { type: 'if', when: { data: '/user/admin', equals: true }, then: [{ type: 'emit', name: 'admin' }] },
      { type: 'setState', key: 'checked', value: true },
    ],
  }, { state: { tries: 0, locked: false, checked: false, password: 'guess' }, data: { user: { admin: true } } })));
  assert.ok(controller.interact({ type: 'tap', key: 'root' }).ok);
  assert.deepEqual(events.map((event) => [event.kind, event.name]), [['emit', 'wrong_password'], ['emit', 'admin'], ['change', null]]);
  assert.deepEqual(events.at(-1)!.payload, { keys: ['tries', 'locked', 'checked'], values: [3, true, true] });
});

test('if: a dismiss in a branch ends the list', () => {
  const { controller, events } = setup();
  controller.show(valid(spec({ type: 'button', label: 'Quit', onTap: [{ type: 'if', when: { key: 'sure', equals: true }, then: [{ type: 'dismiss' }] }, { type: 'emit', name: 'after' }] }, { state: { sure: true } })));
  assert.ok(controller.interact({ type: 'tap', key: 'root' }).ok);
  assert.deepEqual(events.map((event) => event.kind), ['dismissed']);
});

test('counts: isEmpty and count conditions, and {count:/pointer} in text, follow the array as rows come and go', () => {
  const { controller } = setup();
  controller.show(valid(spec({
    type: 'column',
    children: [
      { type: 'text', text: 'Nothing to do', visibleWhen: { data: '/tasks', isEmpty: true } },
      { type: 'text', text: '{count:/tasks} tasks', visibleWhen: { data: '/tasks', count: { greaterThan: 0 } } },
      { type: 'button', label: 'Add', onTap: [{ type: 'appendData', path: '/tasks', value: { value: { title: 'New' } } }] },
      { type: 'button', label: 'Clear', onTap: [{ type: 'if', when: { data: '/tasks', count: { equals: 2 } }, then: [{ type: 'setData', path: '/tasks', value: { value: [] } }] }] },
      { type: 'text', text: '{count:/missing}', visibleWhen: { data: '/missing', isEmpty: true } },
    ],
  }, { data: { tasks: [{ title: 'One' }] } })));
  const drawn = () => (controller.renderModel()!.root as { children: Array<{ type: string; text?: string; visible: boolean }> }).children.filter((child) => child.visible && child.type === 'text').map((child) => child.text);
  assert.deepEqual(drawn(), ['1 tasks', '0']);
  assert.ok(controller.interact({ type: 'tap', key: 'root.children[2]' }).ok);
  assert.deepEqual(drawn(), ['2 tasks', '0']);
  assert.ok(controller.interact({ type: 'tap', key: 'root.children[3]' }).ok);
  assert.deepEqual(drawn(), ['Nothing to do', '0'], 'the if saw two rows and emptied them');
});

test('a value template binds state at the write: a whole {key} keeps its type, a longer string is text, other braces stay', () => {
  const { controller } = setup();
  controller.show(valid(spec({
    type: 'button', label: 'Add', onTap: [
      { type: 'setState', key: 'title', value: 'Buy bread' },
      { type: 'appendData', path: '/tasks', value: { template: { id: 't{next}', title: '{title}', order: '{next}', done: false, tags: ['{title}', '{missing}', '{data:/x}'] } } },
      { type: 'increment', key: 'next' },
    ],
  }, { state: { title: '', next: 3 }, data: { tasks: [] } })));
  assert.ok(controller.interact({ type: 'tap', key: 'root' }).ok);
  assert.deepEqual(controller.inspect()!.data.tasks, [{ id: 't3', title: 'Buy bread', order: 3, done: false, tags: ['Buy bread', '{missing}', '{data:/x}'] }]);
});

test('theme.modeKey: the state key picks the mode live, beating theme.mode; "system" follows the device; a boolean key is dark when true', () => {
  const { controller, events } = setup({ dark: true });
  controller.show(valid(spec({
    type: 'column',
    children: [
      { type: 'segmentedButton', stateKey: 'mode', options: [{ value: 'light', label: 'Light' }, { value: 'dark', label: 'Dark' }, { value: 'system', label: 'System' }] },
      { type: 'text', text: 'x', style: { color: 'primary' } },
    ],
  }, { state: { mode: 'light' }, theme: { mode: 'dark', modeKey: 'mode' } })));
  const appearance = () => { const { mode, source } = controller.renderModel()!.appearance; return { mode, source }; };
  assert.deepEqual(appearance(), { mode: 'light', source: 'modeKey' }, 'the key beats theme.mode');
  const lightPrimary = controller.renderModel()!.scheme.primary;
  assert.ok(controller.interact({ type: 'select', key: 'root.children[0]', value: 'system' }).ok);
  assert.deepEqual(appearance(), { mode: 'dark', source: 'system' }, 'system follows the dark device, theme.mode skipped');
  assert.notEqual(controller.renderModel()!.scheme.primary, lightPrimary, 'every colour re-themed');
  assert.deepEqual(events.map((event) => [event.kind, event.payload]), [
    ['change', { key: 'mode', value: 'system' }],
    ['appearance_changed', { mode: 'dark', source: 'system' }],
  ]);
  controller.setDevice({ dark: false });
  assert.deepEqual(appearance(), { mode: 'light', source: 'system' });
  assert.ok(controller.interact({ type: 'select', key: 'root.children[0]', value: 'dark' }).ok);
  assert.deepEqual(events.at(-1)!.payload, { mode: 'dark', source: 'modeKey' });

  const switched = setup({ dark: false });
  switched.controller.show(valid(spec({ type: 'switch', stateKey: 'dark' }, { state: { dark: false }, theme: { modeKey: 'dark' } })));
  assert.ok(switched.controller.interact({ type: 'toggle', key: 'root' }).ok);
  assert.deepEqual(switched.events.map((event) => [event.kind, event.payload]), [
    ['change', { key: 'dark', value: true }],
    ['appearance_changed', { mode: 'dark', source: 'modeKey' }],
  ]);
});

test('strings.localeKey: the state key picks the table live, beating the show and the device, and "system" gives the choice back', () => {
  const { controller } = setup({ dark: false, locale: 'en-US' });
  const strings = { default: 'en', localeKey: 'lang', tables: { en: { hello: 'Hello' }, de: { hello: 'Hallo' }, ar: { hello: 'مرحبا' } } };
  controller.show(valid(spec({
    type: 'column',
    children: [
      { type: 'segmentedButton', stateKey: 'lang', options: [{ value: 'system', label: 'System' }, { value: 'de', label: 'Deutsch' }, { value: 'ar', label: 'العربية' }] },
      { type: 'text', text: '{t:hello}' },
    ],
  }, { state: { lang: 'de' }, strings })), { locale: 'en' });
  const greeting = () => (controller.renderModel()!.root as { children: Array<{ text?: string }> }).children[1]!.text;
  assert.equal(greeting(), 'Hallo', 'the key beats the show locale');
  assert.ok(controller.interact({ type: 'select', key: 'root.children[0]', value: 'ar' }).ok);
  assert.equal(greeting(), 'مرحبا');
  assert.equal(controller.renderModel()!.direction, 'rtl');
  assert.ok(controller.interact({ type: 'select', key: 'root.children[0]', value: 'system' }).ok);
  assert.equal(greeting(), 'Hello');
  assert.equal(controller.renderModel()!.locale, 'en');
  assert.equal(controller.renderModel()!.direction, 'ltr');
});

test('an icon toggle: selectedWhen picks selected and selectedIcon, following state live; a plain icon button is never selected', () => {
  const { controller } = setup();
  controller.show(valid(spec({
    type: 'row',
    children: [
      { type: 'iconButton', icon: 'favorite_border', selectedIcon: 'favorite', selectedWhen: { key: 'liked', equals: true }, contentDescription: 'Like', onTap: [{ type: 'toggle', key: 'liked' }] },
      { type: 'iconButton', icon: 'share', contentDescription: 'Share', onTap: [{ type: 'emit', name: 'share' }] },
    ],
  }, { state: { liked: false } })));
  const buttons = () => (controller.renderModel()!.root as { children: Array<{ icon: string; selected: boolean | null }> }).children.map(({ icon, selected }) => [icon, selected]);
  assert.deepEqual(buttons(), [['favorite_border', false], ['share', null]]);
  assert.ok(controller.interact({ type: 'tap', key: 'root.children[0]' }).ok);
  assert.deepEqual(buttons(), [['favorite', true], ['share', null]]);
});
