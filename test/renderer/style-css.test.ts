// Pure mappings from the render model to CSS: layout, decoration, text, colours and RTL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gradientToCss, roleVariable, withAlpha } from '../../src/renderer/color.ts';
import {
  alignmentAxes, containerCss, decorationCss, elevationShadow, fillsAxis, paddingCss, sizeCss, textCss, withPropagatedFill,
} from '../../src/renderer/style-css.ts';
import { assetFontFamily, sp, themeVariables } from '../../src/renderer/tokens.ts';
import type { RenderModel, ResolvedStyle } from '../../src/runtime/model.ts';

test('alignment splits into vertical and horizontal parts', () => {
  assert.deepEqual(alignmentAxes('topStart'), { vertical: 'start', horizontal: 'start' });
  assert.deepEqual(alignmentAxes('centerEnd'), { vertical: 'center', horizontal: 'end' });
  assert.deepEqual(alignmentAxes('bottomCenter'), { vertical: 'end', horizontal: 'center' });
});

test('a column arranges along its main axis and aligns across it; arrangement wins over alignment', () => {
  const column = containerCss('column', { alignment: 'bottomEnd', spacing: 8 });
  assert.equal(column.flexDirection, 'column');
  assert.equal(column.alignItems, 'flex-end');
  assert.equal(column.justifyContent, 'flex-end');
  assert.equal(column.gap, '8px');
  assert.equal(containerCss('row', { alignment: 'center', arrangement: 'spaceBetween' }).justifyContent, 'space-between');
  const box = containerCss('box', { alignment: 'center' });
  assert.equal(box.display, 'grid');
  assert.equal(box.justifyItems, 'center');
});

test('fill takes the remaining main-axis space and stretches across; dp sizes are fixed', () => {
  assert.equal(sizeCss({ width: 'fill' }, 'row').flex, '1 1 0px');
  assert.equal(sizeCss({ width: 'fill' }, 'column').alignSelf, 'stretch');
  assert.equal(sizeCss({ height: 'fill' }, 'box').alignSelf, 'stretch');
  assert.deepEqual(sizeCss({ width: { dp: 20 }, maxWidth: 10 }, 'plain'), { width: '20px', flexShrink: '0', maxWidth: '10px' });
  assert.equal(sizeCss({ weight: 2 }, 'column').flex, '2 2 0px');
  assert.equal(sizeCss({ weight: 2 }, 'box').flex, undefined, 'weight is ignored outside rows and columns');
  assert.equal(sizeCss({ aspectRatio: 1.5 }, 'plain').aspectRatio, '1.5');
});

test('start and end follow the layout direction: logical padding and corners, mirrored offset', () => {
  const padding = paddingCss({ top: 1, bottom: 2, start: 3, end: 4 }, { top: 10, bottom: 0, start: 0, end: 0 });
  assert.deepEqual(padding, { paddingTop: '11px', paddingBottom: '2px', paddingInlineStart: '3px', paddingInlineEnd: '4px' });
  const style: ResolvedStyle = { offset: { x: 5, y: 6 }, cornerRadius: { topStart: 8, topEnd: 0, bottomEnd: 0, bottomStart: 0 } };
  assert.equal(decorationCss(style, false).translate, '5px 6px');
  assert.equal(decorationCss(style, true).translate, '-5px 6px');
  assert.equal(decorationCss(style, false).borderStartStartRadius, '8px');
  assert.equal(decorationCss(style, false).overflow, 'clip');
});

test('border draws inside the bounds, elevation casts a tinted shadow, alpha sets opacity', () => {
  const css = decorationCss({ border: { width: 2, color: '#ff0000' }, elevation: 4, shadowColor: '#0000ff', alpha: 0.5, background: '#112233' }, false);
  assert.equal(css.outline, '2px solid #ff0000');
  assert.equal(css.outlineOffset, '-2px');
  assert.match(css.boxShadow!, /#0000ff/);
  assert.equal(css.opacity, '0.5');
  assert.equal(css.backgroundColor, '#112233');
  assert.equal(elevationShadow(0), 'none');
});

test('gradients: the spec angle runs from left-to-right, CSS from bottom-to-top', () => {
  const stops = [{ color: '#000000', position: 0 }, { color: '#ffffff', position: 1 }];
  assert.equal(gradientToCss({ type: 'linear', angle: 0, stops }), 'linear-gradient(90deg, #000000 0%, #ffffff 100%)');
  assert.equal(gradientToCss({ type: 'linear', angle: 90, stops }), 'linear-gradient(180deg, #000000 0%, #ffffff 100%)');
  assert.equal(gradientToCss({ type: 'linear', angle: -90, stops }).startsWith('linear-gradient(0deg'), true);
  assert.equal(gradientToCss({ type: 'radial', stops }), 'radial-gradient(farthest-corner at 50% 50%, #000000 0%, #ffffff 100%)');
});

test('text sizes are sp (scaled by the font scale); maxLines clips or ellipsizes', () => {
  const css = textCss({ textSize: 20, lineHeight: 24, fontWeight: 700, textDecoration: 'underlineLineThrough', maxLines: 2, overflow: 'ellipsis' });
  assert.equal(css.fontSize, 'calc(20px * var(--ps-font-scale))');
  assert.equal(css.textDecorationLine, 'underline line-through');
  assert.equal(css.webkitLineClamp, '2');
  const clipped = textCss({ lineHeight: 20, maxLines: 3 });
  assert.equal(clipped.maxHeight, sp(60));
  assert.equal(textCss({ fontFamily: 'mono' }).fontFamily!.includes('monospace'), true);
  assert.equal(textCss({ fontFamily: { asset: 'brand' } }).fontFamily!.startsWith(`'${assetFontFamily('brand')}'`), true);
});

test('font asset families are distinct, CSS-safe names', () => {
  assert.match(assetFontFamily('a b"c'), /^ps-font-[0-9a-f]+$/);
  assert.notEqual(assetFontFamily('a'), assetFontFamily('b'));
});

test('a wrap container whose child fills grows to fill, as Compose measures it', () => {
  const leaf = { type: 'text', visible: true, style: {} };
  const filling = { type: 'text', visible: true, style: { width: 'fill' as const } };
  const hiddenFill = { ...filling, visible: false };
  assert.equal(fillsAxis({ type: 'column', visible: true, style: {}, children: [leaf, filling] }, 'width'), true);
  assert.equal(fillsAxis({ type: 'column', visible: true, style: {}, children: [leaf, hiddenFill] }, 'width'), false);
  assert.equal(fillsAxis({ type: 'column', visible: true, style: { width: { dp: 10 } }, children: [filling] }, 'width'), false);
  assert.equal(fillsAxis({ type: 'tabBar', visible: true, style: {} }, 'width'), true);
  assert.equal(fillsAxis({ type: 'tabBar', visible: true, style: {} }, 'height'), false);
  assert.deepEqual(withPropagatedFill({ type: 'row', visible: true, style: {}, children: [filling] }), { width: 'fill', height: undefined });
});

test('scheme roles become CSS variables with alpha mixing', () => {
  assert.equal(roleVariable('surfaceContainerHighest'), '--md-sys-color-surface-container-highest');
  assert.equal(withAlpha('#000000', 0.4), 'color-mix(in srgb, #000000 40%, transparent)');
  const model = {
    scheme: { primary: '#6750a4', onPrimary: '#ffffff' },
    shapes: { none: 0, full: 9999 },
    typography: { fontFamily: 'serif', roles: { bodyLarge: { size: 16, lineHeight: 24, weight: 400, letterSpacing: 0.5 } } },
  } as unknown as RenderModel;
  const { properties, declarations } = themeVariables(model);
  assert.equal(properties['--md-sys-color-on-primary'], '#ffffff');
  assert.equal(properties['--ps-shape-full'], '9999px');
  assert.equal(properties['--ps-type-body-large-size'], sp(16));
  assert.match(properties['--ps-font']!, /serif/);
  // The declaration list a shared class carries holds the same variables.
  assert.ok(declarations.includes('--md-sys-color-on-primary: #ffffff;'));
  assert.equal(declarations.split(';').filter((part) => part.trim() !== '').length, Object.keys(properties).length);
});

test('a list drawn again with rows added at its end fills as it would drawn the first time', () => {
  const row = (fill: boolean) => ({ type: 'text', visible: true, style: fill ? { width: 'fill' as const } : {} });
  const [plain, filling, more] = [row(false), row(true), row(false)];
  const list = (children: object[]) => ({ key: 'root.children[0]', type: 'column', visible: true, style: {}, children }) as Parameters<typeof fillsAxis>[0];
  assert.equal(fillsAxis(list([plain]), 'width'), false);
  assert.equal(fillsAxis(list([plain, filling]), 'width'), true, 'a filling row added');
  assert.equal(fillsAxis(list([plain, filling, more]), 'width'), true, 'a plain row after it: the list still fills');
  assert.equal(fillsAxis(list([plain, more]), 'width'), false, 'the filling row gone');
  assert.equal(fillsAxis(list([plain, more, filling]), 'width'), true);
});

test('a scroll passes fill across its axis only; a pager fills its width', () => {
  const filling = { type: 'listItem', visible: true, style: { height: 'fill' as const } };
  assert.equal(fillsAxis({ type: 'scroll', axis: 'vertical', visible: true, style: {}, child: filling }, 'width'), true);
  assert.equal(fillsAxis({ type: 'scroll', axis: 'vertical', visible: true, style: {}, child: filling }, 'height'), false);
  assert.equal(fillsAxis({ type: 'scroll', axis: 'horizontal', visible: true, style: {}, child: filling }, 'height'), true);
  assert.equal(fillsAxis({ type: 'pager', visible: true, style: {}, children: [] }, 'width'), true);
});

test('declarations become one style string with CSS property names', async () => {
  const { cssText } = await import('../../src/renderer/style-css.ts');
  assert.equal(cssText({ paddingInlineStart: '3px', webkitLineClamp: '2', '--ps-font-scale': '1' }), 'padding-inline-start:3px;-webkit-line-clamp:2;--ps-font-scale:1;');
});

test('shared declaration classes: one class per distinct declaration string, up to a limit, then none; a new show clears them once they fill half the room', async () => {
  // A stand-in for the browser's constructed stylesheet, enough for the class registry.
  class FakeSheet {
    cssRules: { selector: string; style: { cssText: string } }[] = [];
    insertRule(rule: string, index: number) {
      this.cssRules.splice(index, 0, { selector: rule.replace(/\s*\{\}$/, ''), style: { cssText: '' } });
      return index;
    }
    replaceSync(text: string) {
      assert.equal(text, '');
      this.cssRules = [];
    }
  }
  const globals = globalThis as unknown as { CSSStyleSheet?: unknown; document?: unknown };
  globals.CSSStyleSheet = FakeSheet;
  globals.document = { adoptedStyleSheets: [] };
  try {
    const { sharedDeclarationClass, clearSharedDeclarations } = await import('../../src/renderer/style-css.ts');
    const sheet = () => (globals.document as { adoptedStyleSheets: FakeSheet[] }).adoptedStyleSheets[0]!;
    const red = sharedDeclarationClass('color:red;');
    assert.match(red!, /^ps-d\d+$/);
    assert.equal(sharedDeclarationClass('color:red;'), red);
    const blue = sharedDeclarationClass('color:blue;');
    assert.notEqual(blue, red);
    assert.deepEqual(sheet().cssRules.map((rule) => [rule.selector, rule.style.cssText]), [[`.${red}`, 'color:red;'], [`.${blue}`, 'color:blue;']]);
    clearSharedDeclarations();
    assert.equal(sheet().cssRules.length, 2, 'a new show keeps the classes while they fill less than half the room');
    assert.equal(sharedDeclarationClass('color:red;'), red, 'and reuses them');
    for (let index = 2; index < 4096; index++) assert.notEqual(sharedDeclarationClass(`order:${index};`), null);
    assert.equal(sharedDeclarationClass('order:-1;'), null, 'past the limit a node keeps its declarations inline');
    assert.equal(sharedDeclarationClass('color:red;'), red, 'known declarations keep their class');
    clearSharedDeclarations();
    assert.equal(sheet().cssRules.length, 0);
    assert.notEqual(sharedDeclarationClass('order:-1;'), null);
  } finally {
    delete globals.CSSStyleSheet;
    delete globals.document;
  }
});
