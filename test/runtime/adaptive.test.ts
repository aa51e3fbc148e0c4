/**
 * Adaptive layouts in the runtime: the width class from the window's width (and a resize that
 * crosses a boundary rebuilding the layout, state kept), a destination chosen by value, Back in a
 * compact list-detail and supporting pane, the precedence of a dialog over them, and an expanded
 * layout that has nothing to go back from.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, valid } from './helpers.ts';
import { widthClassOf } from '../../src/runtime/session.ts';
import type { AdaptiveNode } from '../../src/runtime/model.ts';


const SPEC = valid({
  id: 'panes',
  window: { placement: { type: 'fullscreen' } },
  state: { tab: 'mail', open: '', info: false, confirm: false },
  root: {
    type: 'adaptive', layout: 'navigationSuite', stateKey: 'tab',
    items: [{ value: 'mail', label: 'Mail' }, { value: 'chat', label: 'Chat', icon: 'chat' }],
    content: {
      type: 'column', children: [
        {
          type: 'adaptive', layout: 'listDetail', selectionKey: 'open',
          list: { type: 'button', label: 'Open', testTag: 'open', onTap: [{ type: 'setState', key: 'open', value: 'a' }] },
          detail: {
            type: 'adaptive', layout: 'supporting', openKey: 'info',
            main: { type: 'button', label: 'Info', onTap: [{ type: 'setState', key: 'info', value: true }] },
            supporting: { type: 'text', text: 'About' },
          },
        },
        { type: 'dialog', openWhen: { key: 'confirm', equals: true }, title: 'Sure?', confirm: { label: 'Yes' } },
      ],
    },
  },
});

const SUITE = 'root';
const LIST_DETAIL = 'root.content.children[0]';
const SUPPORTING = 'root.content.children[0].detail';

function adaptive(controller: ReturnType<typeof setup>['controller'], key: string): AdaptiveNode {
  const find = (node: { key: string; children?: unknown[] }): AdaptiveNode | undefined =>
    node.key === key ? (node as AdaptiveNode) : (node.children as { key: string }[] | undefined)?.map(find).find(Boolean);
  return find(controller.renderModel()!.root as { key: string })!;
}

test('the width class: compact below 600 dp, medium below 840 dp, expanded from 840 dp', () => {
  assert.deepEqual([599.5, 600, 839, 840, 1280].map(widthClassOf), ['compact', 'medium', 'medium', 'expanded', 'expanded']);
});

test('a resize across a width class rebuilds the layouts with the state kept; one within a class changes nothing', () => {
  const { controller } = setup({ dark: false, windowWidth: 412 });
  controller.show(SPEC);
  controller.interact({ type: 'tap', key: `${LIST_DETAIL}.list` });
  const before = adaptive(controller, LIST_DETAIL);
  assert.deepEqual([before.widthClass, before.selected], ['compact', true]);
  controller.setDevice({ windowWidth: 500 });
  assert.equal(adaptive(controller, LIST_DETAIL), before, 'the same render node');
  controller.setDevice({ windowWidth: 915 });
  assert.deepEqual([adaptive(controller, LIST_DETAIL).widthClass, adaptive(controller, LIST_DETAIL).selected, adaptive(controller, SUITE).widthClass], ['expanded', true, 'expanded']);
});

test('choosing a destination writes its value; an unknown one is refused and writes nothing', () => {
  const { controller, events } = setup();
  controller.show(SPEC);
  assert.deepEqual(adaptive(controller, SUITE).items.map((item) => [item.value, item.selected, item.icon]), [['mail', true, null], ['chat', false, 'chat']]);
  assert.deepEqual(controller.interact({ type: 'select', key: SUITE, value: 'chat' }), { ok: true });
  assert.deepEqual(events.at(-1)?.payload, { key: 'tab', value: 'chat' });
  assert.equal(controller.interact({ type: 'select', key: SUITE, value: 'nope' }).ok, false);
  assert.equal(events.length, 1);
});

test('compact Back: a dialog first, then the supporting sheet, then the list-detail selection, then nothing', () => {
  const { controller } = setup({ dark: false, windowWidth: 412 });
  controller.show(SPEC);
  controller.interact({ type: 'tap', key: `${LIST_DETAIL}.list` });
  controller.interact({ type: 'tap', key: `${SUPPORTING}.main` });
  assert.equal(adaptive(controller, SUPPORTING).open, true);
  // A dialog opened by the agent's patch of state stands for any open dialog.
  assert.ok(controller.patch('panes', [{ op: 'set', path: '/state/confirm', value: true }]).ok);
  assert.deepEqual(controller.back(), { ok: true, back: 'dialog' });
  assert.deepEqual(controller.back(), { ok: true, back: 'sheet' });
  assert.equal(controller.inspect()!.state.info, false);
  assert.deepEqual(controller.back(), { ok: true, back: 'pane' });
  assert.equal(controller.inspect()!.state.open, '');
  assert.deepEqual(controller.back(), { ok: true, back: null });
});

test('expanded Back leaves the selection and the side pane alone', () => {
  const { controller } = setup({ dark: false, windowWidth: 1280 });
  controller.show(SPEC);
  controller.interact({ type: 'tap', key: `${LIST_DETAIL}.list` });
  controller.interact({ type: 'tap', key: `${SUPPORTING}.main` });
  assert.deepEqual(controller.back(), { ok: true, back: null });
  assert.deepEqual([controller.inspect()!.state.open, controller.inspect()!.state.info], ['a', true]);
});
