// The host and the drawn media nodes: the gate refuses a chart, a map, a video player or a camera on a device without its
// capability, at the node, before anything is sent; each style polish and motion field without its
// capability; and motion v3, which the web device never advertises.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { WEB_DEVICE_CAPABILITIES } from '../../src/device/agent.ts';
import { assertRefusedWithout } from './gate.ts';

const spec = (node: object) => ({ id: 'drawn', window: { placement: { type: 'fullscreen' } }, state: { shown: true }, root: { type: 'column', children: [{ type: 'text', text: 'Above' }, node] } });

test('the gate refuses chart and map without their capabilities, at the node', async () => {
  await assertRefusedWithout(CAPABILITIES.chart, spec({ type: 'chart', kind: 'pie', rows: [{ k: 'a', v: 1 }], x: 'k', value: 'v' }), 'root.children[1]');
  await assertRefusedWithout(CAPABILITIES.map, spec({ type: 'map', center: { lat: 0, lon: 0 } }), 'root.children[1]');
});

test('the gate refuses videoPlayer without its capability, at the node', async () => {
  await assertRefusedWithout(CAPABILITIES.videoPlayer, spec({ type: 'videoPlayer', asset: 'clip' }), 'root.children[1]');
});

test('the gate refuses cameraPreview and an image assetKey without the camera capability', async () => {
  const state = { state: { photo: '' } };
  await assertRefusedWithout(CAPABILITIES.cameraPreview, { ...spec({ type: 'cameraPreview', captureKey: 'photo' }), ...state }, 'root.children[1]');
  await assertRefusedWithout(CAPABILITIES.cameraPreview, { ...spec({ type: 'image', asset: 'avatar', assetKey: 'photo' }), ...state }, 'root.children[1].assetKey');
});

test('the gate refuses each style polish field without prototype_style_polish_v2, at the field', async () => {
  const box = (style: object) => spec({ type: 'box', children: [], style });
  const polish = CAPABILITIES.stylePolish;
  await assertRefusedWithout(polish, box({ shadows: [{ color: '#000000' }] }), 'root.children[1].style.shadows');
  await assertRefusedWithout(polish, box({ cornerStyle: 'continuous' }), 'root.children[1].style.cornerStyle');
  await assertRefusedWithout(polish, box({ border: { width: 1, gradient: { type: 'radial', stops: [{ color: 'primary' }, { color: 'error' }] } } }), 'root.children[1].style.border.gradient');
  await assertRefusedWithout(polish, spec({ type: 'scroll', fadeEdges: 16, child: { type: 'text', text: 'x' } }), 'root.children[1].fadeEdges');
  await assertRefusedWithout(polish, spec({ type: 'image', asset: 'a', filter: { saturation: 0 } }), 'root.children[1].filter');
});

test('the gate refuses motion v2 and token fields without their capabilities, and motion v3 always', async () => {
  const box = (extra: object) => spec({ type: 'box', children: [], ...extra });
  await assertRefusedWithout(CAPABILITIES.motionV2, box({ animate: { durationMs: 200 } }), 'root.children[1].animate');
  await assertRefusedWithout(CAPABILITIES.motionV2, box({ style: { rotation: 45 } }), 'root.children[1].style.rotation');
  await assertRefusedWithout(CAPABILITIES.motionV2, box({ transition: 'slideStart', visibleWhen: { key: 'shown', equals: true } }), 'root.children[1].transition');
  await assertRefusedWithout(CAPABILITIES.motionV2, spec({ type: 'image', asset: 'a', zoomable: true }), 'root.children[1].zoomable');
  await assertRefusedWithout(CAPABILITIES.motionTokens, box({ animate: { tempo: 'fast' } }), 'root.children[1].animate.tempo');
  await assertRefusedWithout(CAPABILITIES.motionTokens, { ...spec({ type: 'text', text: 'x' }), motion: 'expressive' }, 'motion');
  await assertRefusedWithout(CAPABILITIES.motionV3, box({ animate: { layout: true } }), 'root.children[1].animate.layout');
  assert.ok(!WEB_DEVICE_CAPABILITIES.includes(CAPABILITIES.motionV3), 'the web device never advertises motion v3');
});

test('the gate refuses glass and the scroll edge effect without their capabilities', async () => {
  await assertRefusedWithout(CAPABILITIES.glass, spec({ type: 'box', children: [], style: { surface: 'glass' } }), 'root.children[1].style.surface');
  await assertRefusedWithout(CAPABILITIES.glass, spec({ type: 'box', children: [], style: { surface: 'glass', glass: { tint: 'primary' } } }), 'root.children[1].style.glass');
  await assertRefusedWithout(CAPABILITIES.scrollEdgeEffect, spec({ type: 'scroll', edgeEffect: 'soft', child: { type: 'text', text: 'x' } }), 'root.children[1].edgeEffect');
});

test('the gate refuses icon effects without prototype_icon_effects_v1', async () => {
  await assertRefusedWithout(CAPABILITIES.iconEffects, spec({ type: 'icon', name: 'sync', effect: { type: 'rotate', repeat: 'infinite' } }), 'root.children[1].effect');
});
