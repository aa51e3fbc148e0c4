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

/** A text field's bound length past 4 units is a problem: a title of two at place 10 or later passes it, at place 9 it does not. */
const SMALL_TEXT_LIMITS = { substitutedText: 4, rebuiltText: 1000 };

/**
 * Rows written as the runtime writes them (new objects for what changed, the same objects for the
 * rest, rows moved by a prepend), with `extra` data beside them: after each write the tree that has
 * counted every state before finds the problem a tree seen for the first time finds.
 */
async function sameTextProblems(template: object[]): Promise<number> {
  const { dataTextProblem } = await import('../../src/runtime/tree.ts');
  const fc = (await import('fast-check')).default;
  const root = { type: 'column', repeat: { items: '/rows', as: 'row' }, children: template } as unknown as PrototypeNode;
  const text = fc.string({ maxLength: 2 });
  const step = fc.oneof(
    fc.record({ op: fc.constant('append' as const), titles: fc.array(text, { minLength: 1, maxLength: 4 }) }),
    fc.record({ op: fc.constant('prepend' as const), titles: fc.array(text, { minLength: 1, maxLength: 4 }) }),
    fc.record({ op: fc.constant('set' as const), at: fc.nat(), title: text }),
    fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
    fc.record({ op: fc.constant('extra' as const), title: text }),
  );
  let problems = 0;
  fc.assert(
    fc.property(fc.array(text, { maxLength: 12 }), fc.array(step, { maxLength: 10 }), (start, steps) => {
      let rows = start.map((title) => ({ title }));
      let extra = '';
      const tree = buildTree(root, { rows, extra });
      for (const next of steps) {
        if (next.op === 'append') rows = [...rows, ...next.titles.map((title) => ({ title }))];
        else if (next.op === 'prepend') rows = [...next.titles.map((title) => ({ title })), ...rows];
        else if (next.op === 'extra') extra = next.title;
        else if (rows.length > 0 && next.op === 'set') rows = rows.map((row, index) => (index === next.at % rows.length ? { title: next.title } : row));
        else if (rows.length > 0) rows = rows.filter((_, index) => index !== next.at % rows.length);
        const data = { rows, extra };
        const seen = dataTextProblem(tree, data, SMALL_TEXT_LIMITS);
        assert.equal(seen, dataTextProblem(buildTree(root, data), data, SMALL_TEXT_LIMITS), JSON.stringify(data));
        if (seen !== null) problems += 1;
      }
    }),
    { numRuns: 300 },
  );
  return problems;
}

test('property: the text a data repeat builds is counted as a tree seen for the first time counts it, whatever it counted before', async () => {
  assert.ok((await sameTextProblems([{ type: 'text', text: '{row.title}#{index}' }])) > 30, 'fields reading their row and its place');
  const besideRow = await sameTextProblems([{ type: 'text', text: '{row.title}{data:/extra}!' }]);
  assert.ok(besideRow > 10, `a field reading data beside its row: ${besideRow} problems`);
});
