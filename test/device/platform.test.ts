// Platform calls on the real web device (Chromium, real taps): the share sheet lists its preview
// and targets, a target completes the share and a cancel fails it, the browser sheet names the
// page a link opens and closes, a tap behind an open sheet is refused as covered, haptics and
// sounds land in inspect's feedbackLog, and a dismissal takes the sheet away.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { readExample } from '../examples/examples.ts';
import { byTag, tapSettled, useDevice, validSpec } from './helpers.ts';

const open = useDevice();
const CONTACT = validSpec(readExample('contact.json'));

async function tags(): Promise<string[]> {
  return (await open().device.hierarchy()).map((node) => node.testTag ?? '').filter((tag) => tag !== '');
}

async function inspected(): Promise<{ state: Record<string, unknown>; data: Record<string, any>; feedbackLog?: Array<{ call: string; name: string }> }> {
  return ((await open().device.inspect()) as { prototypes: any[] }).prototypes[0];
}

const tap = (testTag: string) => tapSettled(open().device, testTag);

test('Share contact opens the sheet with the vCard preview; Messages completes the share into data and plays a sound', async () => {
  const { device, log } = open();
  await device.show(CONTACT, { reset: true });
  await tap('contact_share');
  const listed = await tags();
  for (const tag of ['share.preview', 'share.target.messages', 'share.target.mail', 'share.target.copy', 'share.target.drive', 'share.cancel']) assert.ok(listed.includes(tag), `${tag} in ${listed.join(', ')}`);
  assert.equal(byTag(await device.hierarchy(), 'share.preview').text, 'Ana Lima, vCard');
  const covered = await device.tap({ testTag: 'contact_favourite' });
  assert.equal(covered.ok, false, 'the sheet covers the card');
  const since = log.events.length;
  await tap('share.target.messages');
  const done = await log.next((event) => event.name === 'prototype_platform' && (event.payload as { call: string }).call === 'share.open', since);
  assert.equal((done.payload as { ok: boolean }).ok, true);
  const snapshot = await inspected();
  assert.equal(snapshot.state.shareStatus, 'success');
  assert.deepEqual([snapshot.data.shared.contact.outcome, snapshot.data.shared.contact.target, snapshot.data.shared.contact.items.contact], ['shared', 'messages', true]);
  assert.deepEqual(snapshot.feedbackLog?.map((entry) => [entry.call, entry.name]), [['sound.play', 'success']]);
  assert.ok(!(await tags()).includes('share.cancel'), 'the sheet is gone');
  assert.equal(byTag(await device.hierarchy(), 'contact_shared').text, 'Shared with messages');
});

test('Cancel fails the share as cancelled and shows Not shared; a dismissal takes an open sheet away', async () => {
  const { device } = open();
  await device.show(CONTACT, { reset: true });
  await tap('contact_share');
  await tap('share.cancel');
  assert.equal((await inspected()).state.shareStatus, 'error');
  assert.equal((await inspected()).data.shared.contact.code, 'cancelled');
  assert.ok((await tags()).includes('contact_not_shared'));
  await tap('contact_share');
  await device.dismiss('all');
  await device.settled();
  assert.ok(!(await tags()).includes('share.cancel'));
});

test('the website opens the browser sheet naming the page; Close, or another prototype, takes it away; the phone link is unavailable; Favourite buzzes', async () => {
  const { device } = open();
  await device.show(CONTACT, { reset: true });
  await tap('contact_site');
  assert.equal(byTag(await device.hierarchy(), 'browser.url').text, 'https://example.com/ana');
  await tap('browser.close');
  assert.ok(!(await tags()).includes('browser.url'));
  await tap('contact_site');
  await device.show(validSpec({ ...(readExample('contact.json') as object), id: 'another' }));
  await device.settled();
  assert.ok(!(await tags()).includes('browser.url'), 'another prototype closes the browser sheet');
  await device.show(CONTACT, { reset: true });
  await tap('contact_phone');
  assert.equal((await inspected()).data.shared.call.code, 'unavailable');
  await tap('contact_favourite');
  const log = (await inspected()).feedbackLog!.map((entry) => [entry.call, entry.name]);
  assert.deepEqual(log, [['haptics.perform', 'light'], ['haptics.perform', 'success']]);
});

test('taking the device offline shows what reads /platform/connectivity at once, sends connectivity.changed, and fails its own requests as network', async () => {
  const { device, log } = open();
  const weather = readExample('weather.json') as { root: unknown };
  const viaDevice = JSON.parse(JSON.stringify(weather).replaceAll('"type":"request"', '"type":"request","via":"device"'));
  await device.show(validSpec(viaDevice), { reset: true });
  await device.settled();
  assert.ok(!(await tags()).includes('weather_offline'));
  const since = log.events.length;
  await device.configure({ offline: true });
  await device.settled();
  assert.ok((await tags()).includes('weather_offline'), 'the offline note shows at once');
  assert.equal(device.report().offline, true);
  const changed = await log.next((event) => event.name === 'connectivity.changed', since);
  assert.deepEqual(changed.payload, { online: false, type: 'none' });
  await tap('weather_retry');
  assert.ok(await device.requestsIdle(5000));
  const meta = (await inspected()).data.weather__meta as { code: string; message: string };
  assert.deepEqual([meta.code, meta.message], ['network', 'the device is offline']);
  await device.configure({ offline: false });
  await device.settled();
  assert.ok(!(await tags()).includes('weather_offline'));
});

test('the cast button toggles its key and shows the connected icon; the paste button writes the clipboard the device holds', async () => {
  const { device, log } = open();
  await device.show(validSpec(JSON.parse(readFileSync(new URL('../fixtures/prototype-spec/valid/nodes-cast-paste.json', import.meta.url), 'utf8'))), { reset: true });
  await tap('cast');
  assert.equal((await inspected()).state.casting, true);
  assert.equal(byTag(await device.hierarchy(), 'cast').text, 'Casting');
  assert.equal(byTag(await device.hierarchy(), 'cast_state').text, 'Casting: true');
  await device.configure({ clipboard: '482913' });
  const since = log.events.length;
  await tap('paste');
  assert.equal((await inspected()).state.code, '482913');
  assert.equal(byTag(await device.hierarchy(), 'code').text, '482913');
  await log.next((event) => event.name === 'pasted', since);
  assert.equal(device.report().clipboard, '482913');
});
