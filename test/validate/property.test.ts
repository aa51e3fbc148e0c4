/**
 * Mutated valid specs: the validator never throws or hangs, and answers either ok or a path that
 * locates something in the input (a present value, a missing key of a present object, or `$`).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parsePath } from '../../src/expand/path.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { at, isObject, mutate, mutation, seeds, type Json } from './mutations.ts';

/**
 * Whether `path` locates something in `input`: every step resolves, except a missing last key of
 * an object. A use-chain path (`root.children[0] (use a) → components.a.root.text`) must locate
 * at every link.
 */
function locates(input: Json, path: string): boolean {
  if (path === '$') return true;
  if (path.includes(' → ')) return path.split(' → ').every((link) => locates(input, link.replace(/ \(use [A-Za-z0-9_]+\)$/, '')));
  const segments = parsePath(path);
  if (segments === null) return false;
  const parent = at(input, segments.slice(0, -1));
  const last = segments[segments.length - 1]!;
  if (at(input, segments) !== undefined) return true;
  return isObject(parent) && typeof last === 'string';
}

test('mutated specs: never throw, and fail at a path of the input', () => {
  fc.assert(
    fc.property(fc.nat(seeds.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }), (seedIndex, changes) => {
      const root = { spec: structuredClone(seeds[seedIndex]!) };
      for (const change of changes) mutate(root, change);
      for (const input of [root.spec, JSON.stringify(root.spec)]) {
        const result = validatePrototypeSpec(input);
        if (result.ok) continue;
        assert.doesNotMatch(result.message, /^Internal/, `${result.path}: ${result.message}`);
        assert.ok(locates(root.spec, result.path), `path ${result.path} is not in the input (${result.message})`);
      }
    }),
    { numRuns: 400 },
  );
});

test('a state key bound by the rows of a data pointer fails at the key, since the rows are not in the repeat', () => {
  const spec = structuredClone(seeds[3]!) as { root: { children: Array<{ children: Array<{ onTap: Array<{ key: string }> }> }> } };
  spec.root.children[1]!.children[0]!.onTap[0]!.key = '/feed/{index}';
  const result = validatePrototypeSpec(spec);
  assert.ok(!result.ok);
  assert.equal(result.path, 'root.children[1].children[0].onTap[0].key');
  assert.match(result.message, /Bound state key "\/feed\/0" is invalid for row 0/);
  assert.ok(locates(spec as Json, result.path));
});
