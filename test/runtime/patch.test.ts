/**
 * Patches in the runtime: data, state and replaceNode operations applied in place as one unit,
 * silent, taking the next revision; a stale baseRevision, a bad operation or an invalid result is
 * refused with its path and changes nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './helpers.ts';
import { applyPatchOps } from '../../src/validate/patch.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import type { ContainerNode, TextNode } from '../../src/runtime/index.ts';
import type { PrototypeSpec } from '../../src/spec/index.ts';

const SPEC = {
  id: 'inbox',
  window: { placement: { type: 'fullscreen' } },
  state: { muted: false, title: 'Inbox' },
  data: { mail: [{ from: 'Ada' }, { from: 'Lin' }] },
  root: {
    type: 'column',
    children: [
      { type: 'text', id: 'heading', text: '{title}' },
      { type: 'switch', stateKey: 'muted', testTag: 'mute' },
      { type: 'column', repeat: { items: '/mail', as: 'm' }, children: [{ type: 'text', text: '{m.from}' }] },
    ],
  },
};

function shown(): { controller: ReturnType<typeof setup>['controller']; events: ReturnType<typeof setup>['events'] } {
  const { controller, events } = setup();
  const validated = validatePrototypeSpec(SPEC);
  assert.ok(validated.ok);
  controller.show(validated.spec as PrototypeSpec);
  return { controller, events };
}

const texts = (controller: ReturnType<typeof setup>['controller']) => {
  const root = controller.renderModel()!.root as ContainerNode;
  return [(root.children[0] as TextNode).text, ...(root.children[2] as ContainerNode).children.map((row) => (row as TextNode).text)];
};

test('data, state and node operations apply as one silent unit and take the next revision', () => {
  const { controller, events } = shown();
  const result = controller.patch('inbox', [
    { op: 'append', path: '/data/mail', value: { from: 'Noor' } },
    { op: 'set', path: '/state/title', value: 'Inbox (3)' },
    { op: 'replaceNode', id: 'heading', node: { type: 'text', text: '{title} today' } },
  ], 1);
  assert.deepEqual(result, { ok: true, id: 'inbox', revision: 2 });
  assert.deepEqual(texts(controller), ['Inbox (3) today', 'Ada', 'Lin', 'Noor']);
  assert.deepEqual(events, [], 'a patch emits nothing');
  assert.equal(controller.inspect()!.state.title, 'Inbox (3)');
  assert.equal(controller.patch('inbox', [{ op: 'remove', path: '/data/mail/0' }]).ok, true);
  assert.deepEqual([texts(controller), controller.inspect()!.revision], [['Inbox (3) today', 'Lin', 'Noor'], 3]);
});

test('a stale baseRevision, a bad operation or an invalid result is refused with its path and changes nothing', () => {
  const { controller } = shown();
  const refused = (ops: unknown, base?: number) => {
    const result = controller.patch('inbox', ops, base);
    return result.ok ? 'applied' : result.path;
  };
  assert.equal(refused([{ op: 'set', path: '/state/title', value: 'x' }], 7), 'baseRevision');
  assert.equal(refused([]), 'ops');
  assert.equal(refused([{ op: 'set', path: '/data/mail/9/from', value: 'x' }]), 'ops[0].path');
  assert.equal(refused([{ op: 'set', path: '/state/title', value: 'ok' }, { op: 'frob' }]), 'ops[1].op', 'the first operation does not apply either');
  assert.equal(refused([{ op: 'set', path: '/state/muted', value: 'loud' }]), 'root.children[1].stateKey', 'the result is validated like a show');
  assert.equal(refused([{ op: 'replaceNode', id: 'nobody', node: { type: 'spacer' } }]), 'ops[0].id');
  assert.equal(refused([{ op: 'replaceNode', id: 'heading', node: { type: 'text' } }]), 'root.children[0].text');
  assert.equal(controller.patch('other', [{ op: 'remove', path: '/data/mail/0' }]).ok, false);
  assert.deepEqual([texts(controller), controller.inspect()!.revision, controller.inspect()!.state.title], [['Inbox', 'Ada', 'Lin'], 1, 'Inbox']);
});

test('operations name their problems: shapes, state writes and replaceNode rules', () => {
  const base = { spec: SPEC as Record<string, unknown>, state: SPEC.state, data: SPEC.data };
  const pathOf = (ops: unknown) => {
    const outcome = applyPatchOps(base, ops);
    return outcome.ok ? 'ok' : `${outcome.path}: ${outcome.message}`;
  };
  assert.match(pathOf([{ op: 'set', path: '/state/title', value: 'a', extra: 1 }]), /^ops\[0\]\.extra: Unknown property "extra"/);
  assert.match(pathOf([{ op: 'append', path: '/state/title', value: 'a' }]), /^ops\[0\]\.op: state keys take only set/);
  assert.match(pathOf([{ op: 'set', path: '/state/1bad', value: 'a' }]), /^ops\[0\]\.path: "1bad" is not a state key/);
  assert.match(pathOf([{ op: 'set', path: '/state/title', value: { a: 1 } }]), /^ops\[0\]\.value: A state value is/);
  assert.match(pathOf([{ op: 'set', path: '/mail', value: 1 }]), /^ops\[0\]\.path: .*names neither \/data\/… nor \/state\/<key>/);
  assert.match(pathOf([{ op: 'append', path: '/data/mail', value: 1, spread: true }]), /^ops\[0\]\.value: spread takes an array/);
  assert.match(pathOf([{ op: 'replaceNode', id: 'heading', node: { type: 'use', component: 'x' } }]), /^ops\[0\]\.node: Components are expanded/);
  assert.match(pathOf([{ op: 'replaceNode', id: 'heading', node: { type: 'text', text: 'x', id: 'other' } }]), /^ops\[0\]\.node\.id: The new node keeps the id "heading"/);
  assert.equal(pathOf(Array.from({ length: 65 }, () => ({ op: 'remove', path: '/data/mail/0' }))).split(':')[0], 'ops');
});

test('a patch of data writes that keep the rows in place rebuilds what reads them: the other rows keep their render objects', () => {
  const { controller, events } = shown();
  const rows = () => ((controller.renderModel()!.root as ContainerNode).children[2] as ContainerNode).children;
  const heading = () => (controller.renderModel()!.root as ContainerNode).children[0];
  const [ada, lin] = rows();
  const headingBefore = heading();
  const result = controller.patch('inbox', [
    { op: 'append', path: '/data/mail', value: [{ from: 'Noor' }, { from: 'Kai' }], spread: true },
    { op: 'set', path: '/data/mail/1/from', value: 'Lin B.' },
  ]);
  assert.deepEqual(result, { ok: true, id: 'inbox', revision: 2 }, 'two writes, one revision');
  assert.deepEqual(texts(controller), ['Inbox', 'Ada', 'Lin B.', 'Noor', 'Kai']);
  assert.equal(rows()[0], ada, 'the row no write reached is the same object');
  assert.notEqual(rows()[1], lin, 'the written row is built again');
  assert.equal(heading(), headingBefore, 'nor is anything outside the list built again');
  assert.deepEqual(events, [], 'a patch emits nothing');
  assert.deepEqual(controller.inspect()!.data.mail, [{ from: 'Ada' }, { from: 'Lin B.' }, { from: 'Noor' }, { from: 'Kai' }]);
  // A patch that also writes state, or moves rows (a prepend, an item removed), is the patched spec
  // shown anew, with the same outcome.
  assert.deepEqual(controller.patch('inbox', [{ op: 'remove', path: '/data/mail/0' }, { op: 'set', path: '/state/title', value: 'Inbox (3)' }]), { ok: true, id: 'inbox', revision: 3 });
  assert.deepEqual(texts(controller), ['Inbox (3)', 'Lin B.', 'Noor', 'Kai']);
  assert.notEqual(heading(), headingBefore);
  const headingShown = heading();
  assert.deepEqual(controller.patch('inbox', [{ op: 'prepend', path: '/data/mail', value: { from: 'Eve' } }]), { ok: true, id: 'inbox', revision: 4 });
  assert.deepEqual(texts(controller), ['Inbox (3)', 'Eve', 'Lin B.', 'Noor', 'Kai']);
  assert.notEqual(heading(), headingShown, 'a prepend shows the patched spec anew');
});
