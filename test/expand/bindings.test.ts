import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindingSites, rewriteBindingSites } from '../../src/expand/index.ts';

const sitePaths = (node: unknown) => bindingSites(node).map((site) => `${site.path.join('.')}:${site.binds}`).sort();

const onTap = [{ type: 'emit', name: 'n', payload: { x: 'p' } }];

// seeds/000 "List templates": the binding field list — text, component labels and titles, their onTap.
test('text and the component fields of the binding list bind as text', () => {
  assert.deepEqual(sitePaths({ type: 'text', text: 't' }), ['text:text']);
  assert.deepEqual(sitePaths({ type: 'button', label: 'l', onTap }), ['label:text', 'onTap.0.name:text']);
  assert.deepEqual(sitePaths({ type: 'fab', icon: 'add', label: 'l' }), ['label:text']);
  assert.deepEqual(sitePaths({ type: 'segmentedButton', stateKey: 's', options: [{ value: 'v', label: 'l' }] }), [
    'options.0.label:text',
    'stateKey:stateKey',
  ]);
  assert.deepEqual(
    sitePaths({ type: 'topAppBar', title: 't', navigationIcon: { icon: 'menu', label: 'n', onTap }, actions: [{ icon: 'add', label: 'a', onTap }] }),
    ['actions.0.label:text', 'actions.0.onTap.0.name:text', 'navigationIcon.label:text', 'navigationIcon.onTap.0.name:text', 'title:text'],
  );
  assert.deepEqual(
    sitePaths({ type: 'dialog', openWhen: { key: 'o', equals: true }, title: 't', text: 'x', confirm: { label: 'c', onTap }, dismiss: { label: 'd' } }),
    ['confirm.label:text', 'confirm.onTap.0.name:text', 'dismiss.label:text', 'openWhen.key:stateKey', 'text:text', 'title:text'],
  );
  assert.deepEqual(sitePaths({ type: 'snackbar', openWhen: { key: 'o', equals: true }, text: 't', action: { label: 'a', onTap } }), [
    'action.label:text',
    'action.onTap.0.name:text',
    'openWhen.key:stateKey',
    'text:text',
  ]);
});

// seeds/000 "List templates": "in condition operands ..., in setState.value and in emit.name; and in every state key".
test('state keys, condition operands and setState values bind', () => {
  const node = {
    type: 'text',
    text: 't',
    visibleWhen: { all: [{ key: 'a', equals: 'x' }, { not: { any: [{ key: 'b', notEquals: 'y' }, { key: 'c', gt: 1 }] } }] },
    styleWhen: [{ when: { key: 'd', equals: 1 }, style: { color: '#000000' } }],
    onTap: [
      { type: 'setState', key: 'e', value: 'v' },
      { type: 'toggle', key: 'f' },
      { type: 'increment', key: 'g' },
      { type: 'decrement', key: 'h', by: 2 },
    ],
  };
  assert.deepEqual(sitePaths(node), [
    'onTap.0.key:stateKey', 'onTap.0.value:scalar', 'onTap.1.key:stateKey', 'onTap.2.key:stateKey', 'onTap.3.key:stateKey',
    'styleWhen.0.when.key:stateKey', 'text:text',
    'visibleWhen.all.0.equals:scalar', 'visibleWhen.all.0.key:stateKey',
    'visibleWhen.all.1.not.any.0.key:stateKey', 'visibleWhen.all.1.not.any.0.notEquals:scalar', 'visibleWhen.all.1.not.any.1.key:stateKey',
  ]);
  assert.deepEqual(sitePaths({ type: 'timePicker', hourKey: 'h', minuteKey: 'm' }), ['hourKey:stateKey', 'minuteKey:stateKey']);
  assert.deepEqual(sitePaths({ type: 'listItem', headline: 'h', trailing: { type: 'switch', stateKey: 's' } }), ['trailing.stateKey:stateKey']);
  assert.deepEqual(sitePaths({ type: 'bottomNav', stateKey: 's', items: [] }), ['stateKey:stateKey']);
});

// seeds/000 "Reusable components": "{props.<field>} binds in exactly the fields a repeat placeholder binds ... plus the props of a nested use".
test('the props of a use bind, keeping their type', () => {
  assert.deepEqual(sitePaths({ type: 'use', component: 'c', props: { a: 'x', b: 2 } }), ['props.a:scalar']);
});

// seeds/000 "List templates": "emit.payload is not interpolated"; "Anything else ... is untouched".
test('fields outside the list never bind (testTag binds, so each repeat row can be reached on its own)', () => {
  const node = {
    type: 'listItem',
    headline: '{item.a}',
    supporting: '{item.a}',
    testTag: '{item.a}',
    contentDescription: '{item.a}',
    style: { fontFamily: { asset: '{item.a}' } },
    onTap: [{ type: 'emit', name: 'n', payload: '{item.a}' }, { type: 'setPage', pager: '{item.a}', page: 'next' }],
  };
  assert.deepEqual(sitePaths(node), ['onTap.0.name:text', 'testTag:text']);
  assert.deepEqual(sitePaths({ type: 'column', repeat: { items: [{ a: 'x' }], as: 'item' }, children: [{ type: 'text', text: 'x' }] }), []);
});

test('rewriting copies only the path to a changed site and never mutates its input', () => {
  const style = { color: '#000000' };
  const node = { type: 'button', label: 'go', style, onTap: [{ type: 'emit', name: 'a' }, { type: 'dismiss' }] };
  const before = structuredClone(node);
  const rewritten = rewriteBindingSites(node, (value) => (value === 'a' ? 'b' : value));
  assert.deepEqual(node, before);
  assert.equal(rewritten.style, style);
  assert.equal(rewritten.onTap[1], node.onTap[1]);
  assert.equal(rewritten.onTap[0]!.name, 'b');
  assert.equal(rewriteBindingSites(node, (value) => value), node);
});

test('malformed input is walked without throwing', () => {
  for (const node of [null, 'x', [], { type: 1 }, { type: 'nope' }, { type: 'text', onTap: 'x', visibleWhen: [1] }, { type: 'dialog', confirm: null }]) {
    assert.doesNotThrow(() => bindingSites(node));
  }
  let deep: Record<string, unknown> = { key: 'k', equals: 'x' };
  for (let i = 0; i < 10000; i++) deep = { not: deep };
  assert.doesNotThrow(() => bindingSites({ type: 'text', text: 'x', visibleWhen: deep }));
});
