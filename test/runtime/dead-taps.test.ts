/** window.deadTaps: a tap nothing handled becomes one prototype_dead_tap emit event. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';

const fullscreen = (extra: Record<string, unknown> = {}) => ({ window: { placement: { type: 'fullscreen' }, deadTaps: true, ...extra } });

test('a dead tap emits its point to a tenth of a dp, with no stack', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'text', text: 'hello' }, fullscreen()));
  assert.deepEqual(controller.deadTap(10.26, 200.04), { ok: true });
  assert.deepEqual(events.map((event) => [event.kind, event.name, event.payload]), [['emit', 'prototype_dead_tap', { x: 10.3, y: 200, stack: null, screen: null }]]);
});

test('the payload names the deepest shown stack and its top screen; ties take the lowest stack id', () => {
  const { controller, events } = setup();
  const inner = (id: string) => ({ type: 'stack', id, initial: 'one', screens: { one: { type: 'text', text: id } } });
  controller.show(spec({ type: 'stack', id: 'outer', initial: 'home', screens: { home: { type: 'column', children: [inner('zeta'), inner('beta')] } } }, fullscreen()));
  controller.deadTap(1, 2);
  assert.deepEqual(events[0]!.payload, { x: 1, y: 2, stack: 'beta', screen: 'one' });
});

test('without window.deadTaps nothing is reported', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'text', text: 'hello' }));
  assert.deepEqual(controller.deadTap(1, 2), { ok: false });
  assert.deepEqual(events, []);
});
