import { prototypeSpecSchema, type PrototypeSpec } from './schema.ts';

export type DecodeResult = { ok: true; spec: PrototypeSpec } | { ok: false; path: '$'; message: string };

/**
 * The final typed decode of a spec the walker has already accepted. A rejection here means the
 * walker and this model disagree, which is an internal contract failure reported at `$`: the
 * caller never receives partially decoded content.
 */
export function decodePrototypeSpec(value: unknown): DecodeResult {
  const result = prototypeSpecSchema.safeParse(value);
  if (result.success) return { ok: true, spec: result.data };
  const issue = result.error.issues[0];
  const where = issue ? issue.path.map(String).join('.') : '';
  return {
    ok: false,
    path: '$',
    message: `Internal contract failure: the typed model rejected a spec the validator accepted (${where || 'root'}: ${issue?.message ?? 'unknown'})`,
  };
}
