/**
 * Menus and selects in the runtime: an item closes its menu before its actions run, a disabled
 * item or a divider is refused with nothing written, a tap outside and Back close a menu (Back
 * before a dialog under it), and choosing a select option writes its key with the radioGroup's
 * change payload; and a drawer is modal and closes on Back after a menu inside it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, valid } from './helpers.ts';
import type { MenuNode, RenderNode, SelectNode } from '../../src/runtime/model.ts';

const SPEC = valid({
  id: 'menus',
  window: { placement: { type: 'fullscreen' } },
  state: { menu: true, sort: 'date', sure: false, count: 0 },
  root: {
    type: 'column',
    children: [
      {
        type: 'box',
        children: [
          { type: 'iconButton', icon: 'more_vert', onTap: [{ type: 'setState', key: 'menu', value: true }] },
          {
            type: 'menu', testTag: 'more', openWhen: { key: 'menu', equals: true },
            items: [
              { label: 'Count {count}', trailingText: '#{count}', onTap: [{ type: 'increment', key: 'count' }, { type: 'emit', name: 'counted' }] },
              { type: 'divider' },
              { label: 'Locked', enabled: false, onTap: [{ type: 'emit', name: 'never' }] },
            ],
          },
        ],
      },
      { type: 'select', testTag: 'sort', stateKey: 'sort', label: 'Sort by', options: [{ value: 'date', label: 'Date' }, { value: 'name', label: 'Name' }] },
      { type: 'dialog', openWhen: { key: 'sure', equals: true }, title: 'Sure?', confirm: { label: 'Yes' } },
    ],
  },
});

const MENU = 'root.children[0].children[1]';
const SELECT = 'root.children[1]';

function find<T extends RenderNode>(node: RenderNode, key: string): T | undefined {
  if (node.key === key) return node as T;
  for (const child of (node as { children?: RenderNode[] }).children ?? []) {
    const found = find<T>(child, key);
    if (found) return found;
  }
  return undefined;
}

test('a menu item closes the menu (its change first), then runs its actions; labels and trailing text bind state', () => {
  const { controller, events } = setup();
  controller.show(SPEC);
  const menu = find<MenuNode>(controller.renderModel()!.root, MENU)!;
  assert.deepEqual([menu.open, menu.entries[0]], [true, { type: 'item', text: 'Count 0', icon: null, trailingText: '#0', enabled: true }]);
  assert.deepEqual(menu.entries[1], { type: 'divider' });
  assert.deepEqual(controller.renderModel()!.openOverlays.menus, [MENU]);
  assert.deepEqual(controller.interact({ type: 'menuItem', key: MENU, index: 0 }), { ok: true });
  assert.deepEqual(events.map((event) => [event.kind, event.name, event.payload]), [
    ['change', null, { key: 'menu', value: false }],
    ['emit', 'counted', null],
    ['change', null, { key: 'count', value: 1 }],
  ]);
  assert.equal(find<MenuNode>(controller.renderModel()!.root, MENU)!.open, false);
  assert.deepEqual(controller.renderModel()!.openOverlays.menus, []);
});

test('a disabled item and a divider are refused and leave the menu open', () => {
  const { controller, events } = setup();
  controller.show(SPEC);
  assert.deepEqual(controller.interact({ type: 'menuItem', key: MENU, index: 2 }), { ok: false, reason: 'menu item 2 is disabled' });
  assert.deepEqual(controller.interact({ type: 'menuItem', key: MENU, index: 1 }), { ok: false, reason: 'no menu item 1' });
  assert.deepEqual(controller.interact({ type: 'menuItem', key: MENU, index: 9 }), { ok: false, reason: 'no menu item 9' });
  assert.equal(events.length, 0);
  assert.equal(find<MenuNode>(controller.renderModel()!.root, MENU)!.open, true);
});

test('a tap outside closes the menu; a closed menu cannot be closed again', () => {
  const { controller, events } = setup();
  controller.show(SPEC);
  assert.deepEqual(controller.interact({ type: 'close', key: MENU }), { ok: true });
  assert.deepEqual(events.map((event) => event.payload), [{ key: 'menu', value: false }]);
  assert.equal(controller.interact({ type: 'close', key: MENU }).ok, false);
  assert.equal(controller.interact({ type: 'menuItem', key: MENU, index: 0 }).ok, false, 'a closed menu is not shown');
});

test('Back closes an open menu first (outcome menu), then the dialog', () => {
  const { controller } = setup();
  controller.show({ ...SPEC, state: { ...SPEC.state, sure: true } });
  assert.deepEqual(controller.back(), { ok: true, back: 'menu' });
  assert.equal(controller.inspect()!.state.menu, false);
  assert.deepEqual(controller.back(), { ok: true, back: 'dialog' });
  assert.deepEqual(controller.back(), { ok: true, back: null });
});

test('a select shows the chosen label and writes a chosen value with the radioGroup change payload', () => {
  const { controller, events } = setup();
  controller.show(SPEC);
  const select = find<SelectNode>(controller.renderModel()!.root, SELECT)!;
  assert.deepEqual([select.text, select.label, select.options.map((option) => option.selected)], ['Sort by', 'Date', [true, false]]);
  assert.deepEqual(controller.interact({ type: 'select', key: SELECT, value: 'name' }), { ok: true });
  assert.deepEqual(events.map((event) => [event.kind, event.payload]), [['change', { key: 'sort', value: 'name' }]]);
  assert.equal(find<SelectNode>(controller.renderModel()!.root, SELECT)!.label, 'Name');
  assert.deepEqual(controller.interact({ type: 'select', key: SELECT, value: 'size' }), { ok: false, reason: 'no option "size"' });
});

test('a select whose key matches no option shows an empty label', () => {
  const { controller } = setup();
  controller.show({ ...SPEC, state: { ...SPEC.state, sort: 'other' } });
  assert.equal(find<SelectNode>(controller.renderModel()!.root, SELECT)!.label, '');
});

test('a drawer is modal: what is behind it takes no input; Back closes it (outcome drawer) after a menu inside it', () => {
  const { controller } = setup();
  controller.show(valid({
    id: 'drawer', window: { placement: { type: 'fullscreen' } }, state: { nav: true, more: true },
    root: {
      type: 'column', children: [
        { type: 'button', label: 'Behind', onTap: [{ type: 'emit', name: 'behind' }] },
        {
          type: 'drawer', openWhen: { key: 'nav', equals: true },
          child: { type: 'box', children: [{ type: 'text', text: 'Inbox' }, { type: 'menu', openWhen: { key: 'more', equals: true }, items: [{ label: 'Mark all read' }] }] },
        },
      ],
    },
  }));
  assert.deepEqual(controller.renderModel()!.openOverlays.drawers, ['root.children[1]']);
  assert.deepEqual(controller.interact({ type: 'tap', key: 'root.children[0]' }), { ok: false, reason: 'root.children[0] is behind an open dialog, drawer, spotlight or sheet' });
  assert.deepEqual(controller.back(), { ok: true, back: 'menu' });
  assert.deepEqual(controller.back(), { ok: true, back: 'drawer' });
  assert.equal(controller.inspect()!.state.nav, false);
  assert.deepEqual(controller.interact({ type: 'tap', key: 'root.children[0]' }), { ok: true });
});
