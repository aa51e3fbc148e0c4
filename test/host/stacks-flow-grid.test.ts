// The host and navigation stacks, against a device channel backed by the real runtime: the gate
// refuses stacks and the composed transitions on a device without them, pressBack needs the stack
// capability, and status follows the stacks from the initial screen through screen_changed events.
// And the gate refuses flow, grid, span and runSpacing on a device without prototype_flow_grid_v1,
// scroll.refresh on one without prototype_refresh_v1, and window.chrome none and window.deadTaps
// on one without theirs, and pager options, pager.stateKey, dots, the carousel, the list, adaptive,
// shared elements, the zoom, motion "reduced", menus and selects, gestures, text field options,
// swipe actions, semantics, content transitions, rich text, drawers, search bars and tooltips likewise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { ALL_CAPABILITIES } from './fake-device.ts';
import { assertRefusedWithout, hostFor, runtimeDevice } from './gate.ts';

function stackSpec(transition?: string): unknown {
  const push = { type: 'push', stack: 'main', screen: 'detail', ...(transition ? { transition } : {}) };
  return {
    id: 'nav',
    window: { placement: { type: 'fullscreen' } },
    root: { type: 'stack', id: 'main', initial: 'home', screens: { home: { type: 'button', label: 'Open', onTap: [push] }, detail: { type: 'text', text: 'Detail' } } },
  };
}

test('the gate refuses a stack on a device without prototype_stack_transitions_v1, and a composed transition without the patterns, before sending', async () => {
  const noStacks = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.stackTransitions));
  const refused = await hostFor(noStacks).show({ spec: stackSpec() });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.stackTransitions)], ['root', true]);
  const noPatterns = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.stackPatterns));
  assert.ok((await hostFor(noPatterns).show({ spec: stackSpec('slide') })).success, 'slide needs no patterns');
  const composed = await hostFor(noPatterns).show({ spec: stackSpec('fadeThrough') });
  assert.ok(!composed.success);
  assert.deepEqual([composed.path, composed.error.includes(CAPABILITIES.stackPatterns)], ['root.screens["home"].onTap[0].transition', true]);
  assert.deepEqual(noStacks.requests, []);
  assert.deepEqual(noPatterns.requests.filter((request) => request.type === 'show_prototype').length, 1);
});

test('pressBack is refused on a device without stacks, before sending', async () => {
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.stackTransitions));
  const refused = await hostFor(device).pressBack();
  assert.ok(!refused.success && refused.error.includes(CAPABILITIES.stackTransitions), JSON.stringify(refused));
  assert.deepEqual(device.requests, []);
});

test('status starts each stack on its initial screen and follows screen_changed events; pressBack says what it did', async () => {
  const device = runtimeDevice();
  const host = hostFor(device);
  assert.ok((await host.show({ spec: stackSpec() })).success);
  const stacksNow = async () => {
    const status = await host.status();
    assert.ok(status.success);
    return status.prototypes[0]!.stacks;
  };
  assert.deepEqual(await stacksNow(), { main: ['home'] });
  // A person taps Open on the device: the runtime pushes and reports screen_changed.
  assert.deepEqual(device.controller.interact({ type: 'tap', key: 'root.screens["home"]' }), { ok: true });
  assert.deepEqual(await stacksNow(), { main: ['home', 'detail'] });
  const back = await host.pressBack();
  assert.ok(back.success);
  assert.deepEqual([back.back, back.lastSequence], ['stack', 2]);
  assert.deepEqual(await stacksNow(), { main: ['home'] });
  const nothing = await host.pressBack();
  assert.ok(nothing.success && nothing.back === null);
});

test('the gate refuses a flow, a grid and a span on a device without prototype_flow_grid_v1, before sending', async () => {
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.flowGrid));
  const spec = (root: unknown) => ({ id: 'layout', window: { placement: { type: 'fullscreen' } }, root });
  for (const [root, path] of [
    [{ type: 'column', children: [{ type: 'flow', children: [] }] }, 'root.children[0]'],
    [{ type: 'grid', columns: { minWidth: 80 }, children: [{ type: 'text', text: 'x', span: 1 }] }, 'root'],
  ] as const) {
    const refused = await hostFor(device).show({ spec: spec(root) });
    assert.ok(!refused.success);
    assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.flowGrid)], [path, true]);
  }
  assert.deepEqual(device.requests, []);
  const withIt = runtimeDevice();
  assert.ok((await hostFor(withIt).show({ spec: spec({ type: 'flow', style: { runSpacing: 4 }, children: [] }) })).success);
});

test('the gate refuses scroll.refresh on a device without prototype_refresh_v1, before sending', async () => {
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.refresh));
  const refused = await hostFor(device).show({
    spec: { id: 'pull', window: { placement: { type: 'fullscreen' } }, state: { busy: false }, root: { type: 'scroll', refresh: { stateKey: 'busy', onRefresh: [{ type: 'emit', name: 'r' }] }, child: { type: 'text', text: 'x' } } },
  });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.refresh)], ['root.refresh', true]);
  assert.deepEqual(device.requests, []);
});

test('the gate refuses window.chrome none and window.deadTaps on a device without their capabilities; chrome bar needs nothing; lastResult says the chrome', async () => {
  const spec = (window: Record<string, unknown>) => ({ id: 'w', window: { placement: { type: 'fullscreen' }, ...window }, root: { type: 'text', text: 'x' } });
  const noChrome = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.windowChrome));
  const chrome = await hostFor(noChrome).show({ spec: spec({ chrome: 'none' }) });
  assert.ok(!chrome.success);
  assert.deepEqual([chrome.path, chrome.error.includes(CAPABILITIES.windowChrome)], ['window.chrome', true]);
  const bar = hostFor(noChrome);
  assert.ok((await bar.show({ spec: spec({ chrome: 'bar' }) })).success);
  assert.equal(bar.status().lastResult?.chrome, 'bar');
  const noDeadTaps = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.deadTaps));
  const deadTaps = await hostFor(noDeadTaps).show({ spec: spec({ deadTaps: true }) });
  assert.ok(!deadTaps.success);
  assert.deepEqual([deadTaps.path, deadTaps.error.includes(CAPABILITIES.deadTaps)], ['window.deadTaps', true]);
  const full = hostFor(runtimeDevice());
  assert.ok((await full.show({ spec: spec({ chrome: 'none', deadTaps: true }) })).success);
  assert.equal(full.status().lastResult?.chrome, 'none');
});

test('the gate refuses pager options, pager.stateKey, indicator dots and the carousel on a device without each capability, before sending', async () => {
  const spec = (root: unknown) => ({ id: 'p', window: { placement: { type: 'fullscreen' } }, state: { tab: 0 }, root });
  const pager = (extra: Record<string, unknown>) => ({ type: 'pager', id: 'p', children: [{ type: 'text', text: 'x' }], ...extra });
  const cases: Array<[string, unknown, string]> = [
    [CAPABILITIES.pagerOptions, pager({ peek: { start: 16 } }), 'root.peek'],
    [CAPABILITIES.pagerStateKey, pager({ stateKey: 'tab' }), 'root.stateKey'],
    [CAPABILITIES.carousel, pager({ indicator: 'dots' }), 'root.indicator'],
    [CAPABILITIES.carousel, { type: 'carousel', itemWidth: 120, children: [{ type: 'text', text: 'x' }] }, 'root'],
  ];
  for (const [capability, root, path] of cases) {
    const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== capability));
    const refused = await hostFor(device).show({ spec: spec(root) });
    assert.ok(!refused.success, capability);
    assert.deepEqual([refused.path, refused.error.includes(capability), device.requests], [path, true, []]);
  }
});

test('the gate refuses a list on a device without prototype_lazy_list_v1, before sending', async () => {
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.lazyList));
  const spec = { id: 'lazy', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [{ type: 'list', children: [{ type: 'text', text: 'x' }] }] } };
  const refused = await hostFor(device).show({ spec });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.lazyList)], ['root.children[0]', true]);
  assert.deepEqual(device.requests, []);
  assert.ok((await hostFor(runtimeDevice()).show({ spec })).success);
});

test('the gate refuses an adaptive layout on a device without prototype_adaptive_v1, before sending', async () => {
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.adaptive));
  const spec = { id: 'panes', window: { placement: { type: 'fullscreen' } }, state: { open: '' }, root: { type: 'adaptive', layout: 'listDetail', selectionKey: 'open', list: { type: 'text', text: 'l' }, detail: { type: 'text', text: 'd' } } };
  const refused = await hostFor(device).show({ spec });
  assert.ok(!refused.success);
  assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.adaptive)], ['root', true]);
  assert.deepEqual(device.requests, []);
  assert.ok((await hostFor(runtimeDevice()).show({ spec })).success);
});

test('the gate refuses sharedKey without prototype_shared_element_v1, shared and a template key without v2, and zoom and source without the patterns, before sending', async () => {
  const spec = (root: unknown) => ({ id: 'shared', window: { placement: { type: 'fullscreen' } }, root });
  const card = (extra: Record<string, unknown>) => ({ type: 'card', children: [], ...extra });
  const rows = { type: 'column', repeat: { items: [{ id: 'a' }], as: 'item', key: 'id' }, children: [card({ sharedKey: 'row-{item.id}' })] };
  const zoom = { type: 'stack', id: 'main', initial: 'a', screens: { a: card({ sharedKey: 'hero', onTap: [{ type: 'push', stack: 'main', screen: 'b', transition: 'zoom', source: 'hero' }] }), b: card({}) } };
  for (const [capability, root, path] of [
    [CAPABILITIES.sharedElement, card({ sharedKey: 'hero' }), 'root.sharedKey'],
    [CAPABILITIES.sharedElementV2, card({ shared: { key: 'hero', as: 'element' } }), 'root.shared'],
    [CAPABILITIES.sharedElementV2, rows, 'root.children[0].sharedKey'],
    [CAPABILITIES.stackPatterns, zoom, 'root.screens["a"].onTap[0].source'],
  ] as const) {
    const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== capability));
    const refused = await hostFor(device).show({ spec: spec(root) });
    assert.ok(!refused.success, capability);
    assert.deepEqual([refused.path, refused.error.includes(capability)], [path, true]);
    assert.deepEqual(device.requests, []);
    assert.ok((await hostFor(runtimeDevice()).show({ spec: spec(root) })).success);
  }
});

test('the gate refuses motion "reduced" on a device without prototype_reduced_motion_v1, before sending; standard and none need nothing', async () => {
  const spec = (motion: string) => ({ id: 'calm', window: { placement: { type: 'fullscreen' } }, motion, root: { type: 'text', text: 'x' } });
  await assertRefusedWithout(CAPABILITIES.reducedMotion, spec('reduced'), 'motion');
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.reducedMotion));
  for (const motion of ['standard', 'none']) assert.ok((await hostFor(device).show({ spec: spec(motion) })).success, motion);
  assert.ok((await hostFor(runtimeDevice()).show({ spec: spec('reduced') })).success);
});

test('the gate refuses a menu and a select on a device without prototype_menus_v1, before sending; pressBack closing a menu answers menu', async () => {
  const menu = { type: 'menu', openWhen: { key: 'open', equals: true }, items: [{ label: 'Archive' }] };
  const select = { type: 'select', stateKey: 'sort', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] };
  const spec = (child: unknown) => ({ id: 'menus', window: { placement: { type: 'fullscreen' } }, state: { open: true, sort: 'a' }, root: { type: 'column', children: [{ type: 'text', text: 'x' }, child] } });
  for (const child of [menu, select]) {
    const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.menus));
    const refused = await hostFor(device).show({ spec: spec(child) });
    assert.ok(!refused.success, child.type);
    assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.menus)], ['root.children[1]', true]);
    assert.deepEqual(device.requests, []);
  }
  const host = hostFor(runtimeDevice());
  assert.ok((await host.show({ spec: spec(select) })).success);
  assert.ok((await host.show({ spec: spec(menu) })).success);
  const back = await host.pressBack();
  assert.ok(back.success);
  assert.equal(back.back, 'menu');
});

test('the gate refuses onLongPress and onDoubleTap without prototype_gestures_v1, and tapOn refuses a long press or double tap there, before sending', async () => {
  const spec = (field: string) => ({ id: 'gestures', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [{ type: 'text', text: 'x', [field]: [{ type: 'emit', name: 'held' }] }] } });
  for (const field of ['onLongPress', 'onDoubleTap']) {
    const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.gestures));
    const refused = await hostFor(device).show({ spec: spec(field) });
    assert.ok(!refused.success, field);
    assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.gestures)], [`root.children[0].${field}`, true]);
    const pressed = await hostFor(device).tapOn({ testTag: 'x', action: 'longPress' });
    assert.ok(!pressed.success && pressed.error.includes(CAPABILITIES.gestures), JSON.stringify(pressed));
    assert.deepEqual(device.requests, []);
    assert.ok((await hostFor(runtimeDevice()).show({ spec: spec(field) })).success);
  }
});

test('the gate refuses text field options, actions and a leading icon each without its capability, before sending', async () => {
  const field = (extra: Record<string, unknown>) => ({ id: 'fields', window: { placement: { type: 'fullscreen' } }, state: { v: '' }, root: { type: 'textField', stateKey: 'v', ...extra } });
  for (const [capability, extra, path] of [
    [CAPABILITIES.textFieldOptions, { secure: true }, 'root.secure'],
    [CAPABILITIES.textFieldOptions, { variant: 'outlined' }, 'root.variant'],
    [CAPABILITIES.textFieldActions, { imeAction: 'send' }, 'root.imeAction'],
    [CAPABILITIES.textFieldActions, { trailingIcon: { icon: 'clear', label: 'Clear' } }, 'root.trailingIcon'],
    [CAPABILITIES.textFieldLeadingIcon, { leadingIcon: 'search' }, 'root.leadingIcon'],
  ] as const) {
    const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== capability));
    const refused = await hostFor(device).show({ spec: field(extra) });
    assert.ok(!refused.success, path);
    assert.deepEqual([refused.path, refused.error.includes(capability)], [path, true]);
    assert.deepEqual(device.requests, []);
    assert.ok((await hostFor(runtimeDevice()).show({ spec: field(extra) })).success, path);
  }
});

test('the gate refuses swipeActions without prototype_swipe_actions_v1, before sending', async () => {
  const spec = { id: 'swipes', window: { placement: { type: 'fullscreen' } }, root: { type: 'listItem', headline: 'Mail', swipeActions: { end: [{ label: 'Delete', onTap: [{ type: 'dismiss' }] }] } } };
  await assertRefusedWithout(CAPABILITIES.swipeActions, spec, 'root.swipeActions');
  assert.ok((await hostFor(runtimeDevice()).show({ spec })).success);
});

test('the gate refuses semantics without prototype_semantics_v1, before sending', async () => {
  const spec = { id: 'semantics', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children: [{ type: 'text', text: 'Orders', semantics: { heading: true } }] } };
  await assertRefusedWithout(CAPABILITIES.semantics, spec, 'root.children[0].semantics');
  assert.ok((await hostFor(runtimeDevice()).show({ spec })).success);
});

test('the gate refuses a numeric or crossfade contentTransition without prototype_content_transition_v1 (none needs nothing), before sending', async () => {
  const spec = (contentTransition: string) => ({ id: 'roll', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', text: '1', contentTransition } });
  const device = runtimeDevice(ALL_CAPABILITIES.filter((name) => name !== CAPABILITIES.contentTransition));
  for (const mode of ['numeric', 'crossfade']) {
    const refused = await hostFor(device).show({ spec: spec(mode) });
    assert.ok(!refused.success, mode);
    assert.deepEqual([refused.path, refused.error.includes(CAPABILITIES.contentTransition)], ['root.contentTransition', true]);
  }
  assert.deepEqual(device.requests, []);
  assert.ok((await hostFor(device).show({ spec: spec('none') })).success);
  assert.ok((await hostFor(runtimeDevice()).show({ spec: spec('numeric') })).success);
});

test('the gate refuses spans without prototype_rich_text_v1, before sending', async () => {
  const spec = { id: 'rich', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', spans: [{ text: 'Hello ' }, { text: 'there', style: { fontWeight: 700 } }] } };
  await assertRefusedWithout(CAPABILITIES.richText, spec, 'root.spans');
  assert.ok((await hostFor(runtimeDevice()).show({ spec })).success);
});

test('the gate refuses a drawer without prototype_drawer_v1, before sending; pressBack closing it answers drawer', async () => {
  const spec = { id: 'drawer', window: { placement: { type: 'fullscreen' } }, state: { nav: true }, root: { type: 'drawer', openWhen: { key: 'nav', equals: true }, child: { type: 'text', text: 'Inbox' } } };
  await assertRefusedWithout(CAPABILITIES.drawer, spec, 'root');
  const host = hostFor(runtimeDevice());
  assert.ok((await host.show({ spec })).success);
  const back = await host.pressBack();
  assert.ok(back.success && back.back === 'drawer');
});

test('the gate refuses a searchBar without prototype_search_bar_v1, before sending; pressBack ending a search answers search', async () => {
  const spec = { id: 'search', window: { placement: { type: 'fullscreen' } }, state: { q: '', on: true }, root: { type: 'searchBar', stateKey: 'q', activeKey: 'on', child: { type: 'text', text: 'Results' } } };
  await assertRefusedWithout(CAPABILITIES.searchBar, spec, 'root');
  const host = hostFor(runtimeDevice());
  assert.ok((await host.show({ spec })).success);
  const back = await host.pressBack();
  assert.ok(back.success && back.back === 'search');
});

test('the gate refuses a tooltip without prototype_tooltip_v1, before sending', async () => {
  const spec = { id: 'tip', window: { placement: { type: 'fullscreen' } }, state: { tip: true }, root: { type: 'column', children: [{ type: 'button', id: 'go', label: 'Go' }, { type: 'tooltip', openWhen: { key: 'tip', equals: true }, text: 'Start here', anchorTo: 'go' }] } };
  await assertRefusedWithout(CAPABILITIES.tooltip, spec, 'root.children[1]');
  assert.ok((await hostFor(runtimeDevice()).show({ spec })).success);
});
