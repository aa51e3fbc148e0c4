import assert from 'node:assert/strict';
import { test } from 'node:test';
import { swipePath } from '../../src/device/web-device.ts';

const SCREEN = { width: 412, height: 915 };

test('a swipe across a long area drags over its middle 60 % in the finger direction', () => {
  const list = { x: 0, y: 100, width: 412, height: 500 };
  assert.deepEqual(swipePath(list, 'up', SCREEN), { from: { x: 206, y: 500 }, to: { x: 206, y: 200 } });
  assert.deepEqual(swipePath(list, 'down', SCREEN), { from: { x: 206, y: 200 }, to: { x: 206, y: 500 } });
  const strip = { x: 0, y: 100, width: 400, height: 48 };
  assert.deepEqual(swipePath(strip, 'left', SCREEN), { from: { x: 320, y: 124 }, to: { x: 80, y: 124 } });
});

test('a swipe on a small grip starts on it and travels 40 % of the screen, stopping at the edge', () => {
  const handle = { x: 190, y: 500, width: 32, height: 4 };
  const down = swipePath(handle, 'down', SCREEN);
  assert.deepEqual(down.from, { x: 206, y: 502 });
  assert.equal(down.to.y, 502 + 915 * 0.4);
  const nearBottom = swipePath({ x: 190, y: 850, width: 32, height: 4 }, 'down', SCREEN);
  assert.equal(nearBottom.to.y, 913);
  const right = swipePath({ x: 380, y: 10, width: 24, height: 24 }, 'right', SCREEN);
  assert.equal(right.to.x, 410);
});
