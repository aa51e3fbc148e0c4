import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bindPlaceholders,
  bindPlaceholdersAsText,
  placeholderFields,
  propsBinder,
  renderScalar,
  repeatBinder,
  tokenizePlaceholders,
} from '../../src/expand/index.ts';

test('the tokenizer finds {name} and {name.field} and leaves every other brace literal', () => {
  assert.deepEqual(tokenizePlaceholders('{index}: {item.name}!'), [
    { kind: 'placeholder', raw: '{index}', name: 'index', field: null },
    { kind: 'text', text: ': ' },
    { kind: 'placeholder', raw: '{item.name}', name: 'item', field: 'name' },
    { kind: 'text', text: '!' },
  ]);
  for (const literal of ['{ }', '{a.b.c}', '{1x}', '{item.}', '{}', 'no braces', '{item-name}']) {
    assert.deepEqual(tokenizePlaceholders(literal), [{ kind: 'text', text: literal }], literal);
  }
  assert.deepEqual(tokenizePlaceholders(''), []);
});

// seeds/000 "List templates": "A string that is exactly one placeholder keeps the item's own type".
test('exactly one bound placeholder keeps the bound type; inside a longer string it renders to text', () => {
  const binder = repeatBinder('item', { id: 7, on: true, name: 'Alpha' }, 2);
  assert.equal(bindPlaceholders('{item.id}', binder), 7);
  assert.equal(bindPlaceholders('{item.on}', binder), true);
  assert.equal(bindPlaceholders('{index}', binder), 2);
  assert.equal(bindPlaceholders('#{item.id} {item.name} at {index}', binder), '#7 Alpha at 2');
  assert.equal(bindPlaceholdersAsText('{item.id}', binder), '7');
});

// seeds/000 "List templates": "Anything else, including a {key} state placeholder, other braces ... is untouched".
test('placeholders a binder does not know stay literal for a later stage', () => {
  const binder = repeatBinder('item', { id: 1 }, 0);
  assert.equal(bindPlaceholders('{status} {other.id} {props.x} {item.missing}', binder), '{status} {other.id} {props.x} {item.missing}');
  assert.equal(bindPlaceholders('{status}', binder), '{status}');
});

// seeds/000 "List templates": "Inside a template {index} shadows a state key named index".
test('{index} binds the zero-based position, never a state key', () => {
  assert.equal(bindPlaceholders('row {index}', repeatBinder('item', { index: 'x' }, 4)), 'row 4');
});

// seeds/000 "Reusable components": "{props.<field>} binds ... {index} and other aliases are left for a repeat".
test('the props binder binds only {props.<field>}', () => {
  const binder = propsBinder({ key: 'liked_{item.id}', count: 3 });
  assert.equal(bindPlaceholders('{props.key}', binder), 'liked_{item.id}');
  assert.equal(bindPlaceholders('{props.count}', binder), 3);
  assert.equal(bindPlaceholders('{index} {item.id} {props.count}', binder), '{index} {item.id} 3');
  assert.deepEqual(placeholderFields('{props.a} {props.b} {props.a} {item.c}', 'props'), ['a', 'b']);
});

// seeds/000 "number rendering": integral numbers print every digit, -0 prints 0, others as String(number).
test('renderScalar renders numbers the same way at every magnitude', () => {
  const cases: Array<[string | number | boolean, string]> = [
    [12345678, '12345678'],
    [1e21, '1000000000000000000000'],
    [-1e25, '-10000000000000000905969664'],
    [-0, '0'],
    [0.30000000000000004, '0.30000000000000004'],
    [0.00001, '0.00001'],
    [1e-7, '1e-7'],
    [2.5e-7, '2.5e-7'],
    [4.5, '4.5'],
    [true, 'true'],
    ['text', 'text'],
  ];
  for (const [value, text] of cases) assert.equal(renderScalar(value), text, String(value));
});
