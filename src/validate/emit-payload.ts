/**
 * The emit payload rules: conservative compact-JSON size (every number counts a fixed number of
 * bytes, measured by src/json) and nesting depth (the payload itself has depth 0).
 */
import { conservativePayloadByteLength, nestsDeeperThan } from '../json/index.ts';

export interface PayloadLimits {
  maxBytes: number;
  maxDepth: number;
}

export type PayloadProblem = { problem: 'size'; bytes: number } | { problem: 'depth' } | { problem: 'value' };

/** Null when the payload fits, else what is wrong. */
export function checkEmitPayload(payload: unknown, limits: PayloadLimits): PayloadProblem | null {
  if (nestsDeeperThan(payload, limits.maxDepth)) return { problem: 'depth' };
  const bytes = conservativePayloadByteLength(payload);
  if (bytes === Infinity) return { problem: 'value' };
  return bytes > limits.maxBytes ? { problem: 'size', bytes } : null;
}
