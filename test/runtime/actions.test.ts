/** Spec "Actions and state" and the control paragraphs under "Nodes". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';

const kinds = (events: { kind: string }[]) => events.map((event) => event.kind);

test('"exactly one change event carrying the final state": several writes send {keys, values}', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'button', label: 'Go',
    onTap: [
      { type: 'setState', key: 'a', value: 1 },
      { type: 'setState', key: 'b', value: 'x' },
      { type: 'increment', key: 'a', by: 2 },
    ],
  }, { state: { a: 0, b: '' } }));
  assert.deepEqual(controller.interact({ type: 'tap', key: 'root' }), { ok: true });
  assert.equal(events.length, 1);
  assert.deepEqual(events[0]!.payload, { keys: ['a', 'b'], values: [3, 'x'] });
  assert.deepEqual(events[0]!.state, { a: 3, b: 'x' });
  assert.equal(events[0]!.name, null);
});

test('"A single changed key sends {key, value}"', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'text', text: 't', onTap: [{ type: 'toggle', key: 'on' }] }, { state: { on: false } }));
  controller.interact({ type: 'tap', key: 'root' });
  assert.deepEqual(events.map((e) => e.payload), [{ key: 'on', value: true }]);
});

test('"emit actions still fire in order with the state at that point", the change event after the list', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'text', text: 't',
    onTap: [
      { type: 'emit', name: 'before' },
      { type: 'setState', key: 'n', value: 5 },
      { type: 'emit', name: 'after', payload: { variant: 'A' } },
    ],
  }, { state: { n: 0 } }));
  controller.interact({ type: 'tap', key: 'root' });
  assert.deepEqual(kinds(events), ['emit', 'emit', 'change']);
  assert.deepEqual(events[0]!.state, { n: 0 });
  assert.equal(events[0]!.payload, null);
  assert.deepEqual(events[1]!.state, { n: 5 });
  assert.deepEqual(events[1]!.payload, { variant: 'A' });
  assert.deepEqual(events.map((e) => e.sequence), [1, 2, 3]);
});

test('"a list that nets no change emits nothing" (toggle twice; setState to the same value; -0 over 0)', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'text', text: 't',
    onTap: [{ type: 'toggle', key: 'on' }, { type: 'toggle', key: 'on' }, { type: 'setState', key: 'n', value: -0 }],
  }, { state: { on: true, n: 0 } }));
  assert.equal(controller.interact({ type: 'tap', key: 'root' }).ok, true);
  assert.deepEqual(events, []);
});

test('"Non-finite results are ignored" for increment and decrement', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'text', text: 't',
    onTap: [{ type: 'increment', key: 'big', by: 1.7976931348623157e308 }, { type: 'decrement', key: 'small', by: -1 }],
  }, { state: { big: 1.7976931348623157e308, small: 1 } }));
  controller.interact({ type: 'tap', key: 'root' });
  assert.deepEqual(controller.inspect()!.state, { big: 1.7976931348623157e308, small: 2 });
  assert.deepEqual(events[0]!.payload, { key: 'small', value: 2 });
});

test('"no-ops at runtime if the key\'s type was changed by other means": toggle on a string key', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'text', text: 't',
    onTap: [{ type: 'setState', key: 'flag', value: 'now a string' }, { type: 'toggle', key: 'flag' }, { type: 'increment', key: 'flag' }],
  }, { state: { flag: true } }));
  controller.interact({ type: 'tap', key: 'root' });
  assert.equal(controller.inspect()!.state.flag, 'now a string');
  assert.equal(events.length, 1);
});

test('"An action list is atomic": a rejected write applies nothing and emits nothing', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'slider', stateKey: 'volume', min: 0, max: 10, step: 2 },
      {
        type: 'button', label: 'Bad',
        onTap: [
          { type: 'emit', name: 'first' },
          { type: 'setState', key: 'other', value: 1 },
          { type: 'setPage', pager: 'p', page: 1 },
          { type: 'setState', key: 'volume', value: 3 },
        ],
      },
      { type: 'pager', id: 'p', children: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] },
    ],
  }, { state: { volume: 4, other: 0 } }));
  const result = controller.interact({ type: 'tap', key: 'root.children[1]' });
  assert.equal(result.ok, false);
  assert.deepEqual(events, []);
  assert.deepEqual(controller.inspect()!.state, { volume: 4, other: 0 });
  assert.deepEqual(controller.inspect()!.pages, { p: 0 });
});

test('binding rules: every write is re-validated against the controls bound to its key', () => {
  const root = {
    type: 'column',
    children: [
      { type: 'textField', stateKey: 'text' },
      { type: 'switch', stateKey: 'sw' },
      { type: 'checkbox', stateKey: 'cb' },
      { type: 'chip', label: 'c', stateKey: 'chip' },
      { type: 'radioGroup', stateKey: 'radio', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
      { type: 'segmentedButton', stateKey: 'seg', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
      { type: 'slider', stateKey: 'slider', min: 0, max: 1, step: 0.25 },
      { type: 'progress', stateKey: 'progress', max: 5 },
      { type: 'timePicker', hourKey: 'h', minuteKey: 'm' },
      { type: 'datePicker', stateKey: 'date' },
      { type: 'bottomSheet', openWhen: { key: 'sheet', equals: true }, detents: ['half'], child: { type: 'text', text: 's' } },
      { type: 'tabBar', stateKey: 'tab', items: [{ label: 'One' }] },
      { type: 'listItem', headline: 'L', trailing: { type: 'checkbox', stateKey: 'li' } },
    ],
  };
  const state = {
    text: '', sw: false, cb: false, chip: false, radio: 'a', seg: 'a', slider: 0, progress: 0, h: 7, m: 30,
    date: '2026-10-08', tab: 0, li: false,
  };
  const cases: [string, unknown, boolean][] = [
    ['text', 'hello', true], ['text', 3, false],
    ['sw', true, true], ['sw', 'yes', false], ['cb', 1, false], ['chip', 'x', false], ['li', 0, false],
    ['radio', 'zzz', true], ['radio', 1, false], ['seg', false, false],
    ['slider', 0.75, true], ['slider', 0.3, false], ['slider', 2, false], ['slider', -0.25, false],
    ['progress', 5, true], ['progress', 5.5, false], ['progress', -1, false],
    ['h', 23, true], ['h', 24, false], ['h', 7.5, false], ['m', 59, true], ['m', 60, false],
    ['date', '2024-02-29', true], ['date', '2023-02-29', false], ['date', '1899-12-31', false], ['date', '2101-01-01', false],
    ['sheet', true, true], ['sheet', 'open', false],
    ['tab', 3, true], ['tab', -1, false], ['tab', 1.5, false],
  ];
  for (const [key, value, accepted] of cases) {
    const { controller, events } = setup();
    const tapper = { type: 'text', text: 'go', onTap: [{ type: 'setState', key, value }] };
    controller.show(spec({ ...root, children: [...root.children, tapper] }, { state }));
    const result = controller.interact({ type: 'tap', key: `root.children[${root.children.length}]` });
    assert.equal(result.ok, accepted, `${key} = ${JSON.stringify(value)}`);
    assert.equal(events.length, accepted ? 1 : 0, `${key} events`);
  }
});

test('"Actions after a dismiss never run and are not checked"', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'switch', stateKey: 'sw' },
      {
        type: 'text', text: 't',
        onTap: [{ type: 'setState', key: 'n', value: 1 }, { type: 'dismiss' }, { type: 'setState', key: 'sw', value: 'invalid' }, { type: 'emit', name: 'never' }],
      },
    ],
  }, { state: { sw: false, n: 0 } }));
  assert.equal(controller.interact({ type: 'tap', key: 'root.children[1]' }).ok, true);
  assert.deepEqual(kinds(events), ['change', 'dismissed']);
  assert.deepEqual(events[1]!.payload, { reason: 'user' });
  assert.equal(controller.inspect(), null);
  assert.equal(controller.interact({ type: 'tap', key: 'root.children[1]' }).ok, false);
});

test('"a switch or checkbox tap keeps its own {key, value} change before its onTap runs"', () => {
  for (const type of ['switch', 'checkbox']) {
    const { controller, events } = setup();
    controller.show(spec({ type, stateKey: 'on', label: 'Wi-Fi', onTap: [{ type: 'increment', key: 'n' }] }, { state: { on: false, n: 0 } }));
    controller.interact({ type: 'toggle', key: 'root' });
    assert.deepEqual(events.map((e) => e.payload), [{ key: 'on', value: true }, { key: 'n', value: 1 }]);
    assert.deepEqual(events[0]!.state, { on: true, n: 0 });
  }
});

test('"a rejected list leaves the control\'s value and a bound pager\'s page untouched too"', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'switch', stateKey: 'on', onTap: [{ type: 'setState', key: 'on', value: 'bad' }] },
      { type: 'tabBar', pager: 'p', items: [{ label: 'A' }, { label: 'B' }], onTap: [{ type: 'setState', key: 'on', value: 1 }] },
      { type: 'pager', id: 'p', children: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] },
    ],
  }, { state: { on: false } }));
  assert.equal(controller.interact({ type: 'toggle', key: 'root.children[0]' }).ok, false);
  assert.equal(controller.interact({ type: 'selectIndex', key: 'root.children[1]', index: 1 }).ok, false);
  assert.deepEqual(events, []);
  assert.deepEqual(controller.inspect()!.state, { on: false });
  assert.deepEqual(controller.inspect()!.pages, { p: 0 });
});

test('filter chip and listItem trailing toggle flip their boolean; a tap on them is a toggle', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'chip', label: 'Vegan', stateKey: 'vegan' },
      { type: 'listItem', headline: 'Alarm', trailing: { type: 'switch', stateKey: 'alarm' }, onTap: [{ type: 'emit', name: 'row' }] },
      { type: 'chip', label: 'Assist', onTap: [{ type: 'emit', name: 'assist' }] },
    ],
  }, { state: { vegan: false, alarm: true } }));
  controller.interact({ type: 'tap', key: 'root.children[0]' });
  controller.interact({ type: 'tap', key: 'root.children[1]' });
  controller.interact({ type: 'tap', key: 'root.children[2]' });
  assert.deepEqual(events.map((e) => [e.kind, e.name, e.payload]), [
    ['change', null, { key: 'vegan', value: true }],
    ['change', null, { key: 'alarm', value: false }],
    ['emit', 'row', null],
    ['emit', 'assist', null],
  ]);
  assert.equal(controller.interact({ type: 'toggle', key: 'root.children[2]' }).ok, false, 'an assist chip binds no key');
});

test('radio group and segmented button: "emits change ({key, value}) only if the value changed, and then runs the group\'s own onTap"', () => {
  for (const type of ['radioGroup', 'segmentedButton']) {
    const { controller, events } = setup();
    controller.show(spec({
      type, stateKey: 'size', options: [{ value: 's', label: 'Small' }, { value: 'l', label: 'Large' }],
      onTap: [{ type: 'emit', name: 'picked' }],
    }, { state: { size: 's' } }));
    controller.interact({ type: 'select', key: 'root', value: 's' });
    controller.interact({ type: 'select', key: 'root', value: 'l' });
    assert.deepEqual(events.map((e) => e.kind), ['emit', 'change', 'emit']);
    assert.equal(controller.interact({ type: 'select', key: 'root', value: 'nope' }).ok, false);
  }
});

test('slider: "stores the snapped number, emits change ({key, value}) only when the value moved"', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'slider', stateKey: 'v', min: 0, max: 1, step: 0.1 }, { state: { v: 0 } }));
  controller.interact({ type: 'slide', key: 'root', value: 0.33 });
  controller.interact({ type: 'slide', key: 'root', value: 0.29 });
  controller.interact({ type: 'slide', key: 'root', value: 7 });
  assert.deepEqual(events.map((e) => e.payload), [{ key: 'v', value: 0.3 }, { key: 'v', value: 1 }]);
});

test('text field edits store the string and emit change', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'textField', stateKey: 'q', placeholder: 'Search' }, { state: { q: '' } }));
  controller.interact({ type: 'edit', key: 'root', text: 'cats' });
  controller.interact({ type: 'edit', key: 'root', text: 'cats' });
  assert.deepEqual(events.map((e) => e.payload), [{ key: 'q', value: 'cats' }]);
  assert.equal((controller.renderModel()!.root as { value: string }).value, 'cats');
});

test('time picker: "stores both keys together and emits one change event ({keys, values}, or {key, value} when only one moved), then runs onTap"', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'timePicker', hourKey: 'hour', minuteKey: 'minute', onTap: [{ type: 'emit', name: 'set' }] }, { state: { hour: 7, minute: 30 } }));
  controller.interact({ type: 'pickTime', key: 'root', hour: 8, minute: 45 });
  controller.interact({ type: 'pickTime', key: 'root', hour: 8, minute: 0 });
  assert.deepEqual(events.map((e) => e.payload), [{ keys: ['hour', 'minute'], values: [8, 45] }, null, { key: 'minute', value: 0 }, null]);
  assert.equal(controller.interact({ type: 'pickTime', key: 'root', hour: 24, minute: 0 }).ok, false);
  assert.equal(controller.interact({ type: 'pickTime', key: 'root', hour: 1, minute: 60 }).ok, false);
});

test('date picker: "picking a day binds the key, emits change, then runs onTap"; not a real date is refused', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'datePicker', stateKey: 'day', onTap: [{ type: 'emit', name: 'picked' }] }, { state: { day: '2026-10-08' } }));
  controller.interact({ type: 'pickDate', key: 'root', date: '2026-10-09' });
  assert.deepEqual(events.map((e) => e.kind), ['change', 'emit']);
  assert.equal(controller.interact({ type: 'pickDate', key: 'root', date: '2026-02-30' }).ok, false);
});

test('tabBar / bottomNav bound to a number key write the index', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'bottomNav', stateKey: 'selected', items: [{ label: 'Home', icon: 'home' }, { label: 'Fav', icon: 'favorite' }] }, { state: { selected: 0 } }));
  controller.interact({ type: 'selectIndex', key: 'root', index: 1 });
  assert.deepEqual(events.map((e) => e.payload), [{ key: 'selected', value: 1 }]);
  assert.equal(controller.interact({ type: 'selectIndex', key: 'root', index: 2 }).ok, false);
});

test('dialog: "Closing writes !equals to the key and emits change; a button then runs its own onTap"', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [{
      type: 'dialog', openWhen: { key: 'ask', equals: true }, title: 'Delete?',
      confirm: { label: 'Delete', onTap: [{ type: 'emit', name: 'deleted' }] }, dismiss: { label: 'Cancel' },
    }],
  }, { state: { ask: true } }));
  assert.deepEqual(controller.inspect()!.openOverlays.dialogs, ['root.children[0]']);
  controller.interact({ type: 'dialogButton', key: 'root.children[0]', button: 'confirm' });
  assert.deepEqual(events.map((e) => [e.kind, e.name, e.payload]), [['change', null, { key: 'ask', value: false }], ['emit', 'deleted', null]]);
  assert.deepEqual(controller.inspect()!.openOverlays.dialogs, []);
  assert.equal(controller.interact({ type: 'close', key: 'root.children[0]' }).ok, false, 'a closed dialog cannot close again');
});

test('bottom sheet close (swipe or scrim) writes !equals; snackbar action "closes it, then runs onTap"', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'bottomSheet', openWhen: { key: 'closed', equals: false }, detents: ['half'], child: { type: 'text', text: 'sheet' } },
      { type: 'snackbar', openWhen: { key: 'toast', equals: true }, text: 'Saved', action: { label: 'Undo', onTap: [{ type: 'emit', name: 'undo' }] } },
    ],
  }, { state: { closed: false, toast: true } }));
  controller.interact({ type: 'close', key: 'root.children[0]' });
  controller.interact({ type: 'snackbarAction', key: 'root.children[1]' });
  assert.deepEqual(events.map((e) => [e.kind, e.name, e.payload]), [
    ['change', null, { key: 'closed', value: true }],
    ['change', null, { key: 'toast', value: false }],
    ['emit', 'undo', null],
  ]);
});

test('top app bar navigation icon and actions "each running its own onTap"', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'topAppBar', title: 'Inbox',
    navigationIcon: { icon: 'arrow_back', label: 'Back', onTap: [{ type: 'emit', name: 'back' }] },
    actions: [{ icon: 'search', label: 'Search', onTap: [{ type: 'emit', name: 'search' }] }, { icon: 'more_vert', label: 'More' }],
  }));
  controller.interact({ type: 'appBar', key: 'root', target: 'navigation' });
  controller.interact({ type: 'appBar', key: 'root', target: 0 });
  assert.equal(controller.interact({ type: 'appBar', key: 'root', target: 1 }).ok, true);
  assert.equal(controller.interact({ type: 'appBar', key: 'root', target: 5 }).ok, false);
  assert.deepEqual(events.map((e) => e.name), ['back', 'search']);
});

test('hidden nodes and closed sheets take no interactions; unknown keys and mismatched interactions are refused', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'button', label: 'Hidden', visibleWhen: { key: 'show', equals: true }, onTap: [{ type: 'emit', name: 'x' }] },
      { type: 'bottomSheet', openWhen: { key: 'open', equals: true }, detents: ['full'], child: { type: 'button', label: 'In sheet', onTap: [{ type: 'emit', name: 'y' }] } },
    ],
  }, { state: { show: false, open: false } }));
  assert.equal(controller.interact({ type: 'tap', key: 'root.children[0]' }).ok, false);
  assert.equal(controller.interact({ type: 'tap', key: 'root.children[1].child' }).ok, false);
  assert.equal(controller.interact({ type: 'tap', key: 'nowhere' }).ok, false);
  assert.equal(controller.interact({ type: 'edit', key: 'root', text: 'x' }).ok, false);
  assert.equal(controller.interact({ type: 'bogus' } as never).ok, false);
  assert.deepEqual(events, []);
});

test('"A dialog is modal": while it is open only the dialog takes interactions; an open sheet takes the window\'s touches except a snackbar\'s', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'button', label: 'Behind', onTap: [{ type: 'emit', name: 'behind' }] },
      { type: 'dialog', openWhen: { key: 'dialog', equals: true }, confirm: { label: 'OK' }, child: { type: 'button', label: 'In dialog', onTap: [{ type: 'emit', name: 'inDialog' }] } },
      { type: 'bottomSheet', openWhen: { key: 'sheet', equals: true }, detents: ['half'], child: { type: 'button', label: 'In sheet', onTap: [{ type: 'emit', name: 'inSheet' }] } },
      { type: 'snackbar', openWhen: { key: 'toast', equals: true }, text: 'Hi', action: { label: 'Undo', onTap: [{ type: 'emit', name: 'undo' }] } },
    ],
  }, { state: { dialog: true, sheet: true, toast: true } }));
  const tap = (key: string) => controller.interact({ type: 'tap', key }).ok;
  assert.equal(tap('root.children[0]'), false);
  assert.equal(tap('root.children[2].child'), false);
  assert.equal(tap('root.children[1].child'), true);
  controller.interact({ type: 'close', key: 'root.children[1]' });
  assert.equal(tap('root.children[0]'), false, 'the open sheet still covers the page');
  assert.equal(tap('root.children[2].child'), true);
  assert.equal(controller.interact({ type: 'snackbarAction', key: 'root.children[3]' }).ok, true);
  controller.interact({ type: 'close', key: 'root.children[2]' });
  assert.equal(tap('root.children[0]'), true);
  assert.deepEqual(events.filter((e) => e.kind === 'emit').map((e) => e.name), ['inDialog', 'inSheet', 'undo', 'behind']);
});

test('state keys named like object members are ordinary keys ("constructor", "__proto__", "toString")', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'text', text: '{constructor} {toString}', visibleWhen: { key: 'toString', notEquals: 'x' } },
      { type: 'text', text: 'set', onTap: [{ type: 'setState', key: '__proto__', value: 'p' }, { type: 'setState', key: 'constructor', value: 1 }] },
      { type: 'text', text: 'hidden', visibleWhen: { key: 'valueOf', equals: false } },
    ],
  }));
  const texts = () => (controller.renderModel()!.root as { children: { text: string; visible: boolean }[] }).children;
  assert.deepEqual(texts().map((t) => [t.text, t.visible]), [['{constructor} {toString}', true], ['set', true], ['hidden', false]]);
  controller.interact({ type: 'tap', key: 'root.children[1]' });
  assert.equal(texts()[0]!.text, '1 {toString}');
  const state = controller.inspect()!.state;
  assert.deepEqual(Object.keys(state), ['__proto__', 'constructor']);
  assert.equal(Object.getPrototypeOf(state), Object.prototype);
  assert.deepEqual(Object.keys(events[0]!.state), ['__proto__', 'constructor']);
  assert.deepEqual(events[0]!.payload, { keys: ['__proto__', 'constructor'], values: ['p', 1] });
});
