import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodePrototypeSpec, nodeTypes, prototypeNodeSchema, type PrototypeSpec } from '../../src/spec/index.ts';

const envelope = (root: unknown, extra: Record<string, unknown> = {}) => ({
  id: 'p',
  window: { placement: { type: 'fullscreen' } },
  ...extra,
  root,
});

test('a worked-example-shaped spec decodes to the typed model unchanged', () => {
  const spec = envelope(
    {
      type: 'column',
      safeAreaPadding: { edges: ['top'], types: ['systemBars'] },
      children: [
        { type: 'tabBar', pager: 'pages', items: [{ label: 'A', icon: 'home' }, { label: 'B', image: 'b' }] },
        { type: 'pager', id: 'pages', children: [{ type: 'text', text: 'Page {page}' }] },
        { type: 'bottomSheet', openWhen: { key: 'open', equals: true }, detents: ['half', { dp: 200 }], child: { type: 'spacer' } },
      ],
    },
    { state: { open: false }, motion: 'none', theme: { mode: 'dark' } },
  );
  const result = decodePrototypeSpec(spec);
  assert.ok(result.ok);
  const decoded: PrototypeSpec = result.spec;
  assert.deepEqual(decoded, spec);
});

// seeds/000 "Owner decisions": "Every object is strict: unknown properties ... reject the entire spec".
test('an unknown property anywhere is an internal contract failure at $', () => {
  const result = decodePrototypeSpec(envelope({ type: 'text', text: 'x', style: { colour: '#000000' } }));
  assert.equal(result.ok, false);
  assert.equal(result.ok === false && result.path, '$');
  assert.match(result.ok === false ? result.message : '', /Internal contract failure/);
});

// seeds/000 "Owner decisions": "... explicit null for optional fields ... reject the entire spec".
test('explicit null for an optional field is rejected', () => {
  assert.equal(decodePrototypeSpec(envelope({ type: 'text', text: 'x', testTag: null })).ok, false);
});

// seeds/000 "Actions and state": emit takes "optional arbitrary JSON payload ... (null and nested JSON allowed)".
test('an emit payload may be null or nested JSON', () => {
  for (const payload of [null, { a: [1, { b: 'c' }] }, 'text']) {
    const onTap = [{ type: 'emit', name: 'save', payload }];
    assert.ok(decodePrototypeSpec(envelope({ type: 'spacer', onTap })).ok);
  }
});

// seeds/000 "Light and dark values": every colour slot accepts hex, a role or a {light, dark} pair.
test('colour slots accept hex, role and pair, and refuse short hex and half pairs', () => {
  const colors: Array<[unknown, boolean]> = [
    ['#112233', true], ['#80112233', true], ['surfaceContainerHigh', true],
    [{ light: '#FFFFFF', dark: 'surface' }, true], ['#123', false], ['brand', false],
    [{ light: '#FFFFFF' }, false], [{ light: '#FFFFFF', dark: '#000000', system: '#000000' }, false],
  ];
  for (const [color, ok] of colors) {
    assert.equal(decodePrototypeSpec(envelope({ type: 'spacer', style: { color } })).ok, ok, JSON.stringify(color));
  }
});

// seeds/000 "Conditions": the seven condition forms, nested.
test('every condition form decodes, and a key with two comparisons does not', () => {
  const visibleWhen = {
    all: [
      { key: 'a', equals: 1 },
      { any: [{ key: 'b', notEquals: 'x' }, { key: 'c', gt: 1 }] },
      { not: { key: 'd', lt: 0 } },
    ],
  };
  assert.ok(decodePrototypeSpec(envelope({ type: 'spacer', visibleWhen })).ok);
  const twoForms = { key: 'a', equals: 1, gt: 0 };
  assert.equal(decodePrototypeSpec(envelope({ type: 'spacer', visibleWhen: twoForms })).ok, false);
});

test('the node union has one schema per node type of the Nodes table', () => {
  assert.equal(nodeTypes.length, 32);
  assert.equal(prototypeNodeSchema.safeParse({ type: 'use', component: 'x' }).success, false);
});
