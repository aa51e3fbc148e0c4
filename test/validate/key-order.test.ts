// "The first error's path and message are functions of the spec's content, not of its key
// order": each spec below is validated as written and with every object's keys reversed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validatePrototypeSpec, validatePrototypeSpecAllErrors, type ValidationResult } from '../../src/validate/index.ts';

const window = { placement: { type: 'fullscreen' } };

function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).reverse().map((key) => [key, reversed((value as Record<string, unknown>)[key])]));
}

function answer(result: ValidationResult): string {
  return result.ok ? 'valid' : `${result.path}: ${result.message}`;
}

function sameEitherWay(spec: unknown, expected: RegExp): void {
  const given = answer(validatePrototypeSpec(spec));
  assert.match(given, expected);
  assert.equal(answer(validatePrototypeSpec(reversed(spec))), given);
}

test('a missing repeat field lists the item fields sorted', () => {
  const root = { type: 'column', repeat: { items: [{ n: 3, id: 'a' }], as: 'item' }, children: [{ type: 'text', text: '{item.name}' }] };
  sameEitherWay({ id: 'p', window, root }, /\(fields: id, n\)$/);
});

test('a default naming no table lists the locales sorted', () => {
  const strings = { default: 'fr', tables: { en: { a: 'A' }, de: { a: 'A' } } };
  sameEitherWay({ id: 'p', window, strings, root: { type: 'text', text: 'x' } }, /locales: de, en$/);
});

test('a push to a screen the stack lacks, and an initial screen it lacks, list the screens sorted', () => {
  const push = { type: 'button', label: 'Go', onTap: [{ type: 'push', stack: 'main', screen: 'photo' }] };
  const root = { type: 'stack', id: 'main', initial: 'list', screens: { list: { type: 'column', children: [push] }, detail: { type: 'column', children: [] } } };
  sameEitherWay({ id: 'p', window, root }, /its screens: "detail", "list"$/);
  sameEitherWay({ id: 'p', window, root: { ...root, initial: 'call' } }, /screens: "detail", "list"$/);
});

test('a platform call with two stray args names the same one whichever is written first', () => {
  const onTap = [{ type: 'platform', call: 'haptics.perform', args: { subject: 'x', sound: 'click' } }];
  sameEitherWay({ id: 'p', window, root: { type: 'button', label: 'Buzz', onTap } }, /root\.onTap\[0\]\.args\.sound: /);
});

test('a request with two forbidden headers names the same one whichever is written first', () => {
  const onTap = [{ type: 'request', url: 'https://example.com/a', into: '/reply', headers: { Host: 'a', Cookie: 'b' } }];
  sameEitherWay({ id: 'p', window, data: { reply: null }, root: { type: 'button', label: 'Send', onTap } }, /\.headers\.Cookie: Header Cookie cannot be set/);
});

test('in all-errors mode a platform call named like an Object property, or with a number for args, is an error, never internal', () => {
  const specs = [
    { type: 'platform', call: 'constructor' },
    { type: 'platform', call: 'toString', args: {} },
    { type: 'platform', call: 'haptics.perform', args: 5 },
    { type: 'platform', call: 'share.open', args: 'text' },
    { type: 'platform', call: 'share.open', args: { files: [{ asset: 'a', name: 'a.pdf', mimeType: 'application/pdf; x=1' }] } },
  ].map((action) => ({ id: 'p', window, requires: { platform: ['share'] }, root: { type: 'button', label: 'x', onTap: [action] } }));
  for (const spec of specs) {
    for (const input of [spec, JSON.stringify(spec)]) {
      const single = validatePrototypeSpec(input);
      const all = validatePrototypeSpecAllErrors(input);
      assert.ok(!single.ok && !all.ok, JSON.stringify(spec));
      for (const message of [single.message, ...all.errors.map((error) => error.message)]) assert.doesNotMatch(message, /^Internal/, JSON.stringify(spec));
      assert.deepEqual([all.errors[0]!.path, all.errors[0]!.message], [single.path, single.message]);
    }
  }
});
