/**
 * Charts, maps, video players and camera previews in the runtime: a chart's rows come from literal
 * rows or the data (and follow a data write), a row pick writes its index then runs onTap; a marker
 * pick writes its id and an unknown id writes nothing; playback writes playingKey and only the end
 * runs onEnded; a capture writes the asset id, which an image's assetKey then draws.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';
import type { ChartNode, ImageNode, MapNode, RenderNode, VideoPlayerNode } from '../../src/runtime/model.ts';

function child<T extends RenderNode>(root: RenderNode, index: number): T {
  return (root as { children: RenderNode[] }).children[index] as T;
}

test('a chart reads its rows from data, follows a data write, and a row pick writes its index before onTap', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'chart', kind: 'bar', rows: '/sales', x: 'month', series: [{ field: 'total', label: 'Total' }, { field: 'missing' }], stateKey: 'picked', onTap: [{ type: 'emit', name: 'picked' }] },
      { type: 'button', label: 'More', onTap: [{ type: 'appendData', path: '/sales', value: { value: { month: 'Mar', total: 7 } } }] },
    ],
  }, { state: { picked: -1 }, data: { sales: [{ month: 'Jan', total: 3 }, { month: 'Feb', total: 'n/a' }] } }));
  const chart = () => child<ChartNode>(controller.renderModel()!.root, 0);
  assert.deepEqual(chart().rows, [{ label: 'Jan', values: [3, null] }, { label: 'Feb', values: [null, null] }]);
  assert.deepEqual(chart().series.map((series) => series.label), ['Total', 'missing']);
  assert.equal(chart().label, 'Bar chart, 2 rows');
  assert.deepEqual(controller.interact({ type: 'tap', key: 'root.children[1]' }), { ok: true });
  assert.deepEqual(chart().rows[2], { label: 'Mar', values: [7, null] });
  const since = events.length;
  assert.deepEqual(controller.interact({ type: 'selectIndex', key: 'root.children[0]', index: 2 }), { ok: true });
  assert.deepEqual(events.slice(since).map((event) => [event.kind, event.name ?? event.payload]), [['change', { key: 'picked', value: 2 }], ['emit', 'picked']]);
  assert.equal(chart().selected, 2);
  assert.equal(controller.interact({ type: 'selectIndex', key: 'root.children[0]', index: -1 }).ok, false);
});

test('a marker pick writes its id and runs onTap; an id no marker has writes nothing', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'map', center: { lat: 10, lon: 20 }, stateKey: 'place', markers: [{ id: 'a', lat: 1, lon: 2, label: 'Alpha' }], onTap: [{ type: 'emit', name: 'placed' }] }, { state: { place: '' } }));
  const map = () => controller.renderModel()!.root as MapNode;
  assert.deepEqual([map().zoom, map().label, map().markers[0]!.selected], [2, 'Map', false]);
  assert.equal(controller.interact({ type: 'select', key: 'root', value: 'b' }).ok, false);
  assert.equal(events.length, 0);
  assert.deepEqual(controller.interact({ type: 'select', key: 'root', value: 'a' }), { ok: true });
  assert.deepEqual(events.map((event) => event.kind), ['change', 'emit']);
  assert.deepEqual([map().label, map().markers[0]!.selected], ['Map, Alpha', true]);
});

test('playback writes playingKey once per change, and only the end runs onEnded', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'videoPlayer', asset: 'clip', playingKey: 'playing', onEnded: [{ type: 'emit', name: 'ended' }] }, { state: { playing: false } }));
  const play = (playing: boolean, ended = false) => controller.interact({ type: 'playback', key: 'root', playing, ended });
  assert.deepEqual(play(true), { ok: true });
  assert.deepEqual(play(true), { ok: true });
  assert.equal((controller.renderModel()!.root as VideoPlayerNode).playing, true);
  assert.deepEqual(play(false), { ok: true });
  assert.deepEqual(events.map((event) => [event.kind, event.name ?? event.payload]), [['change', { key: 'playing', value: true }], ['change', { key: 'playing', value: false }]]);
  play(true);
  play(false, true);
  assert.deepEqual(events.slice(-2).map((event) => [event.kind, event.name ?? event.payload]), [['change', { key: 'playing', value: false }], ['emit', 'ended']]);
});

test('a capture writes the asset id to captureKey, then onCapture runs, and an image with assetKey draws it', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'column',
    children: [
      { type: 'cameraPreview', captureKey: 'photo', onCapture: [{ type: 'emit', name: 'taken' }] },
      { type: 'image', asset: 'placeholder', assetKey: 'photo' },
    ],
  }, { state: { photo: '' } }));
  const image = () => child<ImageNode>(controller.renderModel()!.root, 1);
  assert.equal(image().asset, 'placeholder', 'an empty key draws the asset');
  assert.equal(controller.interact({ type: 'capture', key: 'root.children[0]', asset: '' }).ok, false);
  assert.deepEqual(controller.interact({ type: 'capture', key: 'root.children[0]', asset: 'capture-1' }), { ok: true });
  assert.deepEqual(events.map((event) => [event.kind, event.name ?? event.payload]), [['change', { key: 'photo', value: 'capture-1' }], ['emit', 'taken']]);
  assert.equal(image().asset, 'capture-1');
});
