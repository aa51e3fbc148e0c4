// Warnings: a valid spec that holds something that will not do what it looks like is told so,
// with the path and a fix; a spec without such a thing gets none, and no warning makes a spec invalid.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { specWarnings, validatePrototypeSpec, type SpecWarning } from '../../src/validate/index.ts';

type Json = Record<string, unknown>;
const spec = (root: Json, extra: Json = {}): Json => ({
  id: 'w',
  window: { placement: { type: 'fullscreen' } },
  data: { items: [{ id: 'a', title: 'A', done: false }] },
  state: { draft: '' },
  ...extra,
  root: { type: 'column', style: { background: 'surface' }, children: [root] },
});
const inRepeat = (child: Json, as = 'task') => ({ type: 'column', repeat: { items: '/items', as }, children: [child] });

function warningsOf(input: Json): SpecWarning[] {
  const validated = validatePrototypeSpec(input);
  assert.ok(validated.ok, validated.ok ? '' : `the spec must stay valid: ${validated.path}: ${validated.message}`);
  return specWarnings(input);
}

function onlyWarning(input: Json): SpecWarning {
  const warnings = warningsOf(input);
  assert.equal(warnings.length, 1, JSON.stringify(warnings, null, 1));
  assert.ok(warnings[0]!.fix.length > 0);
  return warnings[0]!;
}

test('a repeat placeholder in a field that does not bind it is drawn as written, and says so', () => {
  const warning = onlyWarning(spec(inRepeat({ type: 'listItem', headline: '{task.title}' })));
  assert.equal(warning.path, 'root.children[0].children[0].headline');
  assert.match(warning.message, /\{task\.title\} is drawn as written: headline does not bind repeat placeholders/);
  assert.match(warning.fix, /text node's `text`/);
  assert.deepEqual(warningsOf(spec(inRepeat({ type: 'text', text: '{task.title}' }))), [], 'a text binds it');
});

test('{index} in a field that does not bind it, and a props placeholder in a component field that does not bind it', () => {
  assert.match(onlyWarning(spec(inRepeat({ type: 'listItem', headline: 'Row {index}' }))).message, /\{index\} is drawn as written/);
  // Passing the prop is refused (the component binds no such prop); not passing it leaves it drawn as written.
  const component = { components: { row: { root: { type: 'listItem', headline: '{props.title}' } } } };
  assert.ok(!validatePrototypeSpec(spec({ type: 'use', component: 'row', props: { title: 'A' } }, component)).ok);
  const warning = onlyWarning(spec({ type: 'use', component: 'row' }, component));
  assert.equal(warning.path, 'components.row.root.headline');
  assert.match(warning.message, /\{props\.title\} is drawn as written: headline does not bind component props/);
});

test('{item.x} in a repeat whose rows are named otherwise names the right placeholder, and one outside any repeat is told too', () => {
  const inside = onlyWarning(spec(inRepeat({ type: 'text', text: '{item.title}' })));
  assert.match(inside.message, /this repeat names its rows "task", not "item"/);
  assert.equal(inside.fix, 'Write {task.title}');
  assert.match(onlyWarning(spec({ type: 'text', text: 'Hi {user.name}' })).message, /no repeat around it names its rows "user"/);
  assert.deepEqual(warningsOf(spec({ type: 'text', text: 'Typed: {draft}' })), [], 'a state key is no row');
});

test('a pointer that starts with /data is told to drop it, in an action, a condition and a text', () => {
  const action = onlyWarning(spec(inRepeat({ type: 'button', label: 'Done', onTap: [{ type: 'setData', path: '/data/items/{index}/done', value: { value: true } }] })));
  assert.equal(action.path, 'root.children[0].children[0].onTap[0].path');
  assert.equal(action.fix, 'Write /items/{index}/done');
  assert.equal(onlyWarning(spec({ type: 'text', text: 'x', visibleWhen: { data: '/data/items/0/done', equals: true } })).fix, 'Write /items/0/done');
  assert.equal(onlyWarning(spec({ type: 'text', text: '{data:/data/items/0/title}' })).fix, 'Write /items/0/title');
  assert.equal(onlyWarning(spec({ type: 'button', label: 'Add', onTap: [{ type: 'appendData', path: '/data/items', value: { value: { id: 'b' } } }] })).fix, 'Write /items');
});

test('a misspelt pointer gets a did-you-mean; an append to something not an array is told', () => {
  const misspelt = onlyWarning(spec({ type: 'text', text: '{data:/itmes/0/title}' }));
  assert.equal(misspelt.fix, 'Did you mean /items/0/title?');
  const removal = onlyWarning(spec({ type: 'button', label: 'Clear', onTap: [{ type: 'removeData', path: '/itemz/0' }] }));
  assert.equal(removal.message, '/itemz/0: nothing is there in the authored data, so the action is refused when it runs');
  assert.equal(removal.fix, 'Did you mean /items/0?');
  assert.match(onlyWarning(spec({ type: 'button', label: 'Add', onTap: [{ type: 'appendData', path: '/items/0', value: { value: 1 } }] })).message, /is not an array/);
});

test('a pointer to an array\'s length, count or size is never true, and the fix says how to test for rows', () => {
  for (const word of ['length', 'count', 'size']) {
    const warning = onlyWarning(spec({ type: 'text', text: 'Empty', visibleWhen: { data: `/items/${word}`, equals: 0 } }));
    assert.match(warning.message, new RegExp(`an array has no "${word}" member`));
    assert.match(warning.fix, /\{"data": "\/items", "isEmpty": true\}/);
  }
});

test('pointers a request fills, rows of an empty array and rows appended later are not warned about', () => {
  const request = { type: 'request', url: 'https://api.example.com/w', into: '/weather', statusKey: 'status' };
  const loaded = spec({ type: 'column', children: [
    { type: 'button', label: 'Load', onTap: [request] },
    { type: 'text', text: '{data:/weather/temp} {data:/weather__meta/message}' },
  ] }, { state: { draft: '', status: 'idle' } });
  assert.deepEqual(warningsOf(loaded), []);
  const empty = spec(inRepeat({ type: 'button', label: 'x', onTap: [{ type: 'setData', path: '/items/{index}/done', value: { value: true } }] }), { data: { items: [] } });
  assert.deepEqual(warningsOf(empty), []);
});

test('a fullscreen root without a background is see-through; a background, a stack of opaque screens, an anchored overlay or a translucent window are not warned', () => {
  const bare = { id: 'w', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [{ type: 'text', text: 'Hi' }] } };
  const warning = onlyWarning(bare);
  assert.equal(warning.path, 'root.style.background');
  assert.match(warning.fix, /"background": "surface"/);
  const screen = { type: 'column', style: { background: 'surface' }, children: [{ type: 'text', text: 'Hi' }] };
  const stack = { ...bare, root: { type: 'stack', id: 's', initial: 'a', screens: { a: screen, b: screen } } };
  assert.deepEqual(warningsOf(stack), []);
  assert.deepEqual(warningsOf({ ...bare, window: { placement: { type: 'fullscreen' }, opacity: 90 } }), []);
  const anchored = { ...bare, root: { type: 'box', children: [{ type: 'text', text: 'Tip', anchor: { type: 'bounds', bounds: { x: 10, y: 10, width: 50, height: 20 } } }] } };
  assert.deepEqual(warningsOf(anchored), []);
  assert.deepEqual(warningsOf({ ...bare, window: { placement: { type: 'sheet', edge: 'bottom', height: 300 } } }), [], 'a sheet is meant to sit over the app');
});

test('a spec given as bytes, text or a value has the same warnings, read from the spec as written', () => {
  const bare = { id: 'w', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [] } };
  const text = JSON.stringify(bare);
  const warningsOfInput = (input: unknown) => {
    const result = validatePrototypeSpec(input);
    assert.ok(result.ok);
    return specWarnings(result.authored);
  };
  assert.deepEqual(warningsOfInput(new TextEncoder().encode(text)), warningsOfInput(bare));
  assert.deepEqual(warningsOfInput(text).map((warning) => warning.path), ['root.style.background']);
});

test('the examples hold no trap', () => {
  const folder = new URL('../../examples/', import.meta.url);
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const result = validatePrototypeSpec(readFileSync(new URL(file, folder)));
    assert.ok(result.ok, file);
    assert.deepEqual(specWarnings(result.authored), [], `examples/${file}`);
  }
});

test('a state placeholder inside a {data:…} pointer is drawn as written, and says so; {index} inside a repeat is bound', () => {
  const warning = onlyWarning(spec({ type: 'text', text: 'Price: {data:/items/{selected}/title}' }, { state: { selected: 0 } }));
  assert.equal(warning.path, 'root.children[0].text');
  assert.match(warning.message, /^\{data:\/items\/\{selected\}\/title\} is drawn as written: a \{data:…\} pointer is literal, and \{selected\} inside it is not read from state/);
  assert.match(warning.fix, /setState/);
  assert.deepEqual(warningsOf(spec(inRepeat({ type: 'text', text: '{data:/items/{index}/title}' }))), [], 'a row pointer binds {index}');
});
