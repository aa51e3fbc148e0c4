// Pure geometry behind what the device reports and picks: the visible part of an accessibility
// node's bounds, and the time a point on the time picker's dial picks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { visiblePart } from '../../src/renderer/a11y.ts';
import { dialPoint, dialPosition, timeAtDial } from '../../src/renderer/nodes/pickers.tsx';

const AREA = { left: 0, top: 100, right: 400, bottom: 400 };

test('visiblePart clips to the area and drops what lies wholly outside it', () => {
  assert.deepEqual(visiblePart({ x: 10, y: 120, width: 50, height: 40 }, AREA), { x: 10, y: 120, width: 50, height: 40 });
  assert.deepEqual(visiblePart({ x: 380, y: 380, width: 50, height: 40 }, AREA), { x: 380, y: 380, width: 20, height: 20 });
  assert.equal(visiblePart({ x: 10, y: 400, width: 50, height: 40 }, AREA), null, 'touching the edge from outside is not visible');
  assert.equal(visiblePart({ x: 10, y: 20, width: 50, height: 40 }, AREA), null);
  assert.deepEqual(visiblePart({ x: 10, y: 150, width: 0, height: 0 }, AREA), { x: 10, y: 150, width: 0, height: 0 }, 'a collapsed node inside stays');
  assert.equal(visiblePart({ x: 10, y: 450, width: 0, height: 0 }, AREA), null);
});

/** The dial point (dp from the dial's top-left) of position `index` of 12 on a ring. */
function at(index: number, ring: number) {
  const position = dialPosition(index, 12, ring);
  return dialPoint(position.x, position.y);
}

test('timeAtDial: the nearest hour by angle, the 24-hour inner ring by distance, any minute', () => {
  const time = { hour: 7, minute: 30 };
  assert.deepEqual(timeAtDial(at(3, 100), 'hour', false, time), { hour: 3, minute: 30 });
  assert.deepEqual(timeAtDial(at(0, 100), 'hour', false, time), { hour: 0, minute: 30 }, '12 on an AM dial is hour 0');
  assert.deepEqual(timeAtDial(at(0, 100), 'hour', false, { hour: 19, minute: 0 }), { hour: 12, minute: 0 }, '12 on a PM dial is hour 12');
  assert.deepEqual(timeAtDial(at(9, 100), 'hour', false, { hour: 19, minute: 0 }), { hour: 21, minute: 0 });
  assert.deepEqual(timeAtDial(at(9, 64), 'hour', true, time), { hour: 9, minute: 30 }, 'inner ring');
  assert.deepEqual(timeAtDial(at(9, 100), 'hour', true, time), { hour: 21, minute: 30 }, 'outer ring');
  assert.deepEqual(timeAtDial(at(9, 300), 'hour', true, time), { hour: 21, minute: 30 }, 'a finger past the dial keeps its angle');
  assert.deepEqual(timeAtDial(at(32 / 5, 100), 'minute', true, time), { hour: 7, minute: 32 });
  assert.deepEqual(timeAtDial(at(11.95, 100), 'minute', true, time), { hour: 7, minute: 0 }, 'just left of the top rounds to 0');
});
