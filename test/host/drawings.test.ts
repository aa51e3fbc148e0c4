// The host and the drawn media nodes: the gate refuses a chart, a map, a video player or a camera on a device without its
// capability, at the node, before anything is sent; and each style polish field without its capability.
import { test } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { assertRefusedWithout } from './gate.ts';

const spec = (node: object) => ({ id: 'drawn', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [{ type: 'text', text: 'Above' }, node] } });

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
