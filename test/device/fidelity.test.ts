// Component fidelity to current Compose Material 3, in Chromium: a component sheet is drawn in
// light, dark, RTL, font scale 2 and on the tablet, and its bounds are measured against the figure
// table the stylesheet draws by (src/renderer/m3-figures.ts); every example is drawn at font
// scale 2, in RTL and on the tablet without two of its texts overlapping.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import type { WebDeviceOptions } from '../../src/device/web-device.ts';
import { M3_FIGURES } from '../../src/renderer/m3-figures.ts';
import { exampleNames, readExample } from '../examples/examples.ts';
import { useDevices, validSpec, withBoundsAnchors } from './helpers.ts';

const SETTINGS: Record<string, Omit<WebDeviceOptions, 'browser'>> = {
  light: {},
  dark: { dark: true },
  rtl: { rtl: true },
  'font scale 2': { fontScale: 2 },
  tablet: { profile: 'tablet' },
};
const devices = useDevices(...Object.values(SETTINGS));
const deviceFor = (name: string) => devices()[Object.keys(SETTINGS).indexOf(name)]!;

const SHEET = {
  id: 'component-sheet',
  window: { placement: { type: 'fullscreen' } },
  state: { tab: 0, icons: 0, nav: 0, period: 'd', on: true, loaded: 30, half: 50, volume: 40, rating: 2, day: '2026-12-12', hour: 7, minute: 30 },
  root: {
    type: 'scroll',
    child: {
      type: 'column',
      style: { width: 'fill', spacing: 8 },
      children: [
        { type: 'topAppBar', testTag: 'bar', title: 'Inbox' },
        { type: 'topAppBar', testTag: 'bar_nav', title: 'Message', navigationIcon: { icon: 'arrow_back', label: 'Back', onTap: [{ type: 'emit', name: 'back' }] } },
        { type: 'topAppBar', testTag: 'bar_medium', title: 'Medium title', variant: 'medium' },
        { type: 'topAppBar', testTag: 'bar_large', title: 'Large title', variant: 'large' },
        { type: 'listItem', testTag: 'one', headline: 'One line' },
        { type: 'listItem', testTag: 'two', headline: 'Two lines', supporting: 'Supporting text', leadingIcon: 'person' },
        { type: 'listItem', testTag: 'three', headline: 'Three lines', supporting: 'Supporting text long enough to take a second line even across a tablet in landscape: it goes on about the weather, the trains, the price of bread, the next holiday and everything else that comes to mind, and then it goes on a little more so that it wraps', leadingIcon: 'person', trailing: { type: 'icon', name: 'more_vert' } },
        { type: 'tabBar', stateKey: 'tab', testTag: 'tabs', items: [{ label: 'Overview' }, { label: 'Specs' }] },
        { type: 'tabBar', stateKey: 'icons', testTag: 'icon_tabs', items: [{ label: 'Flights', icon: 'flight' }, { label: 'Hotels', icon: 'hotel' }] },
        { type: 'row', style: { spacing: 8 }, children: [{ type: 'button', label: 'Save', testTag: 'save', onTap: [{ type: 'emit', name: 'save' }] }, { type: 'chip', label: 'Filter', testTag: 'chip', onTap: [{ type: 'emit', name: 'filter' }] }] },
        { type: 'segmentedButton', stateKey: 'period', testTag: 'period', options: [{ value: 'd', label: 'Day' }, { value: 'w', label: 'Week' }] },
        { type: 'row', style: { spacing: 8 }, children: [
          { type: 'progress', variant: 'circular', testTag: 'spinner' },
          { type: 'progress', variant: 'circular', stateKey: 'loaded', max: 100, testTag: 'dial' },
          { type: 'progress', variant: 'linear', stateKey: 'half', max: 100, testTag: 'bar_progress' },
          { type: 'switch', stateKey: 'on', testTag: 'switch' },
        ] },
        { type: 'slider', stateKey: 'volume', min: 0, max: 100, testTag: 'volume', style: { width: 'fill' } },
        { type: 'slider', stateKey: 'rating', min: 0, max: 4, step: 1, testTag: 'rating', style: { width: 'fill' } },
        { type: 'card', variant: 'outlined', testTag: 'card', children: [{ type: 'image', asset: 'missing-photo', testTag: 'photo', style: { width: { dp: 120 }, height: { dp: 80 } } }] },
        { type: 'bottomNav', stateKey: 'nav', testTag: 'nav', items: [{ label: 'Home', icon: 'home' }, { label: 'Search', icon: 'search' }] },
        { type: 'datePicker', stateKey: 'day', testTag: 'date' },
        { type: 'timePicker', hourKey: 'hour', minuteKey: 'minute', testTag: 'time' },
      ],
    },
  },
};

const figure = (name: keyof typeof M3_FIGURES) => M3_FIGURES[name].dp;
const pageOf = (device: unknown) => (device as { page: Page }).page;

/** The drawn box of the first element matching `selector` inside the node with `testTag`. */
function boxIn(page: Page, testTag: string, selector: string) {
  return page.evaluate(([tag, query]) => document.querySelector(`[data-testid="${tag}"] ${query}`)!.getBoundingClientRect().toJSON() as DOMRect, [testTag, selector] as const);
}

/** Where the title's baseline is, measured by a zero-size inline box on it. */
function titleBaseline(page: Page, testTag: string): Promise<number> {
  return page.evaluate((tag) => {
    const title = document.querySelector(`[data-testid="${tag}"] .ps-app-bar-title`)!;
    const marker = document.createElement('span');
    marker.style.display = 'inline-block';
    title.append(marker);
    const baseline = marker.getBoundingClientRect().bottom;
    marker.remove();
    return baseline;
  }, testTag);
}

for (const setting of Object.keys(SETTINGS)) {
  test(`the component sheet (${setting}) measures as the figure table says`, async () => {
    const { device } = deviceFor(setting);
    await device.show(validSpec(SHEET));
    await device.settled();
    const page = pageOf(device);
    // Read from the page, so parts scrolled off a small screen are measured too.
    const boxes = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid]')].map((element) => [element.getAttribute('data-testid'), element.getBoundingClientRect().toJSON() as DOMRect])));
    const box = (tag: string) => {
      assert.ok(boxes[tag], `${tag} is drawn`);
      return boxes[tag]!;
    };
    const rtl = setting === 'rtl';
    const scaled = setting === 'font scale 2';
    const width = device.profile.width;
    const startOf = (box: { x: number; width: number }) => (rtl ? width - box.x - box.width : box.x);

    for (const [tag, start] of [['bar', figure('appBarTitleStart')], ['bar_nav', figure('appBarTitleStartAfterNavigation')]] as const) {
      assert.ok(Math.abs(startOf(await boxIn(page, tag, '.ps-app-bar-title')) - start) < 0.5, `${tag}: the title starts ${start} dp in`);
    }
    if (!scaled) {
      for (const [tag, fromBottom] of [['bar_medium', figure('appBarMediumTitleBaseline')], ['bar_large', figure('appBarLargeTitleBaseline')]] as const) {
        const bar = box(tag);
        const measured = bar.y + bar.height - (await titleBaseline(page, tag));
        assert.ok(Math.abs(measured - fromBottom) < 1, `${tag}: the title's baseline is ${fromBottom} dp above the bottom (${measured})`);
      }
      assert.equal(box('bar').height, figure('appBarSmallHeight'), 'bar: appBarSmallHeight');
      assert.equal(box('one').height, figure('listItemOneLineHeight'), 'one: listItemOneLineHeight');
      assert.equal(box('two').height, figure('listItemTwoLineHeight'), 'two: listItemTwoLineHeight');
      assert.equal(box('tabs.0').height, figure('tabTextHeight'), 'tabs.0: tabTextHeight');
      assert.equal(box('icon_tabs.0').height, figure('tabIconAndTextHeight'), 'icon_tabs.0: tabIconAndTextHeight');
      assert.equal(box('save').height, figure('buttonMinHeight'), 'save: buttonMinHeight');
      assert.equal(box('period').height, figure('segmentedMinHeight'), 'period: segmentedMinHeight');
    }
    const three = box('three');
    assert.ok(three.height >= figure('listItemThreeLineHeight'), `a three-line item is at least 88 dp (${three.height})`);
    const leading = await boxIn(page, 'three', '.ps-list-leading');
    assert.ok(Math.abs(leading.y - three.y - figure('listItemThreeLineTopPadding')) < 0.5, 'its leading icon aligns with the top, 12 dp in');
    const trailing = await boxIn(page, 'three', '.ps-list-trailing');
    const endGap = rtl ? trailing.x - three.x : three.x + three.width - trailing.x - trailing.width;
    assert.ok(Math.abs(endGap - figure('listItemEndPadding')) < 0.5, `16 dp end padding (${endGap})`);
    for (const tag of ['spinner', 'dial']) {
      assert.deepEqual([box(tag).width, box(tag).height], [figure('circularProgressSize'), figure('circularProgressSize')], tag);
    }
    const tracks = await page.evaluate(() => ['spinner', 'dial'].map((tag) => document.querySelectorAll(`[data-testid="${tag}"] .ps-progress-track`).length));
    assert.deepEqual(tracks, [0, 1], 'no track while indeterminate');
    assert.equal(box('bar_progress').height, figure('linearProgressHeight'), 'bar_progress: linearProgressHeight');
    const slider = await page.evaluate(() => Object.fromEntries(['volume', 'rating'].map((tag) => {
      const part = (name: string) => document.querySelector(`[data-testid="${tag}"] .ps-slider-${name}`)?.getBoundingClientRect().toJSON() as DOMRect | undefined;
      return [tag, { active: part('active')!, inactive: part('inactive')!, handle: part('handle')!, stop: part('stop'), ticks: document.querySelectorAll(`[data-testid="${tag}"] .ps-slider-tick`).length }];
    })));
    const volume = slider.volume!;
    assert.deepEqual([volume.handle.width, volume.handle.height, volume.active.height, volume.inactive.height], [figure('sliderHandleWidth'), figure('sliderHandleHeight'), figure('sliderTrackHeight'), figure('sliderTrackHeight')]);
    const [before, after] = rtl ? [volume.inactive, volume.active] : [volume.active, volume.inactive];
    assert.ok(Math.abs(volume.handle.x - (before.x + before.width) - figure('sliderHandleGap')) < 0.5 && Math.abs(after.x - (volume.handle.x + volume.handle.width) - figure('sliderHandleGap')) < 0.5, 'a 6 dp gap each side of the handle');
    assert.deepEqual([volume.stop?.width, volume.ticks], [figure('sliderStopSize'), 0], 'a continuous slider ends in a stop indicator');
    assert.deepEqual([slider.rating!.stop, slider.rating!.ticks], [undefined, 5], 'a stepped one has a tick mark per value');
    const linear = await page.evaluate(() => {
      const part = (selector: string) => document.querySelector(`[data-testid="bar_progress"] ${selector}`)!.getBoundingClientRect().toJSON() as DOMRect;
      return { bar: part('.ps-progress-bar'), rest: part('.ps-progress-rest'), stop: part('.ps-progress-stop') };
    });
    const gap = rtl ? linear.bar.x - (linear.rest.x + linear.rest.width) : linear.rest.x - (linear.bar.x + linear.bar.width);
    assert.ok(Math.abs(gap - figure('linearProgressGap')) < 0.5, `a 4 dp gap between the indicator and the track (${gap})`);
    assert.equal(linear.stop.width, figure('linearProgressStopSize'));
    assert.ok(box('date').width >= figure('datePickerWidth'), `the date picker is at least 360 dp wide (${box('date').width})`);
    const pickers = await page.evaluate(() => {
      const title = getComputedStyle(document.querySelector('[data-testid="date"] .ps-picker-title')!);
      const time = document.querySelector('[data-testid="time"]')!;
      return { titleFont: [title.fontSize, title.fontWeight], timeTitle: time.querySelector('.ps-picker-title') !== null, timeSurface: getComputedStyle(time).backgroundColor };
    });
    assert.deepEqual(pickers.titleFont, [scaled ? '28px' : '14px', '500'], "the date picker's title is labelLarge");
    assert.deepEqual([pickers.timeTitle, pickers.timeSurface], [false, 'rgba(0, 0, 0, 0)'], 'an inline time picker has no title and no surface of its own');
    const time = box('time');
    assert.ok(Math.abs(time.x + time.width / 2 - width / 2) < 1, `the time picker is centred (${time.x}, ${time.width})`);
    const switchTrack = await boxIn(page, 'switch', '.ps-switch-track');
    assert.deepEqual([switchTrack.width, switchTrack.height], [figure('switchTrackWidth'), figure('switchTrackHeight')]);
    assert.ok(box('nav').height >= figure('bottomBarHeight'));
    // Theme colours, not fixed greys: the placeholder, the outlined card's border over its content and the tab divider.
    const colours = await page.evaluate(() => {
      const read = (selector: string, property: string, pseudo?: string) => getComputedStyle(document.querySelector(selector)!, pseudo).getPropertyValue(property);
      const probe = document.createElement('div');
      document.querySelector('.ps-window-content')!.append(probe);
      const role = (name: string) => {
        probe.style.color = `var(--md-sys-color-${name})`;
        return getComputedStyle(probe).color;
      };
      const result = {
        placeholder: [read('[data-testid="photo"] .ps-image-placeholder', 'background-color'), read('[data-testid="photo"] .ps-image-placeholder', 'color')],
        roles: [role('surface-container-highest'), role('on-surface-variant')],
        cardBorder: [read('[data-testid="card"]', 'border-top-color', '::after'), read('[data-testid="card"]', 'z-index', '::after')],
        outlineVariant: role('outline-variant'),
        tabDivider: read('[data-testid="tabs"]', 'box-shadow'),
      };
      probe.remove();
      return result;
    });
    assert.deepEqual(colours.placeholder, colours.roles, 'the missing image draws in surfaceContainerHighest with an onSurfaceVariant glyph');
    assert.deepEqual(colours.cardBorder, [colours.outlineVariant, '1'], 'the card border is outlineVariant, above the content');
    assert.ok(colours.tabDivider.startsWith(colours.outlineVariant), `the tab divider is outlineVariant (${colours.tabDivider})`);
    // A tappable control smaller than 48 dp (the 32 dp chip) still takes touches over 48 × 48 dp.
    const targets = await page.evaluate(() => ['save', 'chip'].map((tag) => document.querySelector(`[data-testid="${tag}"]`)!.closest('.ps-touch')!.getBoundingClientRect().toJSON() as DOMRect));
    for (const target of targets) assert.ok(target.width >= figure('minimumTouchTarget') && target.height >= figure('minimumTouchTarget'), `a 48 dp touch target (${target.width}×${target.height})`);
  });
}

/** Text leaves: nodes with text and no role of their own (a button's label is its button). */
function texts(hierarchy: readonly HierarchyNode[]): HierarchyNode[] {
  return hierarchy.filter((node) => node.layer === 'prototype' && node.role === null && node.text !== null && node.text !== '' && node.bounds.width > 0 && node.bounds.height > 0);
}

/** The first two texts whose boxes overlap by more than 2 dp each way, if any. */
function overlap(nodes: readonly HierarchyNode[]): [HierarchyNode, HierarchyNode] | null {
  const inside = (a: HierarchyNode, b: HierarchyNode) => a.bounds.x >= b.bounds.x && a.bounds.y >= b.bounds.y && a.bounds.x + a.bounds.width <= b.bounds.x + b.bounds.width && a.bounds.y + a.bounds.height <= b.bounds.y + b.bounds.height;
  for (const [index, a] of nodes.entries()) {
    for (const b of nodes.slice(index + 1)) {
      // A group (a card, a list item) reads as the texts inside it: a text within another is no clash.
      if (inside(a, b) || inside(b, a)) continue;
      const x = Math.min(a.bounds.x + a.bounds.width, b.bounds.x + b.bounds.width) - Math.max(a.bounds.x, b.bounds.x);
      const y = Math.min(a.bounds.y + a.bounds.height, b.bounds.y + b.bounds.height) - Math.max(a.bounds.y, b.bounds.y);
      if (x > 2 && y > 2) return [a, b];
    }
  }
  return null;
}

for (const setting of ['font scale 2', 'rtl', 'tablet']) {
  test(`every example (${setting}) draws without two of its texts overlapping`, async () => {
    const { device } = deviceFor(setting);
    for (const name of [...exampleNames(), 'component sheet']) {
      const spec = name === 'component sheet' ? SHEET : withBoundsAnchors(readExample(name));
      await device.show(validSpec(spec), { reset: true });
      const clash = overlap(texts((await device.observe()).hierarchy));
      assert.equal(clash, null, `${name}: ${clash ? clash.map((node) => `"${node.text}" ${JSON.stringify(node.bounds)}`).join(' overlaps ') : ''}`);
    }
  });
}
