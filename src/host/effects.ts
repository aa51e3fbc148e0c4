// What a show reports about style effects the web device leaves out (see spec/effects.ts).
import { effectOmission } from '../spec/effects.ts';
import type { EffectRecord } from '../validate/index.ts';

export interface DegradedEffect {
  path: string;
  type: string;
  reason: string;
}

/** The effects the web device omits, by path, in the order the validator walked them. */
export function degradedEffects(effects: readonly EffectRecord[]): DegradedEffect[] {
  const degraded: DegradedEffect[] = [];
  for (const effect of effects) {
    const reason = effectOmission(effect.type, effect.nodeType);
    if (reason !== null) degraded.push({ path: effect.path, type: effect.type, reason });
  }
  return degraded;
}
