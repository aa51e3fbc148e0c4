/** Spec "Lifecycle and safety": sequences, dismissal reasons, idle TTL; snackbar durationMs. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';
import { DEFAULT_IDLE_TTL_MS } from '../../src/runtime/index.ts';

const tapper = spec({ type: 'text', text: 't', onTap: [{ type: 'emit', name: 'tap' }] });

test('"Sequences start at 1 per prototype id and continue across re-shows"', () => {
  const { controller, events } = setup();
  controller.show(tapper);
  controller.interact({ type: 'tap', key: 'root' });
  controller.show({ ...tapper, id: 'other' });
  controller.interact({ type: 'tap', key: 'root' });
  controller.show(tapper);
  controller.interact({ type: 'tap', key: 'root' });
  controller.dismiss('agent');
  controller.show(tapper);
  controller.interact({ type: 'tap', key: 'root' });
  assert.deepEqual(events.map((e) => `${e.id}:${e.sequence}`), ['p:1', 'other:1', 'p:2', 'p:3', 'p:4']);
  assert.equal(controller.inspect()!.lastSequence, 4);
});

test('"Every dismissal emits one prototype_event with kind: dismissed, null name" for each reason', () => {
  for (const reason of ['user', 'agent', 'disconnect', 'ttl', 'teardown'] as const) {
    const { controller, events, clock } = setup();
    controller.show(spec({ type: 'text', text: 't' }, { state: { a: 1 } }));
    clock.advance(5);
    assert.deepEqual(controller.dismiss('later' as never), { ok: false }, 'an unknown reason dismisses nothing');
    assert.deepEqual(controller.dismiss(reason), { ok: true });
    assert.deepEqual(controller.dismiss(reason), { ok: false }, 'nothing left to dismiss');
    assert.deepEqual(events, [{ timestamp: 1005, id: 'p', sequence: 1, kind: 'dismissed', name: null, payload: { reason }, state: { a: 1 }, pages: {} }]);
    assert.equal(controller.renderModel(), null);
  }
});

test('"The device fallback TTL is five minutes (300,000 ms)": idle expiry dismisses with reason ttl', () => {
  assert.equal(DEFAULT_IDLE_TTL_MS, 300_000);
  const { controller, events, clock } = setup();
  controller.show(tapper);
  clock.advance(299_999);
  assert.equal(events.length, 0);
  clock.advance(1);
  assert.deepEqual(events.map((e) => [e.kind, e.payload, e.timestamp]), [['dismissed', { reason: 'ttl' }, 301_000]]);
  assert.equal(controller.inspect(), null);
  assert.equal(clock.pending, 0);
});

test('"Shows (including a same-id show) and user interactions restart it"; device changes do not', () => {
  const { controller, events, clock } = setup();
  controller.show(tapper);
  clock.advance(200_000);
  controller.interact({ type: 'tap', key: 'root' });
  clock.advance(200_000);
  controller.show(tapper);
  clock.advance(200_000);
  controller.setDevice({ dark: true });
  clock.advance(99_999);
  assert.deepEqual(events.map((e) => e.kind), ['emit', 'appearance_changed']);
  clock.advance(1);
  assert.deepEqual(events.map((e) => e.kind), ['emit', 'appearance_changed', 'dismissed']);
});

test('"initial/restored unchanged pager reports are rendering and do not count" toward idle', () => {
  const { controller, events, clock } = setup();
  controller.show(spec({ type: 'pager', id: 'p', children: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }));
  clock.advance(200_000);
  controller.interact({ type: 'pageSettled', key: 'root', page: 0 });
  clock.advance(100_000);
  assert.deepEqual(events.map((e) => e.payload), [{ reason: 'ttl' }]);
});

test('the idle TTL is settable on the controller', () => {
  const { controller, events, clock } = setup({ dark: false }, 1_000);
  controller.show(tapper);
  clock.advance(1_000);
  assert.deepEqual(events.map((e) => e.kind), ['dismissed']);
});

test('"A show replacement closes the old runtime silently and cancels its timer"', () => {
  const { controller, events, clock } = setup();
  controller.show(spec({ type: 'snackbar', openWhen: { key: 'toast', equals: true }, text: 'Hi', durationMs: 1_000 }, { state: { toast: true } }));
  controller.show({ ...tapper, id: 'next' });
  clock.advance(5_000);
  assert.deepEqual(events, []);
  assert.equal(clock.pending, 1, 'only the idle timer remains');
});

test('snackbar "closes itself that long after it opens, by writing !equals to its openWhen key"', () => {
  const { controller, events, clock } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'snackbar', openWhen: { key: 'toast', equals: true }, text: 'Saved {n}', durationMs: 4_000 },
      { type: 'button', label: 'Save', onTap: [{ type: 'setState', key: 'toast', value: true }, { type: 'increment', key: 'n' }] },
    ],
  }, { state: { toast: false, n: 0 } }));
  controller.interact({ type: 'tap', key: 'root.children[1]' });
  assert.deepEqual(controller.inspect()!.openOverlays.snackbars, ['root.children[0]']);
  clock.advance(3_999);
  assert.equal(events.length, 1);
  clock.advance(1);
  assert.deepEqual(events.map((e) => [e.kind, e.payload, e.timestamp]), [
    ['change', { keys: ['toast', 'n'], values: [true, 1] }, 1_000],
    ['change', { key: 'toast', value: false }, 5_000],
  ]);
  assert.deepEqual(controller.inspect()!.openOverlays.snackbars, []);
});

test('a snackbar closed by hand cancels its timer; reopening starts a new one', () => {
  const { controller, events, clock } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'snackbar', openWhen: { key: 'toast', equals: true }, text: 'Saved', durationMs: 1_000 },
      { type: 'button', label: 'Open', onTap: [{ type: 'setState', key: 'toast', value: true }] },
    ],
  }, { state: { toast: true } }));
  controller.interact({ type: 'close', key: 'root.children[0]' });
  clock.advance(600);
  controller.interact({ type: 'tap', key: 'root.children[1]' });
  clock.advance(600);
  assert.equal(events.length, 2, 'the first timer was cancelled');
  clock.advance(400);
  assert.deepEqual(events.map((e) => e.payload), [{ key: 'toast', value: false }, { key: 'toast', value: true }, { key: 'toast', value: false }]);
});

test('an unknown appearance "fails the request and leaves what is showing untouched"', () => {
  const { controller } = setup();
  controller.show(tapper);
  const result = controller.show({ ...tapper, id: 'new' }, { appearance: 'sepia' as never });
  assert.equal(result.ok, false);
  assert.equal(controller.inspect()!.id, 'p');
});

test('inspect reports {id, state, data, revision, pages, lastSequence, appearance, open overlays}', () => {
  const { controller } = setup({ dark: true });
  assert.equal(controller.inspect(), null);
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'pager', id: 'p', children: [{ type: 'text', text: 'a' }] },
      { type: 'bottomSheet', openWhen: { key: 'sheet', equals: true }, detents: ['half'], child: { type: 'text', text: 's' } },
    ],
  }, { state: { sheet: true } }));
  assert.deepEqual(controller.inspect(), {
    id: 'p', persistent: false, state: { sheet: true }, data: {}, revision: 1, dataRefusals: [], timers: [], pages: { p: 0 }, lastSequence: 0,
    appearance: { mode: 'dark', source: 'system', deviceDark: true },
    openOverlays: { dialogs: [], snackbars: [], sheets: ['root.children[1]'], menus: [], drawers: [], spotlights: [] },
  });
});

test('"A persistence: device prototype ... has no idle TTL"', () => {
  const { controller, events, clock } = setup();
  controller.show({ ...tapper, window: { placement: { type: 'fullscreen' }, persistence: 'device' } });
  clock.advance(10 * DEFAULT_IDLE_TTL_MS);
  assert.deepEqual(events, []);
  assert.equal(controller.inspect()!.id, 'p');
  assert.equal(controller.inspect()!.persistent, true);
  assert.equal(clock.pending, 0);
});

test('an idle TTL that is not positive falls back to five minutes', () => {
  const { controller, events, clock } = setup({ dark: false }, 0);
  controller.show(tapper);
  clock.advance(DEFAULT_IDLE_TTL_MS - 1);
  assert.equal(events.length, 0);
  clock.advance(1);
  assert.equal(events.length, 1);
});

test('a spec the runtime cannot build is refused as a value and leaves what is shown untouched', () => {
  const { controller } = setup();
  controller.show(tapper);
  const result = controller.show({ id: 'broken', window: { placement: { type: 'fullscreen' } }, root: null } as never);
  assert.equal(result.ok, false);
  assert.equal(controller.inspect()!.id, 'p');
});
