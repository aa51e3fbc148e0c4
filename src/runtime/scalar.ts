/**
 * Number rendering (spec "A number renders the same in a {key} placeholder and in a repeat
 * binding"): integral numbers print every digit with no exponent, -0 prints 0, anything else is
 * JavaScript's shortest round-trip String(number).
 */
import type { Scalar } from '../spec/index.ts';

export function renderNumber(value: number): string {
  if (Number.isInteger(value)) {
    // String() switches to an exponent at 1e21; BigInt prints every digit. -0 prints 0 either way.
    return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
  }
  return String(value);
}

export function renderScalar(value: Scalar): string {
  return typeof value === 'number' ? renderNumber(value) : String(value);
}
