// A spec written for another platform's device: its android and ios blocks and theme.design are
// accepted; the show lists, by path, every field the web device ignores (on hidden nodes and repeat
// templates too) and says a platform design falls back to Material; the fields it honours are not
// listed. The gate refuses the blocks without prototype_platform_namespace_v1, and a platform
// design without prototype_design_platform_v1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { platformNotes } from '../../src/host/platform-notes.ts';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { assertRefusedWithout, hostFor, runtimeDevice } from './gate.ts';

const SPEC = {
  id: 'foreign',
  window: { placement: { type: 'fullscreen' }, ios: { sheetSizing: 'page' } },
  theme: { design: 'platform', android: { indication: 'none' } },
  state: { shown: false },
  root: {
    type: 'column',
    ios: { navigationTitle: 'Home', hover: 'lift' },
    children: [
      { type: 'button', label: 'Buy', android: { indication: 'none', predictiveBack: { style: 'crossActivity' } }, ios: { buttonStyle: 'glassProminent' } },
      { type: 'text', text: 'Hidden', visibleWhen: { key: 'shown', equals: true }, ios: { glassUnion: 'bar' } },
      { type: 'column', repeat: { items: [{ name: 'a' }, { name: 'b' }], as: 'row' }, children: [{ type: 'text', text: '{row.name}', ios: { backgroundExtension: true } }] },
    ],
  },
};

test('the show lists each ignored namespace field by path and the design fallback; honoured fields are not listed', async () => {
  const shown = await hostFor(runtimeDevice()).show({ spec: SPEC });
  assert.ok(shown.success, JSON.stringify(shown));
  assert.deepEqual(shown.platformNotes!.map((note) => [note.path, note.code]), [
    ['theme.design', 'design.fallback'],
    ['root.children[0].android.predictiveBack', 'namespace.ignored'],
    ['root.children[0].ios.buttonStyle', 'namespace.ignored'],
    ['root.children[1].ios.glassUnion', 'namespace.ignored'],
    ['root.children[2].children[0].ios.backgroundExtension', 'namespace.ignored'],
    ['root.ios.navigationTitle', 'namespace.ignored'],
    ['theme.android.indication', 'namespace.ignored'],
    ['window.ios.sheetSizing', 'namespace.ignored'],
  ]);
  assert.match(shown.platformNotes![6]!.message, /applies to no node/);
});

test('a spec without namespace blocks or a platform design gets no platformNotes', async () => {
  const shown = await hostFor(runtimeDevice()).show({ spec: { id: 'plain', window: { placement: { type: 'fullscreen' } }, theme: { design: 'material' }, root: { type: 'text', text: 'Hi' } } });
  assert.ok(shown.success);
  assert.equal(shown.platformNotes, undefined);
});

test('the gate refuses namespace blocks and a platform design without their capabilities', async () => {
  const plain = (extra: object, root: object = { type: 'text', text: 'Hi' }) => ({ id: 'gate', window: { placement: { type: 'fullscreen' } }, ...extra, root });
  await assertRefusedWithout(CAPABILITIES.platformNamespace, plain({}, { type: 'text', text: 'Hi', android: { indication: 'none' } }), 'root.android');
  await assertRefusedWithout(CAPABILITIES.designPlatform, plain({ theme: { design: 'platform' } }), 'theme.design');
});

// Seed 001: "platformNotes reports OS/capability fallbacks and non-interactive sharedAxisX/Y and
// fadeThrough pops."
test('a stack of a composed pattern is noted: its edge-swipe pop does not scrub', () => {
  const validated = validatePrototypeSpec({
    id: 'p', window: { placement: { type: 'fullscreen' } },
    root: { type: 'column', children: [
      { type: 'stack', id: 'a', initial: 'x', screenTransition: 'sharedAxisX', screens: { x: { type: 'text', text: 'x' } } },
      { type: 'stack', id: 'b', initial: 'x', screenTransition: 'slide', screens: { x: { type: 'text', text: 'x' } } },
    ] },
  });
  assert.ok(validated.ok);
  const notes = platformNotes(validated.spec as never, validated.namespaceBlocks, validated.capabilities);
  assert.deepEqual(notes.map((note) => [note.path, note.code]), [['root.children[0].screenTransition', 'transition.nonInteractivePop']]);
});

// Seed 001 (carousel): the device "draws every variant as fixed-width items … (no multi-browse/hero
// size changes …) and reports a carousel platform note".
test('a multiBrowse or hero carousel is noted as drawn with fixed-width items; uncontained is not', () => {
  const carousel = (variant?: string) => ({ type: 'carousel', itemWidth: 120, ...(variant ? { variant } : {}), children: [{ type: 'text', text: 'a' }] });
  const validated = validatePrototypeSpec({ id: 'p', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [carousel(), carousel('hero'), carousel('uncontained')] } });
  assert.ok(validated.ok, validated.ok ? '' : `${validated.path}: ${validated.message}`);
  const notes = platformNotes(validated.spec as never, validated.namespaceBlocks, validated.capabilities);
  assert.deepEqual(notes.map((note) => [note.path, note.code]), [['root.children[0]', 'carousel.fallback'], ['root.children[1].variant', 'carousel.fallback']]);
  assert.match(notes[1]!.message, /hero carousel as fixed-width items/);
});
