// The pointer gesture against a recording device (a unit test of the viewer's gesture alone).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Point, TouchPhase } from '../../src/device/web-device.ts';
import { LONG_PRESS_MS, PointerGesture, TOUCH_SLOP_DP } from '../../src/viewer/gesture.ts';

function recorder() {
  const calls: string[] = [];
  const clock = { time: 0 };
  const device = {
    async tap(point: Point, action: 'tap' | 'longPress' = 'tap') {
      calls.push(`${action} ${point.x},${point.y}`);
    },
    async touch(phase: TouchPhase, point?: Point) {
      calls.push(point === undefined ? `touch ${phase}` : `touch ${phase} ${point.x},${point.y}`);
    },
  };
  return { calls, clock, gesture: new PointerGesture(device, () => clock.time) };
}

test('a press held still past the long-press time is a long press where it was pressed', async () => {
  const { calls, clock, gesture } = recorder();
  await gesture.handle('down', { x: 50, y: 100 });
  clock.time += LONG_PRESS_MS - 1;
  await gesture.handle('up', { x: 50, y: 100 });
  await gesture.handle('down', { x: 50, y: 100 });
  clock.time += LONG_PRESS_MS;
  await gesture.handle('up', { x: 51, y: 100 });
  assert.deepEqual(calls, ['tap 50,100', 'longPress 50,100']);
});

test('a press released within the touch slop is one tap where it was pressed', async () => {
  const { calls, gesture } = recorder();
  await gesture.handle('down', { x: 50, y: 100 });
  await gesture.handle('move', { x: 50 + TOUCH_SLOP_DP - 1, y: 100 });
  await gesture.handle('up', { x: 50 + TOUCH_SLOP_DP - 1, y: 100 });
  assert.deepEqual(calls, ['tap 50,100']);
});

test('a press that moves past the slop is a finger drag from the press to the release', async () => {
  const { calls, gesture } = recorder();
  await gesture.handle('down', { x: 200, y: 600 });
  await gesture.handle('move', { x: 200, y: 580 });
  await gesture.handle('move', { x: 200, y: 400 });
  await gesture.handle('up', { x: 200, y: 390 });
  assert.deepEqual(calls, ['touch start 200,600', 'touch move 200,580', 'touch move 200,400', 'touch move 200,390', 'touch end']);
});

test('moves without a press do nothing; a cancel or a new press lifts a dragging finger', async () => {
  const { calls, gesture } = recorder();
  await gesture.handle('move', { x: 1, y: 1 });
  await gesture.handle('up', { x: 1, y: 1 });
  assert.deepEqual(calls, []);
  await gesture.handle('down', { x: 0, y: 0 });
  await gesture.handle('move', { x: 0, y: 50 });
  await gesture.handle('down', { x: 10, y: 10 });
  await gesture.handle('cancel', { x: 10, y: 10 });
  await gesture.handle('up', { x: 10, y: 10 });
  assert.deepEqual(calls, ['touch start 0,0', 'touch move 0,50', 'touch end']);
});
