// Charts and maps on the real web device (Chromium, real taps, drags and two-finger pinches): every
// row of a chart is a part that reads its values and whose tap writes the row index; a chart of a
// thousand rows is one plot part a tap picks the nearest row on; a map's markers are parts whose
// tap writes their id, and a drag pans, a pinch or the zoom buttons zoom the map.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import { byTag, readValidFixture, tapSettled, useDevice, validSpec } from './helpers.ts';

const open = useDevice();

const tap = (testTag: string) => tapSettled(open().device, testTag);

async function state(): Promise<Record<string, unknown>> {
  return ((await open().device.inspect()) as { prototypes: { state: Record<string, unknown> }[] }).prototypes[0]!.state;
}

const centre = (node: HierarchyNode) => ({ x: node.bounds.x + node.bounds.width / 2, y: node.bounds.y + node.bounds.height / 2 });

test('every chart row is a part reading its values; a tap writes its index and runs onTap', async () => {
  const { device, log } = open();
  await device.show(validSpec(readValidFixture('nodes-chart.json')), { reset: true });
  await device.settled();
  const hierarchy = await device.hierarchy();
  assert.equal(byTag(hierarchy, 'trend.point.0').text, 'Jan: Online 12, In store 20');
  assert.equal(byTag(hierarchy, 'stacked.bar.5').text, 'Jun: Online 38, In store 18');
  assert.equal(byTag(hierarchy, 'regions.slice.3').text, 'West: 80 (8%)');
  assert.equal(byTag(hierarchy, 'trend').text, 'Line chart, 6 rows');
  // Row bands lie left to right in row order.
  assert.ok(centre(byTag(hierarchy, 'trend.point.1')).x > centre(byTag(hierarchy, 'trend.point.0')).x);
  const since = log.events.length;
  await tap('trend.point.4');
  assert.equal((await state()).month, 4);
  assert.equal(byTag(await device.hierarchy(), 'picked').text, 'Picked month: 4');
  assert.equal(byTag(await device.hierarchy(), 'trend.point.4').selected, true);
  await log.next((event) => event.kind === 'emit' && event.name === 'month_picked', since);
  await tap('regions.slice.1');
  assert.equal((await state()).region, 1);
  assert.equal(byTag(await device.hierarchy(), 'regions.slice.1').selected, true);
});

test('a chart drawn from data follows a data write, and a thousand rows are one plot part a tap picks the nearest row on', async () => {
  const { device } = open();
  const rows = Array.from({ length: 1000 }, (_, i) => ({ t: `t${i}`, v: Math.sin(i / 50) * 10 }));
  const spec = {
    id: 'long-chart',
    window: { placement: { type: 'fullscreen' } },
    state: { at: -1 },
    data: { series: rows },
    root: {
      type: 'column',
      children: [
        { type: 'chart', kind: 'line', rows: '/series', x: 't', series: [{ field: 'v' }], stateKey: 'at', testTag: 'long', style: { height: { dp: 200 } } },
        { type: 'button', label: 'Trim', testTag: 'trim', onTap: [{ type: 'setData', path: '/series', value: { value: rows.slice(0, 3) } }] },
      ],
    },
  };
  await device.show(validSpec(spec), { reset: true });
  await device.settled();
  const hierarchy = await device.hierarchy();
  assert.ok(!hierarchy.some((node) => node.testTag === 'long.point.0'), 'no part per row past 100 rows');
  const plot = byTag(hierarchy, 'long.plot');
  assert.ok((await device.tap({ x: plot.bounds.x + plot.bounds.width * 0.25, y: centre(plot).y })).ok);
  await device.settled();
  const picked = (await state()).at as number;
  assert.ok(picked >= 240 && picked <= 260, `a tap a quarter across picks a row near 250, got ${picked}`);
  await tap('trim');
  const trimmed = await device.hierarchy();
  assert.equal(byTag(trimmed, 'long').text, 'Line chart, 3 rows');
  assert.ok(trimmed.some((node) => node.testTag === 'long.point.2'));
});

test('a map marker tap writes its id; a drag pans, a pinch and the zoom buttons zoom', async () => {
  const { device, log } = open();
  await device.show(validSpec(readValidFixture('nodes-map.json')), { reset: true });
  await device.settled();
  const since = log.events.length;
  await tap('stores_map.marker.rome');
  assert.equal((await state()).store, 'rome');
  assert.equal(byTag(await device.hierarchy(), 'picked_store').text, 'Picked: rome');
  await log.next((event) => event.kind === 'emit' && event.name === 'store_picked', since);

  const berlin = () => device.hierarchy().then((nodes) => centre(byTag(nodes, 'stores_map.marker.berlin')));
  const spread = async () => {
    const nodes = await device.hierarchy();
    const a = centre(byTag(nodes, 'stores_map.marker.berlin'));
    const b = centre(byTag(nodes, 'stores_map.marker.rome'));
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const before = await berlin();
  const start = centre(byTag(await device.hierarchy(), 'stores_map'));
  await device.touch('start', start);
  for (let step = 1; step <= 6; step++) await device.touch('move', { x: start.x - step * 10, y: start.y });
  await device.touch('end');
  await device.settled();
  const after = await berlin();
  assert.ok(Math.abs(before.x - after.x - 60) < 2, `a 60 dp drag to the left moves Berlin 60 dp left: ${before.x} → ${after.x}`);
  assert.ok(Math.abs(after.y - before.y) < 2, 'and not up or down');
  assert.equal((await state()).store, 'rome', 'a drag over the markers chooses none');

  const map = byTag(await device.hierarchy(), 'stores_map');
  const mid = centre(map);
  const wide = await spread();
  await device.fingers('start', [{ x: mid.x - 30, y: mid.y }, { x: mid.x + 30, y: mid.y }]);
  for (let step = 1; step <= 8; step++) await device.fingers('move', [{ x: mid.x - 30 - step * 3.75, y: mid.y }, { x: mid.x + 30 + step * 3.75, y: mid.y }]);
  await device.fingers('end', []);
  await device.settled();
  const pinched = await spread();
  assert.ok(Math.abs(pinched / wide - 2) < 0.2, `spreading two fingers to twice their distance doubles the map: ${wide} → ${pinched}`);

  await tap('stores_map.zoomOut');
  const out = await spread();
  assert.ok(Math.abs(out / pinched - 0.5) < 0.05, `zoom out halves it: ${pinched} → ${out}`);
});
