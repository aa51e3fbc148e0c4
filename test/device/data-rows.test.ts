// Rows drawn from data on the real device: a write to one row, an append and a patch keep the list
// where the person scrolled it (the runtime tests show the other rows keep their render objects),
// and ten rows appended by a tap or a patch add their own elements and change no other row's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byTag, pageOf, useDevice, validSpec } from './helpers.ts';

const ROWS = 60;
const spec = {
  id: 'rows',
  window: { placement: { type: 'fullscreen' } },
  data: { rows: Array.from({ length: ROWS }, (_, index) => ({ title: `Row ${index}`, done: false })), more: [{ title: 'Row new', done: false }] },
  root: {
    type: 'column',
    style: { height: 'fill' },
    children: [
      { type: 'button', label: 'More', testTag: 'more', onTap: [{ type: 'appendData', path: '/rows', value: { data: '/more' }, spread: true }] },
      {
        type: 'scroll',
        testTag: 'list',
        style: { weight: 1 },
        child: {
          type: 'column',
          repeat: { items: '/rows', as: 'row' },
          children: [
            {
              type: 'button',
              variant: 'text',
              label: '{row.title}',
              testTag: 'row.{index}',
              styleWhen: [{ when: { data: '/rows/{index}/done', equals: true }, style: { background: 'primaryContainer' } }],
              onTap: [{ type: 'setData', path: '/rows/{index}/done', value: { value: true } }],
            },
          ],
        },
      },
    ],
  },
};

const device = useDevice();

test('a write, an append and a patch keep the list where the person scrolled it', async () => {
  const { device: phone, log } = device();
  assert.equal((await phone.show(validSpec(spec), { reset: true }) as { ok?: boolean }).ok, true);
  for (let swipe = 0; swipe < 2; swipe++) assert.ok((await phone.swipe('up', 'list')).ok);
  // A fling goes on after the finger lifts, slower and slower: wait until three looks agree.
  let previous = '';
  let still = 0;
  for (let look = 0; look < 60 && still < 2; look++) {
    const rows = JSON.stringify((await phone.hierarchy()).filter((node) => /^row\.\d+$/.test(node.testTag ?? '')).map((node) => node.bounds));
    still = rows === previous ? still + 1 : 0;
    previous = rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const visible = (await phone.observe()).hierarchy.filter((node) => /^row\.\d+$/.test(node.testTag ?? '') && node.bounds.y > 100 && node.bounds.y < 700);
  assert.ok(visible.length > 3, `rows are on screen after scrolling: ${JSON.stringify((await phone.observe()).hierarchy.filter((node) => node.testTag?.startsWith('row')).slice(0, 4).map((node) => [node.testTag, node.bounds]))}`);
  const target = visible[1]!;
  const other = visible[2]!;

  const since = log.events.length;
  assert.ok((await phone.tap({ testTag: target.testTag! })).ok);
  await log.next((event) => event.name === `/data/rows/${target.testTag!.split('.')[1]}/done`, since);
  const afterWrite = await phone.observe();
  assert.deepEqual(byTag(afterWrite.hierarchy, other.testTag!).bounds, other.bounds, 'the list did not move on a write');

  const more = await phone.tap({ testTag: 'more' });
  assert.ok(more.ok, JSON.stringify(more));
  await log.next((event) => event.name === '/data/rows', since);
  assert.deepEqual(byTag((await phone.observe()).hierarchy, other.testTag!).bounds, other.bounds, 'nor on an append at the end');

  assert.equal((await phone.patch('rows', [{ op: 'set', path: '/data/rows/0/title', value: 'Row zero' }]) as { ok?: boolean }).ok, true);
  await phone.settled();
  assert.deepEqual(byTag((await phone.observe()).hierarchy, other.testTag!).bounds, other.bounds, 'nor on a patch');
});

const FEED_ROWS = 200;
const feed = {
  id: 'feed',
  motion: 'none',
  window: { placement: { type: 'fullscreen' } },
  data: { posts: Array.from({ length: FEED_ROWS }, (_, index) => ({ title: `Post ${index}` })), next: Array.from({ length: 10 }, (_, index) => ({ title: `Post ${FEED_ROWS + index}` })) },
  root: {
    type: 'column',
    style: { height: 'fill' },
    children: [
      { type: 'button', label: 'More', testTag: 'more', onTap: [{ type: 'appendData', path: '/posts', value: { data: '/next' }, spread: true }] },
      { type: 'scroll', style: { weight: 1 }, child: { type: 'column', repeat: { items: '/posts', as: 'post' }, children: [{ type: 'text', text: '{post.title}', testTag: 'post.{index}' }] } },
    ],
  },
};

/**
 * Keeps the row elements drawn now and records every change of the DOM from here on; `changes`
 * then tells which kept rows changed or went, and the tags of the rows added.
 */
async function watchRows(phone: Parameters<typeof pageOf>[0]): Promise<() => Promise<{ kept: number; changedOrGone: string[]; added: string[] }>> {
  const page = pageOf(phone);
  await page.waitForFunction((rows) => document.querySelectorAll('[data-testid^="post."]').length === rows, FEED_ROWS);
  await page.evaluate(() => {
    const watched = window as unknown as { keptRows: Element[]; rowChanges: MutationRecord[] };
    watched.keptRows = [...document.querySelectorAll('[data-testid^="post."]')];
    watched.rowChanges = [];
    new MutationObserver((records) => watched.rowChanges.push(...records)).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => {
    const watched = window as unknown as { keptRows: Element[]; rowChanges: MutationRecord[] };
    const touched = new Set<Node>();
    for (const record of watched.rowChanges) {
      touched.add(record.target);
      record.removedNodes.forEach((node) => touched.add(node));
    }
    const changedOrGone = watched.keptRows
      .filter((row) => !row.isConnected || [...touched].some((node) => row === node || row.contains(node)))
      .map((row) => row.getAttribute('data-testid')!);
    const added = [...document.querySelectorAll('[data-testid^="post."]')].filter((row) => !watched.keptRows.includes(row)).map((row) => row.getAttribute('data-testid')!);
    return { kept: watched.keptRows.length, changedOrGone, added };
  });
}

const TEN_NEW = Array.from({ length: 10 }, (_, index) => `post.${FEED_ROWS + index}`);

test('ten rows appended by a tap draw ten new row elements and leave every drawn row as it was', async () => {
  const { device: phone } = device();
  assert.equal((await phone.show(validSpec(feed), { reset: true }) as { ok?: boolean }).ok, true);
  const changes = await watchRows(phone);
  assert.ok((await phone.tap({ testTag: 'more' })).ok);
  await phone.settled();
  assert.deepEqual(await changes(), { kept: FEED_ROWS, changedOrGone: [], added: TEN_NEW });
});

test('the same ten rows appended by a patch do the same', async () => {
  const { device: phone } = device();
  assert.equal((await phone.show(validSpec(feed), { reset: true }) as { ok?: boolean }).ok, true);
  const changes = await watchRows(phone);
  const rows = feed.data.next;
  assert.equal((await phone.patch('feed', [{ op: 'append', path: '/data/posts', value: rows, spread: true }]) as { ok?: boolean }).ok, true);
  await phone.settled();
  assert.deepEqual(await changes(), { kept: FEED_ROWS, changedOrGone: [], added: TEN_NEW });
});
