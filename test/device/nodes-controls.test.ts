// End to end in Chromium, one test per control node type: show → observe shows the control by
// testTag with its role and state → a real tap, drag or typing → the next observe shows the new
// state and the change / emit event arrived.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import type { PrototypeEvent } from '../../src/runtime/model.ts';
import { byTag, useDevice, validSpec } from './helpers.ts';

const phone = useDevice();

async function show(id: string, state: Record<string, string | number | boolean>, ...children: object[]): Promise<HierarchyNode[]> {
  await phone().device.show(validSpec({
    id,
    window: { placement: { type: 'fullscreen' } },
    state,
    root: { type: 'column', safeAreaPadding: { edges: ['top'], types: ['systemBars'] }, children },
  }));
  return (await phone().device.observe()).hierarchy;
}

/** Taps a node with a real touch and waits for the first event of `kind` it causes. */
async function tapFor(testTag: string, kind: PrototypeEvent['kind']): Promise<PrototypeEvent> {
  const since = phone().log.events.length;
  const tapped = await phone().device.tap({ testTag });
  assert.ok(tapped.ok, tapped.ok ? '' : `${tapped.message} (${tapped.hint})`);
  return phone().log.next((event) => event.kind === kind, since);
}

async function observed(testTag: string): Promise<HierarchyNode> {
  return byTag((await phone().device.observe()).hierarchy, testTag);
}

test('textField: typing into the tagged field edits its state key', async () => {
  const hierarchy = await show('ctl-text', { name: '' },
    { type: 'textField', stateKey: 'name', placeholder: 'Your name', testTag: 'name' },
    { type: 'text', text: 'Hello {name}', testTag: 'greeting' });
  assert.equal(byTag(hierarchy, 'name').role, 'TextField');
  const since = phone().log.events.length;
  const typed = await phone().device.type('Ada', 'name');
  assert.ok(typed.ok, typed.ok ? '' : typed.message);
  const last = await phone().log.next((event) => event.kind === 'change' && event.state.name === 'Ada', since);
  assert.deepEqual(last.payload, { key: 'name', value: 'Ada' });
  assert.equal((await observed('greeting')).text, 'Hello Ada');
  assert.equal((await observed('name')).focused, true);
});

test('textField: typing without a focused field is refused with a hint', async () => {
  await show('ctl-text-unfocused', { name: '' },
    { type: 'textField', stateKey: 'name', testTag: 'name' },
    { type: 'spacer', style: { height: { dp: 120 } } },
    { type: 'text', text: 'Elsewhere', testTag: 'elsewhere' });
  assert.ok((await phone().device.type('a', 'name')).ok);
  assert.ok((await phone().device.tap({ testTag: 'elsewhere' })).ok, 'a tap elsewhere takes the focus away');
  const typed = await phone().device.type('x');
  assert.equal(typed.ok, false);
  assert.match(typed.ok ? '' : typed.hint, /testTag/);
  const tooLong = await phone().device.type('x'.repeat(4097), 'name');
  assert.equal(tooLong.ok, false);
  assert.match(tooLong.ok ? '' : tooLong.message, /4097 characters/);
});

for (const type of ['switch', 'checkbox'] as const) {
  test(`${type}: a tap flips the bound boolean`, async () => {
    const role = type === 'switch' ? 'Switch' : 'Checkbox';
    const hierarchy = await show(`ctl-${type}`, { on: false }, { type, stateKey: 'on', label: 'Wi-Fi', testTag: 'toggle' });
    const before = byTag(hierarchy, 'toggle');
    assert.equal(before.role, role);
    assert.equal(before.checked, false);
    assert.equal(before.text, 'Wi-Fi');
    const change = await tapFor('toggle', 'change');
    assert.deepEqual(change.payload, { key: 'on', value: true });
    assert.equal((await observed('toggle')).checked, true);
  });
}

test('textField options: a secure field draws, observes and reports its text masked until revealed; maxLength stops typing and counts', async () => {
  const hierarchy = await show('ctl-secure', { pin: '' },
    { type: 'textField', stateKey: 'pin', testTag: 'pin', label: 'PIN', secure: true, maxLength: 4, keyboard: 'number', supportingText: 'Four digits' });
  assert.equal(byTag(hierarchy, 'pin').text, 'PIN', 'an empty field reads as its label');
  assert.equal(byTag(hierarchy, 'pin.supportingText').text, 'Four digits');
  const since = phone().log.events.length;
  assert.ok((await phone().device.type('123456', 'pin')).ok);
  await phone().log.next((event) => event.kind === 'change' && (event.payload as { value: string }).value.length === 4, since);
  const typed = phone().log.events.slice(since).filter((event) => event.kind === 'change');
  assert.deepEqual(typed.map((event) => (event.payload as { value: string }).value), ['\u2022', '\u2022\u2022', '\u2022\u2022\u2022', '\u2022\u2022\u2022\u2022'], 'change events carry the mask, and typing stops at maxLength');
  assert.ok(typed.every((event) => event.state.pin === (event.payload as { value: string }).value), 'the state snapshot is masked too');
  assert.equal((await observed('pin')).text, '\u2022\u2022\u2022\u2022');
  const inspected = (await phone().device.inspect()) as { prototypes: Array<{ state: Record<string, string> }> };
  assert.equal(inspected.prototypes[0]!.state.pin, '\u2022\u2022\u2022\u2022');
  const revealed = (await phone().device.inspect({ revealSecure: true })) as { prototypes: Array<{ state: Record<string, string> }> };
  assert.equal(revealed.prototypes[0]!.state.pin, '1234', 'inspect reveals the text only when asked');
  assert.ok((await phone().device.tap({ testTag: 'pin.reveal' })).ok);
  assert.equal((await observed('pin')).text, '1234', 'revealed, the field shows and observes its text');
  assert.equal((await observed('pin.reveal')).text, 'Hide password');
});

test('textField actions: next moves the focus on, done puts the keyboard away after onSubmit; a trailing icon runs its onTap; errorWhen swaps in the error text', async () => {
  const hierarchy = await show('ctl-submit', { user: '', code: '', tried: false },
    { type: 'textField', stateKey: 'user', testTag: 'user', label: 'User', imeAction: 'next', leadingIcon: 'person',
      trailingIcon: { icon: 'clear', label: 'Clear', onTap: [{ type: 'setState', key: 'user', value: '' }] } },
    { type: 'textField', stateKey: 'code', testTag: 'code', variant: 'outlined', label: 'Code', imeAction: 'done',
      supportingText: 'From the letter', errorWhen: { all: [{ key: 'tried', equals: true }, { key: 'code', equals: '' }] }, errorText: 'Enter the code',
      onSubmit: [{ type: 'setState', key: 'tried', value: true }, { type: 'emit', name: 'submitted' }] });
  assert.equal(byTag(hierarchy, 'user.trailingIcon').role, 'Button');
  assert.ok((await phone().device.type('ada', 'user')).ok);
  assert.ok((await phone().device.pressKey('Enter')).ok);
  assert.equal((await observed('code')).focused, true, 'next moved the focus to the following field');
  const since = phone().log.events.length;
  assert.ok((await phone().device.pressKey('Enter')).ok);
  assert.equal((await phone().log.next((event) => event.kind === 'emit', since)).name, 'submitted');
  const after = (await phone().device.observe()).hierarchy;
  assert.equal(byTag(after, 'code').focused, false, 'done put the keyboard away');
  assert.equal(byTag(after, 'code.supportingText').text, 'Enter the code', 'the error text replaced the supporting text');
  assert.deepEqual((await tapFor('user.trailingIcon', 'change')).payload, { key: 'user', value: '' });
});

test('textField multiline: Enter starts a new line, and the field grows from minLines', async () => {
  await show('ctl-multi', { note: '' }, { type: 'textField', stateKey: 'note', testTag: 'note', multiline: true, minLines: 2, maxLines: 3 });
  const before = (await observed('note')).bounds.height;
  const since = phone().log.events.length;
  assert.ok((await phone().device.type('one', 'note')).ok);
  assert.ok((await phone().device.pressKey('Enter')).ok);
  assert.ok((await phone().device.type('two')).ok);
  assert.ok((await phone().device.pressKey('Enter')).ok);
  assert.ok((await phone().device.type('three')).ok);
  await phone().log.next((event) => event.kind === 'change' && (event.payload as { value: string }).value === 'one\ntwo\nthree', since);
  const grown = (await observed('note')).bounds.height;
  assert.ok(grown > before, `three lines (${grown} dp) are taller than two (${before} dp)`);
});

const SWIPE_ROWS = [
  {
    type: 'listItem', testTag: 'mail', headline: 'Lunch on Friday?', onTap: [{ type: 'setState', key: 'last', value: 'opened' }],
    swipeActions: {
      start: [{ label: 'Archive', icon: 'archive', onTap: [{ type: 'setState', key: 'last', value: 'archived' }] }],
      end: [
        { label: 'Delete', icon: 'delete', role: 'destructive', onTap: [{ type: 'setState', key: 'last', value: 'deleted' }] },
        { label: 'Snooze', icon: 'snooze', onTap: [{ type: 'setState', key: 'last', value: 'snoozed' }] },
      ],
    },
  },
  {
    type: 'row', testTag: 'bill', style: { width: 'fill', padding: { start: 16, top: 16, bottom: 16 } }, children: [{ type: 'text', text: 'Invoice' }],
    swipeActions: { fullSwipe: true, end: [{ label: 'Pay', onTap: [{ type: 'setState', key: 'last', value: 'paid' }] }] },
  },
];

test('swipe actions: a swipe reveals a side\'s buttons (tagged, start first), one row open at a time; a button runs its entry; a tap on an open row closes it', async () => {
  const closed = await show('ctl-swipe', { last: 'none' }, ...SWIPE_ROWS);
  assert.deepEqual(byTag(closed, 'mail').actions, ['Archive', 'Delete', 'Snooze']);
  assert.ok(!closed.some((node) => node.testTag?.startsWith('mail.swipe.')), 'buttons exist only while open');
  assert.ok((await phone().device.swipe('left', 'mail')).ok);
  const open = (await phone().device.observe()).hierarchy;
  const [remove, snooze] = [byTag(open, 'mail.swipe.1'), byTag(open, 'mail.swipe.2')];
  assert.deepEqual([remove.text, remove.role, snooze.text], ['Delete', 'Button', 'Snooze']);
  assert.ok(remove.bounds.x > snooze.bounds.x && Math.abs(remove.bounds.x + remove.bounds.width - 412) < 0.5, 'the first entry sits at the screen edge');
  assert.ok(!open.some((node) => node.testTag === 'mail.swipe.0'), 'the other side stays hidden');
  const since = phone().log.events.length;
  assert.ok((await phone().device.tap({ testTag: 'mail' })).ok);
  assert.ok(!(await phone().device.observe()).hierarchy.some((node) => node.testTag === 'mail.swipe.1'), 'the tap closed the row');
  assert.equal(phone().log.events.length, since, 'and did not run its onTap');
  assert.ok((await phone().device.swipe('right', 'mail')).ok);
  assert.equal((await observed('mail.swipe.0')).text, 'Archive');
  assert.deepEqual((await tapFor('mail.swipe.0', 'change')).payload, { key: 'last', value: 'archived' });
  assert.ok(!(await phone().device.observe()).hierarchy.some((node) => node.testTag === 'mail.swipe.0'), 'running an entry closes the row');
  assert.ok((await phone().device.swipe('left', 'mail')).ok);
  assert.equal((await observed('mail.swipe.1')).text, 'Delete');
  const before = phone().log.events.length;
  assert.ok((await phone().device.swipe('left', 'bill')).ok);
  await phone().log.next((event) => event.kind === 'change', before);
  assert.ok(!(await phone().device.observe()).hierarchy.some((node) => node.testTag === 'mail.swipe.1'), 'opening another row closed the first');
});

test('swipe actions: with fullSwipe a swipe past 60% of the row runs its first entry and closes it', async () => {
  await show('ctl-full-swipe', { last: 'none' }, ...SWIPE_ROWS);
  const since = phone().log.events.length;
  assert.ok((await phone().device.swipe('left', 'bill')).ok);
  assert.deepEqual((await phone().log.next((event) => event.kind === 'change', since)).payload, { key: 'last', value: 'paid' });
  assert.ok(!(await phone().device.observe()).hierarchy.some((node) => node.testTag === 'bill.swipe.0'));
});

test('searchBar: focusing it activates it and shows its results; typing writes the key; Enter submits; clear and Back end it', async () => {
  const nodes = await show('ctl-search', { query: '', searching: false },
    {
      type: 'searchBar', testTag: 'search', stateKey: 'query', activeKey: 'searching', placeholder: 'Search plants',
      trailingActions: [{ icon: 'mic', label: 'Voice search', onTap: [{ type: 'emit', name: 'voice' }] }],
      onSubmit: [{ type: 'emit', name: 'search_submitted' }],
      child: { type: 'column', children: [{ type: 'listItem', testTag: 'result.fern', headline: 'Fern: {query}' }] },
    });
  assert.deepEqual([byTag(nodes, 'search').role, byTag(nodes, 'search').text], ['SearchField', 'Search plants']);
  assert.ok(!nodes.some((node) => node.testTag === 'result.fern'), 'the results show only while active');
  const since = phone().log.events.length;
  assert.ok((await phone().device.type('fern', 'search')).ok);
  await phone().log.next((event) => event.kind === 'change' && (event.payload as { value?: unknown }).value === 'fern', since);
  const typed = phone().log.events.slice(since).map((event) => event.payload);
  assert.deepEqual(typed[0], { key: 'searching', value: true }, 'focus activated it first');
  assert.equal((await observed('result.fern')).text, 'Fern: fern');
  const submitted = phone().log.events.length;
  assert.ok((await phone().device.pressKey('Enter')).ok);
  assert.equal((await phone().log.next((event) => event.kind === 'emit', submitted)).name, 'search_submitted');
  assert.equal((await tapFor('search.actions.0', 'emit')).name, 'voice');
  assert.deepEqual((await tapFor('search.clear', 'change')).payload, { key: 'query', value: '' });
  const back = await phone().device.pressBack();
  assert.ok(back.ok && back.back === 'search', JSON.stringify(back));
  assert.ok(!(await phone().device.observe()).hierarchy.some((node) => node.testTag === 'result.fern'), 'Back ended the search');
});

test('button: a tap runs onTap (emit with payload)', async () => {
  const hierarchy = await show('ctl-button', {},
    { type: 'button', label: 'Save', icon: 'save', variant: 'tonal', testTag: 'save', onTap: [{ type: 'emit', name: 'save', payload: { draft: false } }] });
  const button = byTag(hierarchy, 'save');
  assert.equal(button.role, 'Button');
  assert.equal(button.text, 'Save');
  const emit = await tapFor('save', 'emit');
  assert.equal(emit.name, 'save');
  assert.deepEqual(emit.payload, { draft: false });
});

test('radioGroup: tapping an option selects it', async () => {
  const hierarchy = await show('ctl-radio', { size: 's' }, {
    type: 'radioGroup', stateKey: 'size', testTag: 'size',
    options: [{ value: 's', label: 'Small' }, { value: 'l', label: 'Large' }],
  });
  const large = byTag(hierarchy, 'size.l');
  assert.equal(large.role, 'RadioButton');
  assert.equal(large.selected, false);
  assert.equal(byTag(hierarchy, 'size.s').selected, true);
  const change = await tapFor('size.l', 'change');
  assert.deepEqual(change.payload, { key: 'size', value: 'l' });
  assert.equal((await observed('size.l')).selected, true);
  assert.equal((await observed('size.s')).selected, false);
});

test('listItem: a trailing switch makes the row toggle it', async () => {
  const hierarchy = await show('ctl-list', { alarms: true }, {
    type: 'listItem', headline: 'Alarms', supporting: 'Every morning', leadingIcon: 'alarm', testTag: 'alarms',
    trailing: { type: 'switch', stateKey: 'alarms' },
  });
  const row = byTag(hierarchy, 'alarms');
  assert.equal(row.role, 'Switch');
  assert.equal(row.checked, true);
  assert.match(row.text ?? '', /Alarms/);
  const change = await tapFor('alarms', 'change');
  assert.deepEqual(change.payload, { key: 'alarms', value: false });
  assert.equal((await observed('alarms')).checked, false);
});

test('listItem: a plain row with onTap is a button', async () => {
  const hierarchy = await show('ctl-list-tap', {}, {
    type: 'listItem', headline: 'Account', testTag: 'account', onTap: [{ type: 'emit', name: 'account' }],
  });
  assert.equal(byTag(hierarchy, 'account').role, 'Button');
  assert.equal((await tapFor('account', 'emit')).name, 'account');
});

test('slider: a touch on the track moves the value to that point', async () => {
  const hierarchy = await show('ctl-slider', { volume: 0 },
    { type: 'slider', stateKey: 'volume', min: 0, max: 10, step: 1, label: 'Volume', testTag: 'volume', style: { width: 'fill' } });
  const slider = byTag(hierarchy, 'volume');
  assert.equal(slider.role, 'Slider');
  assert.deepEqual(slider.range, { current: 0, min: 0, max: 10, steps: 9 });
  const since = phone().log.events.length;
  const tapped = await phone().device.tap({ x: slider.bounds.x + slider.bounds.width * 0.75, y: slider.bounds.y + slider.bounds.height / 2 });
  assert.ok(tapped.ok);
  const change = await phone().log.next((event) => event.kind === 'change', since);
  const value = (change.payload as { value: number }).value;
  assert.ok(value >= 6 && value <= 9, `a touch at three quarters of the track set ${value}`);
  const after = await observed('volume');
  assert.equal(after.range !== undefined && after.range !== 'indeterminate' && after.range.current, value);
});

test('chip: a filter chip toggles, an assist chip runs onTap', async () => {
  const hierarchy = await show('ctl-chip', { veggie: false },
    { type: 'chip', label: 'Vegetarian', variant: 'filter', stateKey: 'veggie', testTag: 'veggie' },
    { type: 'chip', label: 'Directions', variant: 'assist', testTag: 'directions', onTap: [{ type: 'emit', name: 'directions' }] });
  const filter = byTag(hierarchy, 'veggie');
  assert.equal(filter.role, 'Checkbox');
  assert.equal(filter.checked, false);
  assert.equal(byTag(hierarchy, 'directions').role, 'Button');
  assert.deepEqual((await tapFor('veggie', 'change')).payload, { key: 'veggie', value: true });
  assert.equal((await observed('veggie')).checked, true);
  assert.equal((await tapFor('directions', 'emit')).name, 'directions');
});

test('iconButton: labelled by its icon name, a tap runs onTap', async () => {
  const hierarchy = await show('ctl-icon-button', { likes: 0 },
    { type: 'iconButton', icon: 'thumb_up', variant: 'filled', testTag: 'like', onTap: [{ type: 'increment', key: 'likes' }] },
    { type: 'text', text: '{likes} likes', testTag: 'likes' });
  const button = byTag(hierarchy, 'like');
  assert.equal(button.role, 'Button');
  assert.equal(button.text, 'thumb_up');
  assert.deepEqual((await tapFor('like', 'change')).payload, { key: 'likes', value: 1 });
  assert.equal((await observed('likes')).text, '1 likes');
});

test('fab: an extended FAB reads as its label and runs onTap', async () => {
  const hierarchy = await show('ctl-fab', {},
    { type: 'fab', icon: 'edit', label: 'Compose', testTag: 'compose', onTap: [{ type: 'emit', name: 'compose' }] },
    { type: 'fab', icon: 'add', size: 'large', testTag: 'add' });
  assert.equal(byTag(hierarchy, 'compose').text, 'Compose');
  assert.equal(byTag(hierarchy, 'add').role, 'Button');
  assert.equal((await tapFor('compose', 'emit')).name, 'compose');
});

test('segmentedButton: tapping a segment selects it', async () => {
  const hierarchy = await show('ctl-segments', { view: 'day' }, {
    type: 'segmentedButton', stateKey: 'view', testTag: 'view',
    options: [{ value: 'day', label: 'Day' }, { value: 'week', label: 'Week' }, { value: 'month', label: 'Month' }],
  });
  assert.equal(byTag(hierarchy, 'view.day').selected, true);
  assert.equal(byTag(hierarchy, 'view.week').selected, false);
  assert.deepEqual((await tapFor('view.week', 'change')).payload, { key: 'view', value: 'week' });
  assert.equal((await observed('view.week')).selected, true);
  assert.equal((await observed('view.day')).selected, false);
});

test('progress: determinate reports its range and follows state; unbound is indeterminate', async () => {
  const hierarchy = await show('ctl-progress', { done: 2 },
    { type: 'progress', stateKey: 'done', max: 4, testTag: 'bar' },
    { type: 'progress', variant: 'circular', testTag: 'spinner' },
    { type: 'button', label: 'Step', testTag: 'step', onTap: [{ type: 'increment', key: 'done' }] });
  const bar = byTag(hierarchy, 'bar');
  assert.equal(bar.role, 'ProgressBar');
  assert.deepEqual(bar.range, { current: 0.5, min: 0, max: 1 });
  assert.equal(byTag(hierarchy, 'spinner').range, 'indeterminate');
  assert.deepEqual((await tapFor('step', 'change')).payload, { key: 'done', value: 3 });
  assert.deepEqual((await observed('bar')).range, { current: 0.75, min: 0, max: 1 });
});
