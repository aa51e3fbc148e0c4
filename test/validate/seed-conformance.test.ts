// Places where the validator once differed from what the seeds say, each checked against the
// sentence of the seed it follows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { platformNotes } from '../../src/host/platform-notes.ts';
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

// Seed 001: "The four node glass fields require only prototype_glass_v1 on iOS; mixing any other iOS
// key requires prototype_platform_namespace_v1 as well."
test('an ios block of glass fields needs only prototype_glass_v1; another ios key adds the namespace capability', () => {
  const needs = (ios: object) => {
    const result = validatePrototypeSpec(spec({ type: 'column', ios, children: [] }));
    assert.ok(result.ok, result.ok ? '' : `${result.path}: ${result.message}`);
    return result.capabilities.filter((capability) => /glass|namespace/.test(capability));
  };
  assert.deepEqual(needs({ glassGroup: true, backgroundExtension: true }), ['prototype_glass_v1']);
  assert.deepEqual(needs({ glassGroup: true, hover: 'lift' }), ['prototype_glass_v1', 'prototype_platform_namespace_v1']);
  assert.deepEqual(needs({ navigationTitle: 'Home' }), ['prototype_platform_namespace_v1']);
});

// Seed 001: "tab.role, bottomAccessory, navigationTitle and sheet.sizing are reported as ignored.
// bottomAccessory is node-only and structurally validated; its descendants provide no targets,
// references or capabilities on either renderer."
test('ios.bottomAccessory is a node checked for its shape only, and a tab takes ios.role; both are reported as ignored', () => {
  const accessory = (bottomAccessory: unknown, extra: unknown[] = []) => spec({ type: 'column', ios: { bottomAccessory }, children: [{ type: 'text', id: 'title', text: 'Home' }, ...extra] });
  const taken = validatePrototypeSpec(accessory({ type: 'row', children: [{ type: 'text', id: 'title', text: '{missing}' }, { type: 'chart', kind: 'bar', rows: [{ x: 'a', y: 1 }], x: 'x', series: [{ field: 'y', label: 'Y' }] }] }));
  assert.ok(taken.ok, taken.ok ? '' : `${taken.path}: ${taken.message}`);
  assert.equal(taken.capabilities.includes('prototype_chart_v1'), false, 'what it holds needs no capability');
  assert.deepEqual(platformNotes(taken.spec as never, taken.namespaceBlocks).map((note) => note.path), ['root.ios.bottomAccessory']);
  assert.equal(refusal(accessory({ type: 'row', children: [{ type: 'nope' }] })).path, 'root.ios.bottomAccessory.children[0].type');
  assert.equal(refusal(accessory({ type: 'text' })).path, 'root.ios.bottomAccessory.text');
  const target = refusal(accessory({ type: 'text', id: 'inside', text: 'x' }, [{ type: 'tooltip', openWhen: { key: 'tip', equals: true }, text: 'Hi', anchorTo: 'inside' }]));
  assert.match(`${target.path}: ${target.message}`, /anchorTo/, 'a node inside is no tooltip target');
  assert.equal(refusal(spec({ type: 'column', children: [] }, { window: { ...WINDOW, ios: { bottomAccessory: { type: 'spacer' } } } })).path, 'window.ios.bottomAccessory', 'node-only');

  const tabs = validatePrototypeSpec(spec({ type: 'tabBar', stateKey: 'tab', items: [{ label: 'Home' }, { label: 'Search', icon: 'search', ios: { role: 'search' } }] }, { state: { tab: 0 } }));
  assert.ok(tabs.ok, tabs.ok ? '' : `${tabs.path}: ${tabs.message}`);
  assert.deepEqual(platformNotes(tabs.spec as never, tabs.namespaceBlocks).map((note) => note.path), ['root.items[1].ios.role']);
  assert.equal(refusal(spec({ type: 'tabBar', stateKey: 'tab', items: [{ label: 'Home', ios: { role: 'home' } }] }, { state: { tab: 0 } })).path, 'root.items[0].ios.role');
});
