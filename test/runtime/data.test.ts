/**
 * The data model in the runtime: data-path repeats, {data:…} text, data conditions, the four data
 * actions with run-time values, refusals that change and emit nothing, revisions, and rows that
 * keep their render objects when another row is written.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup } from './helpers.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import type { ContainerNode, TextNode } from '../../src/runtime/index.ts';
import type { PrototypeSpec } from '../../src/spec/index.ts';

const FEED = JSON.parse(readFileSync(new URL('../fixtures/prototype-spec/valid/data-feed.json', import.meta.url), 'utf8'));

function valid(spec: unknown): PrototypeSpec {
  const result = validatePrototypeSpec(spec);
  if (!result.ok) throw new Error(`${result.path}: ${result.message}`);
  return result.spec;
}

function shown(controller: ReturnType<typeof setup>['controller']) {
  const root = controller.renderModel()!.root as ContainerNode;
  const list = root.children[1] as ContainerNode;
  return { greeting: (root.children[0] as TextNode).text, rows: list.children, list };
}

const tap = (controller: ReturnType<typeof setup>['controller'], key: string) => controller.interact({ type: 'tap', key });
const row = (index: number, child: number) => `root.children[1].repeat[${index}].children[${child}]`;

test('rows come from the data, {data:…} text reads it, and a data condition hides the Like of a liked post', () => {
  const { controller } = setup();
  controller.show(valid(FEED));
  const { greeting, rows } = shown(controller);
  assert.equal(greeting, 'Hello Ada');
  assert.deepEqual(rows.filter((node) => /^post\.\d+\.title$/.test(node.testTag ?? '')).map((node) => (node as TextNode).text), ['First post', 'Second post']);
  assert.deepEqual(rows.filter((node) => /^post\.\d+\.like$/.test(node.testTag ?? '')).map((node) => node.visible), [true, false]);
  assert.deepEqual({ revision: controller.inspect()!.revision, data: controller.inspect()!.data }, { revision: 1, data: FEED.data });
});

test('setData writes one field: one change named by its path, the next revision, and the other rows keep their objects', () => {
  const { controller, events } = setup();
  controller.show(valid(FEED));
  const before = shown(controller).rows;
  assert.deepEqual(tap(controller, row(0, 1)), { ok: true });
  assert.deepEqual(events.map((event) => [event.kind, event.name, event.payload]), [['change', '/data/feed/0/liked', { op: 'set', value: true, revision: 2 }]]);
  const after = shown(controller).rows;
  assert.equal(after[1]!.visible, false, 'the Like of the liked post is hidden');
  for (let index = 4; index < 8; index++) assert.equal(after[index], before[index], `row 1 node ${index - 4} is the same object`);
  assert.equal((controller.inspect()!.data.feed as Array<{ liked: boolean }>)[0]!.liked, true);
  assert.equal(controller.inspect()!.revision, 2);
});

test('append (spread), prepend (with maxItems) and remove move the rows; the list follows', () => {
  const { controller, events } = setup();
  controller.show(valid(FEED));
  tap(controller, 'root.children[2]');
  assert.deepEqual(events.at(-1)!.payload, { op: 'append', value: [FEED.data.more[0]], maxItems: 500, revision: 2 });
  assert.equal(shown(controller).rows.length, 12, 'three rows of four nodes');
  tap(controller, row(2, 3));
  assert.deepEqual(events.at(-1)!.payload, { op: 'prepend', value: [FEED.data.more[0]], maxItems: 3, revision: 3 });
  assert.deepEqual((controller.inspect()!.data.feed as Array<{ id: string }>).map((post) => post.id), ['p3', 'p1', 'p2'], 'the last row was dropped past maxItems');
  tap(controller, row(0, 2));
  assert.deepEqual([events.at(-1)!.name, events.at(-1)!.payload], ['/data/feed/0', { op: 'remove', revision: 4 }]);
  const headlines = shown(controller).rows.filter((node) => /^post\.\d+\.title$/.test(node.testTag ?? '')).map((node) => (node as TextNode).text);
  assert.deepEqual(headlines, ['First post', 'Second post']);
});

test('a {data} value and {item} / {index} read at run time; setState takes {data: pointer}', () => {
  const { controller, events } = setup();
  controller.show(valid(FEED));
  tap(controller, row(1, 0));
  assert.deepEqual(events.at(-1)!.payload, { key: 'selected', value: 'Second post' });
  assert.equal(controller.inspect()!.revision, 2, 'a state write takes a revision too');
  const spec = structuredClone(FEED);
  spec.root.children[1].children[0].onTap = [
    { type: 'setData', path: '/user/last', value: { item: 'title' } },
    { type: 'setData', path: '/user/index', value: { index: true } },
  ];
  controller.show(valid(spec));
  assert.equal(controller.inspect()!.revision, 3, 'a re-show takes the next revision, never 1 again');
  tap(controller, row(1, 0));
  assert.deepEqual(controller.inspect()!.data.user, { name: 'Ada', last: 'Second post', index: 1 });
});

test('a refused write changes and emits nothing, names its code, and the rest of the list still runs', () => {
  const { controller, events } = setup();
  const spec = structuredClone(FEED);
  spec.root.children[2].onTap = [
    { type: 'setData', path: '/missing/x', value: { value: 1 } },
    { type: 'appendData', path: '/user', value: { value: 1 } },
    { type: 'setData', path: '/user/name', value: { state: 'nope' } },
    { type: 'appendData', path: '/feed', value: { value: Array.from({ length: 1000 }, () => 0) }, spread: true },
    { type: 'emit', name: 'still_ran' },
  ];
  controller.show(valid(spec));
  tap(controller, 'root.children[2]');
  assert.deepEqual(events.map((event) => [event.kind, event.name]), [['emit', 'still_ran']]);
  assert.deepEqual(controller.inspect()!.dataRefusals.map((refusal) => refusal.code), ['not_found', 'not_array', 'invalid_value', 'limit_exceeded']);
  assert.deepEqual(controller.inspect()!.data, FEED.data);
  assert.equal(controller.inspect()!.revision, 1);
});

test('text built from data stays within its limits: a field at show is refused with its path, a write past them is refused', () => {
  const long = 'x'.repeat(16_385);
  const atShow = structuredClone(FEED);
  atShow.data.user.name = long;
  const refused = validatePrototypeSpec(atShow);
  assert.ok(!refused.ok);
  assert.deepEqual([refused.path, /a field shows at most 16384/.test(refused.message)], ['root.children[0].text', true]);
  const rows = structuredClone(FEED);
  rows.data.feed[1].title = long;
  const inRow = validatePrototypeSpec(rows);
  assert.ok(!inRow.ok && /for repeat item 1/.test(inRow.message));

  const { controller, events } = setup();
  const spec = structuredClone(FEED);
  spec.root.children[2].onTap = [{ type: 'setData', path: '/feed/0/title', value: { value: long } }];
  controller.show(valid(spec));
  controller.interact({ type: 'tap', key: 'root.children[2]' });
  assert.deepEqual([events.length, controller.inspect()!.dataRefusals[0]?.code], [0, 'limit_exceeded']);
});

test('the model says whether a drawn node has a shared key; a data repeat\'s template counts once a row comes in', () => {
  const spec = (template: object, rows: unknown[]) => valid({
    id: 'shared-rows',
    window: { placement: { type: 'fullscreen' } },
    data: { items: rows },
    root: { type: 'column', children: [
      { type: 'column', repeat: { items: '/items', as: 'item', key: 'id' }, children: [template] },
      { type: 'button', label: 'Add', onTap: [{ type: 'appendData', path: '/items', value: { value: { id: 'new', title: 'New' } } }] },
    ] },
  });
  const plain = setup();
  plain.controller.show(spec({ type: 'text', text: '{item.title}' }, [{ id: 'one', title: 'One' }]));
  assert.equal(plain.controller.renderModel()!.sharedElements, false);
  const sharedTemplate = { type: 'text', text: '{item.title}', shared: { key: 'title-{item.id}', as: 'element' } };
  const { controller } = setup();
  controller.show(spec(sharedTemplate, []));
  assert.equal(controller.renderModel()!.sharedElements, false, 'no row draws the template yet');
  assert.deepEqual(tap(controller, 'root.children[1]'), { ok: true });
  assert.equal(controller.renderModel()!.sharedElements, true, 'the appended row draws a shared key');
  controller.show(spec(sharedTemplate, [{ id: 'one', title: 'One' }]));
  assert.equal(controller.renderModel()!.sharedElements, true);
});
