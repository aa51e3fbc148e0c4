/**
 * The lazy list in the runtime: header, rows and footer in order, each child named by its row key
 * (repeat key, literal id or place), and a prepend or remove that rebuilds the rows keeps the
 * header and footer and the keys of rows that stay.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, valid } from './helpers.ts';
import type { LazyListNode, TextNode } from '../../src/runtime/model.ts';


const SPEC = valid({
  id: 'inbox',
  window: { placement: { type: 'fullscreen' } },
  data: { mail: [{ id: 'a', subject: 'Hello' }, { id: 'b', subject: 'Lunch?' }], newer: { id: 'z', subject: 'Urgent' } },
  root: {
    type: 'column',
    children: [
      { type: 'button', label: 'New mail', testTag: 'newer', onTap: [{ type: 'prependData', path: '/mail', value: { data: '/newer' } }] },
      { type: 'button', label: 'Remove first', testTag: 'remove', onTap: [{ type: 'removeData', path: '/mail/0' }] },
      {
        type: 'list',
        header: { type: 'text', text: 'Inbox' },
        footer: { type: 'text', text: 'No more mail' },
        repeat: { items: '/mail', as: 'mail', key: 'id' },
        children: [{ type: 'text', text: '{mail.subject}' }],
      },
    ],
  },
});

function list(controller: ReturnType<typeof setup>['controller']): LazyListNode {
  const root = controller.renderModel()!.root as { children: unknown[] };
  return root.children[2] as LazyListNode;
}
const texts = (node: LazyListNode) => node.children.map((child) => (child as TextNode).text);

test('a list draws its header, its rows and its footer in order, each child named by its row key', () => {
  const { controller } = setup();
  controller.show(SPEC);
  const shown = list(controller);
  assert.deepEqual(texts(shown), ['Inbox', 'Hello', 'Lunch?', 'No more mail']);
  assert.deepEqual([shown.hasHeader, shown.hasFooter], [true, true]);
  assert.deepEqual(shown.itemKeys, ['header', 'key:"a"/0', 'key:"b"/0', 'footer']);
});

test('a prepend and a remove rebuild the rows between the header and the footer; kept rows keep their keys', () => {
  const { controller } = setup();
  controller.show(SPEC);
  controller.interact({ type: 'tap', key: 'root.children[0]' });
  assert.deepEqual(texts(list(controller)), ['Inbox', 'Urgent', 'Hello', 'Lunch?', 'No more mail']);
  assert.deepEqual(list(controller).itemKeys, ['header', 'key:"z"/0', 'key:"a"/0', 'key:"b"/0', 'footer']);
  controller.interact({ type: 'tap', key: 'root.children[1]' });
  controller.interact({ type: 'tap', key: 'root.children[1]' });
  assert.deepEqual(texts(list(controller)), ['Inbox', 'Lunch?', 'No more mail']);
  assert.deepEqual(list(controller).itemKeys, ['header', 'key:"b"/0', 'footer']);
});

test('literal rows are named by their id, else their place; two rows with one key are told apart', () => {
  const { controller } = setup();
  controller.show(valid({
    id: 'literal', window: { placement: { type: 'fullscreen' } }, data: { rows: [{ id: 'x' }, { id: 'x' }] },
    root: { type: 'column', children: [
      { type: 'list', children: [{ type: 'text', text: 'one', id: 'first' }, { type: 'text', text: 'two' }] },
      { type: 'list', repeat: { items: '/rows', as: 'row', key: 'id' }, children: [{ type: 'text', text: '{row.id}' }] },
    ] },
  }));
  const [literal, twins] = (controller.renderModel()!.root as { children: LazyListNode[] }).children;
  assert.deepEqual(literal!.itemKeys, ['id:first', 'index:1']);
  assert.deepEqual(twins!.itemKeys, ['key:"x"/0', 'key:"x"/0#1']);
});
