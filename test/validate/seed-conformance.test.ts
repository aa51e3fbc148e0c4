// Places where the validator once differed from what the seeds say, each checked against the
// sentence of the seed it follows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

const WINDOW = { placement: { type: 'fullscreen' } };
const spec = (root: unknown, extra: object = {}) => ({ id: 'p', window: WINDOW, ...extra, root });

function refusal(input: unknown): { path: string; message: string } {
  const result = validatePrototypeSpec(input as never);
  assert.ok(!result.ok, 'expected a refusal');
  return { path: result.path, message: result.message };
}

function accepted(input: unknown): void {
  const result = validatePrototypeSpec(input as never);
  assert.ok(result.ok, result.ok ? '' : `${result.path}: ${result.message}`);
}

// Seed 001: "prototype_text_field_actions_v1 gates textField trailingIcon …, imeAction … and
// onSubmit …; the host refuses them with multiline: true."
test('a multiline textField refuses trailingIcon as it refuses imeAction and onSubmit', () => {
  const field = { type: 'textField', stateKey: 'v', multiline: true };
  const state = { state: { v: '' } };
  const icon = refusal(spec({ ...field, trailingIcon: { icon: 'search', label: 'Search' } }, state));
  assert.equal(icon.path, 'root.trailingIcon');
  assert.match(icon.message, /multiline/);
  assert.equal(refusal(spec({ ...field, imeAction: 'send' }, state)).path, 'root.imeAction');
  accepted(spec({ ...field, multiline: false, trailingIcon: { icon: 'search', label: 'Search' } }, state));
});

// Seed 001: "Optional integer span >= 1 is valid only on a direct grid child and cannot exceed
// fixed columns; the renderer clamps to the runtime count."
test('a grid child span is bounded by fixed columns only; with minWidth columns any span >= 1 is valid', () => {
  const cell = (span: number) => ({ type: 'box', span, children: [] });
  accepted(spec({ type: 'grid', columns: { minWidth: 80 }, children: [cell(40)] }));
  accepted(spec({ type: 'grid', columns: 12, children: [cell(12)] }));
  assert.equal(refusal(spec({ type: 'grid', columns: 3, children: [cell(4)] })).path, 'root.children[0].span');
  assert.equal(refusal(spec({ type: 'grid', columns: { minWidth: 80 }, children: [cell(0)] })).path, 'root.children[0].span');
});
