// A show or a patch sends a settle right behind it, so the settled() that follows costs no round
// trip of its own; any other change in between (a tap, a dismissal) and a settle already answered
// make settled() ask the page again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WebDevice } from '../../src/device/web-device.ts';
import { byTag, pageOf, useDevice, validSpec } from './helpers.ts';

const open = useDevice();

const FEED = validSpec({
  id: 'feed',
  window: { placement: { type: 'fullscreen' } },
  data: { rows: [{ title: 'First' }] },
  state: { taps: 0 },
  root: {
    type: 'column',
    children: [
      { type: 'button', label: 'Count', testTag: 'count', onTap: [{ type: 'increment', key: 'taps', by: 1 }] },
      { type: 'text', text: 'Taps {taps}', testTag: 'taps' },
      { type: 'column', repeat: { items: '/rows', as: 'row' }, children: [{ type: 'text', text: '{row.title}', testTag: 'row.{index}' }] },
    ],
  },
});

/** The settles settled() asks the page for while it runs. */
async function settlesAskedBy(device: WebDevice): Promise<number> {
  const calls = device as unknown as { devtools(method: string, params?: { expression?: string }): Promise<unknown> };
  const send = calls.devtools;
  let asked = 0;
  calls.devtools = (method, params) => {
    if (method === 'Runtime.evaluate' && params?.expression?.includes('protostage.settled(')) asked += 1;
    return send(method, params);
  };
  try {
    await device.settled();
  } finally {
    calls.devtools = send;
  }
  return asked;
}

test('settled() right after a show or a patch asks the page nothing more', async () => {
  const { device } = open();
  await device.show(FEED, { reset: true });
  assert.equal(await settlesAskedBy(device), 0, 'the settle sent behind the show answers');
  const patched = (await device.patch('feed', [{ op: 'append', path: '/data/rows', value: { title: 'Second' } }])) as { ok: boolean };
  assert.equal(patched.ok, true);
  assert.equal(await settlesAskedBy(device), 0, 'the settle sent behind the patch answers');
  assert.equal(byTag(await device.hierarchy(), 'row.1').text, 'Second');
});

/** Keeps the page from settling for a while (settled waits out a finite animation), so a settle sent ahead stays unanswered. */
async function keepMoving(device: WebDevice, ms: number): Promise<void> {
  await pageOf(device).evaluate((duration) => void document.body.animate([{ opacity: 1 }, { opacity: 1 }], { duration }), ms);
}

test('a tap or a dismissal after the show, or a settle already answered, makes settled() ask the page again', async () => {
  const { device } = open();
  await device.show(FEED, { reset: true });
  await device.settled();
  const count = byTag(await device.hierarchy(), 'count').bounds;

  await keepMoving(device, 1500);
  await device.show(FEED, { reset: true });
  // By its point: a tap by testTag waits for the screen to stop moving, and that settles.
  const tapped = await device.tap({ x: count.x + count.width / 2, y: count.y + count.height / 2 });
  assert.ok(tapped.ok);
  assert.equal(await settlesAskedBy(device), 1, 'the tap came after the settle sent ahead');
  assert.equal(byTag(await device.hierarchy(), 'taps').text, 'Taps 1');

  await keepMoving(device, 1500);
  await device.patch('feed', [{ op: 'append', path: '/data/rows', value: { title: 'Third' } }]);
  await device.dismiss('feed');
  assert.equal(await settlesAskedBy(device), 1, 'the dismissal came after the settle sent ahead');

  await device.show(FEED, { reset: true });
  await device.settled();
  assert.equal(await settlesAskedBy(device), 1, 'a settle sent ahead is used once');

  await device.show(FEED, { reset: true });
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(await settlesAskedBy(device), 1, 'a settle answered before settled() was called answers for an earlier moment');
});

test('a request the device refuses at once is on the screen a show settles to', async () => {
  const { device } = open();
  const spec = validSpec({
    id: 'refused',
    window: { placement: { type: 'fullscreen' } },
    state: { status: 'idle' },
    data: { answer: null },
    root: {
      type: 'column',
      onAppear: [{ type: 'request', via: 'device', url: 'http://127.0.0.1:9/nothing-here', into: '/answer', statusKey: 'status', timeoutMs: 5000 }],
      children: [{ type: 'text', text: 'Status {status}', testTag: 'status' }],
    },
  });
  for (let run = 0; run < 5; run++) {
    await device.show(spec, { reset: true });
    await device.settled();
    assert.equal(byTag(await device.hierarchy(), 'status').text, 'Status error', `show ${run}`);
  }
});
