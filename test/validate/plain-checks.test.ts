/**
 * The walker stands a plain check in for the walk of a subtree whose walk would only judge it
 * (walker.ts, pureCheck). These cases pin what must not change with it: a wrong value deep in such
 * a subtree is refused at its own path, a cross-field rule inside one still holds, and a member or
 * union branch whose walk does more (a capability to note) is still walked.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

const spec = (root: unknown, extra: object = {}) => ({ id: 'plain', window: { placement: { type: 'fullscreen' } }, ...extra, root });
const text = (style: unknown) => ({ type: 'text', text: 'x', style });

function refusedAt(value: unknown): string {
  const result = validatePrototypeSpec(value);
  assert.equal(result.ok, false, 'expected a refusal');
  return result.ok ? '' : result.path;
}

test('a wrong leaf deep in a plainly checked subtree is refused at its own path', () => {
  assert.equal(refusedAt(spec(text({ padding: { top: 4, bottom: -1 } }))), 'root.style.padding.bottom');
  assert.equal(refusedAt(spec(text({ cornerRadius: { topStart: 16, topEnd: -1 } }))), 'root.style.cornerRadius.topEnd');
  assert.equal(refusedAt(spec(text({ gradient: { type: 'linear', angle: 45, stops: [{ color: '#000000' }, { color: 'nope' }] } }))), 'root.style.gradient.stops[1].color');
  assert.equal(refusedAt(spec(text({ padding: { top: 4, sideways: 2 } }))), 'root.style.padding.sideways');
  assert.ok(validatePrototypeSpec(spec(text({ padding: { top: 4, bottom: 2 }, cornerRadius: { topStart: 16 }, color: 'primary', maxLines: 2 }))).ok);
});

test('a cross-field rule of a plainly checked object still holds ("glass" only with a surface)', () => {
  const path = refusedAt(spec({ type: 'box', children: [], style: { glass: { tint: 'primary' } } }));
  assert.equal(path, 'root.style.glass');
});

test('a union branch that needs a capability is walked and its capability noted at its path', () => {
  const pair = validatePrototypeSpec(spec(text({ color: { light: '#000000', dark: '#FFFFFF' } })));
  assert.ok(pair.ok);
  assert.equal(pair.capabilityPaths.prototype_theme_modes_v1, 'root.style.color');
  const role = validatePrototypeSpec(spec(text({ color: 'primary' })));
  assert.ok(role.ok);
  assert.equal(role.capabilityPaths.prototype_theme_modes_v1, undefined);
});
