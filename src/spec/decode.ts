import { z } from 'zod';
import { AdaptiveParser } from './adaptive.ts';
import { prototypeSpecSchema, shallowNodeSchemas, type PrototypeNode, type PrototypeSpec } from './schema.ts';

export type DecodeResult = { ok: true; spec: PrototypeSpec } | { ok: false; path: '$'; message: string };

/** A valid spec nests 24 nodes at most; anything deeper is refused before it can exhaust the stack. */
const MAX_DECODE_DEPTH = 64;

/**
 * The final typed decode of a spec the walker has already accepted. A rejection here means the
 * walker and this model disagree, which is an internal contract failure reported at `$`: the
 * caller never receives partially decoded content.
 */
export function decodePrototypeSpec(value: unknown): DecodeResult {
  try {
    const envelope = parse(envelopeParser, value, '');
    const root = decodeNode(envelope.root, 'root', 1);
    return { ok: true, spec: { ...envelope, root } as PrototypeSpec };
  } catch (error) {
    if (!(error instanceof DecodeFailure)) throw error;
    return {
      ok: false,
      path: '$',
      message: `Internal contract failure: the typed model rejected a spec the validator accepted (${error.where || 'spec'}: ${error.detail})`,
    };
  }
}

class DecodeFailure {
  constructor(readonly where: string, readonly detail: string) {}
}

type Decoded = Record<string, unknown> & { child?: unknown; children?: unknown[]; root?: unknown };

/** Decodes one node with its own schema, then its child nodes one by one. */
function decodeNode(value: unknown, path: string, depth: number): PrototypeNode {
  if (depth > MAX_DECODE_DEPTH) throw new DecodeFailure(path, `nodes nest deeper than ${MAX_DECODE_DEPTH}`);
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' ? nodeParsers.get(type) : undefined;
  if (!schema) throw new DecodeFailure(`${path}.type`, 'not a node type of the model');
  const node = parse(schema, value, path);
  if (node.child !== undefined) node.child = decodeNode(node.child, `${path}.child`, depth + 1);
  if (Array.isArray(node.children)) {
    node.children = node.children.map((child, index) => decodeNode(child, `${path}.children[${index}]`, depth + 1));
  }
  return node as unknown as PrototypeNode;
}

function parse(schema: AdaptiveParser<unknown>, value: unknown, path: string): Decoded {
  const result = schema.safeParse(value);
  if (result.success) return result.data as Decoded;
  const issue = result.error.issues[0];
  const where = [path, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  throw new DecodeFailure(where, issue?.message ?? 'rejected');
}

// Parsers of the envelope and of each node type, compiled once they are hot (see AdaptiveParser).

const envelopeParser = new AdaptiveParser(prototypeSpecSchema.extend({ root: z.custom<unknown>((value) => value !== undefined) }), 500);
const nodeParsers = new Map<string, AdaptiveParser<unknown>>(
  Object.entries(shallowNodeSchemas).map(([type, schema]) => [type, new AdaptiveParser<unknown>(schema as z.ZodType)]),
);
