// Glass IDs: a glass surface's shared.key inside an ios.glassGroup names its glass. It is unique
// within its nearest group (a repeat row's once resolved), may repeat in another group, never
// doubles as the key of a visibility pair, and names its row by the repeat's key inside a template.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

const glass = (key: string, extra: object = {}) => ({ type: 'box', children: [], style: { surface: 'glass' }, shared: { key }, ...extra });
const group = (children: object[]) => ({ type: 'row', ios: { glassGroup: true }, children });
const spec = (children: object[], state: object = {}) => ({ id: 'glass', window: { placement: { type: 'fullscreen' } }, state, root: { type: 'column', children } });

function failure(input: unknown): { path: string; message: string } | null {
  const result = validatePrototypeSpec(input);
  return result.ok ? null : { path: result.path, message: result.message };
}

test('a glass ID is unique in its group and may repeat in another', () => {
  assert.equal(failure(spec([group([glass('play'), glass('next')]), group([glass('play')])])), null);
  assert.deepEqual(failure(spec([group([glass('play'), glass('play')])]))?.path, 'root.children[0].children[1].shared.key');
  assert.match(failure(spec([group([glass('play'), glass('play')])]))!.message, /used twice in the glass group root\.children\[0\]/);
});

test('the nearest group decides: a nested group scopes its own IDs', () => {
  assert.equal(failure(spec([group([glass('a'), group([glass('a')])])])), null);
});

test('a glass ID never doubles as the key of a visibility pair', () => {
  const pair = (visible: boolean) => ({ type: 'text', text: 'x', shared: { key: 'play' }, visibleWhen: { key: 'open', equals: visible } });
  const found = failure(spec([group([glass('play')]), pair(true), pair(false)], { open: false }));
  assert.equal(found?.path, 'root.children[0].children[0].shared.key');
  assert.match(found!.message, /also the shared key of root\.children\[1\]\.shared\.key/);
});

test('inside a repeat a glass ID names its row by the repeat key; two rows resolving to one ID are refused', () => {
  const rows = (ids: string[]) => ({ type: 'row', ios: { glassGroup: true }, repeat: { items: ids.map((id) => ({ id })), as: 'tab', key: 'id' }, children: [glass('tab-{tab.id}')] });
  assert.equal(failure(spec([rows(['a', 'b', 'c'])])), null);
  const twice = failure(spec([rows(['a', 'a'])]));
  assert.ok(twice !== null);
  const literal = failure(spec([{ type: 'row', ios: { glassGroup: true }, repeat: { items: [{ id: 'a' }, { id: 'b' }], as: 'tab', key: 'id' }, children: [glass('tab')] }]));
  assert.match(literal!.message, /repeat/);
});

test('outside any glass group a glass surface\'s key is an ordinary shared key: at most two nodes share it', () => {
  assert.equal(failure(spec([glass('a', { visibleWhen: { key: 'open', equals: true } }), glass('a', { visibleWhen: { key: 'open', equals: false } })], { open: true })), null);
  assert.match(failure(spec([glass('a'), glass('a'), glass('a')]))!.message, /third node/);
});
