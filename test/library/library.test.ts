// The library export (src/library): it validates as the device does, then refuses, at the
// feature's path, what the embedding does not support (hidden nodes and empty data templates
// included, the base vocabulary always supported), and in library mode a system window and device
// persistence; requiredCapabilities lists what a spec needs, each with its first path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_CAPABILITIES, CAPABILITIES, requiredCapabilities, validatePrototypeSpec } from '../../src/library/index.ts';

const spec = (window: Record<string, unknown> = {}) => ({
  id: 'embedded',
  window: { placement: { type: 'fullscreen' }, ...window },
  state: { on: false },
  data: { rows: [] },
  root: {
    type: 'column',
    children: [
      { type: 'column', repeat: { items: '/rows', as: 'row' }, children: [{ type: 'flow', children: [{ type: 'text', text: '{row.name}' }] }] },
      { type: 'text', text: 'Hidden', visibleWhen: { key: 'on', equals: true }, onLongPress: [{ type: 'dismiss' }] },
    ],
  },
});

test('requiredCapabilities lists every capability with its first path, hidden nodes and empty templates included', () => {
  const needs = requiredCapabilities(JSON.stringify(spec()));
  assert.ok(needs.ok);
  assert.deepEqual(needs.capabilities, [
    { capability: CAPABILITIES.prototype, path: '$' },
    { capability: CAPABILITIES.dataModel, path: 'data' },
    { capability: CAPABILITIES.flowGrid, path: 'root.children[0].children[0]' },
    { capability: CAPABILITIES.gestures, path: 'root.children[1].onLongPress' },
  ]);
  const invalid = requiredCapabilities('{"id": 1}');
  assert.ok(!invalid.ok && invalid.path === 'id');
});

test('a feature the embedding does not support is refused at its path; the base vocabulary needs no listing', () => {
  const refused = validatePrototypeSpec(spec(), { supportedCapabilities: [CAPABILITIES.dataModel, CAPABILITIES.flowGrid] });
  assert.deepEqual(refused.ok ? null : [refused.path, refused.message.includes(CAPABILITIES.gestures)], ['root.children[1].onLongPress', true]);
  const taken = validatePrototypeSpec(spec(), { supportedCapabilities: [CAPABILITIES.dataModel, CAPABILITIES.flowGrid, CAPABILITIES.gestures] });
  assert.ok(taken.ok && taken.spec.id === 'embedded');
  assert.ok(BASE_CAPABILITIES.includes(CAPABILITIES.anchors));
  assert.ok(validatePrototypeSpec(spec(), {}).ok, 'without supportedCapabilities nothing is refused for capabilities');
});

test('library mode refuses an explicit system window and device persistence, and only in library mode', () => {
  const system = validatePrototypeSpec(spec({ layer: 'system' }), { library: true });
  assert.ok(!system.ok && system.path === 'window.layer');
  const persistent = validatePrototypeSpec(spec({ persistence: 'device' }), { library: true });
  assert.ok(!persistent.ok && persistent.path === 'window.persistence');
  assert.ok(validatePrototypeSpec(spec({ layer: 'app' }), { library: true }).ok);
  assert.ok(validatePrototypeSpec(spec({ layer: 'system', persistence: 'device' })).ok);
});

test('the rules of the spec hold in either mode: a forbidden header and a literal line break are refused', () => {
  const request = (headers: Record<string, string>) => ({ ...spec(), data: { rows: [], feed: {} }, root: { type: 'button', label: 'Go', onTap: [{ type: 'request', url: 'https://api.example.com/', into: '/feed', headers }] } });
  for (const library of [false, true]) {
    const forbidden = validatePrototypeSpec(request({ Cookie: 'a=b' }), { library });
    assert.ok(!forbidden.ok && forbidden.path === 'root.onTap[0].headers.Cookie');
    const broken = validatePrototypeSpec(request({ 'X-A': 'a\nb' }), { library });
    assert.ok(!broken.ok && broken.path === 'root.onTap[0].headers["X-A"]');
  }
});

// Seed 001: "Library imports refuse secure state in every share string, including nested
// contact/file values and follow-up handlers. The library secure-value scan guard caps total
// expanded bytes at 4,194,304 bytes, measured as authored UTF-8 sink bytes charged per repeat row."
test('library mode refuses secure state in any share string, nested and in follow-ups, within the 4,194,304-byte scan cap', () => {
  const share = (args: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'platform', call: 'share.open', args, ...extra });
  const secure = (onTap: unknown[], fields: unknown[] = [{ type: 'textField', secure: true, stateKey: 'pw' }]) => ({
    id: 'embedded', window: { placement: { type: 'fullscreen' } }, requires: { platform: ['share'] }, state: { pw: '', pw_0: '', pw_1: '', name: 'Ada' },
    root: { type: 'column', children: [...fields, { type: 'button', label: 'Share', onTap }] },
  });
  const cases: Array<[unknown, string]> = [
    [secure([share({ text: 'My password is {pw}' })]), 'root.children[1].onTap[0].args.text'],
    [secure([share({ contact: { name: 'Ada', note: '{pw}' } })]), 'root.children[1].onTap[0].args.contact.note'],
    [secure([share({ text: 'hi' }, { onSuccess: [share({ subject: 'x', url: 'https://example.com/?p={pw}' })] })]), 'root.children[1].onTap[0].onSuccess[0].args.url'],
    [secure([share({ text: '{pw_1}' })], [{ type: 'column', repeat: { items: [{ n: 1 }, { n: 2 }], as: 'row' }, children: [{ type: 'textField', secure: true, stateKey: 'pw_{index}' }] }]), 'root.children[1].onTap[0].args.text'],
  ];
  for (const [input, path] of cases) {
    const refused = validatePrototypeSpec(input, { library: true });
    assert.deepEqual(refused.ok ? null : [refused.path, /secure/.test(refused.message)], [path, true], JSON.stringify(input));
    assert.ok(validatePrototypeSpec(input).ok, 'outside library mode the spec is valid');
  }
  assert.ok(validatePrototypeSpec(secure([share({ text: 'Hello {name}' })]), { library: true }).ok, 'other state may be shared');

  // 128 rows of a 33,000-byte string charge 4,224,000 bytes: past the cap, refused before any scan.
  const rows = Array.from({ length: 128 }, (_, index) => ({ n: index }));
  const big = (length: number) => secure([share({ text: 'hi' })], [{ type: 'column', repeat: { items: rows, as: 'row' }, children: [{ type: 'button', label: 'Share', onTap: [share({ text: 'x'.repeat(length) })] }] }]);
  const capped = validatePrototypeSpec(big(33_000), { library: true });
  assert.deepEqual(capped.ok ? null : [capped.path, /4194304 bytes/.test(capped.message)], ['root.children[0].children[0].onTap[0].args.text', true]);
  assert.ok(validatePrototypeSpec(big(32_000), { library: true }).ok, '4,096,000 bytes are within the cap');
});
