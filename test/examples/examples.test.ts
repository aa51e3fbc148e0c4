// Every example in examples/ is a valid spec whose interactive nodes carry testTags, and each one
// survives the interaction it was written for, in real Chromium: a real tap or typing changes what
// observe reports and sends the change / emit / page_changed events an agent would await.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import { DEVICE_PROFILES } from '../../src/device/profiles.ts';
import type { PrototypeEvent } from '../../src/runtime/model.ts';
import { FIRST_SPEC } from '../../src/mcp/guide.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { byTag, useDevices, validSpec, type OpenDevice } from '../device/helpers.ts';
import { EXAMPLES_DIR, exampleNames, readExample } from './examples.ts';

const EXPECTED_EXAMPLES = [
  'alarm.json', 'booking.json', 'chat.json', 'confirm-dialog.json', 'countdown.json', 'dashboard.json', 'dashboard-dark.json', 'feed.json',
  'filters-sheet.json', 'mail.json', 'onboarding.json', 'quick-reply.json', 'settings.json', 'shop.json', 'shopping-list.json', 'sign-in.json', 'style-sheet.json', 'todo.json',
];

/** Node types a person can act on, so each needs a testTag for tapOn and for tests. */
const INTERACTIVE_TYPES = new Set([
  'textField', 'switch', 'checkbox', 'button', 'radioGroup', 'slider', 'chip', 'iconButton', 'fab',
  'segmentedButton', 'tabBar', 'bottomNav', 'bottomSheet', 'dialog', 'snackbar', 'timePicker', 'datePicker', 'menu', 'select',
]);

test('examples/ holds the documented examples', () => {
  for (const name of EXPECTED_EXAMPLES) assert.ok(exampleNames().includes(name), `examples/${name} is missing`);
});

for (const name of exampleNames()) {
  test(`examples/${name} is a valid spec`, () => {
    const validated = validatePrototypeSpec(readExample(name));
    assert.ok(validated.ok, validated.ok ? '' : `${validated.path}: ${validated.message}`);
  });

  test(`examples/${name} tags every interactive node`, () => {
    assert.deepEqual(untaggedInteractiveNodes(readExample(name) as Parameters<typeof untaggedInteractiveNodes>[0]), []);
  });
}

type AuthoredNode = { type: string; testTag?: string; onTap?: unknown; trailing?: { type: string }; navigationIcon?: unknown; actions?: unknown; children?: AuthoredNode[]; child?: AuthoredNode };

/** Paths of authored nodes (the root and every component root) that can be acted on but have no testTag. */
function untaggedInteractiveNodes(spec: { root: AuthoredNode; components?: Record<string, { root: AuthoredNode }> }): string[] {
  const roots: [string, AuthoredNode][] = [['root', spec.root], ...Object.entries(spec.components ?? {}).map(([name, component]): [string, AuthoredNode] => [`components.${name}.root`, component.root])];
  return roots.flatMap(([path, node]) => untaggedBelow(node, path));
}

function untaggedBelow(node: AuthoredNode, path: string): string[] {
  const own = isInteractive(node) && node.testTag === undefined ? [path] : [];
  const children = (node.children ?? []).flatMap((child, index) => untaggedBelow(child, `${path}.children[${index}]`));
  return [...own, ...children, ...(node.child ? untaggedBelow(node.child, `${path}.child`) : [])];
}

function isInteractive(node: AuthoredNode): boolean {
  const togglingRow = node.trailing !== undefined && node.trailing.type !== 'icon';
  return INTERACTIVE_TYPES.has(node.type) || node.onTap !== undefined || togglingRow || node.navigationIcon !== undefined || node.actions !== undefined;
}

// One browser for the file: a light phone for most examples, a dark one for the dashboard, and a
// right-to-left one with large text for the layout check.
const devices = useDevices({}, { dark: true }, { rtl: true, fontScale: 1.3 });
const light = () => devices()[0]!;
const dark = () => devices()[1]!;
const rtlLargeText = () => devices()[2]!;

test('every example keeps its nodes on screen right to left with 1.3× text, its top bar mirrored', async () => {
  const { width } = DEVICE_PROFILES.phone;
  for (const name of exampleNames()) {
    const nodes = (await showExample(rtlLargeText(), name)).filter((node) => node.layer === 'prototype');
    const outside = nodes.filter((node) => node.bounds.x < -0.5 || node.bounds.x + node.bounds.width > width + 0.5);
    assert.deepEqual(outside.map((node) => `${node.testTag ?? node.id} ${JSON.stringify(node.bounds)}`), [], `examples/${name}: nodes beyond the screen's sides`);
    for (const back of nodes.filter((node) => node.testTag?.endsWith('.navigation'))) {
      assert.ok(back.bounds.x > width / 2, `examples/${name}: ${back.testTag} sits at the start edge, which is the right side in RTL`);
    }
  }
});

async function showExample(open: OpenDevice, name: string): Promise<HierarchyNode[]> {
  const shown = await open.device.show(validSpec(readExample(name)), { reset: true });
  assert.equal((shown as { ok?: unknown }).ok, true, `show failed: ${JSON.stringify(shown)}`);
  return observe(open);
}

async function observe(open: OpenDevice): Promise<HierarchyNode[]> {
  return (await open.device.observe()).hierarchy;
}

/**
 * Taps a node (or point), waits for an event of `kind`, and returns every event that arrived up to
 * the prototype's latest sequence: one tap's events arrive one by one (an emit before the change
 * that ends its unit), so waiting for one kind alone could return only part of them.
 */
async function tap(open: OpenDevice, target: { testTag: string } | { x: number; y: number }, kind: PrototypeEvent['kind']): Promise<PrototypeEvent[]> {
  const since = open.log.events.length;
  const tapped = await open.device.tap(target);
  assert.ok(tapped.ok, tapped.ok ? '' : `${tapped.message} (${tapped.hint})`);
  const first = await open.log.next((event) => event.kind === kind, since);
  if (kind === 'dismissed') return open.log.events.slice(since); // a dismissal is its prototype's last event
  const inspected = (await open.device.inspect()) as { prototypes?: { id: string; lastSequence: number }[] };
  const latest = inspected.prototypes?.find((prototype) => prototype.id === first.id)?.lastSequence;
  assert.ok(latest !== undefined, `inspect names no prototype "${first.id}": ${JSON.stringify(inspected)}`);
  await open.log.next((event) => event.id === first.id && event.sequence >= latest, since);
  return open.log.events.slice(since);
}

/** The one event of `kind` (and `name`, when given) among `events`. */
function only(events: readonly PrototypeEvent[], kind: PrototypeEvent['kind'], name?: string): PrototypeEvent {
  const found = events.filter((event) => event.kind === kind && (name === undefined || event.name === name));
  assert.equal(found.length, 1, `expected one ${kind}${name ? ` "${name}"` : ''} event, got ${JSON.stringify(events)}`);
  return found[0]!;
}

const tags = (nodes: readonly HierarchyNode[]) => nodes.map((node) => node.testTag);
const centre = (node: HierarchyNode) => ({ x: node.bounds.x + node.bounds.width / 2, y: node.bounds.y + node.bounds.height / 2 });

test('alarm: picking 6:45 on the dial and saving shows the snackbar and emits alarm_saved', async () => {
  const before = await showExample(light(), 'alarm.json');
  assert.equal(byTag(before, 'alarm_time').text, '07:30');
  assert.ok(!tags(before).includes('alarm_saved'), 'the snackbar is closed until the alarm is saved');

  assert.deepEqual(only(await tap(light(), { testTag: 'alarm_time.hour.6' }, 'change'), 'change').payload, { key: 'hour', value: 6 });
  assert.deepEqual(only(await tap(light(), { testTag: 'alarm_time.minute.45' }, 'change'), 'change').payload, { key: 'minute', value: 45 });
  const saved = await tap(light(), { testTag: 'alarm_save' }, 'change');
  const emitted = only(saved, 'emit', 'alarm_saved');
  assert.deepEqual(emitted.payload, { repeat: 'once', sound: 'Sunrise' });
  assert.equal(emitted.state.hour, 6);
  assert.equal(emitted.state.minute, 45);
  assert.deepEqual(only(saved, 'change').payload, { key: 'saved', value: true });

  const after = await observe(light());
  assert.equal(byTag(after, 'alarm_time').text, '06:45');
  assert.equal(byTag(after, 'alarm_saved').text, 'Alarm set for 6:45');
  assert.equal(byTag(after, 'alarm_saved.action').text, 'Undo');
});

test('settings: turning notifications off hides the dependent rows; a checkbox row toggles on its own', async () => {
  const before = await showExample(light(), 'settings.json');
  assert.equal(byTag(before, 'setting_notifications').checked, true);
  assert.equal(byTag(before, 'setting_quiet_hours').role, 'Switch');
  assert.equal(byTag(before, 'setting_sounds').role, 'Checkbox');

  assert.deepEqual(only(await tap(light(), { testTag: 'setting_notifications' }, 'change'), 'change').payload, { key: 'notifications', value: false });
  const off = await observe(light());
  assert.equal(byTag(off, 'setting_notifications').checked, false);
  assert.ok(!tags(off).includes('setting_quiet_hours') && !tags(off).includes('setting_sounds'), 'quiet hours and sounds only show while notifications are on');

  const largeText = await tap(light(), { testTag: 'setting_large_text' }, 'change');
  assert.deepEqual(only(largeText, 'change').payload, { key: 'largeText', value: true });
  const after = await observe(light());
  assert.equal(byTag(after, 'setting_large_text').checked, true);
  assert.equal(byTag(after, 'setting_crash_reports').checked, true, 'the other rows keep their values');
  assert.equal(byTag(after, 'setting_analytics').checked, true);
});

test('sign-in: an empty Sign in shows both errors and sends nothing; Enter goes from email to password and submits with the password masked', async () => {
  const before = await showExample(light(), 'sign-in.json');
  assert.equal(byTag(before, 'signin_email').text, 'Email');
  assert.equal(byTag(before, 'signin_email.supportingText').text, 'The address you signed up with');
  const empty = await tap(light(), { testTag: 'signin_submit' }, 'change');
  assert.deepEqual(empty.map((event) => event.kind), ['change'], 'the if action sends sign_in only with both fields filled');
  const tried = await observe(light());
  assert.equal(byTag(tried, 'signin_email.supportingText').text, 'Enter your email address');
  assert.equal(byTag(tried, 'signin_password.supportingText').text, 'Enter your password');
  assert.ok((await light().device.type('ada@example.com', 'signin_email')).ok);
  assert.ok((await light().device.pressKey('Enter')).ok);
  assert.ok((await light().device.type('hunter2')).ok, 'next moved the focus to the password');
  const since = light().log.events.length;
  assert.ok((await light().device.pressKey('Enter')).ok);
  const submitted = await light().log.next((event) => event.kind === 'emit', since);
  assert.deepEqual([submitted.name, submitted.payload, submitted.state.password, submitted.state.email], ['sign_in', { via: 'keyboard' }, '•••••••', 'ada@example.com']);
  const after = await observe(light());
  assert.equal(byTag(after, 'signin_email.supportingText').text, 'The address you signed up with', 'the email error went once it was filled');
  assert.equal(byTag(after, 'signin_password').text, '•••••••');
  assert.equal(byTag(after, 'signin_snackbar').text, 'Signing you in…', 'tried with both filled, the snackbar shows');
});

test('sign-in: no snackbar while a field is empty', async () => {
  await showExample(light(), 'sign-in.json');
  await tap(light(), { testTag: 'signin_submit' }, 'change');
  assert.ok(!tags(await observe(light())).includes('signin_snackbar'));
});

test('todo: Add appends the typed task and clears the field; a check strikes it off; swipes delete down to the empty state', async () => {
  const titles = (nodes: readonly HierarchyNode[]) => nodes.filter((node) => /^todo_task\.\d+\.title$/.test(node.testTag ?? '')).map((node) => node.text);
  const before = await showExample(light(), 'todo.json');
  assert.deepEqual(titles(before), ['Water the plants', 'Book the dentist']);
  assert.ok(!tags(before).includes('todo_empty'));
  assert.equal(byTag(before, 'todo_add').enabled, false, 'Add waits for a task to be typed (enabledWhen)');
  const refusedAdd = await light().device.tap({ testTag: 'todo_add' });
  assert.match(refusedAdd.ok ? '' : refusedAdd.message, /todo_add" is disabled: its enabledWhen/);
  assert.ok((await light().device.type('Buy bread', 'todo_new')).ok);
  const added = await tap(light(), { testTag: 'todo_add' }, 'emit');
  assert.ok(added.some((event) => event.name === '/data/tasks' && (event.payload as { op: string }).op === 'append'), JSON.stringify(added));
  const afterAdd = await observe(light());
  assert.deepEqual(titles(afterAdd), ['Water the plants', 'Book the dentist', 'Buy bread']);
  assert.equal(byTag(afterAdd, 'todo_new').text, 'New task', 'the field is empty again, its label shown');

  assert.deepEqual([byTag(afterAdd, 'todo_task.0.check').checked, byTag(afterAdd, 'todo_task.1.check').checked], [false, true], 'one toggle per row, selected while its task is done');
  const checked = await tap(light(), { testTag: 'todo_task.0.check' }, 'change');
  assert.deepEqual([checked[0]!.name, (checked[0]!.payload as { value: unknown }).value], ['/data/tasks/0/done', true]);
  assert.equal(byTag(await observe(light()), 'todo_task.0.check').checked, true);
  const unchecked = await tap(light(), { testTag: 'todo_task.1.check' }, 'change');
  assert.deepEqual([unchecked[0]!.name, (unchecked[0]!.payload as { value: unknown }).value], ['/data/tasks/1/done', false]);
  assert.equal(byTag(await observe(light()), 'todo_task.1.check').checked, false);

  for (const remaining of [2, 1, 0]) {
    const since = light().log.events.length;
    assert.ok((await light().device.swipe('left', 'todo_task.0')).ok);
    await light().log.next((event) => event.name === 'task_deleted', since);
    assert.equal(titles(await observe(light())).length, remaining);
  }
  const empty = await observe(light());
  assert.ok(tags(empty).includes('todo_empty') && !tags(empty).includes('todo_list'), 'the empty state replaces the list');
});

test('dashboard: a marker writes its store, a bar its month; pull to refresh reloads the chart when the timer fires', async () => {
  await showExample(light(), 'dashboard.json');
  const store = await tap(light(), { testTag: 'dash_map.marker.berlin' }, 'emit');
  assert.deepEqual(only(store, 'change').payload, { key: 'store', value: 'berlin' });
  assert.equal(byTag(await observe(light()), 'dash_store').text, 'Store: berlin');
  const month = await tap(light(), { testTag: 'dash_chart.bar.5' }, 'emit');
  assert.deepEqual(only(month, 'change').payload, { key: 'month', value: 5 });

  const since = light().log.events.length;
  assert.ok((await light().device.swipe('down', 'dash_scroll')).ok);
  await light().log.next((event) => event.kind === 'change' && (event.payload as { key?: string }).key === 'refreshing', since);
  await light().device.advanceClock(1000);
  await light().log.next((event) => event.name === 'dashboard_refreshed', since);
  assert.equal(byTag(await observe(light()), 'dash_updated').text, 'Updated just now · pull down to refresh');
});

test('settings: the app bar\'s overflow opens a menu under the bar; Send feedback closes it and emits; the text size select writes its key', async () => {
  const before = await showExample(light(), 'settings.json');
  assert.ok(!tags(before).includes('settings_menu'));
  await tap(light(), { testTag: 'settings_bar.actions.1' }, 'change');
  const open = await observe(light());
  const header = byTag(open, 'settings_header').bounds;
  assert.equal(byTag(open, 'settings_menu').bounds.y, header.y + header.height, 'the menu hangs from the bottom of the bar');
  assert.equal(byTag(open, 'settings_menu.3').enabled, false);
  const feedback = await tap(light(), { testTag: 'settings_menu.1' }, 'emit');
  assert.deepEqual(feedback.map((event) => [event.kind, event.name]), [['change', null], ['emit', 'send_feedback']]);
  assert.equal(byTag(await observe(light()), 'setting_text_size').text, 'Default');
  const tapped = await light().device.tap({ testTag: 'setting_text_size' });
  assert.ok(tapped.ok);
  assert.deepEqual(only(await tap(light(), { testTag: 'setting_text_size.large' }, 'change'), 'change').payload, { key: 'textSize', value: 'large' });
  assert.equal(byTag(await observe(light()), 'setting_text_size').text, 'Large');
});

test('onboarding: Next moves the pager and the selected tab; Skip jumps to the last page, whose button emits', async () => {
  const before = await showExample(light(), 'onboarding.json');
  assert.equal(byTag(before, 'onboarding_tabs.0').selected, true);
  assert.equal(byTag(before, 'page_welcome_title').text, 'Small steps, every day');

  const next = only(await tap(light(), { testTag: 'onboarding_next' }, 'page_changed'), 'page_changed');
  assert.equal(next.name, 'steps');
  assert.equal(next.payload, 1);
  const second = await observe(light());
  assert.equal(byTag(second, 'onboarding_tabs.1').selected, true);
  assert.equal(byTag(second, 'onboarding_tabs.0').selected, false);
  assert.equal(byTag(second, 'page_track_title').text, 'Tick it off');

  assert.equal(only(await tap(light(), { testTag: 'onboarding_skip' }, 'page_changed'), 'page_changed').payload, 2);
  const last = await observe(light());
  assert.equal(byTag(last, 'onboarding_tabs.2').selected, true);
  const finished = only(await tap(light(), { testTag: 'onboarding_get_started' }, 'emit'), 'emit', 'onboarding_finished');
  assert.deepEqual(finished.payload, { skipped: false });
  assert.deepEqual(finished.pages, { steps: 2 });
});

/** The shopping rows as observed: name → its checkbox, quantity and plus button (rows share testTags, so they are matched in order). */
function groceryRows(hierarchy: readonly HierarchyNode[]): Map<string, { check: HierarchyNode; quantity: HierarchyNode; more: HierarchyNode }> {
  const ofTag = (tag: string) => hierarchy.filter((node) => node.testTag === tag);
  const [names, checks, quantities, pluses] = [ofTag('grocery_name'), ofTag('grocery_check'), ofTag('grocery_qty'), ofTag('grocery_more')];
  assert.equal(checks.length, names.length);
  return new Map(names.map((name, index) => [name.text!, { check: checks[index]!, quantity: quantities[index]!, more: pluses[index]! }]));
}

test('shopping list: ticking one row checks only that row; its plus button counts up only its own quantity', async () => {
  const before = groceryRows(await showExample(light(), 'shopping-list.json'));
  assert.equal(before.size, 7);
  assert.equal(before.get('Sourdough loaf')!.check.checked, false);
  assert.equal(before.get('Free-range eggs')!.check.checked, true);

  const ticked = await tap(light(), centre(before.get('Sourdough loaf')!.check), 'change');
  assert.deepEqual(only(ticked, 'change').payload, { key: 'got_sourdough', value: true });
  const afterTick = groceryRows(await observe(light()));
  for (const [name, row] of afterTick) {
    assert.equal(row.check.checked, name === 'Sourdough loaf' || name === 'Free-range eggs', `${name} checkbox`);
  }

  const counted = await tap(light(), centre(afterTick.get('Bananas')!.more), 'change');
  assert.deepEqual(only(counted, 'change').payload, { key: 'qty_bananas', value: 7 });
  const afterCount = groceryRows(await observe(light()));
  assert.equal(afterCount.get('Bananas')!.quantity.text, '7');
  assert.equal(afterCount.get('Oat milk')!.quantity.text, '2');
  assert.equal(afterCount.get('Free-range eggs')!.quantity.text, '12');

  const done = only(await tap(light(), { testTag: 'groceries_done' }, 'emit'), 'emit', 'shopping_done');
  assert.equal(done.state.got_sourdough, true);
  assert.equal(done.state.qty_bananas, 7);
});

test('feed: posts come from data; Like and Liked swap on one post only, Load older appends two posts and hides itself', async () => {
  const before = await showExample(light(), 'feed.json');
  assert.equal(byTag(before, 'feed_bar').text, 'Design team', 'the title reads {data:/team/name}');
  assert.deepEqual(before.filter((node) => /^post\.\d+\.author$/.test(node.testTag ?? '')).map((node) => node.text), ['Maya', 'Jonas', 'Ana']);
  assert.deepEqual([tags(before).includes('post.1.like'), tags(before).includes('post.1.unlike')], [false, true], 'Jonas\'s post starts liked');

  const liked = await tap(light(), { testTag: 'post.0.like' }, 'emit');
  assert.deepEqual([liked[0]!.name, liked[0]!.payload], ['/data/posts/0/liked', { op: 'set', value: true, revision: 2 }]);
  assert.equal(only(liked, 'emit').name, 'post_liked.p1');
  const afterLike = await observe(light());
  assert.deepEqual([tags(afterLike).includes('post.0.like'), tags(afterLike).includes('post.0.unlike'), tags(afterLike).includes('post.2.like')], [false, true, true]);

  const loaded = await tap(light(), { testTag: 'feed_load_more' }, 'change');
  await light().log.next((event) => event.name === '/data/loadedOlder', light().log.events.length - loaded.length);
  const afterLoad = await observe(light());
  assert.deepEqual(afterLoad.filter((node) => /^post\.\d+\.author$/.test(node.testTag ?? '')).map((node) => node.text), ['Maya', 'Jonas', 'Ana', 'Lee', 'Maya']);
  assert.deepEqual([tags(afterLoad).includes('feed_load_more'), tags(afterLoad).includes('feed_end')], [false, true]);
});

test('countdown: onAppear starts it, advanceClock runs it down without waiting, Pause and Resume hold and go on, Start again restarts', async () => {
  const before = await showExample(light(), 'countdown.json');
  assert.deepEqual([byTag(before, 'countdown_left').text, tags(before).includes('countdown_ready')], ['10', true]);
  const advance = async (ms: number) => assert.equal((await light().device.advanceClock(ms) as { ok?: boolean }).ok, true);
  // The device clock also runs in real time: a slow machine may tick once more between two looks.
  const left = async (expected: number, since: number) => {
    const shown = Number(byTag(await observe(light()), 'countdown_left').text);
    const realSeconds = Math.floor((Date.now() - since) / 1000);
    assert.ok(shown <= expected && shown >= expected - realSeconds, `${shown} left, expected ${expected} (${realSeconds} s of real time passed)`);
    return shown;
  };
  const started = Date.now();
  await advance(3000 + 4000);
  await left(6, started);
  await tap(light(), { testTag: 'countdown_pause' }, 'change');
  const atPause = byTag(await observe(light()), 'countdown_left').text;
  await advance(5000);
  const paused = await observe(light());
  assert.ok(!tags(paused).includes('countdown_start_now'), 'Start now goes once it started');
  assert.deepEqual([byTag(paused, 'countdown_left').text, tags(paused).includes('countdown_resume')], [atPause, true], 'paused: the clock moves, the count does not');
  await tap(light(), { testTag: 'countdown_resume' }, 'change');
  const since = light().log.events.length;
  await advance(6000);
  await light().log.next((event) => event.name === 'countdown_done', since);
  const done = await observe(light());
  assert.deepEqual([byTag(done, 'countdown_left').text, tags(done).includes('countdown_restart')], ['0', true]);
  const restarted = Date.now();
  await tap(light(), { testTag: 'countdown_restart' }, 'change');
  await advance(1000);
  await left(9, restarted);
});

test('shop: a plant pushes its detail, Add to cart pushes the cart, back and a left-edge drag pop, Check out returns to the list', async () => {
  const list = await showExample(light(), 'shop.json');
  assert.deepEqual(list.filter((node) => node.testTag?.endsWith('.name')).map((node) => node.text), ['Boston fern', 'Monstera', 'Golden barrel cactus']);
  await tap(light(), { testTag: 'shop_plant.monstera' }, 'screen_changed');
  const detail = await observe(light());
  assert.deepEqual([byTag(detail, 'shop_detail_bar').text, byTag(detail, 'shop_detail_price').text, tags(detail).includes('shop_list_bar')], ['Monstera', '34 €', false]);
  await tap(light(), { testTag: 'shop_add' }, 'screen_changed');
  assert.equal(byTag(await observe(light()), 'shop_cart_count').text, '1 plants, 3 screens deep');
  assert.equal((await light().device.pressBack() as { back?: string }).back, 'stack');
  assert.ok(tags(await observe(light())).includes('shop_detail_price'), 'back from the cart is the detail');
  const since = light().log.events.length;
  await light().device.touch('start', { x: 4, y: 500 });
  for (let step = 1; step <= 10; step++) await light().device.touch('move', { x: 4 + step * 32, y: 500 });
  await light().device.touch('end');
  const popped = await light().log.next((event) => event.kind === 'screen_changed', since);
  assert.deepEqual(popped.stacks, { shop: ['list'] });
  await tap(light(), { testTag: 'shop_list_bar.actions.0' }, 'screen_changed');
  await tap(light(), { testTag: 'shop_checkout' }, 'emit');
  const back = await observe(light());
  assert.deepEqual([byTag(back, 'shop_cart_summary').text, tags(back).includes('shop_checkout')], ['0 in the cart', false]);
});

test('shop: the plant of the week opens the Monstera detail, whose picture shares its key; another plant has its own picture', async () => {
  await showExample(light(), 'shop.json');
  await tap(light(), { testTag: 'shop_featured' }, 'screen_changed');
  await light().device.settled();
  const featured = await observe(light());
  assert.deepEqual([byTag(featured, 'shop_detail_bar').text, byTag(featured, 'shop_detail_picture').bounds.height], ['Monstera', 200]);
  assert.equal((await light().device.pressBack() as { back?: string }).back, 'stack');
  await light().device.settled();
  await tap(light(), { testTag: 'shop_plant.fern' }, 'screen_changed');
  assert.equal(tags(await observe(light())).includes('shop_detail_picture'), false);
});

test('chat: typing opens the keyboard, which lifts the composer; Send emits with the typed text and clears the field', async () => {
  const before = await showExample(light(), 'chat.json');
  const composerBefore = byTag(before, 'chat_composer');
  const message = 'See you at 5:45 by the entrance';

  const since = light().log.events.length;
  const typed = await light().device.type(message, 'chat_input');
  assert.ok(typed.ok, typed.ok ? '' : typed.message);
  const typing = await observe(light());
  assert.equal(byTag(typing, 'chat_input').focused, true);
  assert.equal(byTag(typing, 'chat_input').text, message);
  const phone = DEVICE_PROFILES.phone;
  // The composer pads the larger of the navigation bar and the keyboard, so it rises by the difference.
  const lift = phone.keyboardHeight - phone.systemBars.bottom;
  const composerTyping = byTag(typing, 'chat_composer');
  assert.equal(composerTyping.bounds.y, composerBefore.bounds.y - lift, 'the keyboard lifts the composer');
  assert.equal(composerTyping.bounds.y + composerTyping.bounds.height, phone.height, 'the composer still reaches the bottom edge');
  assert.ok(byTag(typing, 'chat_input').bounds.y + byTag(typing, 'chat_input').bounds.height <= phone.height - phone.keyboardHeight, 'the field sits above the keyboard');
  assert.equal(light().log.events.slice(since).at(-1)?.state.draft, message);

  const sent = await tap(light(), { testTag: 'chat_send' }, 'change');
  const emitted = only(sent, 'emit', 'send_message');
  assert.deepEqual(emitted.payload, { to: 'priya' });
  assert.equal(emitted.state.draft, message);
  assert.deepEqual(sent.at(-1)!.payload, { key: 'draft', value: '' });
  assert.equal(byTag(await observe(light()), 'chat_input').text, 'Message Priya', 'the cleared field shows its placeholder');
});

/** The colour of one screenshot pixel as `#RRGGBB`. */
function pixel(png: Buffer, x: number, y: number): string {
  const image = PNG.sync.read(png);
  const offset = (image.width * y + x) * 4;
  return `#${[0, 1, 2].map((channel) => image.data[offset + channel]!.toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

test('the guide\'s first spec draws an opaque app screen with its bar under the status bar, and its button counts and emits', async () => {
  const shown = await light().device.show(validSpec(FIRST_SPEC), { reset: true });
  assert.notEqual((shown as { ok?: unknown }).ok, false, JSON.stringify(shown));
  const { hierarchy, screenshot } = await light().device.observe();
  const { systemBars } = DEVICE_PROFILES.phone;
  const title = hierarchy.find((node) => node.text === 'Hello' && node.layer === 'prototype')!;
  // With the host's row (chrome "bar") the content would start 48 dp lower.
  assert.ok(title.bounds.y >= systemBars.top && title.bounds.y < systemBars.top + 24, `the bar sits just under the status bar: ${JSON.stringify(title.bounds)}`);
  // Every corner of the content shows the surface, not the home screen behind the window.
  const surface = pixel(screenshot, 5, Math.round(systemBars.top + 70));
  for (const [x, y] of [[400, 300], [5, 700], [400, 840]] as const) assert.equal(pixel(screenshot, x, y), surface, `(${x}, ${y})`);
  const events = await tap(light(), { testTag: 'hello_tap' }, 'emit');
  assert.deepEqual(only(events, 'change').payload, { key: 'taps', value: 1 });
  assert.match(hierarchy.map((node) => node.text).join(' '), /Tapped 0 times/);
  assert.match((await observe(light())).map((node) => node.text).join(' '), /Tapped 1 times/);
});

test('dashboard: follows the device into dark with its colour maps, and the range switch swaps the figures', async () => {
  // Below the last card the screen shows the root's `background` role, which each mode maps to its own hex.
  const emptyArea = { x: 200, y: 860 };
  await showExample(light(), 'dashboard-dark.json');
  assert.equal(pixel((await light().device.observe()).screenshot, emptyArea.x, emptyArea.y), '#F4FBFA');

  const shown = await dark().device.show(validSpec(readExample('dashboard-dark.json')), { reset: true });
  assert.deepEqual((shown as { appearance?: unknown }).appearance, { mode: 'dark', source: 'system', deviceDark: true });
  const before = await dark().device.observe();
  assert.equal(pixel(before.screenshot, emptyArea.x, emptyArea.y), '#0E1416');
  assert.equal(byTag(before.hierarchy, 'dashboard_range.day').selected, true);
  assert.equal(byTag(before.hierarchy, 'usage_value').text, '12.4 kWh');

  assert.deepEqual(only(await tap(dark(), { testTag: 'dashboard_range.week' }, 'change'), 'change').payload, { key: 'range', value: 'week' });
  const after = await observe(dark());
  assert.equal(byTag(after, 'dashboard_range.week').selected, true);
  assert.equal(byTag(after, 'dashboard_range.day').selected, false);
  assert.equal(byTag(after, 'usage_value_week').text, '81.9 kWh');
  assert.ok(!tags(after).includes('usage_value'), "today's figure leaves with the range");
});

test('filters sheet: opens from the chip, a filter chip and the rent slider change state, Show results emits and closes it', async () => {
  const before = await showExample(light(), 'filters-sheet.json');
  assert.ok(!tags(before).includes('filters_title'), 'the sheet starts closed');
  assert.deepEqual(only(await tap(light(), { testTag: 'search_open_filters' }, 'change'), 'change').payload, { key: 'filtersOpen', value: true });

  const open = await observe(light());
  assert.equal(byTag(open, 'filter_pets').checked, false);
  assert.deepEqual(byTag(open, 'filter_max_rent').range, { current: 1800, min: 800, max: 3000, steps: 21 });
  assert.deepEqual(only(await tap(light(), { testTag: 'filter_pets' }, 'change'), 'change').payload, { key: 'petFriendly', value: true });

  const slider = byTag(open, 'filter_max_rent');
  const slid = only(await tap(light(), { x: slider.bounds.x + slider.bounds.width * 0.9, y: centre(slider).y }, 'change'), 'change');
  const { key, value: rent } = slid.payload as { key: string; value: number };
  assert.equal(key, 'maxRent');
  assert.ok(rent > 1800 && rent <= 3000 && rent % 100 === 0, `a snapped rent above the start: ${rent}`);
  const adjusted = await observe(light());
  assert.equal(byTag(adjusted, 'filter_pets').checked, true);
  assert.equal(byTag(adjusted, 'filter_parking').checked, false);
  assert.equal((byTag(adjusted, 'filter_max_rent').range as { current: number }).current, rent);
  assert.equal(byTag(adjusted, 'filters_rent_label').text, `Maximum rent: £${rent} a month`);

  const applied = await tap(light(), { testTag: 'filters_apply' }, 'change');
  const emitted = only(applied, 'emit', 'apply_filters');
  assert.deepEqual(emitted.payload, { area: 'Leith' });
  assert.equal(emitted.state.petFriendly, true);
  assert.equal(emitted.state.maxRent, rent);
  assert.deepEqual(only(applied, 'change').payload, { key: 'filtersOpen', value: false });
  const closed = await observe(light());
  assert.ok(!tags(closed).includes('filters_title'), 'the sheet closed');
  assert.equal(byTag(closed, 'search_count').text, `24 homes up to £${rent}`);
});

test('confirm dialog: Keep card closes it and keeps the card; Remove closes it, removes the card and emits', async () => {
  const before = await showExample(light(), 'confirm-dialog.json');
  assert.ok(tags(before).includes('card_visa') && !tags(before).includes('remove_dialog'));

  assert.deepEqual(only(await tap(light(), { testTag: 'card_visa_remove' }, 'change'), 'change').payload, { key: 'confirmRemove', value: true });
  const asking = await observe(light());
  assert.equal(byTag(asking, 'remove_dialog').role, 'Dialog');
  assert.equal(byTag(asking, 'remove_dialog').text, 'Remove this card?');
  assert.ok(!tags(asking).includes('card_visa'), 'the page behind the open dialog leaves the hierarchy');

  const kept = await tap(light(), { testTag: 'remove_dialog.dismiss' }, 'emit');
  assert.deepEqual(only(kept, 'change').payload, { key: 'confirmRemove', value: false });
  only(kept, 'emit', 'remove_cancelled');
  const afterKeep = await observe(light());
  assert.ok(tags(afterKeep).includes('card_visa') && !tags(afterKeep).includes('remove_dialog'));

  await tap(light(), { testTag: 'card_visa_remove' }, 'change');
  const removed = await tap(light(), { testTag: 'remove_dialog.confirm' }, 'emit');
  assert.deepEqual(removed[0]!.payload, { key: 'confirmRemove', value: false }, 'closing the dialog is reported first');
  const emitted = only(removed, 'emit', 'payment_method_removed');
  assert.deepEqual(emitted.payload, { card: 'visa-4242', newDefault: 'mastercard-8810' });
  assert.equal(emitted.state.visaRemoved, true);
  const afterRemove = await observe(light());
  assert.ok(!tags(afterRemove).includes('card_visa'), 'the removed card is gone');
  assert.ok(tags(afterRemove).includes('card_mastercard'));
  assert.equal(byTag(afterRemove, 'removed_snackbar').text, 'Visa ending 4242 removed');
});

test('booking: guests, a day on the calendar, seating after a scroll and the bottom nav each bind their key; Reserve emits them', async () => {
  const before = await showExample(light(), 'booking.json');
  assert.equal(byTag(before, 'booking_party.2').selected, true);
  assert.equal(byTag(before, 'booking_day').text, '2026-12-12');

  assert.deepEqual(only(await tap(light(), { testTag: 'booking_party.4' }, 'change'), 'change').payload, { key: 'partySize', value: '4' });
  assert.deepEqual(only(await tap(light(), { testTag: 'booking_day.2026-12-18' }, 'change'), 'change').payload, { key: 'day', value: '2026-12-18' });
  const picked = await observe(light());
  assert.equal(byTag(picked, 'booking_day.2026-12-18').selected, true);
  assert.equal(byTag(picked, 'booking_day.2026-12-12').selected, false);
  assert.equal(byTag(picked, 'booking_summary').text, '4 guests · 2026-12-18');

  assert.ok(!tags(picked).includes('booking_seating.terrace'), 'the seating options start below the fold, out of observe');
  assert.ok((await light().device.swipe('up', 'booking_scroll')).ok);
  const scrolled = byTag(await observe(light()), 'booking_seating.terrace');
  assert.equal(scrolled.role, 'RadioButton', 'a swipe brings them into view');
  assert.deepEqual(only(await tap(light(), { testTag: 'booking_seating.terrace' }, 'change'), 'change').payload, { key: 'seating', value: 'terrace' });
  assert.deepEqual(only(await tap(light(), { testTag: 'booking_nav.1' }, 'change'), 'change').payload, { key: 'section', value: 1 });
  const chosen = await observe(light());
  assert.equal(byTag(chosen, 'booking_seating.terrace').selected, true);
  assert.equal(byTag(chosen, 'booking_seating.indoor').selected, false);
  assert.equal(byTag(chosen, 'booking_nav.1').selected, true);

  const reserved = only(await tap(light(), { testTag: 'booking_confirm' }, 'emit'), 'emit', 'reserve_table');
  assert.deepEqual(reserved.payload, { restaurant: 'osteria-lupa', time: '19:30' });
  assert.deepEqual(
    { partySize: reserved.state.partySize, day: reserved.state.day, seating: reserved.state.seating },
    { partySize: '4', day: '2026-12-18', seating: 'terrace' },
  );
});

test('quick reply: a sheet window over the app, which stays touchable; a suggestion fills the field, Send emits and dismisses', async () => {
  const before = await showExample(light(), 'quick-reply.json');
  const phone = DEVICE_PROFILES.phone;
  assert.deepEqual(byTag(before, 'reply_sheet').bounds, { x: 0, y: phone.height - 300, width: phone.width, height: 300 });
  assert.equal(byTag(before, 'home.status').text, 'Tap an app');

  const appTap = await light().device.tap({ testTag: 'buy' });
  assert.ok(appTap.ok, 'the app above the sheet window takes taps');
  assert.equal(byTag(await observe(light()), 'home.status').text, 'Added to cart');

  const suggestion = "Call me when you're close";
  assert.deepEqual(only(await tap(light(), { testTag: 'reply_suggest_call' }, 'change'), 'change').payload, { key: 'reply', value: suggestion });
  assert.equal(byTag(await observe(light()), 'reply_input').text, suggestion);

  const sent = await tap(light(), { testTag: 'reply_send' }, 'dismissed');
  const emitted = only(sent, 'emit', 'send_reply');
  assert.deepEqual(emitted.payload, { thread: 'sam-okafor' });
  assert.equal(emitted.state.reply, suggestion);
  assert.deepEqual(only(sent, 'dismissed').payload, { reason: 'user' });
  const after = await observe(light());
  assert.ok(!after.some((node) => node.layer === 'prototype' && node.testTag?.startsWith('reply_')), 'the sheet is gone');
});

/** The "try" column of examples/README.md: example file → the render flags it suggests. */
function suggestedTries(): { name: string; flags: string[] }[] {
  const readme = readFileSync(new URL('README.md', EXAMPLES_DIR), 'utf8');
  return [...readme.matchAll(/^\| \[`([a-z0-9-]+\.json)`\].*\| `([^`]+)`[^|]*\|$/gm)].map((match) => ({ name: match[1]!, flags: match[2]!.split(/\s+/) }));
}

test('the taps examples/README.md suggests for each example reach their nodes', async () => {
  const tries = suggestedTries();
  assert.deepEqual(tries.map((entry) => entry.name).sort(), exampleNames(), 'one suggestion per example');
  for (const { name, flags } of tries) {
    const open = flags.includes('--dark') ? dark() : light();
    await showExample(open, name);
    const tapTags = flags.flatMap((flag, index) => (flags[index - 1] === '--tap' ? [flag] : []));
    assert.ok(tapTags.length > 0, `examples/README.md suggests a tap for ${name}`);
    for (const testTag of tapTags) {
      await open.device.settled(); // as render does before each tap
      const tapped = await open.device.tap({ testTag });
      assert.ok(tapped.ok, `${name}: --tap ${testTag}: ${tapped.ok ? '' : tapped.message}`);
    }
  }
});

test('settings: the theme select re-themes the screen at once and the language select re-translates it, with no duplicated node', async () => {
  const emptyArea = { x: 200, y: 860 };
  const before = await showExample(light(), 'settings.json');
  const lightSurface = pixel((await light().device.observe()).screenshot, emptyArea.x, emptyArea.y);
  assert.equal(byTag(before, 'settings_bar').text, 'Settings');
  assert.ok((await light().device.tap({ testTag: 'setting_theme' })).ok);
  const themed = await tap(light(), { testTag: 'setting_theme.dark' }, 'appearance_changed');
  assert.deepEqual(themed.map((event) => [event.kind, event.payload]), [['change', { key: 'theme', value: 'dark' }], ['appearance_changed', { mode: 'dark', source: 'modeKey' }]]);
  const darkSurface = pixel((await light().device.observe()).screenshot, emptyArea.x, emptyArea.y);
  assert.notEqual(darkSurface, lightSurface);
  assert.ok(Number.parseInt(darkSurface.slice(1, 3), 16) < 0x40, `the surface is dark: ${darkSurface}`);

  assert.ok((await light().device.tap({ testTag: 'setting_language' })).ok);
  assert.deepEqual(only(await tap(light(), { testTag: 'setting_language.de' }, 'change'), 'change').payload, { key: 'language', value: 'de' });
  const german = await observe(light());
  assert.equal(byTag(german, 'settings_bar').text, 'Einstellungen');
  assert.equal(byTag(german, 'setting_theme').text, 'Dunkel');
  assert.equal(byTag(german, 'setting_language').text, 'Deutsch');
});
