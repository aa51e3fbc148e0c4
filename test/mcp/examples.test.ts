// The example resources name every spec in examples/, each with a description, and every one the
// guide links exists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLE_DESCRIPTIONS, exampleNames, exampleText, FIRST_HOUR_EXAMPLES } from '../../src/mcp/examples.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

test('every example in examples/ has a description, and every description an example', () => {
  assert.deepEqual(Object.keys(EXAMPLE_DESCRIPTIONS).sort(), exampleNames());
});

test('the first-hour examples are valid specs that cover what people ask for first', () => {
  assert.ok(FIRST_HOUR_EXAMPLES.length >= 8);
  const text = (name: string) => exampleText(name)!;
  for (const name of FIRST_HOUR_EXAMPLES) {
    const result = validatePrototypeSpec(text(name));
    assert.ok(result.ok, result.ok ? '' : `${name}: ${result.path}: ${result.message}`);
  }
  const covers: Array<[string, RegExp[]]> = [
    ['sign-in', [/"secure": true/, /"errorWhen"/, /"type": "snackbar"/]],
    ['todo', [/"repeat": \{ "items": "\/tasks", "as": "task"/, /"appendData"/, /"swipeActions"/, /"removeData"/, /"testTag": "todo_empty"/, /"type": "textField"/]],
    ['shop', [/"type": "stack"/, /"type": "push"/, /"type": "pop"/, /"type": "badge"/]],
    ['settings', [/"type": "switch"/, /"type": "select"/, /"de": \{/, /"en": \{/, /"modeKey": "theme"/, /"localeKey": "language"/]],
    ['dashboard', [/"type": "chart"/, /"type": "map"/, /"refresh": \{/]],
    ['filters-sheet', [/"type": "bottomSheet"/]],
    ['confirm-dialog', [/"type": "dialog"/]],
    ['onboarding', [/"type": "pager"/]],
    ['weather', [/"type": "request"/, /"statusKey": "weatherStatus"/, /"equals": "loading"/, /"equals": "error"/]],
  ];
  for (const [name, patterns] of covers) for (const pattern of patterns) assert.match(text(name), pattern, `${name} lacks ${pattern}`);
});

test('a name that is not an example reads nothing, whatever it holds', () => {
  for (const name of ['nope', '../package', 'todo.json', '']) assert.equal(exampleText(name), null);
});
