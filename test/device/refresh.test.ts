// Pull-to-refresh in Chromium: a downward swipe at the top of the scroll writes the key true and
// runs onRefresh, the indicator is drawn while the key is true, a pull then is ignored, and
// writing false takes the indicator away.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { differingPixels, useDevice, validSpec } from './helpers.ts';

const phone = useDevice();

const spec = validSpec({
  id: 'refresh',
  window: { placement: { type: 'fullscreen' } },
  motion: 'none',
  state: { loading: false },
  root: {
    type: 'scroll', testTag: 'list', style: { height: 'fill', background: 'surface' },
    refresh: { stateKey: 'loading', onRefresh: [{ type: 'emit', name: 'reload' }] },
    child: { type: 'column', children: Array.from({ length: 30 }, (_, index) => ({ type: 'listItem', headline: `Row ${index}`, testTag: `row${index}` })) },
  },
});

test('a pull at the top refreshes once; the indicator shows until the key is false', async () => {
  const { device, log } = phone();
  assert.ok(((await device.show(spec, { reset: true })) as { ok: boolean }).ok);
  const idle = (await device.observe()).screenshot;
  const since = log.events.length;
  assert.ok((await device.swipe('down', 'list')).ok);
  await log.next((event) => event.kind === 'emit' && event.name === 'reload', since);
  assert.deepEqual(log.events.slice(since).map((event) => [event.kind, event.payload]), [['change', { key: 'loading', value: true }], ['emit', null]]);
  const refreshing = (await device.observe()).screenshot;
  const drawn = differingPixels(refreshing, idle);
  assert.ok(drawn > 40, `the indicator is drawn (${drawn} pixels differ)`);
  assert.ok((await device.swipe('down', 'list')).ok);
  await device.settled();
  assert.equal(log.events.length, since + 2, 'a pull while refreshing is ignored');
  assert.equal(((await device.patch('refresh', [{ op: 'set', path: '/state/loading', value: false }])) as { ok: boolean }).ok, true);
  assert.equal(differingPixels((await device.observe()).screenshot, idle), 0, 'the indicator is gone');
});

test('a swipe down below the top scrolls back up instead of refreshing', async () => {
  const { device, log } = phone();
  assert.ok(((await device.show(spec, { reset: true })) as { ok: boolean }).ok);
  await device.wheel({ x: 200, y: 500 }, 0, 300);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const since = log.events.length;
  assert.ok((await device.swipe('down', 'list')).ok);
  await device.settled();
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.deepEqual(log.events.slice(since), []);
});
