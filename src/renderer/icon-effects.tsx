// An icon's symbol effect: a short CSS animation of the glyph, played when the icon appears,
// repeated (a count, or forever), or replayed each time its trigger's value changes; replace plays
// when the icon's name changes. Under the reduced or off motion profile the glyph rests (replace
// only crossfades when reduced), and observe's captures rest it too.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { IconEffectView } from '../runtime/model.ts';

/** How long one run of each effect takes (ms). */
const DURATIONS: Record<IconEffectView['type'], number> = {
  bounce: 600, pulse: 900, 'scale.up': 500, variableColor: 1200, replace: 300, wiggle: 500, rotate: 1000, breathe: 1600, drawOn: 800,
};

/** The name each icon (by node key) was last drawn with: a show or patch draws the tree anew, and
 *  replace still sees the name change. */
const lastNames = new Map<string, string>();

/** Counts the runs an effect should play: one on appear (without a trigger), one more each time the trigger or the name changes. */
function useRuns(effect: IconEffectView | null, name: string, nodeKey: string): number {
  const [runs, setRuns] = useState(() => {
    if (effect === null || effect.triggered) return 0;
    if (effect.type !== 'replace') return 1;
    const before = lastNames.get(nodeKey);
    return before !== undefined && before !== name ? 1 : 0;
  });
  useLayoutEffect(() => {
    lastNames.set(nodeKey, name);
  }, [nodeKey, name]);
  const last = useRef({ trigger: effect?.trigger ?? null, name });
  useLayoutEffect(() => {
    const before = last.current;
    last.current = { trigger: effect?.trigger ?? null, name };
    if (!effect) return;
    const replay = effect.type === 'replace' ? before.name !== name : effect.triggered && before.trigger !== (effect.trigger ?? null);
    if (replay) setRuns((count) => count + 1);
  }, [effect?.trigger, name, effect?.type, effect?.triggered]);
  return runs;
}

export function IconEffect({ effect, name, nodeKey, moving, reduced, children }: { effect: IconEffectView | null; name: string; nodeKey: string; moving: boolean; reduced: boolean; children: ComponentChildren }) {
  const runs = useRuns(effect, name, nodeKey);
  if (!effect || runs === 0 || !(moving || (reduced && effect.type === 'replace'))) return <>{children}</>;
  const type = reduced ? 'crossfade' : effect.type.replace('.', '-');
  const iterations = effect.repeat === 'infinite' ? 'infinite' : String(effect.repeat ?? 1);
  // A new key per run restarts the animation.
  return (
    <span key={runs} class={`ps-icon-fx ps-icon-fx-${type}`} data-ps-icon-effect={effect.type} style={{ animationDuration: `${DURATIONS[effect.type]}ms`, animationIterationCount: iterations }}>
      {children}
    </span>
  );
}
