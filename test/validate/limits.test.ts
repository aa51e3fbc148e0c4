/** Every limit at its exact boundary, with inputs generated here. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { limits } from '../../src/contract/index.ts';
import { assertRejectedAt, assertValid, column, spec, text, type Json } from './helpers.ts';

function padToBytes(value: Json, bytes: number): string {
  const compact = JSON.stringify(value);
  const length = Buffer.byteLength(compact);
  assert.ok(length <= bytes, `base spec already has ${length} bytes`);
  return compact.slice(0, -1) + ' '.repeat(bytes - length) + '}';
}

describe('spec byte limit (1 MiB of UTF-8, whitespace included)', () => {
  const base = spec(text('€ counts three bytes'));

  test('exactly 1 MiB passes, one byte more fails at $', () => {
    const exact = padToBytes(base, limits.specBytes);
    assert.equal(Buffer.byteLength(exact), 1048576);
    assertValid(exact);
    assertValid(new TextEncoder().encode(exact));
    const over = padToBytes(base, limits.specBytes + 1);
    assert.match(assertRejectedAt(over, '$'), /byte limit/i);
    assertRejectedAt(new TextEncoder().encode(over), '$');
  });

  test('a decoded value is measured as compact JSON', () => {
    const filler = 'x'.repeat(limits.specBytes - Buffer.byteLength(JSON.stringify(spec(text('')))));
    assertValid(spec(text(filler)));
    assertRejectedAt(spec(text(`${filler}x`)), '$');
  });
});

describe('emit payload budget (4096 conservative bytes)', () => {
  // {"s":"…"} is the string's length plus 8 bytes.
  const emitting = (payload: Json) => spec(text('Send', { onTap: [{ type: 'emit', name: 'send', payload }] }));

  test('exactly 4096 bytes passes, 4097 fails at the payload', () => {
    assertValid(emitting({ s: 'x'.repeat(4088) }));
    assertRejectedAt(emitting({ s: 'x'.repeat(4089) }), 'root.onTap[0].payload');
  });

  test('each number counts 32 bytes whatever its spelling', () => {
    // [n, n, …]: 33 bytes per number + 1 → 124 numbers fit (4093), 125 do not (4126).
    assertValid(emitting(Array.from({ length: 124 }, () => 1)));
    assertRejectedAt(emitting(Array.from({ length: 125 }, () => 1)), 'root.onTap[0].payload');
  });

  test('payload nesting stops at depth 24', () => {
    const nested = (depth: number): Json => (depth === 0 ? 'leaf' : [nested(depth - 1)]);
    assertValid(emitting(nested(24)));
    assertRejectedAt(emitting(nested(25)), 'root.onTap[0].payload');
  });

  test('null, nested JSON and an absent payload are allowed', () => {
    assertValid(emitting(null));
    assertValid(emitting({ a: [1, { b: false }], c: null }));
    assertValid(spec(text('x', { onTap: [{ type: 'emit', name: 'n' }] })));
  });
});

describe('node count (2000, repeat instances included)', () => {
  const texts = (n: number) => Array.from({ length: n }, (_, i) => text(String(i)));

  test('2000 nodes pass, the 2001st fails at its own path', () => {
    assert.equal(assertValid(spec(column(texts(1999)))), 2000);
    assertRejectedAt(spec(column(texts(2000))), 'root.children[1999]');
  });

  test('hidden and closed-sheet content counts too', () => {
    const sheet = { type: 'bottomSheet', openWhen: { key: 'open', equals: true }, detents: ['half'], child: column(texts(1996)) };
    assert.equal(assertValid(spec(column([sheet, text('after')]))), 2000);
    assertRejectedAt(spec(column([sheet, text('a'), text('b')])), 'root.children[2]');
  });

  test('a repeat counts every instance and fails at the container repeat', () => {
    const repeated = (items: number) =>
      spec(column(texts(19), { repeat: { as: 'item', items: Array.from({ length: items }, (_, n) => ({ n })) } }));
    // 1 container + items × 19 template nodes
    assert.equal(assertValid(repeated(105)), 1 + 105 * 19);
    assertRejectedAt(repeated(106), 'root.repeat');
  });
});

describe('node depth (24, root is 1)', () => {
  const chain = (depth: number): Json => (depth === 1 ? text('deepest') : { type: 'box', children: [chain(depth - 1)] });

  test('depth 24 passes, 25 fails at the deepest node', () => {
    assertValid(spec(chain(24)));
    assertRejectedAt(spec(chain(25)), `root${'.children[0]'.repeat(24)}`);
  });

  test('scroll, pager and sheet children nest like any child', () => {
    const scrolls = (depth: number): Json => (depth === 1 ? text() : { type: 'scroll', child: scrolls(depth - 1) });
    assertValid(spec(scrolls(24)));
    assertRejectedAt(spec(scrolls(25)), `root${'.child'.repeat(24)}`);
  });
});

describe('image uses (32)', () => {
  const images = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'image', asset: `a${i}` }));
  const navItems = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `t${i}`, image: `nav${i}` }));
  const tabBar = (items: Json[]) => ({ type: 'tabBar', stateKey: 'tab', items });

  test('32 image nodes pass, the 33rd fails at its node', () => {
    assertValid(spec(column(images(32))));
    assertRejectedAt(spec(column(images(33))), 'root.children[32]');
  });

  test('nav item images count and fail at the item image', () => {
    assertValid(spec(column([...images(30), tabBar(navItems(2))]), { state: { tab: 0 } }));
    assertRejectedAt(spec(column([...images(30), tabBar(navItems(3))]), { state: { tab: 0 } }), 'root.children[30].items[2].image');
  });

  test('a light/dark pair of two ids counts twice, a pair of one id once', () => {
    const pairs = (n: number, same: boolean) =>
      Array.from({ length: n }, (_, i) => ({ type: 'image', asset: same ? { light: 'x', dark: 'x' } : { light: `l${i}`, dark: `d${i}` } }));
    assertValid(spec(column(pairs(16, false))));
    assertRejectedAt(spec(column([...pairs(16, false), ...pairs(1, true)])), 'root.children[16]');
    assertValid(spec(column([...pairs(15, false), ...pairs(2, true)])));
  });

  test('repeated images count per instance', () => {
    const repeated = (items: number) =>
      spec(column(images(1), { repeat: { as: 'item', items: Array.from({ length: items }, (_, n) => ({ n })) } }));
    assertValid(repeated(32));
    assertRejectedAt(repeated(33), 'root.repeat');
  });
});

describe('list and selector limits', () => {
  test('onTap takes 1 to 32 actions', () => {
    const taps = (n: number) => spec(text('x', { onTap: Array.from({ length: n }, () => ({ type: 'dismiss' })) }));
    assertValid(taps(32));
    assertRejectedAt(taps(33), 'root.onTap');
    assertRejectedAt(taps(0), 'root.onTap');
  });

  test('repeat items hold 1 to 128 entries', () => {
    const repeated = (n: number) => spec(column([text()], { repeat: { as: 'item', items: Array.from({ length: n }, (_, i) => ({ i })) } }));
    assertValid(repeated(128));
    assertRejectedAt(repeated(129), 'root.repeat.items');
    assertRejectedAt(repeated(0), 'root.repeat.items');
  });

  test('selector container chains reach depth 8', () => {
    const chain = (depth: number): Json => (depth === 1 ? { elementId: 'c' } : { elementId: 'c', container: chain(depth - 1) });
    const anchored = (depth: number) => spec(text('x', { anchor: { type: 'element', selector: { text: 'Buy', container: chain(depth) }, alignment: 'cover' } }));
    assertValid(anchored(8));
    assertRejectedAt(anchored(9), `root.anchor.selector${'.container'.repeat(9)}`);
  });

  test('conditions nest to depth 8', () => {
    const nots = (depth: number): Json => (depth === 1 ? { key: 'a', equals: 1 } : { not: nots(depth - 1) });
    assertValid(spec(text('x', { visibleWhen: nots(8) })));
    assertRejectedAt(spec(text('x', { visibleWhen: nots(9) })), `root.visibleWhen${'.not'.repeat(8)}`);
  });
});
