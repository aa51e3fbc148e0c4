/** onLongPress and onDoubleTap in the runtime: each runs its own list, a node without one refuses it, and rows bind {item}; and swipe actions run their entries. */
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

test('a swipe action runs its entry (start entries first, then end), with colours resolved from the role', () => {
  const { controller, events } = setup();
  controller.show(valid({
    id: 's', window: { placement: { type: 'fullscreen' } }, state: { last: '' },
    root: {
      type: 'listItem', headline: 'Mail',
      swipeActions: {
        start: [{ label: 'Archive', onTap: [{ type: 'setState', key: 'last', value: 'archive' }] }],
        end: [{ label: 'Delete', role: 'destructive', onTap: [{ type: 'setState', key: 'last', value: 'delete' }] }, { label: 'Flag', color: '#FFEB3B', onTap: [{ type: 'setState', key: 'last', value: 'flag' }] }],
      },
    },
  }));
  assert.deepEqual(controller.interact({ type: 'swipeAction', key: 'root', index: 1 }), { ok: true });
  assert.deepEqual(controller.interact({ type: 'swipeAction', key: 'root', index: 3 }), { ok: false, reason: 'no swipe action 3' });
  assert.deepEqual(events.map((event) => event.payload), [{ key: 'last', value: 'delete' }]);
  const swipe = (controller.renderModel()!.root as { swipe: { end: Array<{ background: string; foreground: string }> } }).swipe;
  assert.deepEqual(swipe.end[1], { text: 'Flag', icon: null, background: '#ffeb3b', foreground: '#000000' }, 'dark text on a light custom colour');
  assert.notEqual(swipe.end[0]!.background, swipe.end[1]!.background, 'the destructive role has its own colour');
});

test('rich text reads as its spans run together, spans bind placeholders, and a tappable span runs its actions', () => {
  const { controller, events } = setup();
  controller.show(valid({
    id: 'r', window: { placement: { type: 'fullscreen' } }, state: { name: 'Ada' },
    root: { type: 'text', spans: [{ text: 'Hi ' }, { text: '{name}', style: { color: 'primary' }, onTap: [{ type: 'emit', name: 'profile' }] }, { text: '!' }] },
  }));
  const text = controller.renderModel()!.root as { text: string; label: string; spans: Array<{ text: string; tappable: boolean; style: { color?: string } }> };
  assert.deepEqual([text.text, text.label, text.spans.map((span) => span.tappable)], ['Hi Ada!', 'Hi Ada!', [false, true, false]]);
  assert.ok(text.spans[1]!.style.color, 'a span\'s colour is resolved from the theme');
  assert.deepEqual(controller.interact({ type: 'span', key: 'root', index: 1 }), { ok: true });
  assert.deepEqual(controller.interact({ type: 'span', key: 'root', index: 0 }), { ok: false, reason: 'no tappable span 0' });
  assert.deepEqual(events.map((event) => event.name), ['profile']);
});
