/** Spec "Theme" and "Light and dark values": schemes, role maps, colour slots, scrims, type scale, shapes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Hct, MaterialDynamicColors, SchemeTonalSpot, hexFromArgb, argbFromHex } from '@material/material-color-utilities';
import {
  buildScheme, cssFromArgb, parseHexColor, resolveColor, resolveScrim, dialogScrim, resolveTheme, typeRoles, shapeScale,
  roleLuminanceMode, relativeLuminance,
} from '../../src/theme/index.ts';
import type { Theme } from '../../src/spec/index.ts';

const hex = (argb: number) => cssFromArgb(argb);

test('the default scheme is the Material 3 baseline in each mode', () => {
  assert.equal(hex(buildScheme(undefined, 'light').primary), '#6750a4');
  assert.equal(hex(buildScheme(undefined, 'dark').primary), '#d0bcff');
  assert.equal(hex(buildScheme(undefined, 'light').scrim), '#000000');
});

test('"colors.seed: Hex color a full light or dark scheme is generated from"', () => {
  const theme: Theme = { colors: { seed: '#1E88E5' } };
  for (const mode of ['light', 'dark'] as const) {
    const expected = new SchemeTonalSpot(Hct.fromInt(argbFromHex('#1E88E5')), mode === 'dark', 0);
    const scheme = buildScheme(theme, mode);
    assert.equal(hex(scheme.primary), hexFromArgb(MaterialDynamicColors.primary.getArgb(expected as never)));
    assert.equal(hex(scheme.surfaceContainerHigh), hexFromArgb(MaterialDynamicColors.surfaceContainerHigh.getArgb(expected as never)));
    assert.notEqual(hex(scheme.primary), hex(buildScheme(undefined, mode).primary));
  }
});

test('"colors.source: device ... falls back to colors.seed when present, else the default scheme"', () => {
  const withSeed: Theme = { colors: { source: 'device', seed: '#1E88E5' } };
  const withoutSeed: Theme = { colors: { source: 'device' } };
  assert.deepEqual(buildScheme(withSeed, 'light', null), buildScheme({ colors: { seed: '#1E88E5' } }, 'light'));
  assert.deepEqual(buildScheme(withoutSeed, 'light', null), buildScheme(undefined, 'light'));
  assert.deepEqual(buildScheme(withSeed, 'light', '#E53935'), buildScheme({ colors: { seed: '#E53935' } }, 'light'), 'a device palette wins');
});

test('"A role named in both the flat overrides and the mode map takes the map\'s value in that mode and the flat value in the other"', () => {
  const theme: Theme = { colors: { seed: '#1E88E5', primary: '#112233', dark: { primary: '#445566' }, light: { surface: '#FAFAFA' } } };
  assert.equal(hex(buildScheme(theme, 'light').primary), '#112233');
  assert.equal(hex(buildScheme(theme, 'dark').primary), '#445566');
  assert.equal(hex(buildScheme(theme, 'light').surface), '#fafafa');
  assert.notEqual(hex(buildScheme(theme, 'dark').surface), '#fafafa');
});

test('colour slots: hex (#RRGGBB, #AARRGGBB), a role looked up in the active scheme, or the pair side for the mode', () => {
  const light = resolveTheme({ colors: { primary: '#123456' } }, 'light');
  const dark = resolveTheme({ colors: { primary: '#123456' } }, 'dark');
  assert.equal(resolveColor('#ABCDEF', light), '#abcdef');
  assert.equal(resolveColor('#80FF0000', light), '#ff000080');
  assert.equal(resolveColor('primary', light), '#123456');
  assert.equal(resolveColor('onSurface', dark), dark.css.onSurface);
  assert.equal(resolveColor({ light: '#FFFFFF', dark: 'surface' }, light), '#ffffff');
  assert.equal(resolveColor({ light: '#FFFFFF', dark: 'surface' }, dark), dark.css.surface);
});

test('scrims: "The scrim role ... draws the scheme\'s scrim colour at the default scrim opacity (40%)"; other roles unchanged; hex keeps its alpha; dialog 32 %', () => {
  const theme = resolveTheme({ colors: { scrim: '#102030' } }, 'light');
  assert.equal(resolveScrim('scrim', theme), '#10203066');
  assert.equal(resolveScrim(undefined, theme), '#10203066');
  assert.equal(resolveScrim({ light: 'scrim', dark: '#FF000000' }, theme), '#10203066');
  assert.equal(resolveScrim('primary', theme), theme.css.primary);
  assert.equal(resolveScrim('#33000000', theme), '#00000033');
  assert.equal(dialogScrim(theme), '#10203052');
});

test('roleLuminance: a flat background (else surface) override decides the mode from its luminance', () => {
  assert.equal(roleLuminanceMode({ colors: { background: '#000000', surface: '#FFFFFF' } }), 'dark');
  assert.equal(roleLuminanceMode({ colors: { surface: '#FFFFFF' } }), 'light');
  assert.equal(roleLuminanceMode({ colors: { light: { background: '#000000' } } }), null, '"Mode inference ignores per-mode values"');
  assert.equal(roleLuminanceMode(undefined), null);
  assert.ok(Math.abs(relativeLuminance(parseHexColor('#FFFFFF')!) - 1) < 1e-12);
});

test('"typography.scale: Number 0.75–1.5 multiplying the size and line height of every Material type role"', () => {
  const stock = typeRoles();
  assert.deepEqual(stock.bodyMedium, { size: 14, lineHeight: 20, weight: 400, letterSpacing: 0.25 });
  assert.deepEqual(stock.displayLarge, { size: 57, lineHeight: 64, weight: 400, letterSpacing: -0.25 });
  const scaled = typeRoles(0.75);
  assert.deepEqual([scaled.labelLarge.size, scaled.labelLarge.lineHeight, scaled.labelLarge.weight], [10.5, 15, 500]);
  assert.equal(Object.keys(stock).length, 15);
});

test('"shapes.corner ... medium (the stock Material 3 scale) ... full (pill). Shifts every corner family"', () => {
  assert.deepEqual(shapeScale('medium'), { none: 0, extraSmall: 4, small: 8, medium: 12, large: 16, extraLarge: 28, full: 9999 });
  assert.deepEqual(shapeScale('none'), { none: 0, extraSmall: 0, small: 0, medium: 0, large: 0, extraLarge: 0, full: 9999 });
  assert.equal(shapeScale('full').small, 9999);
  assert.ok(shapeScale('small').medium < 12 && shapeScale('large').medium > 12);
  assert.equal(resolveTheme({ shapes: { corner: 'large' } }, 'light').shapes.large, shapeScale('large').large);
});

test('the same theme, mode and device colour resolve to the same frozen object; any of them changed, to another', () => {
  const theme = { colors: { seed: '#336699' } };
  const light = resolveTheme(theme, 'light', null);
  assert.equal(resolveTheme({ colors: { seed: '#336699' } }, 'light', null), light, 'an equal theme written again');
  assert.notEqual(resolveTheme(theme, 'dark', null), light);
  assert.notEqual(resolveTheme({ colors: { seed: '#336699', source: 'device' } }, 'light', '#ff0000'), resolveTheme({ colors: { seed: '#336699', source: 'device' } }, 'light', '#00ff00'));
  assert.ok(Object.isFrozen(light) && Object.isFrozen(light.css) && Object.isFrozen(light.typeRoles.bodyLarge), 'nothing can change it for the next show');
});

test('parseHexColor accepts only #RRGGBB and #AARRGGBB', () => {
  assert.equal(parseHexColor('#FFF'), null);
  assert.equal(parseHexColor('red'), null);
  assert.equal(parseHexColor('#00000000'), 0);
  assert.equal(parseHexColor('#ff0000'), 0xffff0000);
});
