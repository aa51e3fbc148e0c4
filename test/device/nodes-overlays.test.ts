// End to end in Chromium, one test per navigation, overlay and picker node type: show → observe
// shows the node (and its tagged parts) with role and state → a real tap or swipe → the next
// observe shows the change and the change / emit / page_changed event arrived.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { centreOf, type HierarchyNode } from '../../src/device/hierarchy.ts';
import type { PrototypeEvent } from '../../src/runtime/model.ts';
import { byTag, differingPixels, useDevice, validSpec, within } from './helpers.ts';

const phone = useDevice();

async function show(spec: { id: string; state?: object; root: object; window?: object }): Promise<HierarchyNode[]> {
  await phone().device.show(validSpec({ window: { placement: { type: 'fullscreen' } }, ...spec }));
  return (await phone().device.observe()).hierarchy;
}

function column(...children: object[]): object {
  return { type: 'column', safeAreaPadding: { edges: ['top', 'bottom'], types: ['systemBars'] }, style: { height: 'fill' }, children };
}

async function tapFor(testTag: string, kind: PrototypeEvent['kind']): Promise<PrototypeEvent> {
  const since = phone().log.events.length;
  const tapped = await phone().device.tap({ testTag });
  assert.ok(tapped.ok, tapped.ok ? '' : `${tapped.message} (${tapped.hint})`);
  return phone().log.next((event) => event.kind === kind, since);
}

async function hierarchy(): Promise<HierarchyNode[]> {
  return (await phone().device.observe()).hierarchy;
}

const tags = (nodes: readonly HierarchyNode[]) => nodes.map((node) => node.testTag);

const SCREEN_BOUNDS = { x: 0, y: 0, width: 412, height: 915 };

test('topAppBar: title, navigation icon and actions are tagged parts that run onTap', async () => {
  const nodes = await show({
    id: 'nav-app-bar',
    root: column({
      type: 'topAppBar', title: 'Inbox', testTag: 'bar',
      navigationIcon: { icon: 'arrow_back', label: 'Back', onTap: [{ type: 'emit', name: 'back' }] },
      actions: [{ icon: 'search', label: 'Search', onTap: [{ type: 'emit', name: 'search' }] }],
    }),
  });
  assert.equal(byTag(nodes, 'bar').text, 'Inbox');
  const back = byTag(nodes, 'bar.navigation');
  assert.equal(back.role, 'Button');
  assert.equal(back.text, 'Back');
  assert.equal(byTag(nodes, 'bar.actions.0').text, 'Search');
  assert.equal((await tapFor('bar.navigation', 'emit')).name, 'back');
  assert.equal((await tapFor('bar.actions.0', 'emit')).name, 'search');
});

test('dialog: opens over a hidden page, confirm closes it and runs onTap', async () => {
  const nodes = await show({
    id: 'overlay-dialog',
    state: { ask: false },
    root: column(
      { type: 'button', label: 'Delete', testTag: 'delete', onTap: [{ type: 'setState', key: 'ask', value: true }] },
      {
        type: 'dialog', testTag: 'confirm', openWhen: { key: 'ask', equals: true }, title: 'Delete item?', text: 'This cannot be undone.',
        confirm: { label: 'Delete', onTap: [{ type: 'emit', name: 'deleted' }] }, dismiss: { label: 'Cancel' },
      },
    ),
  });
  assert.ok(!tags(nodes).includes('confirm.confirm'), 'a closed dialog is not in the hierarchy');
  assert.deepEqual((await tapFor('delete', 'change')).payload, { key: 'ask', value: true });
  const opened = await hierarchy();
  assert.equal(byTag(opened, 'confirm.confirm').role, 'Button');
  assert.equal(byTag(opened, 'confirm.dismiss').text, 'Cancel');
  assert.ok(!tags(opened).includes('delete'), 'the page behind an open dialog leaves the hierarchy');
  const since = phone().log.events.length;
  const tapped = await phone().device.tap({ testTag: 'confirm.confirm' });
  assert.ok(tapped.ok);
  const close = await phone().log.next((event) => event.kind === 'change', since);
  assert.deepEqual(close.payload, { key: 'ask', value: false });
  assert.equal((await phone().log.next((event) => event.kind === 'emit', since)).name, 'deleted');
  const closed = await hierarchy();
  assert.ok(tags(closed).includes('delete') && !tags(closed).includes('confirm.confirm'));
});

test('dialog: a child taller than the window scrolls inside the dialog, whose buttons stay on screen', async () => {
  const rows = Array.from({ length: 40 }, (_, index) => ({ type: 'text', text: `Row ${index}`, testTag: `row.${index}`, style: { height: { dp: 48 } } }));
  const nodes = await show({
    id: 'overlay-dialog-long',
    state: { ask: true },
    root: column({
      type: 'dialog', testTag: 'long', openWhen: { key: 'ask', equals: true }, title: 'Terms', text: 'Read them all.',
      confirm: { label: 'Agree', onTap: [{ type: 'emit', name: 'agreed' }] }, child: { type: 'scroll', testTag: 'terms', child: { type: 'column', children: rows } },
    }),
  });
  const dialog = byTag(nodes, 'long').bounds;
  assert.ok(within(dialog, SCREEN_BOUNDS), `the dialog fits the screen: ${JSON.stringify(dialog)}`);
  assert.ok(within(byTag(nodes, 'long.confirm').bounds, dialog), 'its button is on the dialog');
  assert.ok(within(byTag(nodes, 'terms').bounds, dialog), 'the child is cut to the dialog');
  const first = byTag(nodes, 'row.1').bounds;
  assert.ok((await phone().device.swipe('up', 'terms')).ok);
  const moved = (await hierarchy()).find((node) => node.testTag === 'row.1')?.bounds;
  assert.ok(moved === undefined || moved.y < first.y - 100, 'the child scrolled');
  assert.equal((await tapFor('long.confirm', 'emit')).name, 'agreed');
});

test('snackbar: not modal, its action closes it and runs onTap', async () => {
  const nodes = await show({
    id: 'overlay-snackbar',
    state: { saved: true },
    root: column(
      { type: 'text', text: 'Draft', testTag: 'page' },
      { type: 'snackbar', testTag: 'toast', openWhen: { key: 'saved', equals: true }, text: 'Saved', action: { label: 'Undo', onTap: [{ type: 'emit', name: 'undo' }] } },
    ),
  });
  assert.equal(byTag(nodes, 'toast').text, 'Saved');
  assert.ok(tags(nodes).includes('page'), 'the page stays in the hierarchy under a snackbar');
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ testTag: 'toast.action' })).ok);
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'saved', value: false });
  assert.equal((await phone().log.next((event) => event.kind === 'emit', since)).name, 'undo');
  assert.ok(!tags(await hierarchy()).includes('toast'));
});

test('bottomSheet: opens on a tap, a downward swipe on its handle dismisses it', async () => {
  const nodes = await show({
    id: 'overlay-sheet',
    state: { details: false },
    root: column(
      { type: 'button', label: 'Details', testTag: 'open', onTap: [{ type: 'setState', key: 'details', value: true }] },
      { type: 'bottomSheet', testTag: 'sheet', openWhen: { key: 'details', equals: true }, detents: ['half'], child: { type: 'text', text: 'Sheet body', testTag: 'body' } },
    ),
  });
  assert.ok(!tags(nodes).includes('body'));
  await tapFor('open', 'change');
  const opened = await hierarchy();
  assert.equal(byTag(opened, 'body').text, 'Sheet body');
  const since = phone().log.events.length;
  assert.equal(byTag(opened, 'sheet.dragHandle').role, 'Button');
  assert.ok((await phone().device.swipe('down', 'sheet.dragHandle')).ok);
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'details', value: false });
  assert.ok(!tags(await hierarchy()).includes('body'));
});

test('tabBar: tapping a tab selects it and its pager page', async () => {
  const nodes = await show({
    id: 'nav-tabs',
    root: column(
      { type: 'tabBar', pager: 'sections', testTag: 'tabs', items: [{ label: 'Music' }, { label: 'Podcasts', icon: 'podcasts' }] },
      { type: 'pager', id: 'sections', style: { weight: 1 }, children: [{ type: 'text', text: 'Music page' }, { type: 'text', text: 'Podcasts page', testTag: 'podcasts' }] },
    ),
  });
  assert.equal(byTag(nodes, 'tabs.0').role, 'Tab');
  assert.equal(byTag(nodes, 'tabs.0').selected, true);
  const changed = await tapFor('tabs.1', 'page_changed');
  assert.equal(changed.name, 'sections');
  assert.equal(changed.payload, 1);
  const after = await hierarchy();
  assert.equal(byTag(after, 'tabs.1').selected, true);
  assert.equal(byTag(after, 'tabs.0').selected, false);
});

test('bottomNav: tapping an item writes its index to the state key', async () => {
  const nodes = await show({
    id: 'nav-bottom',
    state: { tab: 0 },
    root: column(
      { type: 'text', text: 'Tab {tab}', testTag: 'current', style: { weight: 1 } },
      { type: 'bottomNav', stateKey: 'tab', testTag: 'nav', items: [{ label: 'Home', icon: 'home' }, { label: 'Saved', icon: 'bookmark' }, { label: 'Me', icon: 'person' }] },
    ),
  });
  assert.equal(byTag(nodes, 'nav.0').selected, true);
  assert.deepEqual((await tapFor('nav.2', 'change')).payload, { key: 'tab', value: 2 });
  const after = await hierarchy();
  assert.equal(byTag(after, 'nav.2').selected, true);
  assert.equal(byTag(after, 'current').text, 'Tab 2');
});

test('timePicker: picking an hour on the dial writes the hour key', async () => {
  const nodes = await show({
    id: 'picker-time',
    state: { hour: 7, minute: 30 },
    root: column({ type: 'timePicker', hourKey: 'hour', minuteKey: 'minute', is24Hour: true, testTag: 'time' }, { type: 'text', text: '{hour}:{minute}', testTag: 'shown' }),
  });
  assert.match(byTag(nodes, 'time').text ?? '', /07:30/);
  const change = await tapFor('time.hour.9', 'change');
  assert.deepEqual(change.payload, { key: 'hour', value: 9 });
  assert.equal(byTag(await hierarchy(), 'shown').text, '9:30');
});

test('timePicker: the dial picks any minute by its angle, and a drag picks where the finger lifts', async () => {
  await show({
    id: 'picker-time-dial',
    state: { hour: 9, minute: 30 },
    root: column({ type: 'timePicker', hourKey: 'hour', minuteKey: 'minute', is24Hour: true, testTag: 'time' }),
  });
  assert.ok((await phone().device.tap({ testTag: 'time.minute' })).ok);
  const minutes = await hierarchy();
  const top = centreOf(byTag(minutes, 'time.minute.0').bounds);
  const bottom = centreOf(byTag(minutes, 'time.minute.30').bounds);
  const centre = { x: (top.x + bottom.x) / 2, y: (top.y + bottom.y) / 2 };
  const radius = (bottom.y - top.y) / 2;
  const angle = (32 / 60) * 2 * Math.PI;
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ x: centre.x + radius * Math.sin(angle), y: centre.y - radius * Math.cos(angle) })).ok);
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'minute', value: 32 });
  assert.equal(byTag(await hierarchy(), 'time').text, '09:32');

  assert.ok((await phone().device.tap({ testTag: 'time.hour' })).ok);
  // From 00 at the top of the inner ring straight down, past the centre and off the dial: 18 on the outer ring.
  const dragged = phone().log.events.length;
  assert.ok((await phone().device.swipe('down', 'time.hour.0')).ok);
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', dragged)).payload, { key: 'hour', value: 18 });
  assert.equal(byTag(await hierarchy(), 'time').text, '18:32');
  assert.equal(phone().log.events.slice(dragged).filter((event) => event.kind === 'change').length, 1, 'one change for the whole drag');
});

test('datePicker: tapping a day writes the date key', async () => {
  const nodes = await show({
    id: 'picker-date',
    state: { day: '2026-10-08' },
    root: column({ type: 'datePicker', stateKey: 'day', testTag: 'date' }, { type: 'text', text: 'On {day}', testTag: 'shown' }),
  });
  assert.equal(byTag(nodes, 'date.2026-10-08').selected, true);
  const change = await tapFor('date.2026-10-15', 'change');
  assert.deepEqual(change.payload, { key: 'day', value: '2026-10-15' });
  const after = await hierarchy();
  assert.equal(byTag(after, 'date.2026-10-15').selected, true);
  assert.equal(byTag(after, 'shown').text, 'On 2026-10-15');
});

test('datePicker: the month menu opens the years and a year shows its month; the mode icon switches to a typed date', async () => {
  await show({
    id: 'picker-date-modes',
    state: { day: '2026-10-08' },
    root: column({ type: 'datePicker', stateKey: 'day', testTag: 'date' }, { type: 'text', text: 'On {day}', testTag: 'shown' }),
  });
  assert.ok((await phone().device.tap({ testTag: 'date.years' })).ok);
  const years = await hierarchy();
  assert.equal(byTag(years, 'date.year.2026').selected, true, 'the shown year is marked and in view');
  assert.ok(!tags(years).includes('date.2026-10-08') && !tags(years).includes('date.next'), 'the days and arrows give way to the years');
  assert.ok((await phone().device.tap({ testTag: 'date.year.2027' })).ok);
  const month = await hierarchy();
  assert.equal(byTag(month, 'date.years').text, 'October 2027');
  assert.ok(tags(month).includes('date.2027-10-15'), 'the chosen year shows its month');

  assert.ok((await phone().device.tap({ testTag: 'date.mode' })).ok);
  const field = byTag(await hierarchy(), 'date.input');
  assert.equal(field.role, 'TextField');
  const page = (phone().device as unknown as { page: import('playwright-core').Page }).page;
  assert.equal(await page.inputValue('[data-testid="date.input"]'), '10/08/2026', 'the field shows the bound date');
  const retype = async (text: string) => {
    assert.ok((await phone().device.tap({ testTag: 'date.input' })).ok);
    for (let key = 0; key < 10; key++) assert.ok((await phone().device.pressKey('Backspace')).ok);
    assert.ok((await phone().device.type(text, 'date.input')).ok);
  };
  const since = phone().log.events.length;
  await retype('12/24/2026');
  const change = await phone().log.next((event) => event.kind === 'change', since);
  assert.deepEqual(change.payload, { key: 'day', value: '2026-12-24' });
  assert.equal(byTag(await hierarchy(), 'shown').text, 'On 2026-12-24');
  await retype('02/30/2026');
  await phone().device.settled();
  assert.equal(byTag(await hierarchy(), 'shown').text, 'On 2026-12-24', 'an impossible date picks nothing');
  assert.ok(await page.isVisible('.ps-date-input-error'), 'and says what is expected');
});

test('timePicker in a dialog: Material\'s time picker dialog — hour then minute on the dial, AM/PM, confirm closes it', async () => {
  const nodes = await show({
    id: 'picker-time-dialog',
    state: { ask: true, hour: 7, minute: 30 },
    root: column({
      type: 'dialog', testTag: 'alarm', openWhen: { key: 'ask', equals: true },
      confirm: { label: 'OK', onTap: [{ type: 'emit', name: 'set' }] }, dismiss: { label: 'Cancel' },
      child: { type: 'timePicker', hourKey: 'hour', minuteKey: 'minute', is24Hour: false, testTag: 'time' },
    }),
  });
  const dialog = byTag(nodes, 'alarm').bounds;
  assert.ok(within(dialog, SCREEN_BOUNDS), `the dialog fits the screen: ${JSON.stringify(dialog)}`);
  for (const part of ['time', 'time.hour', 'time.minute', 'time.am', 'time.pm', 'time.hour.9', 'alarm.confirm']) {
    assert.ok(within(byTag(nodes, part).bounds, dialog), `${part} is drawn on the dialog`);
  }
  assert.equal(byTag(nodes, 'time').text, '07:30');
  assert.equal(byTag(nodes, 'time.am').selected, true);
  assert.deepEqual((await tapFor('time.hour.9', 'change')).payload, { key: 'hour', value: 9 });
  assert.equal(byTag(await hierarchy(), 'time.minute').selected, true, 'picking the hour moves the dial to minutes');
  assert.deepEqual((await tapFor('time.minute.45', 'change')).payload, { key: 'minute', value: 45 });
  assert.deepEqual((await tapFor('time.pm', 'change')).payload, { key: 'hour', value: 21 });
  assert.equal(byTag(await hierarchy(), 'time').text, '21:45');
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ testTag: 'alarm.confirm' })).ok);
  assert.equal((await phone().log.next((event) => event.kind === 'emit', since)).name, 'set');
  assert.ok(!tags(await hierarchy()).includes('time'));
});

test('datePicker in a dialog: .next and .previous change the month, a day there binds the key, dismiss closes it', async () => {
  const nodes = await show({
    id: 'picker-date-dialog',
    state: { ask: true, day: '2026-10-08' },
    root: column({
      type: 'dialog', testTag: 'calendar', openWhen: { key: 'ask', equals: true }, title: 'Pick a day',
      confirm: { label: 'OK' }, dismiss: { label: 'Cancel' },
      child: { type: 'datePicker', stateKey: 'day', testTag: 'date' },
    }),
  });
  const dialog = byTag(nodes, 'calendar').bounds;
  assert.ok(within(dialog, SCREEN_BOUNDS), `the dialog fits the screen: ${JSON.stringify(dialog)}`);
  for (const part of ['date', 'date.previous', 'date.next', 'date.2026-10-31']) assert.ok(within(byTag(nodes, part).bounds, dialog), `${part} is drawn on the dialog`);
  assert.ok((await phone().device.tap({ testTag: 'date.next' })).ok);
  const november = await hierarchy();
  assert.ok(!tags(november).includes('date.2026-10-08') && tags(november).includes('date.2026-11-30'));
  assert.deepEqual((await tapFor('date.2026-11-15', 'change')).payload, { key: 'day', value: '2026-11-15' });
  assert.ok((await phone().device.tap({ testTag: 'date.previous' })).ok);
  assert.ok((await phone().device.tap({ testTag: 'date.previous' })).ok);
  assert.ok(tags(await hierarchy()).includes('date.2026-09-30'));
  assert.deepEqual((await tapFor('calendar.dismiss', 'change')).payload, { key: 'ask', value: false });
  assert.ok(!tags(await hierarchy()).includes('date'));
});

const MENU_SPEC = {
  id: 'overlay-menu',
  state: { open: false, count: 0 },
  root: column(
    {
      type: 'row', style: { width: 'fill' }, children: [
        { type: 'spacer', style: { weight: 1 } },
        {
          type: 'box', testTag: 'anchor', children: [
            { type: 'iconButton', icon: 'more_vert', testTag: 'more', onTap: [{ type: 'setState', key: 'open', value: true }] },
            {
              type: 'menu', testTag: 'menu', openWhen: { key: 'open', equals: true },
              items: [
                { label: 'Archive', icon: 'archive', onTap: [{ type: 'emit', name: 'archive' }] },
                { type: 'divider' },
                { label: 'Count {count}', trailingText: 'Ctrl+C', onTap: [{ type: 'increment', key: 'count' }] },
                { label: 'Locked', enabled: false, onTap: [{ type: 'emit', name: 'never' }] },
              ],
            },
          ],
        },
      ],
    },
  ),
};

test('menu: opens under its parent, end edges together; an item closes it and runs onTap; a disabled item does nothing', async () => {
  const closed = await show(MENU_SPEC);
  assert.ok(!tags(closed).includes('menu'), 'a closed menu is not in the hierarchy');
  await tapFor('more', 'change');
  const nodes = await hierarchy();
  const anchor = byTag(nodes, 'anchor').bounds;
  const menu = byTag(nodes, 'menu');
  assert.equal(menu.role, 'Menu');
  assert.equal(menu.bounds.y, anchor.y + anchor.height, 'the menu starts at its parent\'s bottom');
  const menuEnd = menu.bounds.x + menu.bounds.width;
  assert.ok(Math.abs(menuEnd - Math.min(anchor.x + anchor.width, 412 - 8)) < 0.5, `end-aligned, kept 8 dp inside the window (${JSON.stringify({ menu: menu.bounds, anchor })})`);
  assert.deepEqual(['menu.0', 'menu.2', 'menu.3'].map((tag) => [byTag(nodes, tag).role, byTag(nodes, tag).text, byTag(nodes, tag).enabled]), [
    ['MenuItem', 'Archive', true], ['MenuItem', 'Count 0', true], ['MenuItem', 'Locked', false],
  ]);
  assert.ok(!tags(nodes).includes('menu.1'), 'a divider is not an accessibility node');
  const before = phone().log.events.length;
  assert.ok((await phone().device.tap({ testTag: 'menu.3' })).ok);
  assert.ok(tags(await hierarchy()).includes('menu.0'), 'a disabled item leaves the menu open');
  assert.equal(phone().log.events.length, before, 'and writes nothing');
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ testTag: 'menu.2' })).ok);
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'open', value: false });
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change' && (event.payload as { key: string }).key === 'count', since)).payload, { key: 'count', value: 1 });
  assert.ok(!tags(await hierarchy()).includes('menu.0'), 'the chosen item closed the menu');
});

test('menu: a tap outside closes it without reaching what is under it, Back closes it too, and a covered target names the menu', async () => {
  await show(MENU_SPEC);
  await tapFor('more', 'change');
  const covered = await phone().device.tap({ testTag: 'more' });
  assert.ok(!covered.ok && /covered by an open menu/.test(covered.message), covered.ok ? 'tapped' : covered.message);
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ x: 100, y: 600 })).ok);
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'open', value: false });
  await tapFor('more', 'change');
  const back = await phone().device.pressBack();
  assert.ok(back.ok && back.back === 'menu', JSON.stringify(back));
  assert.ok(!tags(await hierarchy()).includes('menu'));
});

test('menu: near the bottom of the window it flips above its parent', async () => {
  const spec = structuredClone(MENU_SPEC) as typeof MENU_SPEC & { root: { children: object[] } };
  spec.root.children.unshift({ type: 'spacer', style: { weight: 1 } });
  const nodes = await show({ ...spec, state: { open: true, count: 0 } });
  const anchor = byTag(nodes, 'anchor').bounds;
  const menu = byTag(nodes, 'menu').bounds;
  assert.ok(Math.abs(menu.y + menu.height - anchor.y) < 0.5, `the menu ends at its parent's top (${JSON.stringify({ menu, anchor })})`);
});

test('select: the field shows the chosen label; its options open under it, a choice writes the key and collapses, Back collapses', async () => {
  const nodes = await show({
    id: 'overlay-select',
    state: { sort: 'date' },
    root: column({
      type: 'select', testTag: 'sort', stateKey: 'sort', label: 'Sort by',
      options: [{ value: 'date', label: 'Date' }, { value: 'name', label: 'Name' }, { value: 'size', label: 'Size' }],
    }),
  });
  const field = byTag(nodes, 'sort');
  assert.deepEqual([field.role, field.text], ['DropdownList', 'Date']);
  assert.ok(!tags(nodes).includes('sort.name'), 'options show only while expanded');
  assert.ok((await phone().device.tap({ testTag: 'sort' })).ok);
  const open = await hierarchy();
  const name = byTag(open, 'sort.name');
  assert.deepEqual([byTag(open, 'sort.date').selected, name.selected, name.role], [true, false, 'MenuItem']);
  assert.ok(name.bounds.y >= field.bounds.y + field.bounds.height, 'the options sit under the field');
  assert.deepEqual((await tapFor('sort.name', 'change')).payload, { key: 'sort', value: 'name' });
  const chosen = await hierarchy();
  assert.equal(byTag(chosen, 'sort').text, 'Name');
  assert.ok(!tags(chosen).includes('sort.size'), 'choosing collapses the options');
  assert.ok((await phone().device.tap({ testTag: 'sort' })).ok);
  assert.ok(tags(await hierarchy()).includes('sort.size'));
  const back = await phone().device.pressBack();
  assert.ok(back.ok && back.back === 'menu', JSON.stringify(back));
  assert.ok(!tags(await hierarchy()).includes('sort.size'), 'Back collapsed the options');
  assert.ok((await phone().device.tap({ testTag: 'sort' })).ok);
  assert.ok((await phone().device.tap({ testTag: 'sort' })).ok, 'the field stays tappable while expanded');
  assert.ok(!tags(await hierarchy()).includes('sort.size'), 'tapping the field again collapsed it');
  assert.ok((await phone().device.tap({ testTag: 'sort' })).ok);
  const outside = await phone().device.tap({ x: 200, y: 700 });
  assert.ok(outside.ok && !tags(await hierarchy()).includes('sort.size'), 'a tap outside collapsed it');
});

const DRAWER_SPEC = {
  id: 'overlay-drawer',
  state: { nav: false, picked: 'none' },
  root: column(
    { type: 'iconButton', icon: 'menu', testTag: 'open_nav', onTap: [{ type: 'setState', key: 'nav', value: true }] },
    {
      type: 'drawer', testTag: 'nav', openWhen: { key: 'nav', equals: true },
      child: { type: 'column', children: [{ type: 'listItem', testTag: 'nav.inbox', headline: 'Inbox', onTap: [{ type: 'setState', key: 'picked', value: 'inbox' }] }] },
    },
  ),
};

test('drawer: opens at the start edge min(320, width - 56) wide over a scrim, hides the page; its items work; the scrim, Back and a swipe close it', async () => {
  await show(DRAWER_SPEC);
  await tapFor('open_nav', 'change');
  const open = await hierarchy();
  const panel = byTag(open, 'nav').bounds;
  assert.deepEqual([panel.x, panel.width], [0, 320]);
  assert.equal(byTag(open, 'nav').focused, true, 'the focus enters the panel');
  assert.ok(tags(open).includes('nav.close') && !tags(open).includes('open_nav'), 'the page behind leaves the hierarchy');
  assert.deepEqual((await tapFor('nav.inbox', 'change')).payload, { key: 'picked', value: 'inbox' });
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ x: 380, y: 500 })).ok, 'a tap on the scrim beside the panel');
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'nav', value: false });
  await phone().device.settled();
  assert.ok(!tags(await hierarchy()).includes('nav.inbox') && tags(await hierarchy()).includes('open_nav'));
  await tapFor('open_nav', 'change');
  const back = await phone().device.pressBack();
  assert.ok(back.ok && back.back === 'drawer', JSON.stringify(back));
  await tapFor('open_nav', 'change');
  await phone().device.settled();
  const swiped = phone().log.events.length;
  const swipe = await phone().device.swipe('left', 'nav');
  assert.ok(swipe.ok, swipe.ok ? '' : swipe.message);
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', swiped)).payload, { key: 'nav', value: false }, 'an outward swipe closed it');
});

const TOOLTIP_SPEC = (spotlight: boolean) => ({
  id: 'overlay-tooltip',
  state: { tip: true, seen: 0 },
  root: column(
    { type: 'button', id: 'share', label: 'Share', testTag: 'share', onTap: [{ type: 'emit', name: 'shared' }] },
    {
      type: 'tooltip', testTag: 'tip', openWhen: { key: 'tip', equals: true }, text: 'Share it with a friend', anchorTo: 'share',
      onDismiss: [{ type: 'increment', key: 'seen' }], ...(spotlight ? { spotlight: {} } : {}),
    },
  ),
});

// Seed 001: "the panel carries testTag, and the scrim carries <testTag>.close. Scrim taps … dismiss".
test('drawer: the scrim reports the part beside the panel as visibleBounds, and tapOn its tag lands there and closes it', async () => {
  await show(DRAWER_SPEC);
  await tapFor('open_nav', 'change');
  const scrim = byTag(await hierarchy(), 'nav.close');
  assert.deepEqual(scrim.visibleBounds, { x: 320, y: scrim.bounds.y, width: scrim.bounds.width - 320, height: scrim.bounds.height });
  const since = phone().log.events.length;
  const tapped = await phone().device.tap({ testTag: 'nav.close' });
  assert.ok(tapped.ok && tapped.x > 320, JSON.stringify(tapped));
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'nav', value: false });
  assert.equal(phone().log.events.slice(since).some((event) => (event.payload as { key?: string }).key === 'picked'), false, 'nothing on the panel ran');
});

test('tooltip: a bubble below its target with the caret at the target\'s centre; the page stays usable; a tap on the bubble dismisses it, then runs onDismiss', async () => {
  const nodes = await show(TOOLTIP_SPEC(false));
  const target = byTag(nodes, 'share').bounds;
  const bubble = byTag(nodes, 'tip');
  assert.deepEqual([bubble.text, bubble.hint], ['Share it with a friend', 'Tooltip']);
  assert.ok(Math.abs(bubble.bounds.y - (target.y + target.height + 8)) < 0.5, 'below the target, past its caret');
  assert.ok(tags(nodes).includes('share'), 'without a spotlight the page stays in the hierarchy');
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ testTag: 'tip' })).ok);
  await phone().log.next((event) => event.kind === 'change' && (event.payload as { key: string }).key === 'seen', since);
  assert.deepEqual(phone().log.events.slice(since).map((event) => event.payload), [{ key: 'tip', value: false }, { key: 'seen', value: 1 }]);
  assert.ok(!tags(await hierarchy()).includes('tip'));
});

test('tooltip: a spotlight hides the page and takes every tap; its close part dismisses', async () => {
  const nodes = await show(TOOLTIP_SPEC(true));
  assert.ok(tags(nodes).includes('tip') && tags(nodes).includes('tip.close') && !tags(nodes).includes('share'), 'the page leaves the hierarchy');
  assert.equal(byTag(nodes, 'tip').focused, true, 'a spotlight moves the focus to the bubble');
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ x: 200, y: 700 })).ok, 'a tap anywhere on the spotlight');
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'tip', value: false });
  await phone().device.settled();
  assert.ok(tags(await hierarchy()).includes('share'), 'a tap on the spotlight dismissed it and the page is back');
});

// Seed 001: "An unrendered target leaves state unchanged and draws nothing."
test('tooltip: while its anchorTo target is not drawn it draws nothing, spotlight included, and state is unchanged', async () => {
  const nodes = await show({
    id: 'overlay-tooltip-unrendered', state: { tip: true, shown: false },
    root: column(
      { type: 'button', label: 'Reveal', testTag: 'reveal', onTap: [{ type: 'setState', key: 'shown', value: true }] },
      { type: 'button', id: 'share', label: 'Share', testTag: 'share', visibleWhen: { key: 'shown', equals: true } },
      { type: 'tooltip', testTag: 'tip', openWhen: { key: 'tip', equals: true }, text: 'Share it', anchorTo: 'share', spotlight: {} },
    ),
  });
  assert.deepEqual(['tip', 'tip.close'].filter((tag) => tags(nodes).includes(tag)), [], 'no bubble and no spotlight');
  const undimmed = (await phone().device.observe()).screenshot;
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ testTag: 'reveal' })).ok, 'the page is not locked');
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'shown', value: true });
  assert.equal(phone().log.events.slice(since).some((event) => (event.payload as { key?: string }).key === 'tip'), false, 'the tooltip state was left alone');
  await phone().device.settled();
  const revealed = await hierarchy();
  assert.ok(tags(revealed).includes('tip') && tags(revealed).includes('tip.close'), 'once its target is drawn it opens');
  assert.ok(differingPixels(undimmed, (await phone().device.observe()).screenshot) > 10_000, 'the spotlight dims the window only now');
});

test('tooltip: with an anchor instead of anchorTo it points at the anchor\'s bounds', async () => {
  const nodes = await show({
    id: 'overlay-tooltip-anchor', state: { tip: true },
    root: column({ type: 'tooltip', testTag: 'tip', openWhen: { key: 'tip', equals: true }, text: 'Tap the chart', anchor: { type: 'bounds', bounds: { x: 100, y: 300, width: 60, height: 40 } } }),
  });
  const bubble = byTag(nodes, 'tip').bounds;
  assert.ok(Math.abs(bubble.y - (300 + 40 + 8)) < 0.5, `below the bounds, past its caret (${JSON.stringify(bubble)})`);
  assert.ok(Math.abs(bubble.x + bubble.width / 2 - 130) < 0.5, `centred on them (${JSON.stringify(bubble)})`);
});
