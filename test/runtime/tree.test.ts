/** Node keys: the path of each node, repeat instances `<container>.repeat[<item>].children[<template>]`. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTree } from '../../src/runtime/tree.ts';
import type { PrototypeNode } from '../../src/spec/index.ts';

test('every node is keyed by its path; pagers and overlays are indexed; bindings collected per key', () => {
  const tree = buildTree({
    type: 'column',
    children: [
      { type: 'scroll', child: { type: 'text', text: 'a' } },
      { type: 'pager', id: 'pages', children: [{ type: 'card', children: [{ type: 'switch', stateKey: 'on' }] }] },
      { type: 'dialog', openWhen: { key: 'd', equals: true }, confirm: { label: 'OK' }, child: { type: 'checkbox', stateKey: 'on' } },
      { type: 'bottomSheet', openWhen: { key: 's', equals: true }, detents: ['full'], child: { type: 'spacer' } },
      { type: 'row', repeat: { items: [{ n: 1 }, { n: 2 }], as: 'it' }, children: [{ type: 'text', text: '{it.n}' }, { type: 'spacer' }] },
    ],
  } as PrototypeNode);
  assert.deepEqual([...tree.byKey.keys()], [
    'root',
    'root.children[0]', 'root.children[0].child',
    'root.children[1]', 'root.children[1].children[0]', 'root.children[1].children[0].children[0]',
    'root.children[2]', 'root.children[2].child',
    'root.children[3]', 'root.children[3].child',
    'root.children[4]',
    'root.children[4].repeat[0].children[0]', 'root.children[4].repeat[0].children[1]',
    'root.children[4].repeat[1].children[0]', 'root.children[4].repeat[1].children[1]',
  ]);
  assert.deepEqual(tree.byKey.get('root.children[4].repeat[1].children[0]')!.node, { type: 'text', text: '2' }, 'bound for its item');
  assert.equal(tree.pagers.get('pages')!.key, 'root.children[1]');
  assert.equal(tree.byKey.get('root.children[1].children[0].children[0]')!.pager!.key, 'root.children[1]', 'nearest enclosing pager');
  assert.equal(tree.byKey.get('root.children[0].child')!.pager, null);
  assert.deepEqual(tree.overlays.map((node) => node.key), ['root.children[2]', 'root.children[3]']);
  assert.deepEqual(tree.bindings.get('on')!.map((rule) => `${rule.kind}:${rule.control}`), ['boolean:switch', 'boolean:checkbox']);
  assert.deepEqual(tree.bindings.get('d')!.map((rule) => rule.control), ['dialog']);
});
