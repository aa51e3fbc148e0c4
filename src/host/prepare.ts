// The spec steps of the show pipeline: strict read, component expansion and validation, all in
// validatePrototypeSpec, which also names the device capabilities the spec's features need. An
// invalid spec is validated again for the list of all its errors (a valid one pays nothing for it);
// a valid one's warnings are read from the spec as it was written.
import { specWarnings, validatePrototypeSpec, validatePrototypeSpecAllErrors } from '../validate/index.ts';
import type { SpecPreparer } from './host.ts';

export const prepareSpec: SpecPreparer = (input) => {
  const result = validatePrototypeSpec(input);
  if (!result.ok) {
    const all = validatePrototypeSpecAllErrors(input);
    const errors = all.ok ? [{ path: result.path, message: result.message }] : all.errors;
    return { ...result, errors, truncated: !all.ok && all.truncated };
  }
  // The decoded spec is plain JSON (components already expanded); the device re-validates it.
  const spec = result.spec as unknown as Record<string, unknown> & { id: string };
  return { ok: true, spec, capabilities: result.capabilities, capabilityPaths: result.capabilityPaths, namespaceBlocks: result.namespaceBlocks, effects: result.effects, warnings: specWarnings(result.authored) };
};
