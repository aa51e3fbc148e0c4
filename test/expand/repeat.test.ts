import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandRepeats, repeatInstances } from '../../src/expand/index.ts';
import type { PrototypeNode } from '../../src/spec/index.ts';

// The example of seeds/000 "List templates".
const seedExample = {
  type: 'column',
  repeat: { items: [{ name: 'Alpha', tag: 'a' }, { name: 'Beta', tag: 'b' }], as: 'item' },
  children: [
    {
      type: 'text',
      text: '{index}: {item.name}',
      styleWhen: [{ when: { key: 'picked', equals: '{item.tag}' }, style: { color: '#2255CC' } }],
      onTap: [{ type: 'setState', key: 'picked', value: '{item.tag}' }],
    },
  ],
} as PrototypeNode;

// seeds/000 "List templates": "instantiated once per entry of items, in item order, as siblings".
test('the seed example renders one bound instance per item, keyed by container, item and template', () => {
  const instances = repeatInstances(seedExample, 'root');
  assert.deepEqual(instances.map((instance) => instance.key), ['root.repeat[0].children[0]', 'root.repeat[1].children[0]']);
  assert.deepEqual(instances[1]!.node, {
    type: 'text',
    text: '1: Beta',
    styleWhen: [{ when: { key: 'picked', equals: 'b' }, style: { color: '#2255CC' } }],
    onTap: [{ type: 'setState', key: 'picked', value: 'b' }],
  });
});

test('several template children repeat together, item by item', () => {
  const container = {
    type: 'row',
    repeat: { items: [{ n: 1 }, { n: 2 }], as: 'x' },
    children: [{ type: 'text', text: 'a{x.n}' }, { type: 'text', text: 'b{x.n}' }],
  } as PrototypeNode;
  const instances = repeatInstances(container, 'root.children[3]');
  assert.deepEqual(
    instances.map((instance) => [instance.key, (instance.node as { text: string }).text]),
    [
      ['root.children[3].repeat[0].children[0]', 'a1'],
      ['root.children[3].repeat[0].children[1]', 'b1'],
      ['root.children[3].repeat[1].children[0]', 'a2'],
      ['root.children[3].repeat[1].children[1]', 'b2'],
    ],
  );
});

// seeds/000 "List templates": exact placeholder keeps type; longer strings render (integral numbers without a decimal point);
// "emit.payload is not interpolated"; a {status} state placeholder is left for the text interpolation.
test('binding keeps types, renders numbers, and leaves payloads and state placeholders alone', () => {
  const container = {
    type: 'column',
    repeat: { items: [{ id: 3, price: 1e21, on: true }], as: 'item' },
    children: [
      {
        type: 'button',
        label: '#{item.id} costs {item.price} {status}',
        visibleWhen: { key: 'liked_{item.id}', equals: '{item.on}' },
        onTap: [{ type: 'emit', name: 'buy-{item.id}', payload: { id: '{item.id}' } }],
      },
    ],
  } as PrototypeNode;
  const [instance] = repeatInstances(container, 'root');
  assert.deepEqual(instance!.node, {
    type: 'button',
    label: '#3 costs 1000000000000000000000 {status}',
    visibleWhen: { key: 'liked_3', equals: true },
    onTap: [{ type: 'emit', name: 'buy-3', payload: { id: '{item.id}' } }],
  });
});

test('expandRepeats binds whole template subtrees and keys every node of the expanded tree', () => {
  const root = {
    type: 'column',
    children: [
      { type: 'text', text: '{item.name}' },
      {
        type: 'box',
        repeat: { items: [{ name: 'A' }, { name: 'B' }], as: 'item' },
        children: [{ type: 'card', children: [{ type: 'scroll', child: { type: 'text', text: '{item.name}!' } }] }],
      },
    ],
  } as PrototypeNode;
  const before = structuredClone(root);
  const { root: expanded, keys } = expandRepeats(root);
  assert.deepEqual(root, before, 'the input is not modified');
  const box = (expanded as { children: PrototypeNode[] }).children[1] as { children: any[]; repeat?: unknown };
  assert.equal(box.repeat, undefined);
  assert.deepEqual(box.children.map((card) => card.children[0].child.text), ['A!', 'B!']);
  assert.equal(keys.get(expanded), 'root');
  assert.equal(keys.get((expanded as { children: PrototypeNode[] }).children[0]!), 'root.children[0]');
  assert.equal(keys.get(box as PrototypeNode), 'root.children[1]');
  assert.equal(keys.get(box.children[1].children[0].child), 'root.children[1].repeat[1].children[0].children[0].child');
  assert.equal(((expanded as { children: any[] }).children[0]).text, '{item.name}', 'outside a template nothing binds');
});

test('a node without repeat has no instances', () => {
  assert.deepEqual(repeatInstances({ type: 'column', children: [{ type: 'spacer' }] } as PrototypeNode, 'root'), []);
});
