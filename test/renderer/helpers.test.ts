// Pure helpers of the renderer: windows and insets, accessibility attributes, pickers, sliders,
// sheets, page assets and the spec checks the page makes before a show.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { a11yAttributes, partTag } from '../../src/renderer/a11y.ts';
import { safeAreaInsets } from '../../src/renderer/frame.tsx';
import { sliderFraction, sliderSteps, sliderTickFractions, sliderValueAt } from '../../src/renderer/nodes/controls.tsx';
import { detentHeight, settleSheet } from '../../src/renderer/nodes/overlays.tsx';
import { dialPosition, formatDate, monthGrid, parseTypedDate, shiftMonth, timeValue, twelveHour, typedDate } from '../../src/renderer/nodes/pickers.tsx';
import { gzippedIconVariant, innerSvg, materialIconMap } from '../../src/renderer/page-assets.ts';
import { gunzipSync } from 'node:zlib';
import { findElementAnchor } from '../../src/renderer/page.ts';
import { collectAssetIds } from '../../src/spec/assets.ts';
import { HOST_ROW_HEIGHT, contentRect, floatingPosition, windowInsets, type DeviceState } from '../../src/renderer/screen.tsx';
import type { RenderNode, ResolvedWindow } from '../../src/runtime/model.ts';
import { holdsVerticalScroll } from '../../src/renderer/nodes/layout.tsx';

const phone: DeviceState = {
  dark: false,
  rtl: false,
  locale: 'en-US',
  offline: false,
  clipboard: '',
  clock: 'running',
  fontScale: 1,
  reducedMotion: false,
  insets: { systemBars: { top: 24, bottom: 48, start: 0, end: 0 }, cutout: { top: 24, bottom: 0, start: 0, end: 0 }, ime: 280 },
  keyboardOpen: false,
  liveClock: false,
  width: 412,
  height: 915,
};
const windowOf = (placement: ResolvedWindow['placement']) => ({ placement, opacity: 1, layer: 'system', persistence: 'session', opaque: false }) as ResolvedWindow;

test('a fullscreen window starts below the status bar and the host row', () => {
  const rect = contentRect(windowOf({ type: 'fullscreen', scrim: null }), phone);
  assert.deepEqual(rect, { x: 0, y: 24 + HOST_ROW_HEIGHT, width: 412, height: 915 - 24 - HOST_ROW_HEIGHT });
  const insets = windowInsets(rect, phone);
  assert.deepEqual(insets.systemBars, { top: 0, bottom: 48, start: 0, end: 0 });
  assert.equal(insets.ime.bottom, 0, 'no keyboard, no ime inset');
});

test('a bottom sheet window rides above the open keyboard and then sees no ime inset', () => {
  const sheet = windowOf({ type: 'sheet', edge: 'bottom', height: 240 });
  assert.equal(contentRect(sheet, phone).y, 915 - 240);
  const typing = { ...phone, keyboardOpen: true };
  const lifted = contentRect(sheet, typing);
  assert.equal(lifted.y, 915 - 280 - 240);
  assert.equal(windowInsets(lifted, typing).ime.bottom, 0);
  assert.equal(windowInsets(contentRect(windowOf({ type: 'sheet', edge: 'top', height: 100 }), phone), phone).systemBars.top, 24);
});

test('safe-area padding takes the largest selected inset per selected edge, minus what ancestors used', () => {
  const insets = { systemBars: { top: 24, bottom: 48, start: 0, end: 0 }, cutout: { top: 30, bottom: 0, start: 0, end: 0 }, ime: { top: 0, bottom: 280, start: 0, end: 0 } };
  const none = { top: 0, bottom: 0, start: 0, end: 0 };
  assert.deepEqual(safeAreaInsets({ edges: ['top', 'bottom'], types: ['systemBars', 'cutout', 'ime'] }, insets, none), { top: 30, bottom: 280, start: 0, end: 0 });
  assert.deepEqual(safeAreaInsets({ edges: ['bottom'], types: ['ime'] }, insets, { ...none, bottom: 48 }), { ...none, bottom: 232 });
  assert.deepEqual(safeAreaInsets(null, insets, none), none);
});

test('floating gravity places the window from the matching edges, mirrored in RTL', () => {
  assert.deepEqual(floatingPosition('topStart', { x: 24, y: 120 }, false), { top: '120px', left: '24px' });
  assert.deepEqual(floatingPosition('topStart', { x: 24, y: 120 }, true), { top: '120px', right: '24px' });
  assert.deepEqual(floatingPosition('bottomEnd', { x: 8, y: 16 }, false), { bottom: '16px', right: '8px' });
  assert.equal(floatingPosition('center', { x: 0, y: 10 }, false).translate, 'calc(-50% + 0px) calc(-50% + 10px)');
});

test('accessibility attributes carry tag, role, text and state', () => {
  const attributes = a11yAttributes({ id: 'root', testTag: 'wifi', role: 'Switch', text: 'Wi-Fi', checked: true, range: { current: 1, min: 0, max: 2 } });
  assert.equal(attributes['data-testid'], 'wifi');
  assert.equal(attributes.role, 'switch');
  assert.equal(attributes['aria-checked'], 'true');
  assert.deepEqual(JSON.parse(attributes['data-ps-range']!), { current: 1, min: 0, max: 2 });
  assert.equal(a11yAttributes({ id: 'x', testTag: null, role: null, text: null })['data-testid'], undefined);
  assert.equal(partTag('dlg', 'confirm'), 'dlg.confirm');
  assert.equal(partTag(null, 'confirm'), null);
});

test('sliders snap to the step grid and count Compose steps', () => {
  assert.equal(sliderValueAt(0.44, 0, 100, 10), 40);
  assert.equal(sliderValueAt(0.44, 0, 100, null), 44);
  assert.equal(sliderValueAt(2, 0, 100, 10), 100);
  assert.equal(sliderFraction(150, 0, 100), 1);
  assert.equal(sliderSteps(0, 100, 10), 9);
  assert.equal(sliderSteps(0, 1, null), undefined);
});

test('sheets settle on the nearest detent or close when swiped well below the lowest', () => {
  assert.equal(detentHeight('half', 800), 400);
  assert.equal(detentHeight({ dp: 1000 }, 800), 800);
  assert.deepEqual(settleSheet(700, [400, 800], true), { close: false, index: 1 });
  assert.deepEqual(settleSheet(100, [400, 800], true), { close: true });
  assert.deepEqual(settleSheet(100, [400, 800], false), { close: false, index: 0 });
});

test('pickers: 24-hour values, 12-hour faces, calendar grids', () => {
  assert.equal(timeValue(7, 5), '07:05');
  assert.equal(twelveHour(0), 12);
  assert.equal(twelveHour(13), 1);
  const top = dialPosition(0, 12, 100);
  assert.ok(Math.abs(top.x - 128) < 1e-9 && Math.abs(top.y - 28) < 1e-9);
  const october2026 = monthGrid({ year: 2026, month: 9 });
  assert.equal(october2026.filter((day) => day === null).length, 4, '1 October 2026 is a Thursday');
  assert.equal(october2026.at(-1), 31);
  assert.deepEqual(shiftMonth({ year: 2026, month: 0 }, -1), { year: 2025, month: 11 });
  assert.equal(formatDate(2026, 9, 8), '2026-10-08');
});

test('the page refuses unresolved element anchors and lists referenced assets', () => {
  const root = { type: 'column', children: [{ type: 'box', children: [], anchor: { type: 'element', selector: { testTag: 'buy' }, alignment: 'cover' } }] };
  assert.equal(findElementAnchor(root), 'root.children[0].anchor');
  assert.equal(findElementAnchor({ type: 'box', anchor: { type: 'bounds' }, children: [] }), null);
  const elementAnchor = { type: 'element', selector: { testTag: 'buy' }, alignment: 'top' };
  const deep = { type: 'scroll', child: { type: 'column', children: [{ type: 'text', text: 'a' }, { type: 'box', anchor: { type: 'bounds' }, children: [] }, { type: 'row', children: [{ type: 'text', text: 'b', anchor: elementAnchor }] }] } };
  assert.equal(findElementAnchor(deep), 'root.child.children[2].children[0].anchor');
  const ids = new Set<string>();
  collectAssetIds({ type: 'column', children: [
    { type: 'image', asset: { light: 'a', dark: 'b' } },
    { type: 'bottomNav', items: [{ label: 'x', image: 'c' }] },
    { type: 'text', text: 't', style: { fontFamily: { asset: 'font' } } },
  ] }, ids);
  assert.deepEqual([...ids], ['a', 'b', 'c', 'font']);
});

test('icon glyphs come from every variant folder; names missing there are absent', async () => {
  assert.equal(innerSvg('<svg viewBox="0 0 24 24"><path d="M0"/></svg>'), '<path d="M0"/>');
  const icons = materialIconMap();
  for (const variant of ['filled', 'outlined', 'rounded', 'sharp', 'twoTone'] as const) assert.ok(icons[variant].home, `${variant} has home`);
  assert.notEqual(icons.filled.home, icons.twoTone.home);
  assert.equal(icons.filled.whatsapp, undefined, 'closed-list names missing from the glyph set draw the fallback');
  const unpacked = JSON.parse(gunzipSync(await gzippedIconVariant('sharp')).toString('utf8'));
  assert.deepEqual(unpacked, icons.sharp, 'the page loads a variant as the icon package draws it');
});

test('a layout container reports an accessibility node only when tagged, tappable, labelled or taking a gesture', async () => {
  const { defaultA11y, withAddedSemantics } = await import('../../src/renderer/frame.tsx');
  const base = {
    key: 'root', id: null, testTag: null, visible: true, disabledBy: null, animatesVisibility: false, transition: null, style: {},
    label: null, tappable: false, gestures: null, platformFeedback: null, animate: null, semantics: null, anchor: null, safeAreaPadding: null, shared: null, type: 'column' as const, children: [], swipe: null,
  };
  assert.equal(defaultA11y(base, null), null);
  assert.deepEqual(defaultA11y({ ...base, testTag: 'list' }, null), { id: 'root', testTag: 'list', role: null, text: null });
  assert.equal(defaultA11y({ ...base, tappable: true }, 'Button')!.role, 'Button');
  assert.equal(defaultA11y({ ...base, label: 'Profile' }, null)!.text, 'Profile');
  const pressed = { ...base, gestures: { longPress: true, doubleTap: true } };
  assert.deepEqual(withAddedSemantics(defaultA11y(pressed, null), pressed, null), { id: 'root', testTag: null, role: null, text: null, actions: ['longPress', 'doubleTap'] });
  const entry = { text: 'Archive', icon: null, background: '#000', foreground: '#fff' };
  assert.deepEqual(withAddedSemantics(null, base, { start: [entry], end: [{ ...entry, text: 'Delete' }], fullSwipe: false })!.actions, ['Archive', 'Delete']);
  assert.equal(withAddedSemantics(null, base, null), null);
});

test('device updates apply only well-formed fields', async () => {
  const { mergeDeviceSettings } = await import('../../src/renderer/page.ts');
  assert.equal(mergeDeviceSettings(phone, null), phone);
  const next = mergeDeviceSettings(phone, { dark: true, fontScale: -1, rtl: 'yes', insets: { ime: 300, cutout: { top: 1 } } });
  assert.equal(next.dark, true);
  assert.equal(next.fontScale, 1);
  assert.equal(next.rtl, false);
  assert.equal(next.insets.ime, 300);
  assert.deepEqual(next.insets.cutout, phone.insets.cutout, 'an incomplete edge set is ignored');
});

test('a typed date is MM/DD/YYYY of a real day from 1900 to 2100; the field shows a bound date that way', () => {
  assert.equal(parseTypedDate('12/24/2026'), '2026-12-24');
  assert.equal(parseTypedDate(' 02/29/2024 '), '2024-02-29');
  for (const text of ['02/29/2026', '13/01/2026', '12/24/1899', '12/24/2101', '2026-12-24', '1/2/2026', '']) assert.equal(parseTypedDate(text), null, text);
  assert.equal(typedDate('2026-03-07'), '03/07/2026');
});

test('a stepped slider has a tick per value; too many steps draw none', () => {
  assert.deepEqual(sliderTickFractions(0, 4, 1), [0, 0.25, 0.5, 0.75, 1]);
  assert.deepEqual(sliderTickFractions(0, 1000, 1), []);
});

test('a container drawn again with rows added at its end still holds the scroll an earlier row holds', () => {
  const node = (type: string, children: RenderNode[] = []) => ({ key: `k${type}`, type, visible: true, axis: 'vertical', children }) as unknown as RenderNode;
  const [text, scroll, more] = [node('text'), node('scroll'), node('text')];
  const column = (children: RenderNode[]) => ({ key: 'root.children[0]', type: 'column', visible: true, children }) as unknown as RenderNode;
  assert.equal(holdsVerticalScroll(column([text])), false);
  assert.equal(holdsVerticalScroll(column([text, scroll])), true, 'a scroll added');
  assert.equal(holdsVerticalScroll(column([text, scroll, more])), true, 'a row after it: the column still holds the scroll');
  assert.equal(holdsVerticalScroll(column([text, more])), false, 'the scroll gone');
});
