/**
 * The emit payload rules: conservative compact-JSON size (every number counts a fixed number of
 * bytes, measured by src/json) and nesting depth (the payload itself has depth 0).
 */
import { conservativePayloadByteLength } from '../json/index.ts';

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

/** Whether a container sits at depth `maxDepth` or below (without recursion). */
function nestsDeeperThan(payload: unknown, maxDepth: number): boolean {
  // Pairs of a value and its depth.
  const stack: unknown[] = [payload, 0];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) return true;
    const members = Array.isArray(value) ? value : Object.values(value);
    for (const member of members) stack.push(member, depth + 1);
  }
  return false;
}
