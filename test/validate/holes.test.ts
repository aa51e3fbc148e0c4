// Inputs that used to slip past the validator or get a path that was not theirs: every input gets
// a path, an object and its text get the same verdict, and oddly named keys ("__proto__") are
// kept as data, never refused and never lost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validatePrototypeSpec, validatePrototypeSpecAllErrors } from '../../src/validate/index.ts';

const WINDOW = { placement: { type: 'fullscreen' } };
const spec = (root: unknown, extra: object = {}) => ({ id: 'p', window: WINDOW, ...extra, root });

function pathOf(input: unknown): string {
  const result = validatePrototypeSpec(input as never);
  assert.ok(!result.ok, 'expected a refusal');
  assert.doesNotMatch(result.message, /Internal validator error/);
  return result.path;
}

/** The same verdict and path for the value and for its text. */
function bothForms(text: string): string {
  const fromText = pathOf(text);
  assert.equal(pathOf(JSON.parse(text)), fromText, `object and text agree for ${text.slice(0, 120)}`);
  return fromText;
}

test('a node or action type named like an Object property is an unknown type at .type', () => {
  for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
    assert.equal(bothForms(JSON.stringify(spec({ type: name }))), 'root.type', name);
    assert.equal(bothForms(JSON.stringify(spec({ type: 'button', label: 'x', onTap: [{ type: name }] }))), 'root.onTap[0].type', name);
  }
  assert.equal(bothForms('{"id":"p","window":{"placement":{"type":"fullscreen"}},"root":{"type":"__proto__"}}'), 'root.type');
});

// Seed 000: state keys "match [A-Za-z_][A-Za-z0-9_]{0,63}", which "__proto__" does; such keys are data.
test('"__proto__" as a state key, component name, data key, string key or payload key is kept as data', () => {
  const text = `{"id":"p","window":{"placement":{"type":"fullscreen"}},
    "state":{"__proto__":"state","constructor":"c"},
    "data":{"__proto__":[{"title":"row"}]},
    "strings":{"default":"en","tables":{"en":{"__proto__":"Hello"}}},
    "components":{"__proto__":{"root":{"type":"text","text":"from the component"}}},
    "root":{"type":"column","children":[
      {"type":"use","component":"__proto__"},
      {"type":"button","label":"a","onTap":[{"type":"emit","name":"x","payload":{"__proto__":1,"constructor":"payload"}}]}]}}`;
  for (const input of [text, JSON.parse(text)]) {
    const result = validatePrototypeSpec(input);
    assert.ok(result.ok, result.ok ? '' : `${result.path}: ${result.message}`);
    const spec = result.spec as unknown as Record<string, Record<string, unknown>>;
    assert.equal(JSON.stringify(spec.state), '{"__proto__":"state","constructor":"c"}');
    assert.equal(JSON.stringify(spec.data), '{"__proto__":[{"title":"row"}]}');
    assert.equal(JSON.stringify((spec.strings!.tables as Record<string, unknown>).en), '{"__proto__":"Hello"}');
    const [component, button] = (spec.root as { children: Array<Record<string, unknown>> }).children;
    assert.equal((component as { text?: string }).text, 'from the component');
    assert.equal(JSON.stringify((button!.onTap as Array<{ payload: object }>)[0]!.payload), '{"__proto__":1,"constructor":"payload"}');
    assert.equal(Object.getPrototypeOf(spec.state), Object.prototype, 'nothing is polluted');
  }
});

test('a lone surrogate or a non-finite number is refused at $ in an object as in text', () => {
  assert.equal(pathOf('{"id":"\\ud800","window":{"placement":{"type":"fullscreen"}},"root":{"type":"text","text":"a"}}'), '$');
  assert.equal(pathOf(spec({ type: 'text', text: 'a' }, { id: '\ud800' })), '$');
  assert.equal(pathOf({ ...spec({ type: 'text', text: 'a' }), state: { ['\udc00key']: 1 } }), '$', 'in a key too');
  assert.equal(pathOf(spec({ type: 'text', text: 'a' }, { state: { n: Number.NaN } })), '$');
});

test('malformed JSON names the line and column and never repeats the text', () => {
  const broken = '{\n  "id": "p",\n  "window": {oops}}';
  const result = validatePrototypeSpec(broken);
  assert.ok(!result.ok && result.path === '$');
  assert.equal(result.message, 'Malformed JSON at line 3, column 14: expected a property name in double quotes');
  const secret = validatePrototypeSpec('root:x:0:0:the-secret-line\n');
  assert.ok(!secret.ok && !secret.message.includes('root:x') && /line 1, column 1/.test(secret.message), !secret.ok ? secret.message : '');
});

test('option labels of radioGroup and segmentedButton are nonempty', () => {
  for (const type of ['radioGroup', 'segmentedButton']) {
    const root = { type, stateKey: 'x', options: [{ value: 'a', label: 'A' }, { value: 'b', label: '' }] };
    assert.equal(bothForms(JSON.stringify(spec(root, { state: { x: 'a' } }))), 'root.options[1].label', type);
  }
});

test('a condition key without a comparison fails at the comparison it misses, where a missing key is reported', () => {
  assert.equal(bothForms(JSON.stringify(spec({ type: 'text', text: 'a', visibleWhen: { key: 'n' } }, { state: { n: 1 } }))), 'root.visibleWhen.equals');
  const result = validatePrototypeSpecAllErrors(spec({ type: 'text', text: 'a', visibleWhen: { key: 'n' }, style: { color: 'nope' } }, { state: { n: 1 } }));
  assert.ok(!result.ok);
  assert.deepEqual(result.errors.map((error) => error.path), ['root.style.color', 'root.visibleWhen.equals']);
});

test('100,000 levels of nesting are refused at $ in both modes and both forms, without a stack overflow', () => {
  let deepArray: unknown = 1;
  let deepObject: unknown = 1;
  for (let level = 0; level < 100_000; level++) {
    deepArray = [deepArray];
    deepObject = { a: deepObject };
  }
  const inputs = [spec({ type: 'text', text: 'a' }, { state: { x: deepArray } }), spec(deepObject), spec({ type: 'button', label: 'x', onTap: [{ type: 'emit', name: 'n', payload: deepObject }] })];
  for (const input of inputs) {
    assert.equal(pathOf(input), '$');
    const all = validatePrototypeSpecAllErrors(input as never);
    assert.ok(!all.ok && all.errors[0]!.path === '$');
    assert.equal(pathOf(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), '$');
  }
});
