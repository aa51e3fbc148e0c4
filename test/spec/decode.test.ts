import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodePrototypeSpec, nodeTypes, prototypeNodeSchema, prototypeSpecSchema, styleSchema, type PrototypeSpec } from '../../src/spec/index.ts';

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

test('an internal contract failure names the node path and the field inside it', () => {
  const deep = envelope({ type: 'column', children: [{ type: 'text', text: 'x' }, { type: 'scroll', child: { type: 'text', text: 1 } }] });
  const result = decodePrototypeSpec(deep);
  assert.match(result.ok === false ? result.message : '', /\(root\.children\[1\]\.child\.text: /);
  const badType = decodePrototypeSpec(envelope({ type: 'row', children: [{ type: 'marquee' }] }));
  assert.match(badType.ok === false ? badType.message : '', /\(root\.children\[0\]\.type: not a node type of the model\)/);
  const badEnvelope = decodePrototypeSpec({ ...envelope({ type: 'spacer' }), motion: 'fast' });
  assert.match(badEnvelope.ok === false ? badEnvelope.message : '', /\(motion: /);
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
  const notOneForm = [
    { key: 'a', equals: 1, gt: 0 },
    { equals: 1 },
    { key: 'a' },
    {},
    { all: [{ key: 'a', equals: 1 }], not: { key: 'a', equals: 1 } },
    { key: 'a', equals: 1, not: { key: 'a', equals: 1 } },
    { any: [] },
    { not: { key: 'a', lt: 1, gt: 0 } },
  ];
  for (const visibleWhen of notOneForm) {
    assert.equal(decodePrototypeSpec(envelope({ type: 'spacer', visibleWhen })).ok, false, JSON.stringify(visibleWhen));
  }
});

test('the node union has one schema per node type of the Nodes table', () => {
  assert.equal(nodeTypes.length, 49);
  assert.equal(prototypeNodeSchema.safeParse({ type: 'use', component: 'x' }).success, false);
});

const richSpec = envelope(
  {
    type: 'column',
    style: { background: { light: '#FFFFFF', dark: 'surface' }, padding: { top: 8 } },
    styleWhen: [{ when: { key: 'open', equals: true }, style: { alpha: 0.5 } }],
    anchor: { type: 'element', selector: { testTag: 'buy', container: { text: 'Card', container: { elementId: '3' } } }, alignment: 'cover' },
    children: [
      { type: 'text', text: 'x', visibleWhen: { not: { any: [{ key: 'open', equals: false }, { key: 'n', gt: 2 }] } } },
      { type: 'dialog', openWhen: { key: 'open', equals: true }, confirm: { label: 'OK', onTap: [{ type: 'toggle', key: 'open' }] }, child: { type: 'spacer' } },
      { type: 'scroll', child: { type: 'row', repeat: { items: [{ a: 1 }], as: 'item' }, children: [{ type: 'text', text: '{item.a}' }] } },
      { type: 'pager', id: 'p', children: [{ type: 'icon', name: 'home' }, { type: 'image', asset: { light: 'a', dark: 'b' } }] },
      { type: 'bottomNav', pager: 'p', items: [{ label: 'A', icon: 'home' }, { label: 'B', image: 'b' }] },
    ],
  },
  { state: { open: false, n: 1 }, theme: { colors: { seed: '#6750A4', light: { primary: '#000000' } } } },
);

test('the compiled node-by-node decode returns what the whole model schema returns', () => {
  const result = decodePrototypeSpec(richSpec);
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.deepEqual(result.spec, prototypeSpecSchema.parse(richSpec));
});

// seeds/000 "Conditions": "Conditions nest to a depth of 8".
test('conditions decode up to 8 levels deep and no deeper', () => {
  const nested = (levels: number) => {
    let condition: Record<string, unknown> = { key: 'a', equals: 1 };
    for (let i = 1; i < levels; i++) condition = { not: condition };
    return condition;
  };
  assert.ok(decodePrototypeSpec(envelope({ type: 'spacer', visibleWhen: nested(8) })).ok);
  assert.equal(decodePrototypeSpec(envelope({ type: 'spacer', visibleWhen: nested(9) })).ok, false);
});

test('property: the decode accepts exactly what the whole model schema accepts, and never throws', () => {
  const paths = collectPaths(richSpec);
  fc.assert(
    fc.property(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 2 }), (path, replacement) => {
      const mutated = structuredClone(richSpec) as Record<string, unknown>;
      setAt(mutated, path, replacement);
      const fastResult = decodePrototypeSpec(mutated);
      assert.equal(fastResult.ok, prototypeSpecSchema.safeParse(mutated).success, `${path.join('.')} = ${JSON.stringify(replacement)}`);
      if (!fastResult.ok) assert.equal(fastResult.path, '$');
    }),
    { numRuns: 400 },
  );
});

function collectPaths(value: unknown, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  if (prefix.length > 0) out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => collectPaths(item, [...prefix, index], out));
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) collectPaths(item, [...prefix, key], out);
  return out;
}

function setAt(target: unknown, path: Array<string | number>, value: unknown): void {
  let current = target as Record<string | number, unknown>;
  for (const segment of path.slice(0, -1)) current = current[segment] as Record<string | number, unknown>;
  current[path[path.length - 1]!] = value;
}

test('property: styles and conditions, checked one present field at a time, agree with the model', () => {
  const styleKeys = Object.keys(styleSchema.shape);
  const plausible = fc.constantFrom<unknown>('primary', '#112233', 'fill', 4, -1, 0.5, true, 'k', { dp: 3 }, { top: 4 }, { width: 1, color: 'primary' }, null, []);
  const value = fc.oneof(plausible, fc.jsonValue({ maxDepth: 2 }));
  const style = fc.dictionary(fc.oneof(fc.constantFrom(...styleKeys), fc.string()), value, { maxKeys: 4 });
  const { condition } = fc.letrec((tie) => ({
    condition: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.dictionary(fc.constantFrom('key', 'equals', 'notEquals', 'gt', 'lt', 'all', 'any', 'not', 'nope'), value, { maxKeys: 3 }),
      fc.record({ key: fc.constantFrom('k', ''), equals: value }),
      fc.record({ not: tie('condition') }),
      fc.record({ any: fc.array(tie('condition'), { maxLength: 3 }) }, { requiredKeys: [] }),
    ),
  }));
  fc.assert(
    fc.property(style, condition, (styleValue, conditionValue) => {
      const spec = envelope({ type: 'text', text: 'x', style: styleValue, visibleWhen: conditionValue });
      const expected = prototypeSpecSchema.safeParse(spec).success;
      assert.equal(decodePrototypeSpec(spec).ok, expected, JSON.stringify({ styleValue, conditionValue }));
    }),
    { numRuns: 600 },
  );
});

// The validator returns the walked value as the typed spec (src/validate/index.ts): every spec it
// accepts must decode with the typed model to a value equal to it. The fuzz checks the same for
// generated specs (fuzz/oracle.ts, "typed model").
test('every spec the validator accepts among the fixtures and examples decodes to a value equal to it', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { validatePrototypeSpec } = await import('../../src/validate/index.ts');
  const folders = [new URL('../fixtures/prototype-spec/valid/', import.meta.url), new URL('../../examples/', import.meta.url)];
  let checked = 0;
  for (const folder of folders) {
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
      const result = validatePrototypeSpec(readFileSync(new URL(name, folder)));
      assert.ok(result.ok, `${name} is valid`);
      const decoded = decodePrototypeSpec(result.spec);
      assert.ok(decoded.ok, `${name}: ${decoded.ok ? '' : decoded.message}`);
      assert.deepEqual(decoded.spec, result.spec, name);
      checked++;
    }
  }
  assert.ok(checked >= 40, `only ${checked} specs were checked`);
});
