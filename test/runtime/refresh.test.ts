/** scroll.refresh: a pull writes true and runs onRefresh; a pull while true is ignored; false ends it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';
import type { ScrollNode } from '../../src/runtime/index.ts';

const refreshSpec = () => spec(
  { type: 'scroll', refresh: { stateKey: 'loading', onRefresh: [{ type: 'emit', name: 'reload' }, { type: 'increment', key: 'pulls' }] }, child: { type: 'text', text: '{pulls}' } },
  { state: { loading: false, pulls: 0 } },
);

test('a pull writes true (one change event), runs onRefresh, and the scroll shows it is refreshing', () => {
  const { controller, events } = setup();
  controller.show(refreshSpec());
  assert.deepEqual((controller.renderModel()!.root as ScrollNode).refresh, { refreshing: false });
  assert.deepEqual(controller.interact({ type: 'refresh', key: 'root' }), { ok: true });
  assert.deepEqual(events.map((event) => [event.kind, event.name, event.payload]), [
    ['change', null, { key: 'loading', value: true }],
    ['emit', 'reload', null],
    ['change', null, { key: 'pulls', value: 1 }],
  ]);
  assert.deepEqual((controller.renderModel()!.root as ScrollNode).refresh, { refreshing: true });
});

test('a pull while refreshing is ignored; writing false ends it and the next pull refreshes again', () => {
  const { controller, events } = setup();
  controller.show(refreshSpec());
  controller.interact({ type: 'refresh', key: 'root' });
  const before = events.length;
  controller.interact({ type: 'refresh', key: 'root' });
  assert.equal(events.length, before);
  assert.equal(controller.patch('p', [{ op: 'set', path: '/state/loading', value: false }]).ok, true);
  assert.deepEqual((controller.renderModel()!.root as ScrollNode).refresh, { refreshing: false });
  controller.interact({ type: 'refresh', key: 'root' });
  assert.equal(controller.inspect()!.state.pulls, 2);
});

test('a scroll without refresh takes no pull', () => {
  const { controller } = setup();
  controller.show(spec({ type: 'scroll', child: { type: 'text', text: 'x' } }));
  assert.equal((controller.renderModel()!.root as ScrollNode).refresh, null);
  assert.deepEqual(controller.interact({ type: 'refresh', key: 'root' }), { ok: false, reason: 'the interaction does not fit this node' });
});
