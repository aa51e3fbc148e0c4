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
