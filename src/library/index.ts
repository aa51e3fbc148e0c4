/**
 * Protostage as a library: the validator another program embeds (seeds/001 "Embedded input
 * validation"), published as the package's main export.
 *
 *   import { validatePrototypeSpec } from 'protostage';
 *   const result = validatePrototypeSpec(bytes, { supportedCapabilities: ['prototype_menus_v1'], library: true });
 *   if (!result.ok) console.error(`${result.path}: ${result.message}`);
 *
 * It validates exactly as the device does, then refuses what the embedding says it cannot honour:
 * a feature whose capability `supportedCapabilities` does not list (the base vocabulary's are
 * always supported), and with `library: true` an explicit system window, device persistence and
 * secure state in a share string.
 */
import { requiredCapabilities as showCapabilities } from '../host/capabilities.ts';
import type { JsonValue } from '../json/pointer.ts';
import { BASE_VOCABULARY_CAPABILITIES, CAPABILITIES } from '../protocol/constants.ts';
import { secureShareRefusal } from './secure-share.ts';
import { validatePrototypeSpec as validateForDevice, validatePrototypeSpecAllErrors, type ValidationResult } from '../validate/index.ts';

export { CAPABILITIES, validatePrototypeSpecAllErrors };
export type { AllErrorsOptions, AllErrorsResult, ValidationError, ValidationFailure, ValidationResult } from '../validate/index.ts';
export type { PrototypeSpec } from '../spec/index.ts';

/** Capabilities every embedding is taken to support: the base vocabulary of seeds/000. */
export const BASE_CAPABILITIES: readonly string[] = [...BASE_VOCABULARY_CAPABILITIES];

export interface LibraryOptions {
  /** The capabilities beyond the base vocabulary the embedding honours; a spec needing another is refused at the feature that needs it. */
  supportedCapabilities?: Iterable<string>;
  /** An embedded prototype lives in its host app: refuse an explicit system window, device persistence and sharing secure state. */
  library?: boolean;
}

/** Validates a spec (UTF-8 bytes, JSON text or a decoded value) for an embedding. Never throws. */
export function validatePrototypeSpec(input: unknown, options: LibraryOptions = {}): ValidationResult {
  const result = validateForDevice(input);
  if (!result.ok) return result;
  const window = result.spec.window;
  if (options.library === true && window.layer === 'system') {
    return { ok: false, path: 'window.layer', message: 'An embedded (library) prototype lives inside its app: a system window is refused; use layer "app" or leave it out' };
  }
  if (options.library === true && window.persistence === 'device') {
    return { ok: false, path: 'window.persistence', message: 'An embedded (library) prototype ends with its app session: device persistence is refused; leave persistence out' };
  }
  if (options.library === true) {
    const refusal = secureShareRefusal(result.spec.root, result.spec.data as JsonValue | undefined);
    if (refusal) return { ok: false, ...refusal };
  }
  if (options.supportedCapabilities !== undefined) {
    const supported = new Set([...BASE_CAPABILITIES, ...options.supportedCapabilities]);
    const missing = showCapabilities(result.spec, { specCapabilities: result.capabilities, specCapabilityPaths: result.capabilityPaths }).find((need) => !supported.has(need.capability));
    if (missing) return { ok: false, path: missing.path, message: `This feature needs ${missing.capability}, which supportedCapabilities does not list` };
  }
  return result;
}

/** Every capability a valid spec needs, with the path of its first use; or why the spec is invalid. */
export function requiredCapabilities(input: unknown): { ok: true; capabilities: Array<{ capability: string; path: string }> } | Extract<ValidationResult, { ok: false }> {
  const result = validateForDevice(input);
  if (!result.ok) return result;
  const needs = showCapabilities(result.spec, { specCapabilities: result.capabilities, specCapabilityPaths: result.capabilityPaths });
  const seen = new Set<string>();
  return { ok: true, capabilities: needs.filter((need) => !seen.has(need.capability) && seen.add(need.capability)) };
}
