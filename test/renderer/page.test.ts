// The renderer in real Chromium: a spec draws, real touches change state and send events, and
// the hierarchy reports roles, states and part tags.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { RendererPage } from './page-harness.ts';

let device: RendererPage;
before(async () => {
  device = await RendererPage.open();
});
after(() => device.close());

const fullscreen = { placement: { type: 'fullscreen' } };

test('a switch reports its role and checked state, and a tap flips it with a change event', async () => {
  await device.show({
    id: 'toggle',
    window: fullscreen,
    state: { wifi: false },
    root: { type: 'column', children: [{ type: 'switch', stateKey: 'wifi', label: 'Wi-Fi', testTag: 'wifi' }] },
  });
  const before = await device.node({ testTag: 'wifi' });
  assert.equal(before.role, 'Switch');
  assert.equal(before.text, 'Wi-Fi');
  assert.equal(before.checked, false);
  await device.tap({ testTag: 'wifi' });
  const [event] = await device.waitForEvents(1);
  assert.equal(event!.kind, 'change');
  assert.deepEqual(event!.payload, { key: 'wifi', value: true });
  assert.equal((await device.node({ testTag: 'wifi' })).checked, true);
});

test('typing into a text field updates the bound state and the field text', async () => {
  await device.show({
    id: 'field',
    window: fullscreen,
    state: { name: '' },
    root: { type: 'column', children: [
      { type: 'textField', stateKey: 'name', placeholder: 'Name', testTag: 'name' },
      { type: 'text', text: 'Hi {name}', testTag: 'greeting' },
    ] },
  });
  assert.equal((await device.node({ testTag: 'name' })).text, 'Name');
  await device.tap({ testTag: 'name' });
  assert.equal((await device.node({ testTag: 'name' })).focused, true);
  await device.page.keyboard.type('Ada');
  await device.settled();
  assert.equal((await device.node({ testTag: 'name' })).text, 'Ada');
  assert.equal((await device.node({ testTag: 'greeting' })).text, 'Hi Ada');
  const events = await device.waitForEvents(3);
  assert.deepEqual(events.at(-1)!.payload, { key: 'name', value: 'Ada' });
});

test('radio options are separate RadioButton nodes tagged <testTag>.<value>', async () => {
  await device.show({
    id: 'radio',
    window: fullscreen,
    state: { size: 's' },
    root: { type: 'column', children: [{ type: 'radioGroup', stateKey: 'size', testTag: 'size', options: [
      { value: 's', label: 'Small' },
      { value: 'm', label: 'Medium' },
    ] }] },
  });
  const medium = await device.node({ testTag: 'size.m' });
  assert.equal(medium.role, 'RadioButton');
  assert.equal(medium.selected, false);
  assert.ok(medium.bounds.height >= 48, 'an option reserves a 48 dp touch target');
  await device.tap({ testTag: 'size.m' });
  assert.equal((await device.node({ testTag: 'size.m' })).selected, true);
  assert.equal((await device.node({ testTag: 'size.s' })).selected, false);
  const [event] = await device.waitForEvents(1);
  assert.deepEqual(event!.payload, { key: 'size', value: 'm' });
});

test('an open dialog hides the page from the hierarchy; confirm closes it and runs its onTap', async () => {
  await device.show({
    id: 'dialog',
    window: fullscreen,
    state: { open: true },
    root: { type: 'column', children: [
      { type: 'text', text: 'Behind', testTag: 'behind' },
      { type: 'dialog', testTag: 'ask', openWhen: { key: 'open', equals: true }, title: 'Discard?', text: 'Changes are lost.',
        confirm: { label: 'Discard', onTap: [{ type: 'emit', name: 'discarded' }] }, dismiss: { label: 'Cancel' } },
    ] },
  });
  const tags = (await device.hierarchy()).map((node) => node.testTag);
  assert.ok(!tags.includes('behind'), 'the page behind an open dialog is not reported');
  assert.ok(tags.includes('ask.confirm') && tags.includes('ask.dismiss'));
  assert.equal((await device.node({ testTag: 'ask' })).text, 'Discard?');
  await device.tap({ testTag: 'ask.confirm' });
  const events = await device.waitForEvents(2);
  assert.deepEqual(events.map((event) => event.kind), ['change', 'emit']);
  assert.equal(events[1]!.name, 'discarded');
  const after = (await device.hierarchy()).map((node) => node.testTag);
  assert.ok(after.includes('behind') && !after.includes('ask'));
});

test('a swipe settles the pager on the next page and reports page_changed', async () => {
  await device.show({
    id: 'pager',
    window: fullscreen,
    root: { type: 'pager', id: 'pages', style: { width: 'fill', height: 'fill' }, children: [
      { type: 'text', text: 'First {page}/{pageCount}', testTag: 'first' },
      { type: 'text', text: 'Second {page}/{pageCount}', testTag: 'second' },
    ] },
  });
  assert.equal((await device.node({ testTag: 'first' })).text, 'First 1/2');
  const mouse = device.page.mouse;
  await mouse.move(350, 400);
  await mouse.down();
  for (let x = 330; x >= 50; x -= 40) await mouse.move(x, 402);
  await mouse.up();
  await device.settled();
  const [event] = await device.waitForEvents(1);
  assert.equal(event!.kind, 'page_changed');
  assert.equal(event!.name, 'pages');
  assert.equal(event!.payload, 1);
  const second = await device.node({ testTag: 'second' });
  assert.equal(second.bounds.x, 0);
  assert.ok(!(await device.hierarchy()).some((node) => node.testTag === 'first'), 'off-screen pages are not reported');
});

test('the fullscreen host row dismisses the prototype as the user', async () => {
  await device.show({ id: 'host', window: fullscreen, root: { type: 'text', text: 'Content' } });
  const row = await device.node({ text: 'Dismiss prototype' });
  assert.equal(row.role, 'Button');
  const content = await device.node({ text: 'Content' });
  assert.ok(content.bounds.y >= row.bounds.y + row.bounds.height, 'authored content starts below the host row');
  await device.tap({ text: 'Dismiss prototype' });
  const [event] = await device.waitForEvents(1);
  assert.equal(event!.kind, 'dismissed');
  assert.deepEqual(event!.payload, { reason: 'user' });
  assert.deepEqual(await device.hierarchy(), []);
});

test('RTL puts start padding on the right and a floating window at its gravity', async () => {
  await device.call('setDevice', { rtl: true });
  try {
    await device.show({
      id: 'rtl',
      window: { placement: { type: 'floating', gravity: 'topStart', offset: { x: 10, y: 100 } } },
      root: { type: 'box', style: { padding: { start: 30 } }, children: [{ type: 'text', text: 'Hello', testTag: 'hello' }] },
    });
    const hello = await device.node({ testTag: 'hello' });
    const viewport = device.page.viewportSize()!;
    assert.equal(Math.round(hello.bounds.x + hello.bounds.width), viewport.width - 10 - 30);
    assert.equal(hello.bounds.y, 100);
  } finally {
    await device.call('setDevice', { rtl: false });
  }
});

test('an uploaded image replaces the broken-image placeholder', async () => {
  const spec = {
    id: 'image',
    window: fullscreen,
    root: { type: 'image', asset: 'dot', testTag: 'picture', style: { width: { dp: 40 }, height: { dp: 40 } } },
  };
  const shown = await device.show(spec);
  assert.deepEqual(shown.missingAssets, ['dot']);
  const status = () => device.page.$eval('[data-testid="picture"]', (element) => element.querySelector('[data-ps-image-status]')?.getAttribute('data-ps-image-status') ?? 'image');
  assert.equal(await status(), 'broken');
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  assert.deepEqual(await device.call('putAsset', 'dot', 'image/png', png), { ok: true });
  await device.settled();
  assert.equal(await status(), 'image');
});

function visibilitySpec(motion: 'standard' | 'none') {
  return {
    id: `motion-${motion}`,
    window: fullscreen,
    motion,
    state: { shown: true },
    root: { type: 'column', children: [
      { type: 'button', label: 'Toggle', testTag: 'toggle', onTap: [{ type: 'toggle', key: 'shown' }] },
      // No transition: the default fade + expand.
      { type: 'text', text: 'Details', testTag: 'details', visibleWhen: { key: 'shown', equals: true } },
      { type: 'box', testTag: 'pressable', style: { width: { dp: 100 }, height: { dp: 100 }, background: 'primary', pressScale: 0.5 }, onTap: [{ type: 'emit', name: 'pressed' }], children: [] },
    ] },
  };
}

async function runningAnimations(): Promise<number> {
  return device.page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length);
}

test('a visibleWhen exit animates with motion on and the node is gone once settled', async () => {
  await device.show(visibilitySpec('standard'));
  await device.page.evaluate(() => {
    const started: string[] = [];
    (window as unknown as { started: string[] }).started = started;
    document.addEventListener('animationstart', (event) => started.push(event.animationName));
  });
  await device.tap({ testTag: 'toggle' });
  const started = await device.page.evaluate(() => (window as unknown as { started: string[] }).started);
  assert.ok(started.includes('ps-expand-out'), `the default exit ran (${started.join(', ')})`);
  assert.equal(await runningAnimations(), 0);
  assert.equal(await device.page.$('[data-testid="details"]'), null);
  assert.ok(!(await device.hierarchy()).some((node) => node.testTag === 'details'));
});

test('motion "none" makes visibility changes and press scale instant', async () => {
  await device.show(visibilitySpec('none'));
  await device.tap({ testTag: 'toggle' });
  assert.equal(await device.page.$('[data-testid="details"]'), null);
  const box = await device.node({ testTag: 'pressable' });
  await device.page.mouse.move(box.bounds.x + 50, box.bounds.y + 50);
  await device.page.mouse.down();
  const scale = await device.page.$eval('[data-testid="pressable"]', (element) => getComputedStyle(element).scale);
  assert.equal(scale, '0.5');
  assert.equal(await runningAnimations(), 0);
  await device.page.mouse.up();
  assert.equal(await device.page.$eval('[data-testid="pressable"]', (element) => getComputedStyle(element).scale), 'none');
});

test('a text node draws in an uploaded font once the font asset arrives', async () => {
  const spec = {
    id: 'font',
    window: fullscreen,
    // In a column: the root itself fills the window.
    root: { type: 'column', children: [{ type: 'text', text: 'iiiiiiiiii', testTag: 'styled', style: { fontFamily: { asset: 'mono' } } }] },
  };
  const shown = await device.show(spec);
  assert.deepEqual(shown.missingAssets, ['mono']);
  const fallbackWidth = (await device.node({ testTag: 'styled' })).bounds.width;
  const { readFileSync } = await import('node:fs');
  const font = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf').toString('base64');
  assert.deepEqual(await device.call('putAsset', 'mono', 'font/ttf', font), { ok: true });
  await device.settled();
  const monoWidth = (await device.node({ testTag: 'styled' })).bounds.width;
  assert.ok(monoWidth > fallbackWidth * 1.5, `monospace "i"s are wider (${monoWidth} vs ${fallbackWidth})`);
});

test('swiping a bottom sheet down dismisses it and writes the negated openWhen value', async () => {
  await device.show({
    id: 'sheet',
    window: fullscreen,
    state: { open: true },
    root: { type: 'column', children: [
      { type: 'bottomSheet', testTag: 'sheet', openWhen: { key: 'open', equals: true }, detents: [{ dp: 300 }],
        child: { type: 'text', text: 'Sheet body', testTag: 'body' } },
    ] },
  });
  const handle = await device.node({ testTag: 'sheet.dragHandle' });
  const body = await device.node({ testTag: 'body' });
  assert.ok(body.bounds.y > 915 - 300 - 1, 'the sheet opens at its first detent');
  const mouse = device.page.mouse;
  const x = handle.bounds.x + handle.bounds.width / 2;
  await mouse.move(x, handle.bounds.y);
  await mouse.down();
  for (let y = handle.bounds.y + 20; y <= 900; y += 40) await mouse.move(x, y);
  await mouse.up();
  await device.settled();
  const [event] = await device.waitForEvents(1);
  assert.deepEqual(event!.payload, { key: 'open', value: false });
  assert.ok(!(await device.hierarchy()).some((node) => node.testTag === 'body'));
});

test('a device-persistent floating window carries its own Close control', async () => {
  await device.show({
    id: 'persistent',
    window: { placement: { type: 'floating', gravity: 'center', offset: { x: 0, y: 0 } }, persistence: 'device', opacity: 0 },
    root: { type: 'box', style: { width: { dp: 200 }, height: { dp: 100 } }, children: [] },
  });
  const close = await device.node({ testTag: 'protostage.close' });
  assert.equal(close.text, 'Close');
  await device.tap({ testTag: 'protostage.close' });
  const [event] = await device.waitForEvents(1);
  assert.deepEqual(event!.payload, { reason: 'user' });
});

test('a slider snaps a touch on its track to the step grid and reports its range', async () => {
  await device.show({
    id: 'slider',
    window: fullscreen,
    state: { volume: 20 },
    root: { type: 'column', style: { width: 'fill' }, children: [{ type: 'slider', stateKey: 'volume', min: 0, max: 100, step: 10, label: 'Volume', testTag: 'volume' }] },
  });
  const slider = await device.node({ testTag: 'volume' });
  assert.deepEqual(slider.range, { current: 20, min: 0, max: 100, steps: 9 });
  const track = await device.page.$eval('[data-testid="volume"] .ps-slider-track', (element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  await device.page.touchscreen.tap(track.x + track.width * 0.78, track.y + track.height / 2);
  await device.settled();
  const [event] = await device.waitForEvents(1);
  assert.deepEqual(event!.payload, { key: 'volume', value: 80 });
  assert.deepEqual((await device.node({ testTag: 'volume' })).range, { current: 80, min: 0, max: 100, steps: 9 });
});

test('picking a day binds the date; a bottom nav item selects its index', async () => {
  await device.show({
    id: 'date',
    window: fullscreen,
    state: { day: '2026-10-08', tab: 0 },
    root: { type: 'column', children: [
      { type: 'datePicker', stateKey: 'day', testTag: 'day' },
      { type: 'bottomNav', stateKey: 'tab', testTag: 'nav', items: [{ label: 'Home', icon: 'home' }, { label: 'Alarms', icon: 'alarm' }] },
    ] },
  });
  assert.equal((await device.node({ testTag: 'day' })).text, '2026-10-08');
  await device.tap({ testTag: 'day.2026-10-21' });
  assert.equal((await device.node({ testTag: 'day' })).text, '2026-10-21');
  assert.equal((await device.node({ testTag: 'day.2026-10-21' })).selected, true);
  await device.tap({ testTag: 'nav.1' });
  const alarms = await device.node({ testTag: 'nav.1' });
  assert.equal(alarms.role, 'Tab');
  assert.equal(alarms.selected, true);
  const events = await device.waitForEvents(2);
  assert.deepEqual(events.map((event) => event.payload), [{ key: 'day', value: '2026-10-21' }, { key: 'tab', value: 1 }]);
});

test('a month arrow pressed right after a day is picked moves the calendar from the picked month', async () => {
  await device.show({
    id: 'date-quick',
    window: fullscreen,
    state: { day: '2026-10-08' },
    root: { type: 'column', children: [{ type: 'datePicker', stateKey: 'day', testTag: 'day' }] },
  });
  await device.tap({ testTag: 'day.next' });
  // A person's two presses are two tasks: the day's press inside a frame, the arrow's press before
  // the next one, so nothing that waits for a frame has run between them.
  await device.page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => {
    document.querySelector('[data-testid="day.2026-11-15"]').click();
    setTimeout(() => {
      document.querySelector('[data-testid="day.previous"]').click();
      resolve();
    });
  }))`);
  await device.settled();
  assert.equal((await device.node({ testTag: 'day' })).text, '2026-11-15');
  const tags = (await device.hierarchy()).map((node) => node.testTag);
  assert.ok(tags.includes('day.2026-10-31') && !tags.includes('day.2026-11-30'), 'the calendar shows October, one month before the picked day');
});

test('the time picker dial sets the hour, then the minute, and reports 24-hour time', async () => {
  await device.show({
    id: 'time',
    window: fullscreen,
    state: { hour: 7, minute: 30 },
    root: { type: 'column', children: [{ type: 'timePicker', hourKey: 'hour', minuteKey: 'minute', is24Hour: true, testTag: 'alarm' }] },
  });
  assert.equal((await device.node({ testTag: 'alarm' })).text, '07:30');
  await device.tap({ testTag: 'alarm.hour.21' });
  await device.tap({ testTag: 'alarm.minute.45' });
  assert.equal((await device.node({ testTag: 'alarm' })).text, '21:45');
  const events = await device.waitForEvents(2);
  assert.deepEqual(events.map((event) => event.payload), [{ key: 'hour', value: 21 }, { key: 'minute', value: 45 }]);
});

test('malformed calls into the page come back as errors, never as exceptions', async () => {
  const invalid = (await device.call('show', { id: 'x', window: fullscreen, root: { type: 'nope' } })) as { ok: boolean; path: string };
  assert.equal(invalid.ok, false);
  assert.equal(invalid.path, 'root.type');
  assert.equal(((await device.call('show', null)) as { ok: boolean }).ok, false);
  const anchored = (await device.call('show', {
    id: 'anchored', window: fullscreen,
    root: { type: 'box', children: [], anchor: { type: 'element', selector: { testTag: 'buy' }, alignment: 'cover' } },
  })) as { ok: boolean; path: string };
  assert.deepEqual([anchored.ok, anchored.path], [false, 'root.anchor']);
  assert.equal(((await device.call('putAsset', undefined, 'image/png', 42)) as { ok: boolean }).ok, false);
  assert.equal(((await device.call('putAsset', 'a', 'image/png', '%%%')) as { ok: boolean }).ok, false);
  assert.equal(((await device.call('dismiss', 42)) as { ok: boolean }).ok, false);
  assert.deepEqual(await device.call('setDevice', 'dark'), { ok: true });
  const shown = await device.show({ id: 'fine', window: fullscreen, root: { type: 'text', text: 'Still drawing' } }, null as unknown as object);
  assert.equal(shown.ok, true);
  assert.equal((await device.node({ text: 'Still drawing' })).role, null);
});

test('a scroll below other content gets the remaining height, so the content after it stays on screen', async () => {
  const items = Array.from({ length: 30 }, (_, index) => ({ type: 'listItem', headline: `Item ${index}` }));
  await device.show({
    id: 'bounded-scroll',
    window: fullscreen,
    root: { type: 'column', children: [
      { type: 'topAppBar', title: 'List' },
      { type: 'scroll', testTag: 'list', child: { type: 'column', children: items } },
      { type: 'text', text: 'Footer', testTag: 'footer' },
    ] },
  });
  const list = await device.node({ testTag: 'list' });
  const footer = await device.node({ testTag: 'footer' });
  assert.equal(list.bounds.width, 412, 'list items fill the width, so the scroll does too');
  assert.equal(footer.bounds.y, list.bounds.y + list.bounds.height);
  assert.equal(footer.bounds.y + footer.bounds.height, 915, 'the footer ends at the bottom of the window');
  const scrollable = await device.page.$eval('[data-testid="list"]', (element) => element.scrollHeight > element.clientHeight);
  assert.ok(scrollable);
});

test('nodes with the same declarations share one class; a node\'s own declarations still override the stylesheet; a new show reuses the classes it shares with the last', async () => {
  const boxed = { background: '#ff0000', padding: { top: 8, bottom: 8, start: 8, end: 8 } };
  const spec = {
    id: 'shared-styles',
    window: fullscreen,
    root: { type: 'column', children: [
      { type: 'text', text: 'One', testTag: 'one', style: boxed },
      { type: 'text', text: 'Two', testTag: 'two', style: boxed },
      { type: 'text', text: 'Three', testTag: 'three', style: { ...boxed, background: '#00ff00' } },
      // The stylesheet draws a button 40 dp high; the node's own height wins, as an inline style would.
      { type: 'button', label: 'Tall', testTag: 'tall', style: { height: { dp: 60 } } },
      // The stylesheet lifts the height bound of scroll content with a two-class rule; the node's own bound wins.
      { type: 'scroll', child: { type: 'column', testTag: 'capped', style: { maxHeight: 50 }, children: [{ type: 'spacer', style: { height: { dp: 80 } } }] } },
    ] },
  };
  const look = (testTag: string) => device.page.$eval(`[data-testid="${testTag}"]`, (element) => {
    const style = getComputedStyle(element);
    return {
      shared: [...element.classList].filter((name) => name.startsWith('ps-d')),
      inline: element.getAttribute('style'),
      background: style.backgroundColor,
      padding: style.paddingTop,
      height: style.height,
      maxHeight: style.maxHeight,
    };
  });
  const ruleCount = () => device.page.evaluate(() => document.adoptedStyleSheets.reduce((count, sheet) => count + sheet.cssRules.length, 0));
  const read = async () => ({ one: await look('one'), two: await look('two'), three: await look('three'), tall: await look('tall'), rules: await ruleCount() });
  assert.equal((await device.show(spec)).ok, true);
  const first = await read();
  assert.equal(first.one.shared.length, 1);
  assert.deepEqual(first.two.shared, first.one.shared);
  assert.notDeepEqual(first.three.shared, first.one.shared);
  assert.equal(first.one.inline, null);
  assert.equal(first.one.background, 'rgb(255, 0, 0)');
  assert.equal(first.three.background, 'rgb(0, 255, 0)');
  assert.equal(first.one.padding, '8px');
  assert.equal(first.tall.height, '60px');
  assert.equal((await look('capped')).maxHeight, '50px');
  assert.equal((await device.show(spec)).ok, true);
  const again = await read();
  assert.equal(again.rules, first.rules, 'showing the same spec again adds no rules');
  assert.deepEqual(again.one.shared, first.one.shared, 'and draws with the same classes');
  // Another spec adds only the declarations it does not share (they are cleared once they fill half the room).
  const other = { ...spec, id: 'shared-styles-2', root: { type: 'column', children: [{ type: 'text', text: 'Four', testTag: 'four', style: { ...boxed, background: '#0000ff' } }] } };
  assert.equal((await device.show(other)).ok, true);
  assert.ok((await ruleCount()) > first.rules, 'the last show\'s classes are kept, and the new declarations added');
  assert.equal((await look('four')).background, 'rgb(0, 0, 255)');
});

test('settled() waits for a painted frame after a change, and for none when the last change is already painted', async () => {
  assert.equal((await device.show({ id: 'settle', window: fullscreen, root: { type: 'text', text: 'Settle', testTag: 'settle' } })).ok, true);
  // Resolves whether a frame began between the call and the end of settled().
  const frameDuringSettle = (change: boolean) => device.page.evaluate(async (change) => {
    if (change) document.querySelector('[data-testid="settle"]')!.setAttribute('data-probe', String(Math.random()));
    let framed = false;
    requestAnimationFrame(() => (framed = true));
    await (window as unknown as { protostage: { settled(): Promise<void> } }).protostage.settled();
    return framed;
  }, change);
  assert.equal(await frameDuringSettle(true), true, 'a DOM change is settled only once a frame has painted it');
  assert.equal(await frameDuringSettle(false), false, 'nothing changed since the last painted frame: no frame to wait for');
});

test('a changed device setting redraws nodes deep in a drawn tree (an offset flips with the layout direction)', async () => {
  assert.equal((await device.show({
    id: 'deep-offset',
    window: fullscreen,
    root: { type: 'column', children: [{ type: 'row', children: [{ type: 'text', text: 'Moved', testTag: 'moved', style: { offset: { x: 20, y: 0 } } }] }] },
  })).ok, true);
  const width = device.page.viewportSize()!.width;
  assert.equal((await device.node({ testTag: 'moved' })).bounds.x, 20);
  await device.call('setDevice', { rtl: true });
  try {
    await device.settled();
    const moved = (await device.node({ testTag: 'moved' })).bounds;
    assert.equal(Math.round(moved.x + moved.width), width - 20, 'the offset points inward from the right edge');
  } finally {
    await device.call('setDevice', { rtl: false });
  }
});

test('rows of a long list far off screen are left out of the first draw or skip rendering, and observation; the first touch on the list draws them all before anything scrolls', async () => {
  const rows = Array.from({ length: 150 }, (_, index) => ({
    type: 'row',
    style: { padding: { top: 20, bottom: 20, start: 16, end: 16 } },
    children: [{ type: 'text', text: `Row ${index}`, testTag: `row-${index}` }],
  }));
  assert.equal((await device.show({ id: 'long-list', window: fullscreen, root: { type: 'column', children: [{ type: 'scroll', child: { type: 'column', children: rows } }] } })).ok, true);
  // A row not drawn is either not built yet (withheld from the show's first draw) or skipped.
  const skippedRows = () => device.page.evaluate(() => 150 - [...document.querySelectorAll('[data-testid^="row-"]')].filter((text) => text.checkVisibility({ contentVisibilityAuto: true })).length);
  const builtRows = () => device.page.evaluate(() => document.querySelectorAll('[data-testid^="row-"]').length);
  const extent = () => device.page.evaluate(() => document.querySelector('.ps-scroll-vertical')!.scrollHeight);
  assert.ok((await skippedRows()) > 100, 'rows far below the screen are not drawn');
  const tags = (await device.hierarchy()).map((node) => node.testTag);
  assert.ok(tags.includes('row-0') && !tags.includes('row-149'), 'observation reports the rows on screen only');
  const rowHeight = (await device.node({ testTag: 'row-0' })).bounds.height + 40;
  assert.notEqual(await extent(), 150 * rowHeight, 'skipped rows have an estimated height');
  const row = (await device.node({ testTag: 'row-8' })).bounds;
  await device.page.touchscreen.tap(row.x + row.width / 2, row.y + row.height / 2);
  await device.settled();
  assert.equal(await builtRows(), 150, 'a touch on the list builds every row');
  assert.equal(await skippedRows(), 0, 'and draws it');
  assert.equal(await extent(), 150 * rowHeight, 'so the scroll extent is the real one before any scroll');
});

test('a tap that cannot scroll a long list (a button above it) leaves its far rows unbuilt or skipped; a touch inside the list draws them', async () => {
  const rows = Array.from({ length: 400 }, (_, index) => ({
    type: 'row',
    style: { padding: { top: 20, bottom: 20, start: 16, end: 16 } },
    children: [{ type: 'text', text: `Row ${index}`, testTag: `far-${index}` }],
  }));
  assert.equal((await device.show({
    id: 'scoped-draw',
    window: fullscreen,
    state: { taps: 0 },
    root: { type: 'column', children: [
      { type: 'button', label: 'Count', testTag: 'count', onTap: [{ type: 'increment', key: 'taps' }] },
      { type: 'scroll', style: { weight: 1 }, child: { type: 'column', children: rows } },
    ] },
  })).ok, true);
  const drawnRows = () => device.page.evaluate(() => [...document.querySelectorAll('[data-testid^="far-"]')].filter((text) => text.checkVisibility({ contentVisibilityAuto: true })).length);
  await device.tap({ testTag: 'count' });
  await device.settled();
  assert.ok((await drawnRows()) < 100, 'the button\'s tap drew none of the rows far below the screen');
  const list = (await device.node({ testTag: 'far-0' })).bounds;
  await device.page.touchscreen.tap(list.x + 10, list.y + list.height / 2);
  await device.settled();
  assert.equal(await drawnRows(), 400, 'a touch on the list draws every row before it can scroll');
});

test('rows an idle moment built but no frame has laid out yet are drawn by a touch that comes before that frame', async () => {
  const rows = Array.from({ length: 150 }, (_, index) => ({
    type: 'row',
    style: { padding: { top: 20, bottom: 20, start: 16, end: 16 } },
    children: [{ type: 'text', text: `Row ${index}`, testTag: `late-${index}` }],
  }));
  // The touch comes right after the idle step that builds the last rows, before their first layout.
  await device.page.evaluate(() => {
    const rowTexts = '[data-testid^="late-"]';
    (window as unknown as { lateTouch: Promise<number> }).lateTouch = new Promise<number>((resolve) => {
      const watch = new MutationObserver(() => {
        const built = document.querySelectorAll(rowTexts).length;
        if (built < 150) return;
        watch.disconnect();
        (window as unknown as { protostage: { drawOffscreen(): void } }).protostage.drawOffscreen();
        resolve(built);
      });
      watch.observe(document.body, { childList: true, subtree: true });
    });
  });
  assert.equal((await device.show({ id: 'late-rows', window: fullscreen, root: { type: 'column', children: [{ type: 'scroll', child: { type: 'column', children: rows } }] } })).ok, true);
  assert.equal(await device.page.evaluate(() => (window as unknown as { lateTouch: Promise<number> }).lateTouch), 150);
  await device.settled();
  const skipped = await device.page.evaluate(() => [...document.querySelectorAll('[data-testid^="late-"]')].filter((text) => !text.checkVisibility({ contentVisibilityAuto: true })).length);
  assert.equal(skipped, 0, 'every row is drawn, so the scroll extent is the real one');
});

test('a numeric content transition rolls only the changed digit (read from its keyframes), while the text reads new at once; motion none changes at once', async () => {
  const spec = (motion?: string) => ({
    id: 'roll', window: fullscreen, state: { count: 128 }, ...(motion ? { motion } : {}),
    root: { type: 'column', children: [
      { type: 'text', text: '{count} items', testTag: 'count', contentTransition: 'numeric' },
      { type: 'button', label: 'Add', testTag: 'add', onTap: [{ type: 'increment', key: 'count' }] },
    ] },
  });
  await device.show(spec());
  await device.tap({ testTag: 'add' });
  await device.waitForEvents(1);
  assert.equal((await device.node({ testTag: 'count' })).text, '129 items');
  const drawn = await device.page.evaluate(() => {
    const text = document.querySelector('[data-testid="count"]')!;
    const cells = [...text.querySelectorAll('.ps-roll-cell')];
    const incoming = text.querySelector('.ps-roll-new');
    return {
      up: text.querySelector('.ps-roll-up') !== null,
      cells: cells.map((cell) => [cell.querySelector('.ps-roll-old')?.textContent, cell.querySelector('.ps-roll-new')?.textContent]),
      keyframes: incoming ? getComputedStyle(incoming).animationName : null,
      oldHidden: text.querySelector('.ps-roll-old')?.getAttribute('aria-hidden'),
    };
  });
  assert.deepEqual(drawn, { up: true, cells: [['8', '9']], keyframes: 'ps-roll-from-below', oldHidden: 'true' });
  await device.show(spec('none'), { reset: true });
  await device.tap({ testTag: 'add' });
  await device.waitForEvents(2);
  const still = await device.page.evaluate(() => document.querySelector('[data-testid="count"]')!.querySelectorAll('.ps-roll-cell').length);
  assert.equal(still, 0, 'without motion the text changes at once');
});

test('the drawn keyboard follows the focused field\'s keyboard type: a number pad, letters with @ for email', async () => {
  await device.show({
    id: 'keyboards', window: fullscreen, state: { pin: '', mail: '' },
    root: { type: 'column', children: [
      { type: 'textField', stateKey: 'pin', testTag: 'pin', keyboard: 'number' },
      { type: 'textField', stateKey: 'mail', testTag: 'mail', keyboard: 'email' },
    ] },
  });
  await device.call('setDevice', { keyboardOpen: true });
  const keyboardFor = (tag: string) => device.page.evaluate((input) => {
    (document.querySelector(`[data-testid="${input}.input"]`) as HTMLInputElement).focus();
    return new Promise<string[]>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const keyboard = document.querySelector('[data-ps-keyboard]')!;
      const bottomRow = [...keyboard.lastElementChild!.children].map((key) => key.getAttribute('data-testid')!.replace('keyboard.', ''));
      resolve([keyboard.getAttribute('data-ps-keyboard')!, bottomRow.join(' ')]);
    })));
  }, tag);
  assert.deepEqual(await keyboardFor('pin'), ['numeric', '0 backspace enter']);
  assert.deepEqual(await keyboardFor('mail'), ['email', 'symbols @ space . enter']);
  await device.call('setDevice', { keyboardOpen: false });
});

test('rich text with a content transition crossfades its spans as a whole; the leaving copy is hidden and cannot be tapped', async () => {
  await device.show({
    id: 'spans', window: fullscreen, state: { n: 1 },
    root: { type: 'column', children: [
      { type: 'text', testTag: 'rich', contentTransition: 'crossfade', spans: [{ text: 'Cart: ' }, { text: '{n}', style: { fontWeight: 700 } }] },
      { type: 'button', label: 'Add', testTag: 'add', onTap: [{ type: 'increment', key: 'n' }] },
    ] },
  });
  await device.tap({ testTag: 'add' });
  await device.waitForEvents(1);
  assert.equal((await device.node({ testTag: 'rich' })).text, 'Cart: 2');
  const swap = await device.page.evaluate(() => {
    const rich = document.querySelector('[data-testid="rich"]')!;
    const old = rich.querySelector('.ps-content-old');
    const incoming = rich.querySelector('.ps-content-new');
    return [old?.textContent, old?.getAttribute('aria-hidden'), incoming?.textContent, incoming ? getComputedStyle(incoming).animationName : null];
  });
  assert.deepEqual(swap, ['Cart: 1', 'true', 'Cart: 2', 'ps-fade-in']);
});

test('settled() waits for a load an effect starts after the first frame: a camera that answers late', async () => {
  const status = await device.page.evaluate(async (spec) => {
    // A camera that takes 300 ms to answer: the preview's effect asks for it after the first frame.
    navigator.mediaDevices.getUserMedia = () => new Promise((_, reject) => setTimeout(() => reject(new Error('no camera here')), 300));
    const api = (window as unknown as { protostage: { show(spec: unknown): unknown; settled(): Promise<void> } }).protostage;
    api.show(spec);
    await api.settled();
    return document.querySelector('[data-ps-camera]')?.getAttribute('data-ps-camera');
  }, { id: 'camera-settle', window: fullscreen, state: { photo: '' }, root: { type: 'cameraPreview', captureKey: 'photo', testTag: 'camera' } });
  assert.equal(status, 'unavailable', 'settled waited for the preview to start, and for the camera to answer');
});

/** An autoplay video whose play writes `playing`, and a text reading it. */
function autoplaySpec(id: string) {
  return {
    id,
    window: fullscreen,
    state: { playing: false },
    root: { type: 'column', children: [
      { type: 'videoPlayer', asset: 'clip', playingKey: 'playing', autoplay: true, testTag: 'clip' },
      { type: 'text', text: 'Playing: {playing}', testTag: 'status' },
    ] },
  };
}

test('an effect that reports while its node re-renders draws the change once, after that render: an autoplay video stays one element', async () => {
  // Any bytes make a playable source for the purpose: the player is live once its asset is there.
  assert.deepEqual(await device.call('putAsset', 'clip', 'video/webm', 'GkXfow=='), { ok: true });
  const drawn = await device.page.evaluate(async (spec) => {
    const api = (window as unknown as { protostage: { show(spec: unknown): unknown; putAsset(id: string, type: string, data: string): unknown; settled(): Promise<void> } }).protostage;
    api.show(spec);
    // Before the autoplay effect has run: another asset re-renders the player from its own
    // subscription, and Preact runs the pending effect first, inside that re-render.
    api.putAsset('other', 'image/png', 'iVBORw0KGgo=');
    await api.settled();
    return { players: document.querySelectorAll('[data-testid="clip"]').length };
  }, autoplaySpec('autoplay-in-render'));
  assert.equal(drawn.players, 1, 'the player is drawn once');
  assert.ok(device.events.some((event) => event.kind === 'change' && (event.payload as { value?: unknown }).value === true), 'autoplay wrote playingKey');
});

test('an effect that reports while the whole screen draws is drawn by a draw that follows at once', async () => {
  assert.deepEqual(await device.call('putAsset', 'clip', 'video/webm', 'GkXfow=='), { ok: true });
  const status = await device.page.evaluate((spec) => {
    const api = (window as unknown as { protostage: { show(spec: unknown): unknown; setDevice(settings: unknown): unknown } }).protostage;
    api.show(spec);
    // Before the autoplay effect has run: a new device setting draws every node again, and
    // Preact runs the pending effect inside that draw.
    api.setDevice({ dark: true });
    const text = document.querySelector('[data-testid="status"]')?.getAttribute('aria-label');
    api.setDevice({ dark: false });
    return text;
  }, autoplaySpec('autoplay-in-draw'));
  assert.equal(status, 'Playing: true', 'the write autoplay made inside the draw is on screen when the draw returns');
});
