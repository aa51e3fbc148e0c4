/** The deterministic first error: walk order, paths, pass order and the rules between fields. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { assertRejectedAt, assertValid, column, spec, text } from './helpers.ts';

describe('walk order', () => {
  test('keys are visited in ascending UTF-16 order whatever the insertion order', () => {
    const a = { type: 'text', text: 'x', zeta: 1, Alpha: 2, style: { colour: 1 } };
    const b = { style: { colour: 1 }, Alpha: 2, zeta: 1, text: 'x', type: 'text' };
    assertRejectedAt(spec(a), 'root.Alpha');
    assertRejectedAt(spec(b), 'root.Alpha');
  });

  test('a missing required key fails in its sorted place among unknown keys', () => {
    assertRejectedAt(spec({ type: 'slider', stateKey: 'v', min: 0, zz: 1 }, { state: { v: 0 } }), 'root.max');
    assertRejectedAt(spec({ type: 'slider', stateKey: 'v', min: 0, aa: 1 }, { state: { v: 0 } }), 'root.aa');
  });

  test('the discriminator is checked before any other key', () => {
    assertRejectedAt(spec({ type: 'marquee', aaa: 1 }), 'root.type');
    assertRejectedAt(spec({ aaa: 1, text: 'x' }), 'root.type');
    assertRejectedAt(spec({ type: 7 }), 'root.type');
    assertRejectedAt(spec(text('x', { onTap: [{ type: 'jump', aaa: 1 }] })), 'root.onTap[0].type');
  });

  test('array length is checked before the items, uniqueness after each item', () => {
    const options = (values: string[]) => values.map((value) => ({ value, label: 7 }));
    // too many options: fails at the array even though item 0 is malformed
    assertRejectedAt(spec({ type: 'segmentedButton', stateKey: 'k', options: options(['a', 'b', 'c', 'd', 'e', 'f']) }, { state: { k: 'a' } }), 'root.options');
    // a duplicate value fails at the second item before a later item's error
    const dup = [{ value: 'a', label: 'A' }, { value: 'a', label: 'B' }, { value: '', label: 'C' }];
    assertRejectedAt(spec({ type: 'radioGroup', stateKey: 'k', options: dup }, { state: { k: 'a' } }), 'root.options[1].value');
  });

  test('node count, depth and image use are checked at node entry, before the node fields', () => {
    const images = Array.from({ length: 33 }, () => ({ type: 'image', asset: 'a', bogus: true }));
    images[32] = { type: 'image', asset: 'a', bogus: true };
    // image 0 is malformed, so the walk stops there first
    assertRejectedAt(spec(column(images)), 'root.children[0].bogus');
    const fine = Array.from({ length: 32 }, () => ({ type: 'image', asset: 'a' }));
    assertRejectedAt(spec(column([...fine, { type: 'image', asset: 'a', bogus: true }])), 'root.children[32]');
  });

  test('paths quote keys that are not identifiers', () => {
    assertRejectedAt({ ...spec(text()), 'bad.key': 1 }, '$["bad.key"]');
    assertRejectedAt(spec(text('x', { 'data-x': 1 })), 'root["data-x"]');
    assertRejectedAt(spec(text(), { state: { 'my key': 1 } }), 'state["my key"]');
  });
});

describe('passes after the structural walk', () => {
  const pager = (id: string) => ({ type: 'pager', id, children: [text()] });

  test('duplicate pager ids fail before dangling references and bindings', () => {
    const root = column([
      { type: 'tabBar', pager: 'missing', items: [{ label: 'A' }] },
      pager('p'),
      pager('p'),
      { type: 'switch', stateKey: 'undeclared' },
    ]);
    assertRejectedAt(spec(root), 'root.children[2].id');
  });

  test('node pager references fail before action pager references', () => {
    const root = column([
      text('x', { onTap: [{ type: 'setPage', pager: 'nope', page: 0 }] }),
      { type: 'bottomNav', pager: 'gone', items: [{ label: 'A' }, { label: 'B' }] },
      pager('p'),
    ]);
    assertRejectedAt(spec(root), 'root.children[1].pager');
  });

  test('binding types are checked in node preorder, sheet state types last', () => {
    const root = column([
      { type: 'bottomSheet', openWhen: { key: 'open', equals: true }, detents: ['half'], child: text() },
      { type: 'switch', stateKey: 'on' },
    ]);
    assertRejectedAt(spec(root, { state: { open: 'yes', on: 3 } }), 'root.children[1].stateKey');
    assertRejectedAt(spec(root, { state: { open: 'yes', on: true } }), 'root.children[0].openWhen.key');
    assertValid(spec(root, { state: { on: true } }));
  });

  test('a node precedes its children in preorder', () => {
    const root = column([{ type: 'checkbox', stateKey: 'child' }], { onTap: [{ type: 'toggle', key: 'parent' }] });
    assertRejectedAt(spec(root), 'root.onTap[0].key');
  });

  test('bindings met after a node\'s children still come before them, and a grandchild before a later sibling', () => {
    const row = { type: 'row', children: [{ type: 'checkbox', stateKey: 'g' }], onTap: [{ type: 'toggle', key: 'c' }] };
    const root = column([row, { type: 'checkbox', stateKey: 's' }], { onTap: [{ type: 'toggle', key: 'p' }] });
    assertRejectedAt(spec(root), 'root.onTap[0].key');
    assertRejectedAt(spec(root, { state: { p: true } }), 'root.children[0].onTap[0].key');
    assertRejectedAt(spec(root, { state: { p: true, c: true } }), 'root.children[0].children[0].stateKey');
    assertRejectedAt(spec(root, { state: { p: true, c: true, g: true } }), 'root.children[1].stateKey');
    assertValid(spec(root, { state: { p: true, c: true, g: true, s: true } }));
  });

  test('binding exclusivity fails at .pager after the other fields', () => {
    assertRejectedAt(spec({ type: 'tabBar', items: [{ label: 'A' }] }), 'root.pager');
    assertRejectedAt(spec({ type: 'tabBar', items: [], pager: 'p', stateKey: 's' }), 'root.items');
    assertRejectedAt(spec({ type: 'tabBar', items: [{ label: 'A' }], pager: 'p', stateKey: 's' }), 'root.pager');
  });

  test('setState may not change the type of a key a control binds', () => {
    const root = (value: unknown) => column([{ type: 'textField', stateKey: 'q' }, text('x', { onTap: [{ type: 'setState', key: 'q', value: value as string }] })]);
    assertValid(spec(root('hello'), { state: { q: '' } }));
    assertRejectedAt(spec(root(5), { state: { q: '' } }), 'root.children[1].onTap[0].value');
  });
});

describe('field rules', () => {
  test('integers accept 100.0 and 1e2 spellings', () => {
    const bytes = '{"id":"n","window":{"placement":{"type":"fullscreen"},"opacity":1e2},"root":{"type":"text","text":"x","style":{"fontWeight":4.0E2,"maxLines":2.0}}}';
    assertValid(bytes);
    assertRejectedAt(bytes.replace('2.0}', '2.5}'), 'root.style.maxLines');
  });

  test('explicit null for an optional field is rejected at the field', () => {
    assert.match(assertRejectedAt(spec(text('x', { style: null })), 'root.style'), /null/);
  });

  test('colour slots take hex, a role or a {light, dark} pair', () => {
    for (const color of ['#12abEF', '#8012ABEF', 'primary', { light: 'surface', dark: '#000000' }]) {
      assertValid(spec(text('x', { style: { color } })));
    }
    assertRejectedAt(spec(text('x', { style: { color: 'rgb(0,0,0)' } })), 'root.style.color');
    assertRejectedAt(spec(text('x', { style: { color: 12 } })), 'root.style.color');
  });

  test('chip variants and their state key', () => {
    assertValid(spec({ type: 'chip', label: 'A', stateKey: 'on' }, { state: { on: false } }));
    assertRejectedAt(spec({ type: 'chip', label: 'A', variant: 'assist', stateKey: 'on' }, { state: { on: false } }), 'root.stateKey');
  });

  test('slider bounds, step and the bound value', () => {
    const slider = (extra: Record<string, number>, value: number) => spec({ type: 'slider', stateKey: 'v', min: 0, max: 1, ...extra }, { state: { v: value } });
    assertValid(slider({ step: 0.25 }, 0.5));
    assertValid(slider({ min: 0.1, max: 0.7, step: 0.2 }, 0.3));
    assertRejectedAt(slider({ step: 0.3 }, 0.5), 'root.step');
    assertRejectedAt(slider({}, 1.5), 'root.stateKey');
  });

  test('date pickers need a real date in 1900..2100', () => {
    const picker = (date: string) => spec({ type: 'datePicker', stateKey: 'd' }, { state: { d: date } });
    assertValid(picker('2024-02-29'));
    assertValid(picker('2100-12-31'));
    assertRejectedAt(picker('2100-02-29'), 'root.stateKey');
    assertRejectedAt(picker('2026-13-01'), 'root.stateKey');
    assertRejectedAt(picker('2101-01-01'), 'root.stateKey');
  });

  test('conditions: one form, key with exactly one comparison', () => {
    assertValid(spec(text('x', { visibleWhen: { any: [{ key: 'a', gt: 1 }, { not: { key: 'b', notEquals: 'x' } }] } })));
    assertRejectedAt(spec(text('x', { visibleWhen: { key: 'a', equals: 1, all: [{ key: 'a', lt: 1 }] } })), 'root.visibleWhen.key');
    assertRejectedAt(spec(text('x', { visibleWhen: { key: 'a', gt: 'high' } })), 'root.visibleWhen.gt');
    assertRejectedAt(spec(text('x', { visibleWhen: { key: 'a', equals: 1, also: 2 } })), 'root.visibleWhen.also');
  });
});

describe('repeat templates', () => {
  const list = (children: unknown[], items: unknown[] = [{ id: 'a', n: 1 }, { id: 'b', n: 2 }]) =>
    column(children as never[], { repeat: { as: 'row', items: items as never[] } });

  test('placeholders bind in labels, keys, operands, setState values and emit names', () => {
    const template = [
      { type: 'button', label: 'Open {row.id}', onTap: [{ type: 'emit', name: 'open_{row.id}' }, { type: 'setState', key: 'last', value: '{row.n}' }] },
      { type: 'switch', stateKey: 'on_{row.id}' },
      text('{index}. {row.id}', { visibleWhen: { key: 'pick', equals: '{row.id}' } }),
    ];
    assertValid(spec(list(template), { state: { on_a: false, on_b: true } }));
  });

  test('a missing field fails at the string, an invalid bound key at the item', () => {
    assert.match(assertRejectedAt(spec(list([text('{row.name}')])), 'root.children[0].text'), /Unknown repeat field "name"/);
    const items = [{ id: 'a' }, { id: 'b c' }];
    assert.match(assertRejectedAt(spec(list([{ type: 'switch', stateKey: 'on_{row.id}' }], items), { state: { on_a: true } }), 'root.repeat.items[1]'), /Bound state key "on_b c"/);
  });

  test('bound keys are checked per item and name the item', () => {
    const message = assertRejectedAt(spec(list([{ type: 'checkbox', stateKey: 'done_{row.id}' }]), { state: { done_a: true } }), 'root.children[0].stateKey');
    assert.match(message, /repeat item 1/);
  });

  test('an emit name that binds to an empty string fails at the name', () => {
    const items = [{ id: 'a' }, { id: '' }];
    assertRejectedAt(spec(list([text('x', { onTap: [{ type: 'emit', name: '{row.id}' }] })], items)), 'root.children[0].onTap[0].name');
  });

  test('other braces stay literal and the emit payload is not interpolated', () => {
    assertValid(spec(list([text('{other.id} {row} {count}', { onTap: [{ type: 'emit', name: 'n', payload: '{row.zzz}' }] })])));
  });

  test('repeat on a leaf node is an unknown property', () => {
    assertRejectedAt(spec(text('x', { repeat: { as: 'r', items: [{ a: 1 }] } })), 'root.repeat');
  });
});

describe('components', () => {
  const card = { root: { type: 'card', children: [text('{props.title}'), { type: 'switch', stateKey: '{props.key}' }] } };

  test('uses expand before validation and count as the nodes they expand to', () => {
    const result = validatePrototypeSpec(spec(column([{ type: 'use', component: 'card', props: { title: 'A', key: 'on_a' } }]), { components: { card }, state: { on_a: true } }));
    assert.ok(result.ok, result.ok ? '' : result.message);
    assert.equal(result.nodeCount, 4);
    assert.equal(JSON.stringify(result.spec).includes('"use"'), false);
  });

  test('an error inside a use names the use chain', () => {
    assertRejectedAt(
      spec(column([text(), { type: 'use', component: 'card', props: { title: 'A', key: 'on_a' } }]), { components: { card } }),
      'root.children[1] (use card) → components.card.root.children[1].stateKey',
    );
  });
});

describe('robustness', () => {
  test('odd inputs are errors at $, never exceptions', () => {
    const cyclic: Record<string, unknown> = { id: 'x' };
    cyclic.self = cyclic;
    for (const input of [undefined, null, 42, 'not json', '', '[]', new Uint8Array([0xff, 0xfe]), cyclic, { id: 'x', f: () => 1 }, '{"id":"a","id":"b"}']) {
      const result = validatePrototypeSpec(input);
      assert.equal(result.ok, false);
      if (!result.ok) assert.equal(result.path, '$', String(input));
    }
  });

  test('a non-finite number in a decoded value is rejected at $ as not plain JSON', () => {
    assertRejectedAt(spec(text('x', { style: { alpha: Number.NaN } })), '$');
  });
});

describe('capabilities', () => {
  test('features gated by a device capability are reported on success', () => {
    const plain = validatePrototypeSpec(spec(text()));
    assert.ok(plain.ok);
    assert.deepEqual(plain.capabilities, []);
    const gated = validatePrototypeSpec(
      spec(text('x', { anchor: { type: 'bounds', bounds: { x: 0, y: 0, width: 1, height: 1 } }, style: { color: { light: 'primary', dark: '#FFFFFF' } } }), {
        window: { placement: { type: 'fullscreen' }, layer: 'app' },
      }),
    );
    assert.ok(gated.ok);
    assert.deepEqual(gated.capabilities, ['prototype_anchor_v1', 'prototype_theme_modes_v1', 'prototype_window_options_v1']);
  });
});

describe('state key placeholders', () => {
  test('outside a template they fail at the key; inside, only the template alias binds', () => {
    assert.match(assertRejectedAt(spec({ type: 'switch', stateKey: 'on_{item.id}' }), 'root.stateKey'), /outside a repeat template/);
    const template = column([{ type: 'switch', stateKey: 'on_{other.id}' }], { repeat: { as: 'row', items: [{ id: 'a' }] } });
    assert.match(assertRejectedAt(spec(template), 'root.children[0].stateKey'), /\{row\.<field>\}/);
  });
});
