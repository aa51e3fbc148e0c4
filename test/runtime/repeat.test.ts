/** Spec "List templates: repeat" as the runtime sees it: instances keyed and bound per item. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';
import type { ContainerNode, TextNode } from '../../src/runtime/index.ts';

test('the seed\'s repeat example: "{index}: {item.name}", a styleWhen per row and setState of "{item.tag}"', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    repeat: { items: [{ name: 'Alpha', tag: 'a' }, { name: 'Beta', tag: 'b' }], as: 'item' },
    children: [{
      type: 'text',
      text: '{index}: {item.name}',
      styleWhen: [{ when: { key: 'picked', equals: '{item.tag}' }, style: { color: '#2255CC' } }],
      onTap: [{ type: 'setState', key: 'picked', value: '{item.tag}' }],
    }],
  }, { theme: { mode: 'light' } }));
  const rows = () => (controller.renderModel()!.root as ContainerNode).children as TextNode[];
  assert.deepEqual(rows().map((row) => [row.key, row.text]), [
    ['root.repeat[0].children[0]', '0: Alpha'],
    ['root.repeat[1].children[0]', '1: Beta'],
  ]);
  controller.interact({ type: 'tap', key: 'root.repeat[1].children[0]' });
  assert.deepEqual(events.map((e) => e.payload), [{ key: 'picked', value: 'b' }]);
  assert.deepEqual(rows().map((row) => row.style.color), [controller.renderModel()!.scheme.onSurface, '#2255cc']);
});

test('"key": "liked_{item.id}" gives every row its own state, and its own binding rule', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    repeat: { items: [{ id: 1 }, { id: 2 }], as: 'item' },
    children: [
      { type: 'checkbox', stateKey: 'liked_{item.id}', label: 'Like {item.id}' },
      { type: 'text', text: 'bad', onTap: [{ type: 'setState', key: 'liked_{item.id}', value: 'nope' }] },
    ],
  }, { state: { liked_1: false, liked_2: true } }));
  controller.interact({ type: 'toggle', key: 'root.repeat[0].children[0]' });
  assert.deepEqual(events.map((e) => e.payload), [{ key: 'liked_1', value: true }]);
  assert.equal(controller.interact({ type: 'tap', key: 'root.repeat[1].children[1]' }).ok, false);
  assert.deepEqual(controller.inspect()!.state, { liked_1: true, liked_2: true });
  const labels = (controller.renderModel()!.root as ContainerNode).children.map((child) => child.label);
  // A checkbox label is not a repeat binding site: "Anything else ... is untouched".
  assert.deepEqual(labels, ['Like {item.id}', 'bad', 'Like {item.id}', 'bad']);
});
