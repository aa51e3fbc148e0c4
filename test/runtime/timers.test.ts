/**
 * onAppear and timers in the runtime: handlers run on a first show and on each hidden-to-visible
 * edge (not on a same-id show that keeps state, nor visible-to-visible), at most once an
 * interaction; timers fire in due order on the injected clock or on advanceClock, survive the
 * node that started them, and go with dismissal, expiry or a show that replaces the prototype.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup } from './helpers.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import type { PrototypeSpec } from '../../src/spec/index.ts';
import { DEFAULT_IDLE_TTL_MS } from '../../src/runtime/index.ts';

const COUNTDOWN = JSON.parse(readFileSync(new URL('../fixtures/prototype-spec/valid/timers-countdown.json', import.meta.url), 'utf8'));

function valid(spec: unknown): PrototypeSpec {
  const result = validatePrototypeSpec(spec);
  if (!result.ok) throw new Error(`${result.path}: ${result.message}`);
  return result.spec;
}

test('the root\'s onAppear starts a timer that fires on the clock; the Done node appears and runs its own handler once', () => {
  const { controller, events, clock } = setup();
  controller.show(valid(COUNTDOWN));
  assert.deepEqual(controller.inspect()!.timers, [{ id: 'tick', nextFireInMs: 20000, runs: 0 }]);
  clock.advance(20000);
  assert.equal(controller.inspect()!.state.left, 2);
  assert.deepEqual(events.map((event) => event.payload), [{ key: 'left', value: 2 }], 'a timer fire emits like a tap');
  clock.advance(2000);
  assert.deepEqual(events.map((event) => [event.kind, event.name]), [['change', null], ['change', null], ['change', null], ['emit', 'done'], ['change', null]]);
  assert.deepEqual(controller.inspect()!.timers, [], 'three runs, then the timer is gone');
  assert.equal(controller.inspect()!.state.open, true);
});

test('advanceClock fires due timers in order without waiting; a same-id show keeps timers and fires nothing', () => {
  const { controller, events, clock } = setup();
  controller.show(valid(COUNTDOWN));
  assert.deepEqual(controller.advanceClock(21000), { ok: true, fired: 2 });
  assert.equal(controller.inspect()!.state.left, 1);
  assert.deepEqual(controller.inspect()!.timers, [{ id: 'tick', nextFireInMs: 1000, runs: 2 }], 'fired at 20000 and 21000');
  controller.show(valid(COUNTDOWN));
  assert.deepEqual(controller.inspect()!.timers, [{ id: 'tick', nextFireInMs: 1000, runs: 2 }], 'kept across a same-id show');
  assert.equal(events.length, 2, 'and the root\'s onAppear did not run again');
  clock.advance(1000);
  assert.equal(controller.inspect()!.state.left, 2, 'the new show\'s state (3), less the third run');
  assert.deepEqual(controller.advanceClock(-1), { ok: false, message: 'ms is whole milliseconds from 0 to 86400000' });
});

test('a reset show, a show of another id, dismissal and idle expiry cancel the timers', () => {
  const { controller, clock } = setup();
  controller.show(valid(COUNTDOWN));
  controller.show(valid(COUNTDOWN), { reset: true });
  assert.deepEqual(controller.inspect()!.timers.map((timer) => timer.runs), [0], 'reset: the old timer went and onAppear started a new one');
  controller.interact({ type: 'tap', key: 'root.children[1]' });
  assert.deepEqual(controller.inspect()!.timers, [], 'cancelTimer');
  controller.show(valid(COUNTDOWN), { reset: true });
  controller.dismiss('agent');
  assert.equal(clock.pending, 0, 'nothing is left scheduled after a dismissal');
  controller.show(valid(COUNTDOWN));
  clock.advance(DEFAULT_IDLE_TTL_MS);
  assert.equal(controller.inspect(), null, 'timer fires do not keep the prototype from expiring');
  assert.equal(clock.pending, 0);
});

test('onAppear runs on hidden-to-visible edges only, once an interaction, and a timer outlives the node that started it', () => {
  const { controller, events } = setup();
  const spec = {
    id: 'edges',
    window: { placement: { type: 'fullscreen' } },
    state: { show: false, seen: 0 },
    root: {
      type: 'column',
      children: [
        { type: 'button', label: 'toggle', onTap: [{ type: 'toggle', key: 'show' }] },
        {
          type: 'column',
          visibleWhen: { key: 'show', equals: true },
          children: [{
            type: 'text',
            text: 'inner',
            visibleWhen: { key: 'seen', gt: -1 },
            // Each appearance counts, and the write it makes keeps it visible (visible-to-visible).
            onAppear: [{ type: 'increment', key: 'seen' }, { type: 'startTimer', id: 't', afterMs: 100, onFire: [{ type: 'emit', name: 'later' }] }],
          }],
        },
      ],
    },
  };
  controller.show(valid(spec));
  assert.equal(controller.inspect()!.state.seen, 0, 'hidden behind its parent at show');
  controller.interact({ type: 'tap', key: 'root.children[0]' });
  assert.equal(controller.inspect()!.state.seen, 1, 'its parent became visible: an edge, and only one run');
  controller.interact({ type: 'tap', key: 'root.children[0]' });
  assert.equal(controller.advanceClock(100).ok, true);
  assert.equal(events.at(-1)!.name, 'later', 'the timer fired though its node is hidden again');
  controller.interact({ type: 'tap', key: 'root.children[0]' });
  assert.equal(controller.inspect()!.state.seen, 2);
});
