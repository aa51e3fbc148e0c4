// The motion-token springs against the contract's table: each scheme, role and tempo is the seed's
// damping ratio and stiffness; a spring's step response ends at its target and stays within the
// settle threshold from its settle time on; the standard and effects springs never overshoot while
// the expressive fast one does; the CSS easing runs from 0 to 1 over the settle time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SETTLE_THRESHOLD, springPosition, springSettleMs, springToken, springTransition } from '../../src/theme/motion.ts';

const SEED_TABLE = {
  standard: { spatial: [[0.9, 1400], [0.9, 700], [0.9, 300]], effects: [[1, 3800], [1, 1600], [1, 800]] },
  expressive: { spatial: [[0.6, 800], [0.8, 380], [0.8, 200]], effects: [[1, 3800], [1, 1600], [1, 800]] },
} as const;
const TEMPOS = ['fast', 'default', 'slow'] as const;

test('the token table is the seed\'s: damping ratio and stiffness by scheme, role and tempo', () => {
  for (const scheme of ['standard', 'expressive'] as const) {
    for (const role of ['spatial', 'effects'] as const) {
      TEMPOS.forEach((tempo, i) => {
        const [dampingRatio, stiffness] = SEED_TABLE[scheme][role][i]!;
        assert.deepEqual(springToken(scheme, role, tempo), { dampingRatio, stiffness }, `${scheme} ${role} ${tempo}`);
      });
    }
  }
});

test('every spring starts at 0, stays within the threshold from its settle time on, and is slower at a slower tempo', () => {
  for (const scheme of ['standard', 'expressive'] as const) {
    for (const role of ['spatial', 'effects'] as const) {
      const settle = TEMPOS.map((tempo) => springSettleMs(springToken(scheme, role, tempo)));
      assert.ok(settle[0]! < settle[1]! && settle[1]! < settle[2]!, `${scheme} ${role}: ${settle}`);
      for (const tempo of TEMPOS) {
        const spring = springToken(scheme, role, tempo);
        assert.equal(springPosition(spring, 0), 0);
        const ms = springSettleMs(spring);
        for (let t = ms; t <= ms * 3; t += ms / 50) assert.ok(Math.abs(1 - springPosition(spring, t / 1000)) <= SETTLE_THRESHOLD + 1e-9, `${scheme} ${role} ${tempo} at ${t} ms`);
      }
    }
  }
});

test('critically damped and 0.9 springs barely or never overshoot; the expressive fast spring (0.6) overshoots by about 10%', () => {
  const peak = (scheme: 'standard' | 'expressive', role: 'spatial' | 'effects', tempo: (typeof TEMPOS)[number]) => {
    const spring = springToken(scheme, role, tempo);
    let max = 0;
    for (let t = 0; t < springSettleMs(spring); t += 1) max = Math.max(max, springPosition(spring, t / 1000));
    return max;
  };
  assert.ok(peak('standard', 'effects', 'default') <= 1);
  assert.ok(peak('standard', 'spatial', 'default') < 1.002);
  // A damping ratio of 0.6 overshoots by e^(-πζ/√(1-ζ²)) ≈ 9.5%.
  assert.ok(Math.abs(peak('expressive', 'spatial', 'fast') - (1 + Math.exp((-Math.PI * 0.6) / Math.sqrt(1 - 0.36)))) < 0.002);
});

test('a spring as a CSS transition: its settle time and a linear() easing from 0 to 1', () => {
  const transition = springTransition(springToken('standard', 'spatial', 'default'));
  assert.equal(transition.durationMs, springSettleMs(springToken('standard', 'spatial', 'default')));
  const points = transition.easing.slice('linear('.length, -1).split(', ').map(Number);
  assert.equal(points[0], 0);
  assert.equal(points[points.length - 1], 1);
  assert.equal(points.length, 65);
});
