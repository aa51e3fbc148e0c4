/** onLongPress and onDoubleTap in the runtime: each runs its own list, a node without one refuses it, and rows bind {item}. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, valid } from './helpers.ts';

const SPEC = valid({
  id: 'gestures',
  window: { placement: { type: 'fullscreen' } },
  state: { likes: 0 },
  root: {
    type: 'column',
    repeat: { items: [{ id: 'a' }, { id: 'b' }], as: 'row' },
    children: [
      {
        type: 'card', children: [],
        onLongPress: [{ type: 'emit', name: 'menu-{row.id}' }],
        onDoubleTap: [{ type: 'increment', key: 'likes' }],
      },
    ],
  },
});

test('a long press and a double tap run their own lists, with the row bound', () => {
  const { controller, events } = setup();
  controller.show(SPEC);
  const card = 'root.repeat[1].children[0]';
  assert.deepEqual(controller.interact({ type: 'longPress', key: card }), { ok: true });
  assert.deepEqual(controller.interact({ type: 'doubleTap', key: card }), { ok: true });
  assert.deepEqual(events.map((event) => [event.kind, event.name, event.payload]), [['emit', 'menu-b', null], ['change', null, { key: 'likes', value: 1 }]]);
  const model = controller.renderModel()!.root as { children: Array<{ gestures: unknown; tappable: boolean }> };
  assert.deepEqual([model.children[0]!.gestures, model.children[0]!.tappable], [{ longPress: true, doubleTap: true }, false]);
});

test('a node without the gesture refuses it and nothing is written', () => {
  const { controller, events } = setup();
  controller.show(valid({ id: 'g', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', text: 'x', onLongPress: [{ type: 'emit', name: 'held' }] } }));
  assert.deepEqual(controller.interact({ type: 'doubleTap', key: 'root' }), { ok: false, reason: 'the node has no onDoubleTap' });
  assert.deepEqual(controller.interact({ type: 'longPress', key: 'root' }), { ok: true });
  assert.deepEqual(events.map((event) => event.name), ['held']);
});
