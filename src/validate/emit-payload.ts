/**
 * The emit payload rules: conservative compact-JSON size (every number counts a fixed number of
 * bytes, measured by src/json) and nesting depth (the payload itself has depth 0).
 */
import { conservativePayloadByteLength, isPlainJsonWithin, nestsDeeperThan, PAYLOAD_NUMBER_BYTES } from '../json/index.ts';

export interface PayloadLimits {
  maxBytes: number;
  maxDepth: number;
}

export type PayloadProblem = { problem: 'size'; bytes: number } | { problem: 'depth' } | { problem: 'value' };

const payloadNumberBytes = () => PAYLOAD_NUMBER_BYTES;

/**
 * Null when the payload fits, else what is wrong. A payload that fits is told in one walk that
 * keeps nothing per object; the exact measures below run only to say what is wrong.
 */
export function checkEmitPayload(payload: unknown, limits: PayloadLimits): PayloadProblem | null {
  const within = { numberBytes: payloadNumberBytes, maxBytes: limits.maxBytes, maxDepth: limits.maxDepth, maxArrayItems: Infinity, wellFormed: false };
  if (isPlainJsonWithin(payload, within)) return null;
  if (nestsDeeperThan(payload, limits.maxDepth)) return { problem: 'depth' };
  const bytes = conservativePayloadByteLength(payload);
  if (bytes === Infinity) return { problem: 'value' };
  return bytes > limits.maxBytes ? { problem: 'size', bytes } : null;
}
