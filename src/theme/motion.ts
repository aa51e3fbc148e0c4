/**
 * animate's motion tokens as curves a browser can run. A token is a physical spring (mass 1) from
 * the contract's table, by scheme, property role and tempo; its step response, sampled until it
 * settles, becomes a CSS linear() easing over the settle time, so a CSS transition follows the same
 * spring Compose's spring(dampingRatio, stiffness) and SwiftUI's interpolatingSpring draw.
 */
import { specContract, type MotionRole, type MotionScheme, type MotionTempo, type SpringToken } from '../spec/vocabulary.ts';

/** Distance from the target (a fraction of the change) under which a spring counts as settled. */
export const SETTLE_THRESHOLD = 0.001;
/** Points sampled along a spring for its linear() easing. */
const SAMPLES = 64;

export function springToken(scheme: MotionScheme, role: MotionRole, tempo: MotionTempo): SpringToken {
  return specContract.motionTokens[scheme][role][tempo];
}

/** Where a spring released from 0 toward 1 is after `seconds`. */
export function springPosition(spring: SpringToken, seconds: number): number {
  const omega = Math.sqrt(spring.stiffness);
  const zeta = spring.dampingRatio;
  if (zeta >= 1) {
    // Critically damped (the table's effects springs).
    return 1 - Math.exp(-omega * seconds) * (1 + omega * seconds);
  }
  const damped = omega * Math.sqrt(1 - zeta * zeta);
  return 1 - Math.exp(-zeta * omega * seconds) * (Math.cos(damped * seconds) + ((zeta * omega) / damped) * Math.sin(damped * seconds));
}

/** How long (ms) until the spring stays within SETTLE_THRESHOLD of its target: its envelope's time. */
export function springSettleMs(spring: SpringToken): number {
  const omega = Math.sqrt(spring.stiffness);
  const zeta = spring.dampingRatio;
  if (zeta >= 1) {
    // Solve e^{-ωt}(1 + ωt) = threshold by stepping (the function is monotonic).
    let t = 0;
    while (Math.exp(-omega * t) * (1 + omega * t) > SETTLE_THRESHOLD) t += 0.001;
    return Math.round(t * 1000);
  }
  // The envelope e^{-ζωt}/sqrt(1-ζ²) bounds the distance from the target.
  const seconds = Math.log(1 / (SETTLE_THRESHOLD * Math.sqrt(1 - zeta * zeta))) / (zeta * omega);
  return Math.round(seconds * 1000);
}

const transitions = new Map<SpringToken, { durationMs: number; easing: string }>();

/** The spring as a CSS transition: its settle time and a linear() easing through its samples
 *  (worked out once per token: a frame drawing an animated node asks for it on every draw). */
export function springTransition(spring: SpringToken): { durationMs: number; easing: string } {
  let transition = transitions.get(spring);
  if (transition === undefined) {
    transition = sampledTransition(spring);
    transitions.set(spring, transition);
  }
  return transition;
}

function sampledTransition(spring: SpringToken): { durationMs: number; easing: string } {
  const durationMs = springSettleMs(spring);
  const points: string[] = [];
  for (let i = 0; i <= SAMPLES; i++) {
    const value = i === SAMPLES ? 1 : springPosition(spring, (durationMs / 1000) * (i / SAMPLES));
    points.push(String(Math.round(value * 10000) / 10000));
  }
  return { durationMs, easing: `linear(${points.join(', ')})` };
}
