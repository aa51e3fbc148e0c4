import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionTypes, contract, iconNames, nodeTypes } from '../../src/contract/index.ts';
import { authoringGuide, describeRule } from '../../src/mcp/guide.ts';
import { MAX_ICON_RESULTS, searchIcons } from '../../src/mcp/icons.ts';
import { toolResult } from '../../src/mcp/server.ts';

const guide = authoringGuide();

test('the guide has a row for every node type, action type and style property of the contract', () => {
  for (const type of nodeTypes) assert.match(guide, new RegExp(`\\| \`${type}\` \\|`), `node ${type}`);
  for (const type of actionTypes) assert.match(guide, new RegExp(`\\| \`${type}\` \\|`), `action ${type}`);
  const style = contract.definitions.style as { properties: Record<string, unknown> };
  for (const property of Object.keys(style.properties)) assert.match(guide, new RegExp(`\\| \`${property}\` \\|`), `style ${property}`);
});

test('required properties are starred and rules say what they accept', () => {
  const required = (contract.nodes.pager!.required ?? [])[0]!;
  assert.match(guide, new RegExp(`\\| \`pager\` \\| [^\\n]*\`${required}\`\\*`));
  assert.equal(describeRule({ kind: 'number', integer: true, min: 100, max: 900 }), 'integer 100–900');
  assert.equal(describeRule({ kind: 'enum', values: ['a', 'b'] }), '`a` \\| `b`');
  assert.match(describeRule({ ref: 'iconName' }), new RegExp(`${iconNames.length} names`));
});

test('icon search finds names containing every word, best matches first, bounded', () => {
  assert.deepEqual(searchIcons('arrow back').slice(0, 2), ['arrow_back', 'arrow_back_ios']);
  assert.ok(searchIcons('HOME').every((name) => name.includes('home')));
  assert.equal(searchIcons('home')[0], 'home');
  assert.deepEqual(searchIcons('no such icon at all'), []);
  assert.equal(searchIcons('').length, MAX_ICON_RESULTS);
  assert.ok(searchIcons('a').length <= MAX_ICON_RESULTS);
});

test('tool results carry structured content and the same JSON as text; failures name path and fix', () => {
  const ok = toolResult({ success: true, id: 'p' } as never);
  assert.deepEqual(ok.structuredContent, { success: true, id: 'p' });
  assert.deepEqual(JSON.parse((ok.content[0] as { text: string }).text), ok.structuredContent);
  assert.equal(ok.isError, undefined);
  const failed = toolResult({ success: false, path: 'root.type', error: 'Missing type', fix: 'Add a type.' });
  assert.equal(failed.isError, true);
  assert.equal((failed.content[0] as { text: string }).text, 'root.type: Missing type. Fix: Add a type.');
  assert.deepEqual(JSON.parse((failed.content[1] as { text: string }).text), failed.structuredContent);
});
