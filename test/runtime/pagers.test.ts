/** Spec "Nodes" → pager, tabBar/bottomNav binding, page_changed; "Re-showing a prototype". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';
import type { PagerNode, TextNode, NavBarNode, ContainerNode } from '../../src/runtime/index.ts';

const pagerSpec = (pageCount: number, extra: Record<string, unknown> = {}) => spec({
  type: 'column',
  children: [
    { type: 'tabBar', pager: 'pages', items: [{ label: 'One' }, { label: 'Two' }, { label: 'Three' }] },
    {
      type: 'pager', id: 'pages',
      children: Array.from({ length: pageCount }, (_, i) => ({ type: 'text', text: `P${i} {page} of {pageCount}` })),
    },
    { type: 'text', text: 'Next', onTap: [{ type: 'setPage', pager: 'pages', page: 'next' }] },
    { type: 'text', text: 'Prev', onTap: [{ type: 'setPage', pager: 'pages', page: 'prev' }] },
    { type: 'text', text: 'Far', onTap: [{ type: 'setPage', pager: 'pages', page: 2147483647 }] },
    { type: 'text', text: 'outside {page}/{pageCount}' },
  ],
}, extra);

const pager = (root: unknown) => (root as ContainerNode).children[1] as PagerNode;

test('setPage next / prev / index clamp to the pages, with "one page_changed event whose name is the pager id"', () => {
  const { controller, events } = setup();
  controller.show(pagerSpec(3));
  controller.interact({ type: 'tap', key: 'root.children[3]' }); // prev at 0: nothing
  controller.interact({ type: 'tap', key: 'root.children[2]' }); // next → 1
  controller.interact({ type: 'tap', key: 'root.children[4]' }); // far → clamped 2
  controller.interact({ type: 'tap', key: 'root.children[2]' }); // next at last: nothing
  assert.deepEqual(events.map((e) => [e.kind, e.name, e.payload, e.pages]), [
    ['page_changed', 'pages', 1, { pages: 1 }],
    ['page_changed', 'pages', 2, { pages: 2 }],
  ]);
  assert.equal(pager(controller.renderModel()!.root).page, 2);
});

test('"Pager context is the nearest enclosing pager; outside a pager those two reserved placeholders remain literal"', () => {
  const { controller } = setup();
  controller.show(pagerSpec(3));
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 1 });
  const root = controller.renderModel()!.root as ContainerNode;
  assert.deepEqual(pager(root).children.map((page) => (page as TextNode).text), ['P0 2 of 3', 'P1 2 of 3', 'P2 2 of 3']);
  assert.equal((root.children[5] as TextNode).text, 'outside {page}/{pageCount}');
});

test('"State keys page and pageCount are permitted but the pager placeholders take precedence within a pager"', () => {
  const { controller } = setup();
  controller.show(pagerSpec(2, { state: { page: 'state page', pageCount: 9 } }));
  const root = controller.renderModel()!.root as ContainerNode;
  assert.equal((pager(root).children[0] as TextNode).text, 'P0 1 of 2');
  assert.equal((root.children[5] as TextNode).text, 'outside state page/9');
});

test('a settled swipe sends page_changed once; an unchanged report sends nothing', () => {
  const { controller, events } = setup();
  controller.show(pagerSpec(3));
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 0 });
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 2 });
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 2 });
  assert.deepEqual(events.map((e) => e.payload), [2]);
  assert.equal(controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 3 }).ok, false);
});

test('a tabBar bound to a pager "follows and sets that pager\'s local selected page"', () => {
  const { controller, events } = setup();
  controller.show(pagerSpec(3));
  controller.interact({ type: 'selectIndex', key: 'root.children[0]', index: 2 });
  assert.deepEqual(events.map((e) => [e.kind, e.name, e.payload]), [['page_changed', 'pages', 2]]);
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 1 });
  const tabs = (controller.renderModel()!.root as ContainerNode).children[0] as NavBarNode;
  assert.equal(tabs.selectedIndex, 1);
  assert.deepEqual(tabs.items.map((item) => item.selected), [false, true, false]);
});

test('"each pager keeps its settled page, matched by pager id and clamped to the new page count"', () => {
  const { controller, events } = setup();
  controller.show(pagerSpec(3));
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 2 });
  const result = controller.show(pagerSpec(2));
  assert.equal(result.ok && result.replaced, true);
  assert.deepEqual(controller.inspect()!.pages, { pages: 1 });
  assert.equal(events.length, 1, 'a re-show sends no event');
});

test('"reset: true, a different id, or nothing on screen is a fresh show: pages start from the spec"', () => {
  const { controller } = setup();
  controller.show(pagerSpec(3));
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 2 });
  controller.show(pagerSpec(3), { reset: true });
  assert.deepEqual(controller.inspect()!.pages, { pages: 0 });
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 2 });
  controller.show(pagerSpec(3, { id: 'other' }));
  assert.deepEqual(controller.inspect()!.pages, { pages: 0 });
});

test('"The new spec\'s state is authoritative" on a same-id re-show', () => {
  const { controller } = setup();
  controller.show(spec({ type: 'textField', stateKey: 'q' }, { state: { q: 'spec' } }));
  controller.interact({ type: 'edit', key: 'root', text: 'typed' });
  controller.show(spec({ type: 'textField', stateKey: 'q' }, { state: { q: 'new spec' } }));
  assert.deepEqual(controller.inspect()!.state, { q: 'new spec' });
});

const boundSpec = (state: Record<string, unknown> = { tab: 1 }) => spec({
  type: 'column',
  children: [
    { type: 'tabBar', stateKey: 'tab', items: [{ label: 'One' }, { label: 'Two' }, { label: 'Three' }] },
    { type: 'pager', id: 'pages', stateKey: 'tab', children: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }, { type: 'text', text: 'C' }] },
    { type: 'text', text: 'Next', onTap: [{ type: 'setPage', pager: 'pages', page: 'next' }] },
  ],
}, { state });

test('pager.stateKey: the state picks the page (clamped), a swipe writes the key (page_changed, then change), a tab bar on the key moves it', () => {
  const { controller, events } = setup();
  controller.show(boundSpec({ tab: 7 }));
  assert.equal(pager(controller.renderModel()!.root).page, 2, 'clamped to the last page');
  controller.show(boundSpec(), { reset: true });
  assert.equal(pager(controller.renderModel()!.root).page, 1);
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 0 });
  assert.deepEqual(events.map((event) => [event.kind, event.name, event.payload]), [['page_changed', 'pages', 0], ['change', null, { key: 'tab', value: 0 }]]);
  assert.equal(controller.inspect()!.state.tab, 0);
  controller.interact({ type: 'pageSettled', key: 'root.children[1]', page: 0 });
  assert.equal(events.length, 2, 'a repeated settle is silent');
  controller.interact({ type: 'selectIndex', key: 'root.children[0]', index: 2 });
  assert.equal(pager(controller.renderModel()!.root).page, 2, 'the tab bar wrote the key the pager reads');
  controller.interact({ type: 'tap', key: 'root.children[2]' });
  assert.equal(controller.inspect()!.state.tab, 2, 'setPage next at the end leaves it');
});

test('pager.stateKey: a same-id show takes the state page over the kept one', () => {
  const { controller } = setup();
  controller.show(boundSpec({ tab: 2 }));
  controller.show(boundSpec({ tab: 0 }));
  assert.equal(pager(controller.renderModel()!.root).page, 0);
  assert.deepEqual(controller.inspect()!.pages, { pages: 0 });
});
