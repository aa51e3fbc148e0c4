/** Spec "Light and dark values" and "Live appearance (prototype_appearance_v1)". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';
import type { ContainerNode } from '../../src/runtime/index.ts';

const show = (extra: Record<string, unknown>, root: unknown = { type: 'box', children: [] }, device = { dark: false }, appearance?: 'device' | 'light' | 'dark') => {
  const harness = setup(device);
  const result = harness.controller.show(spec(root, extra), { appearance });
  assert.equal(result.ok, true);
  return { ...harness, appearance: result.ok ? result.appearance : null };
};

test('"an explicit theme.mode" decides with source explicit; an override does not beat it', () => {
  assert.deepEqual(show({ theme: { mode: 'dark' } }, undefined, { dark: false }, 'light').appearance, { mode: 'dark', source: 'explicit', deviceDark: false });
});

test('theme.mode system "reads the system setting"; the show\'s appearance stands in for it (source override)', () => {
  assert.deepEqual(show({ theme: { mode: 'system' } }, undefined, { dark: true }).appearance, { mode: 'dark', source: 'system', deviceDark: true });
  assert.deepEqual(show({ theme: { mode: 'system' } }, undefined, { dark: true }, 'light').appearance, { mode: 'light', source: 'override', deviceDark: true });
  const whiteRoot = { type: 'box', children: [], style: { background: '#FFFFFF' } };
  assert.equal(show({ theme: { mode: 'system' } }, whiteRoot, { dark: true }).appearance!.mode, 'dark', '"theme.mode: system skips steps 2 and 3"');
});

test('"the luminance of a flat colors.background (else colors.surface) override" (roleLuminance) beats authored backgrounds', () => {
  const whiteRoot = { type: 'box', children: [], style: { background: '#FFFFFF' } };
  assert.deepEqual(show({ theme: { colors: { background: '#101010' } } }, whiteRoot).appearance, { mode: 'dark', source: 'roleLuminance', deviceDark: false });
  assert.equal(show({ theme: { colors: { surface: '#F0F0F0' } } }, undefined, { dark: true }).appearance!.mode, 'light');
});

test('"the first opaque hex background on the root\'s leading chain" (authoredBackground), skipping roles, pairs, translucent and hidden nodes', () => {
  const root = {
    type: 'column',
    style: { background: 'surface' },
    children: [
      { type: 'box', children: [], style: { background: '#FFFFFF' }, visibleWhen: { key: 'never', equals: true } },
      {
        type: 'scroll',
        style: { background: { light: '#FFFFFF', dark: '#000000' } },
        child: { type: 'box', style: { background: '#80FFFFFF' }, children: [{ type: 'text', text: 'x', style: { background: '#121212' } }] },
      },
    ],
  };
  assert.deepEqual(show({}, root).appearance, { mode: 'dark', source: 'authoredBackground', deviceDark: false });
  assert.equal(show({}, root, { dark: false }, 'light').appearance!.mode, 'dark', '"It does not beat ... an authored opaque background"');
});

test('"A spec whose only backgrounds are pairs or roles follows the device setting"; the override stands in for the device', () => {
  const root = { type: 'box', children: [], style: { background: { light: '#FFFFFF', dark: '#000000' } } };
  assert.deepEqual(show({}, root, { dark: true }).appearance, { mode: 'dark', source: 'system', deviceDark: true });
  assert.deepEqual(show({}, root, { dark: true }, 'light').appearance, { mode: 'light', source: 'override', deviceDark: true });
});

test('"Dark means luminance below 0.179"', () => {
  const bg = (hex: string) => show({}, { type: 'box', children: [], style: { background: hex } }).appearance!.mode;
  assert.equal(bg('#757575'), 'dark'); // relative luminance 0.1779
  assert.equal(bg('#767676'), 'light'); // 0.1812
});

test('"When the resolved mode changes, the device sends one prototype_event with kind: appearance_changed" after the causing change', () => {
  const root = {
    type: 'box',
    children: [{ type: 'switch', stateKey: 'night' }],
    style: { background: '#FFFFFF' },
    styleWhen: [{ when: { key: 'night', equals: true }, style: { background: '#000000' } }],
  };
  const { controller, events } = show({ state: { night: false } }, root);
  controller.interact({ type: 'toggle', key: 'root.children[0]' });
  assert.deepEqual(events.map((e) => [e.kind, e.payload]), [
    ['change', { key: 'night', value: true }],
    ['appearance_changed', { mode: 'dark', source: 'authoredBackground' }],
  ]);
  assert.equal(controller.renderModel()!.appearance.mode, 'dark');
  assert.equal(controller.renderModel()!.root.style.background, '#000000');
});

test('a pager page can change the inferred background: the event follows page_changed', () => {
  const root = {
    type: 'pager', id: 'p',
    children: [
      { type: 'box', children: [], style: { background: '#FFFFFF' } },
      { type: 'box', children: [], style: { background: '#202020' } },
    ],
  };
  const { controller, events } = show({}, root);
  controller.interact({ type: 'pageSettled', key: 'root', page: 1 });
  assert.deepEqual(events.map((e) => e.kind), ['page_changed', 'appearance_changed']);
});

test('device flips: one event when the mode changes; "Nothing is sent when the mode stays the same" or under an explicit mode', () => {
  const followsDevice = show({}, { type: 'text', text: 'x', style: { color: 'primary' } });
  followsDevice.controller.setDevice({ dark: true });
  followsDevice.controller.setDevice({ dark: true });
  assert.deepEqual(followsDevice.events.map((e) => [e.kind, e.payload]), [['appearance_changed', { mode: 'dark', source: 'system' }]]);
  assert.equal(followsDevice.controller.inspect()!.appearance.deviceDark, true);
  const model = followsDevice.controller.renderModel()!;
  assert.equal(model.root.style.color, model.scheme.primary);
  assert.equal(model.scheme.primary, '#d0bcff', 'role colours come from the dark scheme');

  const pinned = show({ theme: { mode: 'light' } });
  pinned.controller.setDevice({ dark: true });
  assert.deepEqual(pinned.events, []);
  assert.deepEqual(pinned.controller.inspect()!.appearance, { mode: 'light', source: 'explicit', deviceDark: true });

  const overridden = show({}, undefined, { dark: false }, 'dark');
  overridden.controller.setDevice({ dark: true });
  overridden.controller.setDevice({ dark: false });
  assert.deepEqual(overridden.events, [], 'a device flip under an override sends nothing');
});

test('"It belongs to the show: a later show of the same id without the field follows the device again"', () => {
  const { controller } = show({}, undefined, { dark: false }, 'dark');
  assert.equal(controller.inspect()!.appearance.mode, 'dark');
  const again = controller.show(spec({ type: 'box', children: [] }));
  assert.deepEqual(again.ok && again.appearance, { mode: 'light', source: 'system', deviceDark: false });
});

test('colour pairs and image pairs take the side for the resolved mode', () => {
  const root = {
    type: 'column',
    children: [
      { type: 'text', text: 'x', style: { color: { light: '#111111', dark: 'onSurface' }, border: { width: 1, color: { light: 'primary', dark: '#222222' } } } },
      { type: 'image', asset: { light: 'day', dark: 'night' } },
    ],
  };
  const light = show({ theme: { mode: 'light' } }, root).controller.renderModel()!;
  const dark = show({ theme: { mode: 'dark' } }, root).controller.renderModel()!;
  const [lightText, lightImage] = (light.root as ContainerNode).children as never[] as Record<string, any>[];
  const [darkText, darkImage] = (dark.root as ContainerNode).children as never[] as Record<string, any>[];
  assert.equal(lightText!.style.color, '#111111');
  assert.equal(lightText!.style.border.color, light.scheme.primary);
  assert.equal(darkText!.style.color, dark.scheme.onSurface);
  assert.equal(darkText!.style.border.color, '#222222');
  assert.deepEqual([lightImage!.asset, darkImage!.asset], ['day', 'night']);
});

test('window: opacity as a fraction; the scrim role in a scrim slot draws at 40 %, a hex scrim keeps its alpha', () => {
  const window = (placement: unknown, opacity?: number) =>
    show({ window: { placement, ...(opacity === undefined ? {} : { opacity }) }, theme: { mode: 'light' } }).controller.renderModel()!.window;
  assert.deepEqual(window({ type: 'fullscreen', scrim: 'scrim' }, 80), {
    placement: { type: 'fullscreen', scrim: '#00000066' }, opacity: 0.8, layer: 'system', persistence: 'session', chrome: 'bar', deadTaps: false, opaque: false,
  });
  assert.equal((window({ type: 'fullscreen', scrim: '#80000000' }).placement as { scrim: string }).scrim, '#00000080');
  assert.equal((window({ type: 'fullscreen', scrim: { light: 'scrim', dark: '#000000' } }).placement as { scrim: string }).scrim, '#00000066');
  assert.equal((window({ type: 'fullscreen', scrim: 'surface' }).placement as { scrim: string }).scrim, '#fef7ff');
  assert.equal((window({ type: 'fullscreen' }).placement as { scrim: null }).scrim, null);
  assert.deepEqual(window({ type: 'sheet', edge: 'bottom', height: 240 }).placement, { type: 'sheet', edge: 'bottom', height: 240 });
});

test('bottom sheet scrim: omitted draws the scrim role at 40 %; a dialog\'s fixed scrim is the scrim role at 32 %', () => {
  const root = {
    type: 'column',
    children: [
      { type: 'bottomSheet', openWhen: { key: 's', equals: true }, detents: ['half'], child: { type: 'text', text: 's' } },
      { type: 'bottomSheet', openWhen: { key: 's', equals: true }, detents: ['half'], scrim: '#33FF0000', child: { type: 'text', text: 's' } },
      { type: 'dialog', openWhen: { key: 'd', equals: true }, confirm: { label: 'OK' } },
    ],
  };
  const children = (show({ theme: { mode: 'dark' } }, root).controller.renderModel()!.root as ContainerNode).children as never[] as Record<string, unknown>[];
  assert.deepEqual(children.map((child) => child.scrim), ['#00000066', '#ff000033', '#00000052']);
});


test('"a colors.source: device scheme is read again after a wallpaper change": colours change, no event', () => {
  const { controller, events } = show({ theme: { mode: 'light', colors: { source: 'device', seed: '#1E88E5' } } }, { type: 'text', text: 'x', style: { color: 'primary' } });
  const seeded = controller.renderModel()!.scheme.primary;
  controller.setDevice({ dynamicColor: '#E53935' });
  const model = controller.renderModel()!;
  assert.notEqual(model.scheme.primary, seeded);
  assert.equal(model.root.style.color, model.scheme.primary);
  assert.deepEqual(events, []);
});

test('motion: "motion: none opts out"; a device that reduces motion selects the reduced profile, never off', () => {
  assert.equal(show({}).controller.renderModel()!.motion, true);
  assert.equal(show({ motion: 'none' }).controller.renderModel()!.motion, false);
  const { controller } = show({});
  controller.setDevice({ reducedMotion: true });
  assert.deepEqual([controller.renderModel()!.motion, controller.renderModel()!.motionProfile], [true, 'reduced']);
});

test('a state change that moves the deciding step but keeps the mode sends nothing and reports the new source', () => {
  const root = {
    type: 'box',
    children: [{ type: 'switch', stateKey: 'plain' }],
    styleWhen: [{ when: { key: 'plain', equals: false }, style: { background: '#FFFFFF' } }],
  };
  const { controller, events } = show({ state: { plain: false } }, root);
  assert.equal(controller.inspect()!.appearance.source, 'authoredBackground');
  controller.interact({ type: 'toggle', key: 'root.children[0]' });
  assert.deepEqual(events.map((e) => e.kind), ['change']);
  assert.deepEqual(controller.inspect()!.appearance, { mode: 'light', source: 'system', deviceDark: false });
  assert.deepEqual(controller.renderModel()!.appearance, controller.inspect()!.appearance);
});

test('layout-only device settings keep the render model as it is', () => {
  const { controller, events } = show({});
  const before = controller.renderModel();
  controller.setDevice({ rtl: true, fontScale: 1.3 });
  assert.equal(controller.renderModel(), before);
  controller.setDevice({ dark: false });
  assert.equal(controller.renderModel(), before, 'the same dark setting again changes nothing');
  assert.deepEqual(events, []);
});

test('"prototypeOpaque follows what is drawn": an opaque root over the whole window, or an opaque fullscreen scrim', () => {
  const opaque = (root: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    show({ theme: { mode: 'light' }, ...extra }, { type: 'box', children: [], ...root }).controller.renderModel()!.window.opaque;
  assert.equal(opaque({ style: { background: '#FFFFFF' } }), true);
  assert.equal(opaque({ style: { background: 'surface' } }), true, '"An opaque role counts"');
  assert.equal(opaque({ style: { background: '#80FFFFFF' } }), false);
  assert.equal(opaque({}), false);
  for (const spoiler of [{ cornerRadius: 12 }, { maxWidth: 300 }, { aspectRatio: 1 }, { offset: { x: 0, y: 4 } }, { pressScale: 0.9 }, { width: { dp: 100 } }]) {
    assert.equal(opaque({ style: { background: '#FFFFFF', ...spoiler } }), false, JSON.stringify(spoiler));
  }
  assert.equal(opaque({ style: { background: '#FFFFFF', cornerRadius: 'none', offset: { x: 0, y: 0 } } }), true);
  assert.equal(opaque({ style: { background: '#FFFFFF' }, anchor: { type: 'bounds', bounds: { x: 0, y: 0, width: 10, height: 10 } } }), false);
  const scrimmed = (scrim: unknown, opacity?: number) => opaque({ style: { cornerRadius: 8 } }, { window: { placement: { type: 'fullscreen', scrim }, ...(opacity === undefined ? {} : { opacity }) } });
  assert.equal(scrimmed('#000000'), true);
  assert.equal(scrimmed('scrim'), false, '"the scrim role in a scrim slot never does"');
  assert.equal(scrimmed({ light: 'scrim', dark: '#000000' }), false);
  assert.equal(scrimmed('#000000', 99), false, 'window opacity fades everything');
});
