/** Spec "Conditions", "Conditional style", text interpolation and number rendering, "Accessible labels". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';
import type { ContainerNode, RenderNode, TextNode } from '../../src/runtime/index.ts';
import { conditionHolds } from '../../src/runtime/conditions.ts';
import type { Condition, Scalar } from '../../src/spec/index.ts';

const reader = (state: Record<string, Scalar>) => (key: string) => state[key];
const holds = (condition: unknown, state: Record<string, Scalar>) => conditionHolds(condition as Condition, reader(state));

test('"{key, equals}: exactly equal (same type). A missing key never holds"', () => {
  assert.equal(holds({ key: 'a', equals: 1 }, { a: 1 }), true);
  assert.equal(holds({ key: 'a', equals: '1' }, { a: 1 }), false);
  assert.equal(holds({ key: 'a', equals: true }, { a: 1 }), false);
  assert.equal(holds({ key: 'missing', equals: false }, {}), false);
});

test('"Numbers compare by value, so a state of -0 equals 0"', () => {
  assert.equal(holds({ key: 'a', equals: 0 }, { a: -0 }), true);
  assert.equal(holds({ key: 'a', notEquals: 0 }, { a: -0 }), false);
});

test('"{key, notEquals}: the state value differs, including when the key is missing"', () => {
  assert.equal(holds({ key: 'a', notEquals: 'x' }, { a: 'y' }), true);
  assert.equal(holds({ key: 'a', notEquals: 'x' }, { a: 'x' }), false);
  assert.equal(holds({ key: 'missing', notEquals: 'x' }, {}), true);
});

test('"{key, gt} / {key, lt}: a number greater / less than. Any other type is false"', () => {
  assert.equal(holds({ key: 'n', gt: 1 }, { n: 2 }), true);
  assert.equal(holds({ key: 'n', gt: 2 }, { n: 2 }), false);
  assert.equal(holds({ key: 'n', lt: 2 }, { n: 1 }), true);
  assert.equal(holds({ key: 's', gt: 1 }, { s: '5' }), false);
  assert.equal(holds({ key: 's', lt: 1 }, { s: false }), false);
  assert.equal(holds({ key: 'missing', lt: 1 }, {}), false);
});

test('all / any / not groups', () => {
  const state = { a: 1, b: 'x' };
  assert.equal(holds({ all: [{ key: 'a', equals: 1 }, { key: 'b', equals: 'x' }] }, state), true);
  assert.equal(holds({ all: [{ key: 'a', equals: 1 }, { key: 'b', equals: 'y' }] }, state), false);
  assert.equal(holds({ any: [{ key: 'a', equals: 2 }, { key: 'b', equals: 'x' }] }, state), true);
  assert.equal(holds({ any: [{ key: 'a', equals: 2 }] }, state), false);
  assert.equal(holds({ not: { key: 'a', equals: 2 } }, state), true);
  assert.equal(holds({ not: { not: { key: 'missing', equals: 1 } } }, state), false);
});

function textOf(state: Record<string, Scalar>, text: string): string {
  const { controller } = setup();
  controller.show(spec({ type: 'text', text }, { state }));
  return (controller.renderModel()!.root as TextNode).text;
}

test('number rendering: "An integral number prints every digit ... (12345678, 1000000000000000000000), and negative zero prints 0"', () => {
  assert.equal(textOf({ n: 12345678 }, '{n}'), '12345678');
  assert.equal(textOf({ n: 1e21 }, '{n}'), '1000000000000000000000');
  assert.equal(textOf({ n: -0 }, '{n}'), '0');
  assert.equal(textOf({ n: -(2 ** 70) }, '{n}'), '-1180591620717411303424', 'every digit of the exact value');
});

test('number rendering: "shortest decimal digits ... plain down to 0.000001 (0.30000000000000004, 0.00001) and <digits>e-<exponent> below (1e-7, 2.5e-7)"', () => {
  assert.equal(textOf({ n: 0.1 + 0.2 }, '{n}'), '0.30000000000000004');
  assert.equal(textOf({ n: 0.00001 }, '{n}'), '0.00001');
  assert.equal(textOf({ n: 0.000001 }, '{n}'), '0.000001');
  assert.equal(textOf({ n: 1e-7 }, '{n}'), '1e-7');
  assert.equal(textOf({ n: 2.5e-7 }, '{n}'), '2.5e-7');
});

test('interpolation: state keys of every type; a missing key and other braces stay literal', () => {
  assert.equal(textOf({ hour: 7, minute: 5, name: 'Ana', on: true }, 'Alarm set for {hour}:{minute} by {name} ({on})'), 'Alarm set for 7:5 by Ana (true)');
  assert.equal(textOf({}, 'Hi {nobody} {not a key} {}'), 'Hi {nobody} {not a key} {}');
});

test('"A false condition, or a missing key, means hidden": visibleWhen follows state', () => {
  const { controller } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'text', text: 'shown when on', visibleWhen: { key: 'on', equals: true }, transition: 'slide' },
      { type: 'text', text: 'missing key', visibleWhen: { key: 'nope', equals: true } },
      { type: 'switch', stateKey: 'on' },
    ],
  }, { state: { on: false } }));
  const visible = () => (controller.renderModel()!.root as ContainerNode).children.map((child) => child.visible);
  assert.deepEqual(visible(), [false, false, true]);
  controller.interact({ type: 'toggle', key: 'root.children[2]' });
  assert.deepEqual(visible(), [true, false, true]);
  const first = (controller.renderModel()!.root as ContainerNode).children[0]!;
  assert.equal(first.animatesVisibility, true);
  assert.equal(first.transition, 'slide');
});

test('styleWhen: "merged over the node\'s base style in authored order ... padding ... replace the base object whole"', () => {
  const { controller } = setup();
  controller.show(spec({
    type: 'box',
    children: [],
    style: { background: '#FF0000', padding: { top: 8, start: 4 }, width: 'fill' },
    styleWhen: [
      { when: { key: 'sel', equals: true }, style: { background: '#00FF00', padding: { bottom: 2 } } },
      { when: { key: 'n', gt: 0 }, style: { background: '#0000FF' } },
      { when: { key: 'n', gt: 100 }, style: { background: '#FFFFFF' } },
    ],
  }, { state: { sel: true, n: 1 }, theme: { mode: 'light' } }));
  assert.deepEqual(controller.renderModel()!.root.style, {
    background: '#0000ff', padding: { top: 0, bottom: 2, start: 0, end: 0 }, width: 'fill',
  });
});

test('text style: textStyle roles follow typography.scale; explicit properties win; plain text keeps 14 sp and the theme family', () => {
  const { controller } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'text', text: 'a', style: { textStyle: 'titleLarge' } },
      { type: 'text', text: 'b', style: { textStyle: 'titleLarge', textSize: 30, fontFamily: 'monospace' } },
      { type: 'text', text: 'c' },
    ],
  }, { theme: { typography: { scale: 1.5, fontFamily: 'serif' }, mode: 'light' } }));
  const [a, b, c] = (controller.renderModel()!.root as ContainerNode).children.map((child) => child.style);
  assert.deepEqual([a!.textSize, a!.lineHeight, a!.fontFamily], [33, 42, 'serif']);
  assert.deepEqual([b!.textSize, b!.lineHeight, b!.fontFamily], [30, 42, 'mono']);
  assert.deepEqual([c!.textSize, c!.lineHeight, c!.fontFamily], [14, undefined, 'serif']);
  assert.equal(c!.color, controller.renderModel()!.scheme.onSurface, '"A text node with no color draws in the theme\'s content colour (onSurface)"');
});

test('"Accessible labels": contentDescription wins, else text, else an icon-only tappable node\'s icon name', () => {
  const { controller } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'text', text: 'Hello {name}' },
      { type: 'text', text: 'x', contentDescription: 'Close {name}' },
      { type: 'icon', name: 'home', onTap: [{ type: 'emit', name: 'home' }] },
      { type: 'icon', name: 'star' },
      { type: 'box', children: [{ type: 'icon', name: 'add' }], onTap: [{ type: 'emit', name: 'add' }] },
      { type: 'row', children: [{ type: 'text', text: 'inside' }] },
      { type: 'iconButton', icon: 'search' },
      { type: 'fab', icon: 'edit', label: 'Compose' },
      { type: 'fab', icon: 'edit' },
      { type: 'listItem', headline: 'Wi-Fi', supporting: 'On' },
      { type: 'card', children: [] },
      { type: 'topAppBar', title: 'Inbox ({name})' },
    ],
  }, { state: { name: 'Ana' } }));
  const labels = (controller.renderModel()!.root as ContainerNode).children.map((child: RenderNode) => child.label);
  assert.deepEqual(labels, ['Hello Ana', 'Close Ana', 'home', null, 'add', null, 'search', 'Compose', 'edit', 'Wi-Fi\nOn', null, 'Inbox (Ana)']);
});

test('control values appear in the model: checked, selected option, slider, time, date, progress, nav selection', () => {
  const { controller } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'radioGroup', stateKey: 'r', testTag: 'size', options: [{ value: 's', label: 'S' }, { value: 'l', label: 'L' }] },
      { type: 'slider', stateKey: 'v', min: 0, max: 10 },
      { type: 'timePicker', hourKey: 'h', minuteKey: 'm', is24Hour: true },
      { type: 'datePicker', stateKey: 'd' },
      { type: 'progress', stateKey: 'p', max: 4 },
      { type: 'progress' },
      { type: 'bottomNav', stateKey: 'tab', items: [{ label: 'A' }, { label: 'B' }] },
    ],
  }, { state: { r: 'l', v: 3, h: 7, m: 30, d: '2026-10-08', p: 2, tab: 9 } }));
  const [radio, slider, time, date, progress, indeterminate, nav] = (controller.renderModel()!.root as ContainerNode).children as never[] as Record<string, unknown>[];
  assert.deepEqual((radio!.options as { selected: boolean }[]).map((o) => o.selected), [false, true]);
  assert.equal(slider!.value, 3);
  assert.deepEqual([time!.hour, time!.minute, time!.is24Hour], [7, 30, true]);
  assert.equal(date!.value, '2026-10-08');
  assert.deepEqual([progress!.value, progress!.max], [2, 4]);
  assert.equal(indeterminate!.value, null);
  assert.equal(nav!.selectedIndex, 1, '"The selected value is clamped to the available item/page range"');
});

test('rebuilds keep the identity of subtrees no changed key reaches', () => {
  const { controller } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'column', children: [{ type: 'text', text: 'static' }] },
      { type: 'column', children: [{ type: 'text', text: 'n = {n}' }] },
      { type: 'button', label: 'Add', onTap: [{ type: 'increment', key: 'n' }] },
    ],
  }, { state: { n: 0 } }));
  const before = controller.renderModel()!;
  controller.interact({ type: 'tap', key: 'root.children[2]' });
  const after = controller.renderModel()!;
  const [staticBefore, countBefore] = (before.root as ContainerNode).children;
  const [staticAfter, countAfter] = (after.root as ContainerNode).children;
  assert.notEqual(after.revision, before.revision);
  assert.equal(staticAfter, staticBefore);
  assert.notEqual(countAfter, countBefore);
  assert.equal(((countAfter as ContainerNode).children[0] as TextNode).text, 'n = 1');
});

test('the motion profile: standard is full, motion "reduced" or a device that reduces motion is reduced, none is off', () => {
  const profile = (motion: string | undefined, reducedMotion: boolean) => {
    const { controller } = setup({ dark: false, reducedMotion });
    controller.show(spec({ type: 'text', text: 'x' }, motion ? { motion } : {}));
    const model = controller.renderModel()!;
    return [model.motionProfile, model.motion];
  };
  assert.deepEqual(profile(undefined, false), ['full', true]);
  assert.deepEqual(profile('reduced', false), ['reduced', true]);
  assert.deepEqual(profile('standard', true), ['reduced', true]);
  assert.deepEqual(profile('none', true), ['off', false]);
  const { controller } = setup();
  controller.show(spec({ type: 'text', text: 'x' }));
  controller.setDevice({ reducedMotion: true });
  assert.equal(controller.renderModel()!.motionProfile, 'reduced', 'the device setting applies live');
});
