/**
 * Property (issue "Done when"): random sequences of taps, edits and setState actions on random
 * valid specs never leave state that breaks a binding type, never emit a change event without a
 * change, and keep sequences strictly increasing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import type { Interaction, PrototypeEvent } from '../../src/runtime/index.ts';
import { setup } from './helpers.ts';

type Scalar = string | number | boolean;

const initialState = { b0: false, b1: true, s0: '', s1: 'a', n0: 4, n1: 0, h: 7, m: 30, idx: 0, open: false };

/** The controls under test, one per binding type (keys fixed, so the checker below is independent). */
const controls = [
  { type: 'switch', stateKey: 'b0', label: 'Switch' },
  { type: 'checkbox', stateKey: 'b1', label: 'Check' },
  { type: 'textField', stateKey: 's0' },
  { type: 'radioGroup', stateKey: 's1', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
  { type: 'slider', stateKey: 'n0', min: 0, max: 10, step: 2 },
  { type: 'timePicker', hourKey: 'h', minuteKey: 'm' },
  { type: 'bottomNav', stateKey: 'idx', items: [{ label: 'One' }, { label: 'Two' }, { label: 'Three' }] },
  { type: 'bottomSheet', openWhen: { key: 'open', equals: true }, detents: ['half'], child: { type: 'text', text: '{n1}' } },
];
const CONTROL_KEYS = ['root.children[0]', 'root.children[1]', 'root.children[2]', 'root.children[3]', 'root.children[4]', 'root.children[5]', 'root.children[6]', 'root.children[7]'];

/** Independent statement of the binding types of `controls`. */
function bindingBroken(state: Record<string, Scalar>): string | null {
  const int = (v: Scalar, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
  if (typeof state.b0 !== 'boolean' || typeof state.b1 !== 'boolean') return 'switch/checkbox not boolean';
  if (typeof state.s0 !== 'string' || typeof state.s1 !== 'string') return 'text/radio not string';
  if (!int(state.n0!, 0, 10) || (state.n0 as number) % 2 !== 0) return `slider off grid: ${state.n0}`;
  if (!int(state.h!, 0, 23) || !int(state.m!, 0, 59)) return `time out of range: ${state.h}:${state.m}`;
  if (!int(state.idx!, 0, Number.MAX_VALUE)) return `nav index ${state.idx}`;
  if (typeof state.open !== 'boolean') return 'sheet key not boolean';
  if (typeof state.n1 !== 'number' || !Number.isFinite(state.n1)) return 'n1 not finite';
  return null;
}

const typedValue: Record<string, fc.Arbitrary<Scalar>> = {
  b0: fc.boolean(), b1: fc.boolean(), open: fc.boolean(),
  s0: fc.string({ maxLength: 8 }), s1: fc.constantFrom('a', 'b', 'c'),
  n0: fc.integer({ min: -4, max: 14 }), n1: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e308, max: 1e308 }),
  h: fc.integer({ min: -2, max: 26 }), m: fc.integer({ min: -2, max: 62 }), idx: fc.integer({ min: -2, max: 5 }),
};

const action = fc.oneof(
  fc.constantFrom(...Object.keys(typedValue)).chain((key) => typedValue[key]!.map((value) => ({ type: 'setState', key, value }))),
  fc.constantFrom('b0', 'b1', 'open').map((key) => ({ type: 'toggle', key })),
  fc.record({
    type: fc.constantFrom('increment', 'decrement'),
    key: fc.constantFrom('n0', 'n1', 'h', 'm', 'idx'),
    by: fc.constantFrom(1, 2, -1, 0.5, 1e308, -1e308),
  }),
  fc.constantFrom('saved', 'closed').map((name) => ({ type: 'emit', name })),
);

const buttons = fc.array(fc.array(action, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 });

const interaction = (buttonCount: number): fc.Arbitrary<Interaction> => fc.oneof(
  fc.integer({ min: 0, max: buttonCount - 1 }).map((i) => ({ type: 'tap' as const, key: `root.children[${controls.length + i}]` })),
  fc.constantFrom(0, 1).map((i) => ({ type: 'toggle' as const, key: CONTROL_KEYS[i]! })),
  fc.string({ maxLength: 6 }).map((text) => ({ type: 'edit' as const, key: CONTROL_KEYS[2]!, text })),
  fc.constantFrom('a', 'b', 'z').map((value) => ({ type: 'select' as const, key: CONTROL_KEYS[3]!, value })),
  fc.double({ min: -20, max: 20, noNaN: true }).map((value) => ({ type: 'slide' as const, key: CONTROL_KEYS[4]!, value })),
  fc.record({ hour: fc.integer({ min: -1, max: 25 }), minute: fc.integer({ min: -1, max: 61 }) }).map(({ hour, minute }) => ({ type: 'pickTime' as const, key: CONTROL_KEYS[5]!, hour, minute })),
  fc.integer({ min: -1, max: 4 }).map((index) => ({ type: 'selectIndex' as const, key: CONTROL_KEYS[6]!, index })),
  fc.constant({ type: 'close' as const, key: CONTROL_KEYS[7]! }),
);

const scenario = buttons.chain((lists) => fc.record({ lists: fc.constant(lists), steps: fc.array(interaction(lists.length), { maxLength: 25 }) }));

test('random taps, edits and setState lists keep bindings valid, change events real and sequences increasing', () => {
  fc.assert(fc.property(scenario, ({ lists, steps }) => {
    const raw = {
      id: 'prop',
      window: { placement: { type: 'fullscreen' } },
      state: initialState,
      root: { type: 'column', children: [...controls, ...lists.map((onTap, i) => ({ type: 'button', label: `B${i}`, onTap }))] },
    };
    const validated = validatePrototypeSpec(raw);
    assert.ok(validated.ok, 'the generated spec is valid');
    const { controller, events } = setup();
    controller.show(validated.spec);
    const mirror: Record<string, Scalar> = { ...initialState };
    let seen = 0;
    for (const step of steps) {
      controller.interact(step);
      for (const event of events.slice(seen)) assertRealChange(event, mirror);
      seen = events.length;
      const state = controller.inspect()?.state;
      if (!state) break; // no dismiss action is generated, but stay safe
      assert.equal(bindingBroken(state), null, JSON.stringify(state));
      assert.deepEqual(state, mirror, 'change events describe every state change');
    }
    events.forEach((event, i) => assert.equal(event.sequence, i + 1));
  }), { numRuns: 150 });
});

/** A change event must move every key it names; apply it to the mirror. */
function assertRealChange(event: PrototypeEvent, mirror: Record<string, Scalar>): void {
  if (event.kind !== 'change') return;
  const payload = event.payload as { key?: string; value?: Scalar; keys?: string[]; values?: Scalar[] };
  const keys = payload.keys ?? [payload.key!];
  const values = payload.values ?? [payload.value!];
  assert.ok(keys.length > 0);
  keys.forEach((key, i) => {
    assert.ok(!Object.is(mirror[key], values[i]) && mirror[key] !== values[i], `change of ${key} to the same value`);
    mirror[key] = values[i]!;
  });
  assert.deepEqual(event.state, mirror);
}
