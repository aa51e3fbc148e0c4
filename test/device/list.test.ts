// The lazy list in Chromium: only rows near the screen are drawn, observe reports the rows on
// screen and the total, every row is reachable by swiping and by tapOn, header and footer frame
// the rows, and the first row on screen stays put across a prepend (also at the very top).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import type { WebDevice } from '../../src/device/web-device.ts';
import { byTag, pageOf, useDevice, validSpec } from './helpers.ts';

const ROWS = 900;
const rows = (count: number, from = 0) => Array.from({ length: count }, (_, index) => ({ id: `r${from + index}`, title: `Row ${from + index}` }));

function listSpec(extra: Record<string, unknown> = {}) {
  return validSpec({
    id: 'lazy',
    window: { placement: { type: 'fullscreen' } },
    state: { picked: '' },
    data: { rows: rows(ROWS), newer: rows(3, -3), newest: rows(3, -6) },
    root: {
      type: 'column',
      style: { height: 'fill' },
      children: [
        {
          type: 'row',
          children: [
            { type: 'button', label: 'Newer', testTag: 'newer', onTap: [{ type: 'prependData', path: '/rows', value: { data: '/newer' }, spread: true }] },
            { type: 'button', label: 'Newest', testTag: 'newest', onTap: [{ type: 'prependData', path: '/rows', value: { data: '/newest' }, spread: true }] },
          ],
        },
        {
          type: 'list',
          testTag: 'list',
          style: { weight: 1 },
          repeat: { items: '/rows', as: 'row', key: 'id' },
          children: [{
            type: 'row', testTag: 'row.{row.id}', style: { width: 'fill', padding: { start: 16, end: 16, top: 18, bottom: 18 } },
            onTap: [{ type: 'setState', key: 'picked', value: '{row.id}' }],
            children: [{ type: 'text', text: '{row.title}' }],
          }],
          ...extra,
        },
      ],
    },
  });
}

const device = useDevice();

const rowNodes = (hierarchy: HierarchyNode[]) => hierarchy.filter((node) => /^row\.r-?\d+$/.test(node.testTag ?? ''));

async function show(phone: WebDevice, spec: unknown): Promise<HierarchyNode[]> {
  assert.equal(((await phone.show(spec, { reset: true })) as { ok?: boolean }).ok, true);
  return (await phone.observe()).hierarchy;
}

/** Observes until two looks agree (a fling goes on after the finger lifts). */
async function settledHierarchy(phone: WebDevice): Promise<HierarchyNode[]> {
  let previous = '';
  for (let look = 0; look < 60; look++) {
    const hierarchy = (await phone.observe()).hierarchy;
    const now = JSON.stringify(rowNodes(hierarchy).map((node) => [node.testTag, node.bounds]));
    if (now === previous) return hierarchy;
    previous = now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the list never came to rest');
}

test('a 900-row list draws only the rows near the screen; observe lists the rows on screen and the total', async () => {
  const { device: phone } = device();
  const hierarchy = await show(phone, listSpec());
  const list = byTag(hierarchy, 'list');
  const onScreen = rowNodes(hierarchy);
  assert.ok(onScreen.length > 5 && onScreen.length < 30, `${onScreen.length} rows observed`);
  assert.deepEqual(onScreen[0]!.testTag, 'row.r0');
  assert.deepEqual(list.list, { total: ROWS, first: 0, last: onScreen.length - 1 });
  for (const row of onScreen) assert.ok(row.bounds.y >= list.bounds.y && row.bounds.y < list.bounds.y + list.bounds.height);
  const drawn = await pageOf(phone).evaluate(() => document.querySelectorAll('.ps-list-item').length);
  assert.ok(drawn < onScreen.length + 20, `${drawn} rows drawn in the page for ${onScreen.length} on screen`);
});

test('tapOn scrolls a row that was never drawn into view and taps it; a swipe scrolls on; the footer follows the last row', async () => {
  const { device: phone, log } = device();
  await show(phone, listSpec({ footer: { type: 'text', text: 'The end', testTag: 'footer' } }));
  const since = log.events.length;
  const tapped = await phone.tap({ testTag: 'row.r640' });
  assert.ok(tapped.ok, JSON.stringify(tapped));
  await log.next((event) => event.kind === 'change' && event.state.picked === 'r640', since);
  const around = byTag(await settledHierarchy(phone), 'list').list!;
  assert.ok(around.first <= 640 && around.last >= 640, JSON.stringify(around));
  assert.ok((await phone.swipe('up', 'list')).ok);
  const further = byTag(await settledHierarchy(phone), 'list').list!;
  assert.ok(further.first > around.first, `a swipe up scrolls on: ${JSON.stringify(further)}`);
  assert.ok((await phone.tap({ testTag: 'footer' })).ok, 'the footer is reached after the last row');
  const hierarchy = await settledHierarchy(phone);
  assert.equal(byTag(hierarchy, 'list').list!.last, ROWS - 1);
  const last = byTag(hierarchy, `row.r${ROWS - 1}`);
  assert.ok(byTag(hierarchy, 'footer').bounds.y >= last.bounds.y + last.bounds.height, 'the footer follows the last row');
});

test('a prepend keeps the first row on screen where it was, in the middle and at the very top', async () => {
  const { device: phone } = device();
  await show(phone, listSpec({ header: { type: 'text', text: 'Inbox', testTag: 'header' } }));
  assert.ok(byTag(await phone.observe().then((look) => look.hierarchy), 'header'), 'the header is above the first row');
  const topBefore = byTag((await phone.observe()).hierarchy, 'row.r0').bounds.y;
  assert.ok((await phone.tap({ testTag: 'newer' })).ok);
  let hierarchy = await settledHierarchy(phone);
  assert.equal(byTag(hierarchy, 'row.r0').bounds.y, topBefore, 'at the top, the first row stays on screen; the new rows are above it');
  assert.equal(byTag(hierarchy, 'list').list!.total, ROWS + 3);
  assert.equal(hierarchy.some((node) => node.testTag === 'row.r-3'), false, 'the new rows are above the screen (where the header was, the last one shows)');

  assert.ok((await phone.swipe('up', 'list')).ok);
  hierarchy = await settledHierarchy(phone);
  const first = rowNodes(hierarchy).find((node) => node.bounds.y > byTag(hierarchy, 'list').bounds.y + 1)!;
  assert.ok((await phone.tap({ testTag: 'newest' })).ok);
  hierarchy = await settledHierarchy(phone);
  assert.equal(byTag(hierarchy, first.testTag!).bounds.y, first.bounds.y, `${first.testTag} stays where it was`);
});

// A modal declared in a row template belongs to its row, drawn or not: it must open, never leave
// the page locked behind a dialog that draws nothing.
test('a dialog declared in a lazy row template opens while its row is far off screen, and closes', async () => {
  const { device: phone, log } = device();
  const spec = validSpec({
    id: 'lazy-dialog', window: { placement: { type: 'fullscreen' } }, data: { rows: rows(200) },
    state: Object.fromEntries(rows(200).map((row) => [`confirm_${row.id}`, false])),
    root: { type: 'column', style: { height: 'fill' }, children: [
      { type: 'button', label: 'Ask about 180', testTag: 'ask', onTap: [{ type: 'setState', key: 'confirm_r180', value: true }] },
      { type: 'list', testTag: 'list', style: { weight: 1 }, repeat: { items: '/rows', as: 'row', key: 'id' }, children: [
        { type: 'text', text: '{row.title}', testTag: 'row.{row.id}' },
        { type: 'dialog', testTag: 'dialog.{row.id}', openWhen: { key: 'confirm_{row.id}', equals: true }, title: 'Delete {row.title}?', confirm: { label: 'Delete', onTap: [{ type: 'emit', name: 'deleted' }] } },
      ] },
    ] },
  });
  await show(phone, spec);
  assert.ok((await phone.tap({ testTag: 'ask' })).ok);
  await phone.settled();
  const open = (await phone.observe()).hierarchy;
  assert.equal(byTag(open, 'dialog.r180').text, 'Delete Row 180?');
  assert.ok(!open.some((node) => node.testTag === 'row.r180'), 'its row is still off screen');
  const since = log.events.length;
  assert.ok((await phone.tap({ text: 'Delete' })).ok);
  assert.deepEqual((await log.next((event) => event.kind === 'change', since)).payload, { key: 'confirm_r180', value: false });
  await phone.settled();
  assert.ok((await phone.observe()).hierarchy.some((node) => node.testTag === 'ask'), 'the page is back');
});

/** A plain long list in a scroll (not the lazy list): its rows may skip and be withheld. */
function scrollSpec(id: string, count: number) {
  return validSpec({
    id,
    window: { placement: { type: 'fullscreen' } },
    state: { picked: -1 },
    root: {
      type: 'column',
      children: [{
        type: 'scroll',
        child: {
          type: 'column',
          children: Array.from({ length: count }, (_, index) => ({
            type: 'row',
            testTag: `plain.${index}`,
            style: { padding: { top: 18, bottom: 18, start: 16, end: 16 } },
            onTap: [{ type: 'setState', key: 'picked', value: index }],
            children: [{ type: 'text', text: `Plain row ${index}` }],
          })),
        },
      }],
    },
  });
}

const builtPlainRows = (phone: WebDevice) => pageOf(phone).evaluate(() => document.querySelectorAll('[data-testid^="plain."]').length);

test('a long scroll builds the rows of its first screens in the show, the rest when idle; the screen and observe are those of every row', async () => {
  const { device: phone } = device();
  // Shown and counted in one page call, before the page has had an idle moment.
  const { built, screens } = await pageOf(phone).evaluate(async (spec) => {
    window.protostage.show(spec, { reset: true });
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    const rows = document.querySelectorAll('[data-testid^="plain."]');
    return { built: rows.length, screens: rows[rows.length - 1]!.getBoundingClientRect().bottom / innerHeight };
  }, scrollSpec('withheld', 600) as never);
  assert.ok(built < 600 && screens >= 1.25, `${built} of 600 rows built by the show, reaching ${screens} screens down`);
  const withheld = await phone.observe();
  // Every row built and drawn, the screen must not change.
  await pageOf(phone).evaluate(() => window.protostage.drawOffscreen());
  assert.equal(await builtPlainRows(phone), 600);
  const whole = await phone.observe();
  assert.deepEqual(withheld.hierarchy, whole.hierarchy);
  assert.ok(withheld.screenshot.equals(whole.screenshot), 'the screen is the same with every row built');
  // Left alone, the page builds the rest in its idle moments.
  await phone.show(scrollSpec('idle', 600), { reset: true });
  let count = 0;
  for (let look = 0; look < 100 && count < 600; look++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    count = await builtPlainRows(phone);
  }
  assert.equal(count, 600, 'every row is built without any input');
});

test('a long scroll builds none of its withheld rows in the first moments after the show, so a show that follows at once does not wait for them', async () => {
  const { device: phone } = device();
  const [first, later] = await pageOf(phone).evaluate(async (spec) => {
    const rows = '[data-testid^="plain."]';
    window.protostage.show(spec, { reset: true });
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    const drawn = document.querySelectorAll(rows).length;
    // Idle moments come within a frame or two on a page with nothing else to do.
    await new Promise((resolve) => setTimeout(resolve, 150));
    return [drawn, document.querySelectorAll(rows).length];
  }, scrollSpec('quiet', 600) as never);
  assert.ok(first < 600, `${first} of 600 rows built by the show`);
  assert.equal(later, first, 'no idle step ran in the first 150 ms');
});

test('tapOn a row a long scroll withheld from its first draw builds it, scrolls to it and taps it', async () => {
  const { device: phone, log } = device();
  const since = log.events.length;
  await pageOf(phone).evaluate((spec) => window.protostage.show(spec, { reset: true }), scrollSpec('far', 600) as never);
  const tapped = await phone.tap({ testTag: 'plain.555' });
  assert.ok(tapped.ok, JSON.stringify(tapped));
  await log.next((event) => event.kind === 'change' && event.state.picked === 555, since);
});

/** A repeat one level down in a scroll (a header above it), its rows spaced 4 dp apart: drawn in chunks when long. */
function chunkedSpec(id: string, count = 100) {
  const items = Array.from({ length: count }, (_, index) => ({ id: `c${index}`, title: `${'Item '.repeat(1 + (index % 4))}${index}` }));
  return validSpec({
    id,
    window: { placement: { type: 'fullscreen' } },
    state: { picked: '' },
    data: { items, more: [{ id: 'c100', title: 'Item 100' }, { id: 'c101', title: 'Item 101' }] },
    root: {
      type: 'column',
      style: { height: 'fill' },
      children: [
        { type: 'button', label: 'More', testTag: 'more', onTap: [{ type: 'appendData', path: '/items', value: { data: '/more' }, spread: true }] },
        { type: 'scroll', style: { weight: 1 }, child: { type: 'column', style: { spacing: 8 }, children: [
          { type: 'text', text: 'Header' },
          { type: 'column', style: { spacing: 4 }, repeat: { items: '/items', as: 'item', key: 'id' }, children: [
            { type: 'text', text: '{item.title}', testTag: 'item.{item.id}', onTap: [{ type: 'setState', key: 'picked', value: '{item.id}' }] },
          ] },
        ] } },
      ],
    },
  });
}

test('a long repeat drawn in chunks places its rows as one column does; tapOn reaches a far row; an append leaves the drawn rows as they are', async () => {
  const { device: phone, log } = device();
  await phone.show(chunkedSpec('chunks'), { reset: true });
  await phone.settled();
  const page = pageOf(phone);
  assert.equal(await page.evaluate(() => document.querySelectorAll('.ps-chunk').length), 4, '100 rows in chunks of 32');
  await page.evaluate(() => window.protostage.drawOffscreen());
  await phone.settled();
  // Bounds of every row, read from the page whatever the scroll shows.
  const boxes = () => page.evaluate(() => [...document.querySelectorAll('[data-testid^="item."]')].map((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x, top: box.top, bottom: box.bottom };
  }));
  const drawn = await boxes();
  assert.equal(drawn.length, 100);
  const gaps = drawn.slice(1).map((box, index) => Math.round((box.top - drawn[index]!.bottom) * 100) / 100);
  // Each row is a touch target, 48 dp tall around its text, and the targets are 4 dp apart.
  assert.equal(new Set(gaps).size, 1, `the same gap within a chunk and across chunks: ${[...new Set(gaps)].join(', ')}`);
  const chunkedScreen = (await phone.observe()).screenshot;

  // The same list one chunk long is drawn without chunks: its rows and the screen are the same.
  await phone.show(chunkedSpec('one-chunk', 32), { reset: true });
  await phone.settled();
  assert.equal(await page.evaluate(() => document.querySelectorAll('.ps-chunk').length), 0);
  assert.deepEqual(await boxes(), drawn.slice(0, 32));
  assert.ok((await phone.observe()).screenshot.equals(chunkedScreen), 'the screen is the same');
  await phone.show(chunkedSpec('chunks-again'), { reset: true });
  await phone.settled();

  const since = log.events.length;
  assert.ok((await phone.tap({ testTag: 'item.c97' })).ok);
  await log.next((event) => event.kind === 'change' && event.state.picked === 'c97', since);

  await page.evaluate(() => document.querySelectorAll('[data-testid^="item."]').forEach((element) => ((element as unknown as { kept: boolean }).kept = true)));
  assert.ok((await phone.tap({ testTag: 'more' })).ok);
  await phone.settled();
  const after = await page.evaluate(() => [...document.querySelectorAll('[data-testid^="item."]')].map((element) => (element as unknown as { kept?: boolean }).kept === true));
  assert.equal(after.length, 102);
  assert.equal(after.filter(Boolean).length, 100, 'the rows drawn before are the same elements');
  assert.equal(await page.evaluate(() => document.querySelectorAll('.ps-chunk').length), 4);
});
