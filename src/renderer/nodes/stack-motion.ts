// The keyframes of a stack's screen change (seeds/001 "Stack transitions"): fixed 300 ms spatial
// and 150 ms effects timings. Platform and slide pushes enter from the trailing edge over the
// outgoing screen shifted 30% the other way (parallax), pops reverse it, both mirrored for RTL;
// a platform replace and a fade crossfade; the shared axes travel 30 dp with opacity (X mirrors
// in RTL, both reverse on pop); fadeThrough fades out first, then fades in scaling from 0.92;
// zoom grows the arriving screen from the bounds of its source node, and a pop shrinks it back.

/** Material's emphasized easing, for spatial motion. */
export const EMPHASIZED = 'cubic-bezier(0.2, 0, 0, 1)';
export const SPATIAL_MS = 300;
export const EFFECTS_MS = 150;
/** How far the outgoing screen shifts under a platform or slide push, in percent of its width. */
const PARALLAX = 30;
/** The shared axes' travel, in dp. */
const AXIS_TRAVEL = 30;

type Op = 'push' | 'pop' | 'replace' | 'popToRoot';
type Transition = 'platform' | 'slide' | 'fade' | 'none' | 'sharedAxisX' | 'sharedAxisY' | 'fadeThrough' | 'zoom';

/** One change to animate: which screens (indexes), and the keyframes of each. */
export interface ScreenChange {
  from: number;
  to: number;
  fromFrames: Keyframe[];
  toFrames: Keyframe[];
  timing: KeyframeAnimationOptions;
  /** A zoom: the shared key of the node the screen grows from (its frames are made once it is laid out). */
  zoomSource?: string;
}

/** Where a node lies inside the stack, as distances from each edge (dp). */
export interface Inset {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The change from screen `from` to screen `to`, or null when it is instant (transition none). */
export function screenChange(navigation: { op: Op; transition: Transition; source?: string | null }, from: number, to: number, rtl: boolean): ScreenChange | null {
  if (navigation.transition === 'zoom' && navigation.source) return { from, to, fromFrames: [], toFrames: [], timing: {}, zoomSource: navigation.source };
  const frames = keyframes(navigation.op, navigation.transition, rtl ? -1 : 1);
  return frames === null ? null : { from, to, ...frames };
}

function keyframes(op: Op, transition: Transition, direction: 1 | -1): Omit<ScreenChange, 'from' | 'to'> | null {
  const backward = op === 'pop' || op === 'popToRoot';
  const spatial = { duration: SPATIAL_MS, easing: EMPHASIZED };
  switch (transition) {
    case 'none':
      return null;
    case 'fade':
    case 'zoom':
      return crossfade();
    case 'platform':
    case 'slide': {
      // A platform replace crossfades; an explicit slide replace slides in like a push.
      if (op === 'replace' && transition === 'platform') return crossfade();
      const away = `${-direction * PARALLAX}% 0px`;
      const beyond = `${direction * 100}% 0px`;
      return backward
        ? { fromFrames: [{ translate: '0px 0px' }, { translate: beyond }], toFrames: [{ translate: away }, { translate: '0px 0px' }], timing: spatial }
        : { fromFrames: [{ translate: '0px 0px' }, { translate: away }], toFrames: [{ translate: beyond }, { translate: '0px 0px' }], timing: spatial };
    }
    case 'sharedAxisX':
    case 'sharedAxisY': {
      const sign = (transition === 'sharedAxisX' ? direction : 1) * (backward ? -1 : 1);
      const at = (distance: number) => (transition === 'sharedAxisX' ? `${distance}px 0px` : `0px ${distance}px`);
      return {
        fromFrames: [{ translate: at(0), opacity: 1 }, { translate: at(-sign * AXIS_TRAVEL), opacity: 0 }],
        toFrames: [{ translate: at(sign * AXIS_TRAVEL), opacity: 0 }, { translate: at(0), opacity: 1 }],
        timing: spatial,
      };
    }
    case 'fadeThrough':
      return {
        fromFrames: [{ opacity: 1 }, { opacity: 0, offset: 0.35 }, { opacity: 0 }],
        toFrames: [{ opacity: 0, scale: '0.92' }, { opacity: 0, scale: '0.92', offset: 0.35 }, { opacity: 1, scale: '1' }],
        timing: { duration: SPATIAL_MS, easing: 'linear' },
      };
  }
}

/**
 * A zoom's keyframes: forward, the arriving screen is clipped to the source's bounds and opens to
 * the whole stack as it fades in over the screen it covers; backward, the leaving screen closes
 * onto the source's bounds and fades out. Without a source on screen it crossfades.
 */
export function zoomFrames(change: ScreenChange, source: Inset | null, backward: boolean): ScreenChange {
  if (source === null) return { ...change, ...crossfade() };
  const clip = `inset(${source.top}px ${source.right}px ${source.bottom}px ${source.left}px round 12px)`;
  const open = 'inset(0px 0px 0px 0px round 0px)';
  const timing = { duration: SPATIAL_MS, easing: EMPHASIZED };
  const grow = [{ clipPath: clip, opacity: 0 }, { opacity: 1, offset: 0.3 }, { clipPath: open, opacity: 1 }];
  const still = [{ opacity: 1 }, { opacity: 1 }];
  return backward
    ? { ...change, fromFrames: [...grow].reverse().map((frame, index) => ({ ...frame, offset: index === 1 ? 0.7 : index / 2 })), toFrames: still, timing }
    : { ...change, fromFrames: still, toFrames: grow, timing };
}

function crossfade(): Omit<ScreenChange, 'from' | 'to'> {
  return { fromFrames: [{ opacity: 1 }, { opacity: 0 }], toFrames: [{ opacity: 0 }, { opacity: 1 }], timing: { duration: EFFECTS_MS, easing: 'linear', fill: 'none' } };
}

/**
 * The end of a back swipe: the top screen glides from where the finger left it to `to` (the full
 * width: popped; 0: back in place) and the screen below with it. Instant with motion off.
 */
export async function settleBack(top: HTMLElement, under: HTMLElement, move: { from: number; to: number; width: number; direction: 1 | -1; motion: boolean }): Promise<void> {
  if (!move.motion || move.from === move.to) return;
  const { from, to, width, direction } = move;
  const duration = Math.max(60, (SPATIAL_MS * Math.abs(to - from)) / width);
  const timing: KeyframeAnimationOptions = { duration, easing: EMPHASIZED, fill: 'forwards' };
  const underAt = (distance: number) => `${-direction * PARALLAX * (1 - distance / width)}% 0px`;
  const animations = [
    top.animate([{ translate: `${direction * from}px 0px` }, { translate: `${direction * to}px 0px` }], timing),
    under.animate([{ translate: underAt(from) }, { translate: underAt(to) }], timing),
  ];
  await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
  for (const animation of animations) animation.cancel();
}
