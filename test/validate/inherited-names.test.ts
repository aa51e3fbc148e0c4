// Spec strings that name something every JavaScript object inherits are unknown names like any
// other: no internal error, and no message prints the inherited value's own text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compactJsonByteLength } from '../../src/json/index.ts';
import { validatePrototypeSpec, validatePrototypeSpecAllErrors } from '../../src/validate/index.ts';

const window = { placement: { type: 'fullscreen' } };

test('a component root whose type is an inherited name is an unknown node type, in both modes and forms', () => {
  for (const type of ['constructor', '__defineGetter__', 'toString']) {
    const spec = { id: 'p', window, components: { c: { root: { type } } }, root: { type: 'use', component: 'c' } };
    for (const input of [spec, JSON.stringify(spec)]) {
      const single = validatePrototypeSpec(input);
      assert.equal(single.ok, false);
      if (!single.ok) assert.match(single.message, new RegExp(`Unknown node type "${type}"`));
      const all = validatePrototypeSpecAllErrors(input);
      assert.ok(!all.ok && all.errors.every((error) => !error.message.startsWith('Internal')), JSON.stringify(all));
    }
  }
});

test('an unknown property named like an inherited one never prints a JavaScript value', () => {
  for (const name of ['constructor', 'isPrototypeOf', 'valueOf', 'hasOwnProperty']) {
    const result = validatePrototypeSpec({ id: 'p', window, root: { type: 'text', text: 'Hi', [name]: 'outlined' } });
    assert.ok(!result.ok);
    assert.equal(result.path, `root.${name}`);
    assert.doesNotMatch(result.message, /native code|function |\[object/);
  }
});

test('an object-form spec sharing one child twice at each of 24 levels is measured once per object and refused by size at $', () => {
  const leaf = { type: 'text', text: 'x'.repeat(100) };
  let node: unknown = leaf;
  let written = JSON.stringify(leaf).length;
  for (let level = 0; level < 24; level++) {
    const children = [node, node];
    node = { type: 'column', children };
    // What its text would measure: the wrapper around the child written out twice.
    written = JSON.stringify({ type: 'column', children: [0, 0] }).length - 2 + 2 * written;
  }
  assert.equal(compactJsonByteLength(node), written);
  assert.ok(written > 2 ** 30, 'written out it would be over a gigabyte');
  const result = validatePrototypeSpec({ id: 'p', window, root: node });
  assert.deepEqual(result.ok ? null : [result.path, /Spec byte limit exceeded: more than 1048576 bytes/.test(result.message)], ['$', true]);
});

test('a shared object inside itself is still a cycle, and shared siblings are not', () => {
  const shared = { type: 'text', text: 'a' };
  assert.equal(compactJsonByteLength({ a: shared, b: shared }), JSON.stringify({ a: shared, b: shared }).length);
  const cyclic: Record<string, unknown> = { type: 'column' };
  cyclic.children = [{ type: 'box', child: cyclic }];
  assert.equal(compactJsonByteLength(cyclic), Infinity);
});
