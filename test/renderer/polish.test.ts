// Style polish as CSS: shadow layers paint in authored order (CSS paints its first shadow on top, so
// the list is reversed), inner and outer ones apart, x mirrored in RTL; a node draws its border in a
// layer of its own when an inner shadow must lie above it or the border is a gradient.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResolvedShadow, ResolvedStyle } from '../../src/runtime/model.ts';
import { decorationCss, hasDecorationLayers, shadowLayersCss } from '../../src/renderer/style-css.ts';

const layer = (x: number, inner: boolean, color = '#000000'): ResolvedShadow => ({ x, y: 2, blur: 4, spread: -1, color, inner });

test('shadow layers are listed last-authored first, by group, and mirror x in RTL', () => {
  const shadows = [layer(1, false, '#111111'), layer(2, true, '#222222'), layer(3, false, '#333333')];
  assert.equal(shadowLayersCss(shadows, false, false), '3px 2px 4px -1px #333333, 1px 2px 4px -1px #111111');
  assert.equal(shadowLayersCss(shadows, true, false), 'inset 2px 2px 4px -1px #222222');
  assert.equal(shadowLayersCss(shadows, false, true), '-3px 2px 4px -1px #333333, -1px 2px 4px -1px #111111');
  assert.equal(shadowLayersCss([], false, false), null);
});

test('outer layers go on the node above its elevation; continuous corners are a squircle', () => {
  const style: ResolvedStyle = { shadows: [layer(1, false)], elevation: 2, cornerStyle: 'continuous' };
  const css = decorationCss(style, false);
  assert.match(css.boxShadow!, /^1px 2px 4px -1px #000000, 0px 1px 2px/);
  assert.equal(css.cornerShape, 'squircle');
});

test('a solid border is an outline unless an inner shadow must paint above it; a gradient border is always a layer', () => {
  const solid: ResolvedStyle = { border: { width: 2, color: '#123456' } };
  assert.equal(hasDecorationLayers(solid), false);
  assert.equal(decorationCss(solid, false).outline, '2px solid #123456');
  const underShadow: ResolvedStyle = { ...solid, shadows: [layer(0, true)] };
  assert.equal(hasDecorationLayers(underShadow), true);
  assert.equal(decorationCss(underShadow, false).outline, undefined);
  assert.equal(decorationCss(underShadow, false).position, 'relative');
  const gradient: ResolvedStyle = { border: { width: 2, gradient: { type: 'linear', angle: 0, stops: [{ color: '#000000', position: 0 }, { color: '#ffffff', position: 1 }] } } };
  assert.equal(hasDecorationLayers(gradient), true);
});
