// Errors that repair in one round: a value of the wrong JSON type where an object belongs is
// answered with a valid instance and the keys the object takes; a misspelt property is answered
// with the one it most likely meant, a wrong ending included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

const base = () => ({ id: 'p', window: { placement: { type: 'fullscreen' } } as Record<string, unknown>, root: { type: 'column', children: [{ type: 'text', text: 'x' }] } as Record<string, unknown> });

function refusal(change: (spec: ReturnType<typeof base>) => void): { path: string; message: string } {
  const spec = base();
  change(spec);
  const result = validatePrototypeSpec(spec);
  assert.ok(!result.ok, 'expected a refusal');
  return { path: result.path, message: result.message };
}

/** The JSON after "such as " in a message. */
function quotedInstance(message: string): unknown {
  const start = message.indexOf('such as ') + 'such as '.length;
  let depth = 0;
  for (let end = start; end < message.length; end++) {
    if (message[end] === '{') depth++;
    if (message[end] === '}' && --depth === 0) return JSON.parse(message.slice(start, end + 1));
  }
  throw new Error(`no instance in ${message}`);
}

test('a number where padding belongs names padding\'s keys and a valid padding, which is then accepted', () => {
  const { path, message } = refusal((spec) => { spec.root.style = { padding: 16 }; });
  assert.equal(path, 'root.style.padding');
  assert.match(message, /^Expected an object for padding such as \{"top":16,"start":16\} \(it takes top, bottom, start, end\), got a number \(16\)$/);
  const fixed = base();
  fixed.root.style = { padding: quotedInstance(message) };
  assert.ok(validatePrototypeSpec(fixed).ok, 'the quoted padding is valid');
});

test('a string where a placement belongs names the placement types and a valid placement', () => {
  const { path, message } = refusal((spec) => { spec.window.placement = 'fullscreen'; });
  assert.equal(path, 'window.placement');
  assert.match(message, /such as \{"type":"fullscreen"\} \(type: fullscreen, sheet, floating\), got a string/);
  const fixed = base();
  fixed.window.placement = quotedInstance(message);
  assert.ok(validatePrototypeSpec(fixed).ok);
});

test('an inline object of the wrong type (a scroll\'s refresh) gets a built instance with its required fields', () => {
  const { path, message } = refusal((spec) => { spec.root = { type: 'scroll', refresh: true, child: { type: 'text', text: 'x' } }; });
  assert.equal(path, 'root.refresh');
  assert.deepEqual(Object.keys(quotedInstance(message) as object).sort(), ['onRefresh', 'stateKey']);
});

test('a misspelt property gets a did-you-mean, a wrong ending too', () => {
  assert.match(refusal((spec) => { spec.root.childs = []; }).message, /Unknown property "childs" \(did you mean "children"\?\)/);
  assert.match(refusal((spec) => { spec.window.chrom = 'none'; }).message, /did you mean "chrome"/);
  assert.match(refusal((spec) => { spec.root.style = { paddingTop: 4 }; }).message, /did you mean "padding"/);
  assert.doesNotMatch(refusal((spec) => { spec.root.qwertyuiop = 1; }).message, /did you mean/, 'nothing close, no guess');
});
