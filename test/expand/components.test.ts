import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expandComponents } from '../../src/expand/index.ts';

const spec = (components: unknown, root: unknown) => ({
  id: 'p',
  window: { placement: { type: 'fullscreen' } },
  ...(components === undefined ? {} : { components }),
  root,
});

const use = (component: string, props?: Record<string, unknown>) => (props ? { type: 'use', component, props } : { type: 'use', component });

function expanded(value: unknown): Record<string, any> {
  const result = expandComponents(value);
  assert.ok(result.ok, result.ok ? '' : `${result.path}: ${result.message}`);
  return result.value as Record<string, any>;
}

function rejectedAt(value: unknown, path: string, message: RegExp): void {
  const result = expandComponents(value);
  assert.equal(result.ok, false, 'expected a rejection');
  if (!result.ok) {
    assert.equal(result.path, path);
    assert.match(result.message, message);
  }
}

const postCard = {
  root: {
    type: 'card',
    children: [
      { type: 'text', text: '{props.name}' },
      { type: 'button', label: 'Like', onTap: [{ type: 'toggle', key: '{props.likeKey}' }] },
    ],
  },
};

// seeds/000 "Reusable components": "each use is replaced by a copy of the component's root and components is dropped".
test('the seed example expands every use into a bound copy and drops components', () => {
  const value = expanded(
    spec({ postCard }, { type: 'column', children: [use('postCard', { name: 'Alexey', likeKey: 'liked_a' }), use('postCard', { name: 'Bea', likeKey: 'liked_b' })] }),
  );
  assert.equal('components' in value, false);
  assert.deepEqual(value.root.children.map((card: any) => [card.type, card.children[0].text, card.children[1].onTap[0].key]), [
    ['card', 'Alexey', 'liked_a'],
    ['card', 'Bea', 'liked_b'],
  ]);
  assert.notEqual(value.root.children[0], value.root.children[1]);
  assert.equal(postCard.root.children[0]!.text, '{props.name}', 'the component itself is untouched');
});

test('a spec with neither components nor use nodes is returned as it is', () => {
  const value = spec(undefined, { type: 'text', text: '{props.x}' });
  const result = expandComponents(value);
  assert.ok(result.ok);
  assert.equal(result.value, value);
});

// seeds/000 "Reusable components": "A string that is exactly one placeholder keeps the prop's type".
test('an exact prop placeholder keeps the prop type; a longer string renders to text', () => {
  const tabCard = { root: { type: 'text', text: 'tab {props.tab}', visibleWhen: { key: 'tab', equals: '{props.tab}' } } };
  const value = expanded(spec({ tabCard }, use('tabCard', { tab: 0 })));
  assert.deepEqual(value.root, { type: 'text', text: 'tab 0', visibleWhen: { key: 'tab', equals: 0 } });
});

// seeds/000 "Reusable components": "a use inside a repeat template can pass "likeKey": "liked_{item.id}", and a component may contain repeat and further use nodes".
test('props pass through nested uses and leave repeat placeholders for the repeat', () => {
  const components = {
    avatar: { root: { type: 'text', text: '{props.initial}' } },
    row: { root: { type: 'row', children: [use('avatar', { initial: '{props.initial}' }), { type: 'checkbox', stateKey: '{props.saveKey}' }] } },
  };
  const root = { type: 'column', repeat: { items: [{ id: 1 }], as: 'job' }, children: [use('row', { initial: 'J{index}', saveKey: 'saved_{job.id}' })] };
  const value = expanded(spec(components, root));
  assert.deepEqual(value.root.repeat, root.repeat);
  assert.deepEqual(value.root.children[0], {
    type: 'row',
    children: [{ type: 'text', text: 'J{index}' }, { type: 'checkbox', stateKey: 'saved_{job.id}' }],
  });
});

// seeds/000 "Reusable components": "Rejected, with the path of the use: an unknown component (root.children[0].component), a missing prop (.props), an unused or non-scalar prop (.props.<name>)".
test('use errors are reported at the use', () => {
  const card = { root: { type: 'text', text: '{props.a}' } };
  const root = (node: unknown) => ({ type: 'column', children: [{ type: 'spacer' }, node] });
  rejectedAt(spec({ card }, root(use('nope'))), 'root.children[1].component', /Unknown component "nope"/);
  rejectedAt(spec({ card }, root(use('card'))), 'root.children[1].props', /Missing component prop "a"/);
  rejectedAt(spec({ card }, root(use('card', { b: 1 }))), 'root.children[1].props', /Missing component prop "a"/);
  rejectedAt(spec({ card }, root(use('card', { a: 1, z: 2 }))), 'root.children[1].props.z', /Unused component prop "z"/);
  rejectedAt(spec({ card }, root(use('card', { a: { x: 1 } }))), 'root.children[1].props.a', /must be a scalar/);
  rejectedAt(spec({ card }, root(use('card', { a: null }))), 'root.children[1].props.a', /must be a scalar/);
  rejectedAt(spec({ card }, root(use('card', { 'bad.name': 1 }))), 'root.children[1].props["bad.name"]', /Invalid prop name/);
  rejectedAt(spec({ card }, root({ type: 'use', component: 'card', props: { a: 1 }, id: 'x' })), 'root.children[1].id', /Unknown property "id"/);
  rejectedAt(spec({ card }, root({ type: 'use' })), 'root.children[1].component', /Missing required property "component"/);
  rejectedAt(spec(undefined, root(use('card', { a: 1 }))), 'root.children[1].component', /Unknown component "card"/);
});

test('unknown keys of a use are found in ascending key order, after its component', () => {
  rejectedAt(spec({}, { type: 'use', component: 'nope', extra: 1 }), 'root.component', /Unknown component/);
  rejectedAt(spec({ c: { root: { type: 'spacer' } } }, { type: 'use', component: 'c', alpha: 1, zeta: 1 }), 'root.alpha', /Unknown property/);
});

// seeds/000 "Reusable components": a cycle including self-reference fails at .component, "Component cycle: a → b → a".
test('cycles are named with the whole loop at the use that closes it', () => {
  const components = {
    a: { root: { type: 'column', children: [use('b')] } },
    b: { root: { type: 'column', children: [{ type: 'spacer' }, use('a')] } },
  };
  rejectedAt(
    spec(components, use('a')),
    'root (use a) → components.a.root.children[0] (use b) → components.b.root.children[1].component',
    /Component cycle: a → b → a/,
  );
  rejectedAt(spec({ s: { root: use('s') } }, use('s')), 'root (use s) → components.s.root.component', /Component cycle: s → s/);
});

// seeds/000 "Reusable components": "use nesting deeper than 8".
test('uses nest 8 deep and a ninth level fails at that use', () => {
  const chain = (levels: number) =>
    Object.fromEntries(
      Array.from({ length: levels }, (_, i) => [`c${i + 1}`, { root: i + 1 < levels ? use(`c${i + 2}`) : { type: 'spacer' } }]),
    );
  assert.deepEqual(expanded(spec(chain(8), use('c1'))).root, { type: 'spacer' });
  const nine = chain(9);
  const path = Array.from({ length: 8 }, (_, i) => `(use c${i + 1}) → components.c${i + 1}.root`).join(' ');
  rejectedAt(spec(nine, use('c1')), `root ${path}`, /Component nesting depth limit exceeded/);
});

test('component definitions are strict {root} objects with state-key-shaped names', () => {
  rejectedAt(spec({ t: { node: { type: 'spacer' } } }, use('t')), 'components.t.node', /Unknown property "node"/);
  rejectedAt(spec({ t: {} }, use('t')), 'components.t.root', /Missing required property "root"/);
  rejectedAt(spec({ 'bad-name': { root: { type: 'spacer' } } }, { type: 'spacer' }), 'components["bad-name"]', /Invalid component name/);
  rejectedAt(spec({ t: 'x' }, use('t')), 'components.t', /Expected a component object/);
  rejectedAt(spec([], use('t')), 'components', /Expected an object/);
});

// seeds/000 "Reusable components": "Unused components are allowed".
test('unused components are allowed and dropped', () => {
  const value = expanded(spec({ unused: { root: { type: 'text', text: '{props.a}' } } }, { type: 'spacer' }));
  assert.deepEqual(value.root, { type: 'spacer' });
});

// seeds/000 "Reusable components": "expansion itself stops at MAX_PROTOTYPE_NODES".
test('the expanded node limit fails at the 2001st node, named through its use', () => {
  const block = { root: { type: 'column', children: Array.from({ length: 99 }, () => ({ type: 'spacer' })) } };
  const root = (uses: number) => ({ type: 'column', children: Array.from({ length: uses }, () => use('block')) });
  // 1 root + 20 blocks of 100 nodes = 2001; 19 blocks + 1 root fit with room to spare.
  assert.ok(expandComponents(spec({ block }, root(19))).ok);
  rejectedAt(spec({ block }, root(20)), 'root.children[19] (use block) → components.block.root.children[98]', /Expanded node limit exceeded/);
  const exact = { root: { type: 'column', children: Array.from({ length: 98 }, () => ({ type: 'spacer' })) } };
  assert.ok(expandComponents(spec({ block: exact }, { type: 'column', children: [...Array.from({ length: 20 }, () => use('block')), { type: 'spacer' }] })).ok);
});

// seeds/000 "Reusable components": "the byte limit applies to both the authored and the expanded spec (Expanded spec byte limit exceeded)".
test('the expanded byte limit is measured on the expanded spec', () => {
  const big = { root: { type: 'text', text: 'x'.repeat(100000) } };
  const root = (uses: number) => ({ type: 'column', children: Array.from({ length: uses }, () => use('big')) });
  assert.ok(expandComponents(spec({ big }, root(10))).ok);
  rejectedAt(spec({ big }, root(11)), '$', /Expanded spec byte limit exceeded/);
});

// seeds/000 "Reusable components": "An error inside an expansion names each use it went through ... Nodes outside every component keep their authored paths".
test('authoredPath translates expanded paths to use-chain paths', () => {
  const components = {
    inner: { root: { type: 'text', text: '{props.t}' } },
    outer: { root: { type: 'column', children: [{ type: 'spacer' }, use('inner', { t: '{props.t}' })] } },
  };
  const value = spec(components, { type: 'column', children: [{ type: 'text', text: 'x' }, use('outer', { t: 'hi' })] });
  const result = expandComponents(value);
  assert.ok(result.ok);
  assert.equal(result.authoredPath('root.children[0].text'), 'root.children[0].text');
  assert.equal(result.authoredPath('root.children[1].children[0].style'), 'root.children[1] (use outer) → components.outer.root.children[0].style');
  assert.equal(
    result.authoredPath('root.children[1].children[1].text'),
    'root.children[1] (use outer) → components.outer.root.children[1] (use inner) → components.inner.root.text',
  );
  assert.equal(result.authoredPath('root.children[1].children[1]["bad.key"]'), 'root.children[1] (use outer) → components.outer.root.children[1] (use inner) → components.inner.root["bad.key"]');
  assert.equal(result.authoredPath('$'), '$');
  assert.equal(result.authoredPath('window.placement'), 'window.placement');
});

test('hostile input never throws', () => {
  let deep: Record<string, unknown> = { type: 'use', component: 'c' };
  for (let i = 0; i < 50000; i++) deep = { type: 'column', children: [deep] };
  for (const value of [null, [], 'x', { components: {}, root: deep }, { components: { c: { root: deep } }, root: use('c') }, { root: use('c') }]) {
    assert.doesNotThrow(() => expandComponents(value));
  }
});
