// The keyframes of each stack transition (seeds/001 "Stack transitions"), without a browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EFFECTS_MS, screenChange, SPATIAL_MS } from '../../src/renderer/nodes/stack-motion.ts';

const change = (op: 'push' | 'pop' | 'replace' | 'popToRoot', transition: Parameters<typeof screenChange>[0]['transition'], rtl = false) => screenChange({ op, transition }, 0, 1, rtl);

test('none is instant; fade and a platform replace crossfade on the effects timing', () => {
  assert.equal(change('push', 'none'), null);
  for (const crossfade of [change('push', 'fade'), change('pop', 'fade'), change('replace', 'platform')]) {
    assert.deepEqual([crossfade!.fromFrames, crossfade!.toFrames, crossfade!.timing.duration], [[{ opacity: 1 }, { opacity: 0 }], [{ opacity: 0 }, { opacity: 1 }], EFFECTS_MS]);
  }
});

test('slide pushes from the trailing edge over a 30% parallax, pops reverse it, popToRoot too, RTL mirrors; an explicit slide replace slides', () => {
  const push = change('push', 'slide')!;
  assert.deepEqual([push.fromFrames.at(-1), push.toFrames[0], push.timing.duration], [{ translate: '-30% 0px' }, { translate: '100% 0px' }, SPATIAL_MS]);
  assert.deepEqual(change('popToRoot', 'slide')!.fromFrames.at(-1), { translate: '100% 0px' });
  assert.deepEqual(change('pop', 'platform', true)!.fromFrames.at(-1), { translate: '-100% 0px' });
  assert.deepEqual(change('replace', 'slide')!.toFrames[0], { translate: '100% 0px' });
});

test('shared axes travel 30 dp with opacity and reverse on pop; only X mirrors in RTL', () => {
  assert.deepEqual(change('push', 'sharedAxisY')!.toFrames[0], { translate: '0px 30px', opacity: 0 });
  assert.deepEqual(change('pop', 'sharedAxisY')!.toFrames[0], { translate: '0px -30px', opacity: 0 });
  assert.deepEqual(change('push', 'sharedAxisY', true)!.toFrames[0], { translate: '0px 30px', opacity: 0 });
  assert.deepEqual(change('push', 'sharedAxisX', true)!.toFrames[0], { translate: '-30px 0px', opacity: 0 });
});

test('fadeThrough fades the old screen out first, then fades the new one in from 0.92', () => {
  const through = change('push', 'fadeThrough')!;
  assert.deepEqual(through.fromFrames[1], { opacity: 0, offset: 0.35 });
  assert.deepEqual([through.toFrames[0], through.toFrames[1], through.toFrames[2]], [{ opacity: 0, scale: '0.92' }, { opacity: 0, scale: '0.92', offset: 0.35 }, { opacity: 1, scale: '1' }]);
});
