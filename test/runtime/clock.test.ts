// The prototype's own clock (device {clock: "paused"}): while paused nothing the prototype waits
// for falls due (timers, a snackbar's duration, the idle timeout); advanceClock moves it through
// them in due order; running again continues from where it stopped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PrototypeClock } from '../../src/runtime/clock.ts';
import { FakeClock, setup, spec, valid } from './helpers.ts';

test('a paused clock holds every timeout; advance runs what falls due in order at its own time; resume continues the rest', () => {
  const device = new FakeClock();
  const clock = new PrototypeClock(device);
  const fired: Array<[string, number]> = [];
  const at = (name: string) => () => fired.push([name, clock.now()]);
  clock.setTimeout(at('b'), 300);
  clock.setTimeout(at('a'), 100);
  clock.setTimeout(at('tie'), 300);
  const late = clock.setTimeout(at('late'), 900);
  clock.pause();
  device.advance(5_000);
  assert.deepEqual(fired, [], 'nothing falls due while paused');
  assert.equal(clock.now(), 1_000, 'the paused clock stands still');
  clock.advance(300);
  assert.deepEqual(fired, [['a', 1_100], ['b', 1_300], ['tie', 1_300]]);
  clock.clearTimeout(late);
  clock.setTimeout(at('chained'), 50);
  clock.resume();
  device.advance(49);
  assert.equal(fired.length, 3);
  device.advance(1);
  assert.deepEqual(fired.at(-1), ['chained', 1_350]);
  assert.equal(clock.now(), 1_350, 'running again, it moves on from where it stopped');
});

test('a callback that sets a timeout during an advance is run in the same advance when due within it', () => {
  const clock = new PrototypeClock(new FakeClock());
  const fired: number[] = [];
  const tick = () => {
    fired.push(clock.now());
    if (fired.length < 5) clock.setTimeout(tick, 100);
  };
  clock.setTimeout(tick, 100);
  clock.advance(350);
  assert.deepEqual(fired, [1_100, 1_200, 1_300]);
  assert.equal(clock.now(), 1_350);
});

test('paused: a startTimer, a snackbar duration and the idle timeout wait; advanceClock fires the timers and closes the snackbar, and restarts the idle timeout', () => {
  const { controller, clock, events } = setup({ dark: false }, 60_000);
  controller.show(valid(spec({
    type: 'column',
    onAppear: [{ type: 'startTimer', id: 'tick', afterMs: 1_000, everyMs: 1_000, times: 3, onFire: [{ type: 'increment', key: 'n' }] }],
    children: [{ type: 'snackbar', testTag: 'toast', openWhen: { key: 'toast', equals: true }, text: 'Saved', durationMs: 4_000 }],
  }, { state: { n: 0, toast: true } })));
  controller.setClock('paused');
  assert.equal(controller.clockPaused, true);
  clock.advance(120_000);
  assert.equal(controller.inspect()!.state.n, 0, 'no timer fired');
  assert.equal(controller.inspect()!.state.toast, true, 'the snackbar stays open');
  assert.ok(controller.renderModel() !== null, 'the idle timeout did not dismiss it');
  assert.deepEqual(controller.inspect()!.timers, [{ id: 'tick', nextFireInMs: 1_000, runs: 0 }]);

  assert.deepEqual(controller.advanceClock(2_500), { ok: true, fired: 2 });
  assert.equal(controller.inspect()!.state.n, 2);
  assert.equal(controller.inspect()!.state.toast, true);
  assert.deepEqual(controller.advanceClock(70_000), { ok: true, fired: 1 }, 'an advance past the idle timeout keeps the prototype');
  assert.equal(controller.inspect()!.state.toast, false, 'the snackbar closed at 4 s');
  assert.ok(controller.renderModel() !== null);
  assert.ok(!events.some((event) => event.kind === 'dismissed'));

  controller.setClock('running');
  clock.advance(60_000);
  assert.equal(events.at(-1)!.kind, 'dismissed', 'running again, the idle timeout comes');
  assert.deepEqual(events.at(-1)!.payload, { reason: 'ttl' });
});
