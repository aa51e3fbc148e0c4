// Adaptive layouts in Chromium, through examples/mail.json (a navigation suite around a
// list-detail whose detail has a supporting pane) on a phone and a tablet: which panes show at
// each width class, Back in a compact list-detail, the supporting pane as a sheet or a side pane,
// the bar and the rail, a rotation that switches the layout with the state kept, and the list's
// swipe to archive and long press to star.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import type { WebDevice } from '../../src/device/web-device.ts';
import { byTag, useDevices, validSpec, type OpenDevice } from './helpers.ts';

const MAIL = validSpec(JSON.parse(readFileSync(new URL('../../examples/mail.json', import.meta.url), 'utf8')));
const devices = useDevices({}, { profile: 'tablet' });
const [phone, tablet] = [0, 1].map((index) => () => devices()[index]!);

const tags = (hierarchy: HierarchyNode[]) => new Set(hierarchy.map((node) => node.testTag).filter((tag): tag is string => tag !== null));

async function show(device: WebDevice): Promise<HierarchyNode[]> {
  assert.equal(((await device.show(MAIL, { reset: true })) as { ok?: boolean }).ok, true);
  return (await device.observe()).hierarchy;
}

/**
 * The hierarchy once `ready` holds, observed again while it does not (up to 2 s): a viewport
 * resize reaches the page as an event of its own, which a settle right after it may precede.
 */
async function observeOnce(device: WebDevice, ready: (hierarchy: HierarchyNode[]) => boolean): Promise<HierarchyNode[]> {
  let hierarchy: HierarchyNode[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    await device.settled();
    hierarchy = (await device.observe()).hierarchy;
    if (ready(hierarchy)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return hierarchy;
}

/** Taps a node and waits for the change event of `key` and for the screen to settle (panes fade in). */
async function tapFor(open: OpenDevice, testTag: string, key: string) {
  const since = open.log.events.length;
  const tapped = await open.device.tap({ testTag });
  assert.ok(tapped.ok, JSON.stringify(tapped));
  const writes = (event: { payload: unknown }) => {
    const payload = event.payload as { key?: string; keys?: string[] };
    return payload.key === key || (payload.keys ?? []).includes(key);
  };
  const event = await open.log.next((event) => event.kind === 'change' && writes(event), since);
  await open.device.settled();
  return event;
}

test('a compact list-detail shows the list, then the detail alone; Back clears the selection and shows the list again', async () => {
  const { device } = phone();
  const list = tags(await show(device));
  assert.ok(list.has('mail_row.m1') && !list.has('mail_pick'), 'the list pane alone');
  const opened = await tapFor(phone(), 'mail_row.m2', 'open');
  assert.equal(opened.state.open, 'm2');
  const detail = await device.observe();
  assert.equal(byTag(detail.hierarchy, 'mail_subject').text, 'The compiler works');
  assert.equal(tags(detail.hierarchy).has('mail_row.m1'), false, 'the list is hidden behind the detail');
  const since = phone().log.events.length;
  assert.deepEqual(await device.pressBack(), { ok: true, back: 'pane' });
  const cleared = await phone().log.next((event) => event.kind === 'change', since);
  assert.deepEqual(cleared.payload, { key: 'open', value: '' });
  assert.ok(tags((await device.observe()).hierarchy).has('mail_row.m1'));
  assert.deepEqual(await device.pressBack(), { ok: true, back: null }, 'nothing left to go back from');
});

test('an expanded list-detail shows both panes side by side, the list 360 dp wide; a rail holds the destinations at the start edge', async () => {
  const hierarchy = await show(tablet().device);
  const row = byTag(hierarchy, 'mail_row.m1').bounds;
  const pick = byTag(hierarchy, 'mail_pick').bounds;
  const inbox = byTag(hierarchy, 'mail_nav.inbox').bounds;
  assert.ok(inbox.x + inbox.width <= row.x && row.x + row.width <= pick.x, 'rail, then list, then detail');
  assert.equal(row.width, 360);
  assert.ok(byTag(hierarchy, 'mail_nav.sent').bounds.y > inbox.y, 'the rail is a column');
  assert.deepEqual(await tablet().device.pressBack(), { ok: true, back: null }, 'an expanded list-detail has no pane to go back from');
});

test('a compact navigation suite has a bottom bar; choosing a destination writes its value and shows its rows', async () => {
  const hierarchy = await show(phone().device);
  const sent = byTag(hierarchy, 'mail_nav.sent');
  assert.ok(sent.bounds.y > byTag(hierarchy, 'mail_row.m3').bounds.y, 'the bar is below the content');
  assert.equal(byTag(hierarchy, 'mail_nav.inbox').selected, true);
  const chosen = await tapFor(phone(), 'mail_nav.sent', 'folder');
  assert.equal(chosen.state.folder, 'sent');
  const now = await phone().device.observe();
  assert.deepEqual([byTag(now.hierarchy, 'mail_nav.sent').selected, tags(now.hierarchy).has('mail_row.m4'), tags(now.hierarchy).has('mail_row.m1')], [true, true, false]);
});

test('the supporting pane: a sheet on a phone that Back closes, a side pane at the end edge on a tablet', async () => {
  await show(phone().device);
  await tapFor(phone(), 'mail_row.m1', 'open');
  await tapFor(phone(), 'mail_info', 'info');
  const sheet = (await phone().device.observe()).hierarchy;
  assert.equal(byTag(sheet, 'mail_sender').text, 'Ada Lovelace');
  assert.ok(byTag(sheet, 'mail_sender').bounds.y > 915 / 3, 'in a sheet in the lower half');
  assert.deepEqual(await phone().device.pressBack(), { ok: true, back: 'sheet' });
  assert.equal(tags((await phone().device.observe()).hierarchy).has('mail_sender'), false);

  await show(tablet().device);
  await tapFor(tablet(), 'mail_row.m3', 'open');
  await tapFor(tablet(), 'mail_info', 'info');
  const side = (await tablet().device.observe()).hierarchy;
  const sender = byTag(side, 'mail_sender').bounds;
  assert.ok(sender.x >= 1280 - 360 && sender.x > byTag(side, 'mail_body').bounds.x, 'beside the reader, at the end edge');
});

test('rotating a phone to landscape (915 dp wide) switches to the expanded layout with the state kept, and back', async () => {
  const { device } = phone();
  const page = (device as unknown as { page: Page }).page;
  await show(device);
  await tapFor(phone(), 'mail_row.m2', 'open');
  try {
    await page.setViewportSize({ width: 915, height: 412 });
    const wide = await observeOnce(device, (hierarchy) => tags(hierarchy).has('mail_subject') && tags(hierarchy).has('mail_row.m1'));
    assert.ok(tags(wide).has('mail_row.m1') && byTag(wide, 'mail_subject').text === 'The compiler works', 'list and detail side by side, the same mail open');
    assert.ok(tags(wide).has('mail_nav.inbox') && byTag(wide, 'mail_nav.inbox').bounds.x < byTag(wide, 'mail_row.m1').bounds.x, 'a rail at the start');
  } finally {
    await page.setViewportSize({ width: 412, height: 915 });
  }
  const narrow = await observeOnce(device, (hierarchy) => !tags(hierarchy).has('mail_row.m1'));
  assert.deepEqual([tags(narrow).has('mail_row.m1'), byTag(narrow, 'mail_subject').text], [false, 'The compiler works'], 'the detail alone again');
});

test('the mail list: a swipe right and Archive move a mail out of the inbox; a long press stars one', async () => {
  const open = phone();
  assert.ok(tags(await show(open.device)).has('mail_row.m2'));
  assert.ok((await open.device.swipe('right', 'mail_row.m2')).ok);
  // The row slides open after the finger lifts: tap its button once it is there, as a person would.
  await open.device.settled();
  const since = open.log.events.length;
  assert.ok((await open.device.tap({ testTag: 'mail_row.m2.swipe.0' })).ok);
  assert.equal((await open.log.next((event) => event.kind === 'emit', since)).name, 'mail_archived.m2');
  await open.device.settled();
  assert.ok(!tags((await open.device.observe()).hierarchy).has('mail_row.m2'), 'an archived mail leaves the inbox');
  const held = open.log.events.length;
  assert.ok((await open.device.tap({ testTag: 'mail_row.m3' }, 'longPress')).ok);
  assert.equal((await open.log.next((event) => event.kind === 'emit', held)).name, 'mail_starred.m3');
  assert.ok(!open.log.events.slice(held).some((event) => event.kind === 'change' && (event.payload as { key?: string }).key === 'open'), 'the long press did not also open the mail');
});
