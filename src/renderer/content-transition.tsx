// A text node's contentTransition (seeds/001 "Text content transitions"): a numeric change rolls
// only the characters that changed (up for an increase, down for a decrease) on a spring; other
// changes crossfade over 200 ms; identical text stays still. The new text is the node's
// accessible text at once: the leaving copy is hidden from accessibility.
import { useRef } from 'preact/hooks';

/** Compose's spring for the roll: damping ratio 0.8, stiffness 380. */
export const ROLL_SPRING = { damping: 0.8, stiffness: 380 };
const FADE_MS = 200;

/** The number a text shows: its digits, the first decimal point and a leading minus; null when it has no digit. */
export function numericValue(text: string): number | null {
  let digits = '';
  let point = false;
  let negative = false;
  for (const character of text) {
    if (character >= '0' && character <= '9') digits += character;
    else if (character === '.' && !point) {
      point = true;
      digits += character;
    } else if (character === '-' && digits === '') negative = true;
  }
  if (!/\d/.test(digits)) return null;
  return (negative ? -1 : 1) * Number(digits);
}

/** A spring's settling time (ms) and its curve as a CSS linear() easing, sampled. */
export function springEasing({ damping, stiffness }: { damping: number; stiffness: number }, samples = 24): { durationMs: number; easing: string } {
  const omega = Math.sqrt(stiffness);
  const decay = damping * omega;
  const damped = omega * Math.sqrt(1 - damping * damping);
  // Within 0.1% of rest: e^(-decay·t) < 0.001.
  const duration = Math.log(1000) / decay;
  const at = (t: number) => 1 - Math.exp(-decay * t) * (Math.cos(damped * t) + (decay / damped) * Math.sin(damped * t));
  const points = Array.from({ length: samples + 1 }, (_, i) => (i === samples ? 1 : at((duration * i) / samples)).toFixed(4));
  return { durationMs: Math.round(duration * 1000), easing: `linear(${points.join(', ')})` };
}

/** How a change from `before` to `after` is drawn: which characters roll and which way, a crossfade, or nothing. */
export function transitionOf(before: string, after: string, mode: 'numeric' | 'crossfade'): { kind: 'none' } | { kind: 'fade' } | { kind: 'roll'; up: boolean; changed: boolean[] } {
  if (before === after) return { kind: 'none' };
  if (mode === 'crossfade') return { kind: 'fade' };
  const from = numericValue(before);
  const to = numericValue(after);
  if (from === null || to === null || from === to) return { kind: 'fade' };
  // Characters are matched from the right, where the units are.
  const next = [...after];
  const previous = [...before];
  const changed = next.map((character, i) => previous[previous.length - next.length + i] !== character);
  return { kind: 'roll', up: to > from, changed };
}

const SPRING = springEasing(ROLL_SPRING);

/**
 * The text of a node with a contentTransition. `animate` false (motion none) changes at once; the
 * reduced profile fades instead of rolling.
 */
export function TransitionText({ text, mode, animate, reduced }: { text: string; mode: 'numeric' | 'crossfade'; animate: boolean; reduced: boolean }) {
  const shown = useRef(text);
  const change = useRef<{ from: string; serial: number } | null>(null);
  if (shown.current !== text) {
    change.current = animate ? { from: shown.current, serial: (change.current?.serial ?? 0) + 1 } : null;
    shown.current = text;
  }
  const from = change.current?.from ?? text;
  const transition = transitionOf(from, text, reduced ? 'crossfade' : mode);
  if (transition.kind === 'none') return <>{text}</>;
  const key = change.current!.serial;
  if (transition.kind === 'fade') {
    return (
      <span class="ps-content-swap" key={key}>
        <span class="ps-content-old" aria-hidden="true" style={{ animationDuration: `${FADE_MS}ms` }}>{from}</span>
        <span class="ps-content-new" style={{ animationDuration: `${FADE_MS}ms` }}>{text}</span>
      </span>
    );
  }
  const timing = { animationDuration: `${SPRING.durationMs}ms`, animationTimingFunction: SPRING.easing };
  const previous = [...from];
  const offset = previous.length - [...text].length;
  return (
    <span class={transition.up ? 'ps-roll ps-roll-up' : 'ps-roll ps-roll-down'} key={key}>
      {[...text].map((character, i) =>
        transition.changed[i] ? (
          <span class="ps-roll-cell" key={i}>
            {previous[offset + i] !== undefined ? <span class="ps-roll-old" aria-hidden="true" style={timing}>{previous[offset + i]}</span> : null}
            <span class="ps-roll-new" style={timing}>{character}</span>
          </span>
        ) : (
          character
        ),
      )}
    </span>
  );
}
