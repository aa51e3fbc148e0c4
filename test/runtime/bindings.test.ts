/**
 * Runtime write checks agree with the validator's show-time binding types (#11452): a setState the
 * validator refuses at show is also refused at runtime, and the runtime refuses writes outside
 * ranges the validator cannot see statically. Also the state size cap and malformed interactions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { MAX_STATE_BYTES } from '../../src/runtime/unit.ts';
import { setup, spec } from './helpers.ts';

const controls: Record<string, { node: unknown; state: Record<string, unknown> }> = {
  textField: { node: { type: 'textField', stateKey: 'k' }, state: { k: '' } },
  switch: { node: { type: 'switch', stateKey: 'k' }, state: { k: false } },
  checkbox: { node: { type: 'checkbox', stateKey: 'k' }, state: { k: false } },
  filterChip: { node: { type: 'chip', label: 'c', stateKey: 'k' }, state: { k: false } },
  listItem: { node: { type: 'listItem', headline: 'h', trailing: { type: 'switch', stateKey: 'k' } }, state: { k: false } },
  radioGroup: { node: { type: 'radioGroup', stateKey: 'k', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }, state: { k: 'a' } },
  segmentedButton: { node: { type: 'segmentedButton', stateKey: 'k', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }, state: { k: 'a' } },
  slider: { node: { type: 'slider', stateKey: 'k', min: 0, max: 10, step: 5 }, state: { k: 5 } },
  progress: { node: { type: 'progress', stateKey: 'k', max: 2 }, state: { k: 1 } },
  timePickerHour: { node: { type: 'timePicker', hourKey: 'k', minuteKey: 'mm' }, state: { k: 1, mm: 0 } },
  datePicker: { node: { type: 'datePicker', stateKey: 'k' }, state: { k: '2026-01-01' } },
  tabBar: { node: { type: 'tabBar', stateKey: 'k', items: [{ label: 'A' }] }, state: { k: 0 } },
  dialog: { node: { type: 'dialog', openWhen: { key: 'k', equals: true }, confirm: { label: 'OK' } }, state: { k: false } },
};
const values: unknown[] = ['text', '2026-12-31', 'b', 0, 1, 7, 2.5, -1, 11, true, false];

test('every setState the validator refuses at show, the runtime refuses at run time', () => {
  let refusedAtShow = 0;
  let refusedOnlyAtRuntime = 0;
  for (const [name, control] of Object.entries(controls)) {
    for (const value of values) {
      const raw = spec({ type: 'column', children: [control.node, { type: 'text', text: 'go', onTap: [{ type: 'setState', key: 'k', value }] }] }, { state: control.state });
      const shownOk = validatePrototypeSpec(raw).ok;
      // The runtime is shown the same spec without the show-time check and asked to make the write.
      const { controller } = setup();
      controller.show(raw);
      const runtimeOk = controller.interact({ type: 'tap', key: 'root.children[1]' }).ok;
      if (!shownOk) {
        refusedAtShow++;
        assert.equal(runtimeOk, false, `${name} ← ${JSON.stringify(value)} refused at show but accepted at run time`);
      } else if (!runtimeOk) refusedOnlyAtRuntime++;
    }
  }
  assert.ok(refusedAtShow > 40, 'the validator refuses type mismatches');
  assert.ok(refusedOnlyAtRuntime > 5, 'ranges, grids and dates are checked at run time');
});

test('"the size cap": a write that would grow state past the cap is refused', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'textField', stateKey: 'q' }, { state: { q: '' } }));
  assert.equal(controller.interact({ type: 'edit', key: 'root', text: 'x'.repeat(MAX_STATE_BYTES) }).ok, false);
  assert.equal(controller.interact({ type: 'edit', key: 'root', text: 'é'.repeat(MAX_STATE_BYTES / 2) }).ok, false, 'bytes are UTF-8 bytes');
  assert.equal(controller.interact({ type: 'edit', key: 'root', text: 'x'.repeat(1000) }).ok, true);
  assert.equal(events.length, 1);
});

test('malformed interactions are refused as values, never thrown', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'topAppBar', title: 't', actions: [{ icon: 'search', label: 'Search', onTap: [{ type: 'emit', name: 's' }] }] },
      { type: 'dialog', openWhen: { key: 'd', equals: true }, confirm: { label: 'OK' } },
      { type: 'slider', stateKey: 'v', min: 0, max: 1 },
    ],
  }, { state: { d: true, v: 0 } }));
  const bad = [
    null, undefined, 42, {}, { type: 'tap' }, { type: 'tap', key: 7 },
    { type: 'appBar', key: 'root.children[0]', target: 'constructor' },
    { type: 'appBar', key: 'root.children[0]', target: 0.5 },
    { type: 'dialogButton', key: 'root.children[1]', button: 'other' },
    { type: 'slide', key: 'root.children[2]', value: 'high' },
    { type: 'slide', key: 'root.children[2]', value: Number.NaN },
  ];
  for (const interaction of bad) assert.equal(controller.interact(interaction as never).ok, false, JSON.stringify(interaction));
  assert.deepEqual(events, []);
});
