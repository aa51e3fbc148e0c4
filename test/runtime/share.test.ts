/**
 * The share call's pure resolution and its vCard 3.0 (seeds/001 "Share contract"): pinned bytes,
 * escaping, folding at 75 octets without splitting a scalar, every refusal with its path, bound
 * values read once, and property tests of folding and of the resolution's result shape.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { escapeText, fold, MAX_SHARE_TEXT_BYTES, resolveShare, truncateScalars, vcard, type ShareArgs, type ShareContext } from '../../src/runtime/share.ts';

const context = (extra: Partial<ShareContext> = {}): ShareContext => ({
  state: (key) => ({ name: 'Ana', count: 3 } as Record<string, string | number>)[key],
  data: { contact: { phone: '+351 912 345 678' }, photo: 'cover', list: [1, 2] },
  row: null,
  assets: new Map([['cover', { bytes: 2048, mimeType: 'image/png' }], ['menu', { bytes: 90_000, mimeType: 'font/ttf' }]]),
  ...extra,
});

test('a contact becomes these vCard 3.0 bytes: FN, an unstructured N, then TEL, EMAIL, ORG, URL and NOTE, CRLF lines', () => {
  const card = vcard({ name: 'Ana Lima', phone: '+351 912 345 678', email: 'ana@example.com', org: 'Lima, Lda; Porto', url: 'https://example.com/a,b;c', note: 'Line one\nback\\slash' });
  assert.equal(
    card,
    'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Lima\r\nN:Ana Lima;;;;\r\nTEL:+351 912 345 678\r\nEMAIL:ana@example.com\r\nORG:Lima\\, Lda\\; Porto\r\nURL:https://example.com/a,b;c\r\nNOTE:Line one\\nback\\\\slash\r\nEND:VCARD\r\n',
  );
  assert.equal(vcard({ name: 'Bo' }), 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bo\r\nN:Bo;;;;\r\nEND:VCARD\r\n');
});

test('long lines fold at 75 octets with the continuation space counted, never inside a scalar', () => {
  const long = `NOTE:${'a'.repeat(100)}`;
  assert.equal(fold(long), `NOTE:${'a'.repeat(70)}\r\n ${'a'.repeat(30)}\r\n`);
  // 3-byte characters: 75 octets hold 25 of them after nothing, 24 after the leading space.
  const wide = `${'€'.repeat(60)}`;
  const lines = fold(wide).split('\r\n').filter((line) => line !== '');
  assert.deepEqual(lines.map((line) => Buffer.byteLength(line)), [75, 73, 34]);
  assert.equal(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join(''), wide);
  assert.equal(escapeText('a,b;c\\d\r\ne'), 'a\\,b\\;c\\\\d\\ne');
});

test('property: folded lines are at most 75 octets, unfold to the line, and split no scalar', () => {
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
    const folded = fold(`NOTE:${text}`);
    assert.ok(folded.endsWith('\r\n'));
    const lines = folded.slice(0, -2).split('\r\n');
    for (const line of lines) assert.ok(Buffer.byteLength(line) <= 75, `${Buffer.byteLength(line)} octets`);
    assert.equal(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join(''), `NOTE:${text}`);
    for (const line of lines) assert.equal(Buffer.from(line).toString(), line, 'each line is whole UTF-8');
  }));
});

test('strings bind state, data and row fields once; missing state stays literal, missing data reads empty', () => {
  const shared = resolveShare({ text: 'Hi {name}, {count} new · {missing} · [{data:/nothing}] {name2}', subject: '{item.title} #{index}' }, context({ row: { item: { title: 'Fern' }, alias: 'item', index: 2 }, state: (key) => (key === 'name' ? '{count}' : key === 'count' ? 3 : undefined) }));
  assert.ok(shared.ok);
  assert.equal(shared.payload.text, 'Hi {count}, 3 new · {missing} · [] {name2}');
  assert.equal(shared.payload.subject, 'Fern #2');
  assert.deepEqual(shared.summary, { outcome: 'unknown', items: { text: shared.payload.text, subject: 'Fern #2', images: 0, files: [], contact: false } });
});

test('images and files come from uploaded assets with their sizes; a contact comes as a vCard', () => {
  const shared = resolveShare({ images: ['cover', { asset: 'cover' }, { data: '/photo' }], files: [{ asset: 'menu', name: 'Menu {name}.ttf', mimeType: 'font/ttf' }], contact: { name: '{name}', phone: '{data:/contact/phone}' } }, context());
  assert.ok(shared.ok);
  assert.deepEqual(shared.payload.images, ['cover', 'cover', 'cover']);
  assert.deepEqual(shared.payload.files, [{ asset: 'menu', name: 'Menu Ana.ttf', mimeType: 'font/ttf', bytes: 90_000 }]);
  assert.equal(shared.payload.vcard, 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana\r\nN:Ana;;;;\r\nTEL:+351 912 345 678\r\nEND:VCARD\r\n');
  assert.deepEqual(shared.summary.items, { images: 3, files: [{ name: 'Menu Ana.ttf', mimeType: 'font/ttf', bytes: 90_000 }], contact: true });
});

test('every refusal is invalid_args at its path', () => {
  const refused = (args: unknown, extra: Partial<ShareContext> = {}) => {
    const result = resolveShare(args as ShareArgs, context(extra));
    assert.equal(result.ok, false, JSON.stringify(args));
    return result.ok ? '' : `${result.error.code} ${result.error.path}`;
  };
  assert.equal(refused({ subject: 'Only a subject' }), 'invalid_args args');
  assert.equal(refused({ text: '   ' }), 'invalid_args args');
  assert.equal(refused({ text: 'x', title: 'Use subject' }), 'invalid_args args.title');
  for (const url of ['/relative', 'javascript:alert(1)', 'data:text/plain,x', 'file:///etc/passwd', 'myapp://open', 'https://user:pw@example.com/', 'https://example.com/a b', 'https://example.com/\\x', 'https://exa\u00a0mple.com/', 'https://example.com/\u202e', 'http://']) {
    assert.equal(refused({ url }), 'invalid_args args.url', url);
  }
  assert.equal(refused({ images: ['nope'] }), 'invalid_args args.images[0]');
  assert.equal(refused({ images: [{ data: '/missing' }] }), 'invalid_args args.images[0]');
  assert.equal(refused({ images: [{ data: '/list' }] }), 'invalid_args args.images[0]', 'an array is no image');
  assert.equal(refused({ images: ['menu'] }), 'invalid_args args.images[0]', 'a font is no image');
  assert.equal(refused({ images: Array.from({ length: 11 }, () => 'cover') }), 'invalid_args args.images');
  assert.equal(refused({ files: Array.from({ length: 5 }, () => ({ asset: 'menu', name: 'a.ttf', mimeType: 'font/ttf' })) }), 'invalid_args args.files');
  for (const name of ['', '.hidden', 'a/b', 'a\\b', 'tab\there', 'x'.repeat(129), 'é'.repeat(65)]) {
    assert.equal(refused({ files: [{ asset: 'menu', name, mimeType: 'font/ttf' }] }), 'invalid_args args.files[0].name', JSON.stringify(name));
  }
  assert.equal(refused({ files: [{ asset: 'menu', name: 'a.ttf', mimeType: 'font/ttf; charset=x' }] }), 'invalid_args args.files[0].mimeType');
  assert.equal(refused({ files: [{ asset: 'menu', name: 'a.ttf', mimeType: 'font/ttf' }] }, { assets: new Map([['menu', { bytes: -1, mimeType: 'font/ttf' }]]) }), 'invalid_args args.files[0].asset');
  assert.equal(refused({ contact: { name: ' ' } }), 'invalid_args args.contact.name');
  assert.equal(refused({ text: 'é'.repeat(MAX_SHARE_TEXT_BYTES / 2 + 1) }), 'invalid_args args.text');
  // Windows device names, colons, trailing dots and spaces are fine in this platform-neutral contract.
  assert.ok(resolveShare({ files: [{ asset: 'menu', name: 'CON: my file.', mimeType: 'font/ttf' }] }, context()).ok);
});

test('the summary text is cut to 2048 scalars without splitting a surrogate pair', () => {
  const text = '😀'.repeat(2100);
  const shared = resolveShare({ text }, context());
  assert.ok(shared.ok);
  assert.equal(shared.payload.text, text, 'the payload keeps it whole');
  assert.equal([...shared.summary.items.text!].length, 2048);
  assert.equal(truncateScalars('a😀b', 2), 'a😀');
});

test('property: any args resolve to {ok, payload, summary} or to invalid_args with a path under args', () => {
  const piece = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('{name}', '{data:/contact/phone}', 'https://example.com/x', ' ', '{index}'));
  const args = fc.record({
    text: fc.option(piece, { nil: undefined }),
    url: fc.option(piece, { nil: undefined }),
    subject: fc.option(piece, { nil: undefined }),
    images: fc.option(fc.array(fc.oneof(fc.constantFrom('cover', 'nope', 'menu'), fc.record({ data: fc.constantFrom('/photo', '/x', '/list') })), { maxLength: 12 }), { nil: undefined }),
    contact: fc.option(fc.record({ name: piece, note: fc.option(piece, { nil: undefined }) }), { nil: undefined }),
  }, { requiredKeys: [] });
  fc.assert(fc.property(args, (value) => {
    const cleaned = Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as ShareArgs;
    const result = resolveShare(cleaned, context());
    if (result.ok) {
      assert.equal(result.summary.outcome, 'unknown');
      assert.equal(result.summary.items.images, result.payload.images.length);
      assert.ok(result.payload.images.length <= 10);
      assert.equal(result.summary.items.contact, result.payload.vcard !== undefined);
    } else {
      assert.equal(result.error.code, 'invalid_args');
      assert.match(result.error.path, /^args(\.|\[|$)/);
    }
  }));
});
