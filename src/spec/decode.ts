import { z } from 'zod';
import { AdaptiveParser } from './adaptive.ts';
import { prototypeSpecSchema, shallowNodeSchemas, type PrototypeNode, type PrototypeSpec } from './schema.ts';

export type DecodeResult = { ok: true; spec: PrototypeSpec } | { ok: false; path: '$'; message: string };

/** A valid spec nests 24 nodes at most; anything deeper is refused before it can exhaust the stack. */
const MAX_DECODE_DEPTH = 64;

/**
 * The typed decode of a spec the walker has already accepted. The validator itself returns the
 * walked value; the tests and the fuzz decode every spec it accepts here and compare, so a
 * rejection or a different value means the walker and this model disagree, an internal contract
 * failure reported at `$` (a caller never receives partially decoded content).
 */
export function decodePrototypeSpec(value: unknown): DecodeResult {
  try {
    const envelope = parse(envelopeParser, value);
    const root = decodeChild(envelope.root, 'root', 1);
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

/** `where` is the path from the node being decoded; each enclosing node puts its own segment in front. */
class DecodeFailure {
  constructor(
    public where: string,
    readonly detail: string,
  ) {}

  under(segment: string): DecodeFailure {
    this.where = this.where ? `${segment}.${this.where}` : segment;
    return this;
  }
}

type Decoded = Record<string, unknown> & { child?: unknown; children?: unknown[]; root?: unknown };

/** Decodes one node with its own schema, then its child nodes one by one. */
function decodeNode(value: unknown, depth: number): PrototypeNode {
  if (depth > MAX_DECODE_DEPTH) throw new DecodeFailure('', `nodes nest deeper than ${MAX_DECODE_DEPTH}`);
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' ? nodeParsers.get(type) : undefined;
  if (!schema) throw new DecodeFailure('type', 'not a node type of the model');
  const node = parse(schema, value);
  if (node.child !== undefined) node.child = decodeChild(node.child, 'child', depth + 1);
  if (Array.isArray(node.children)) {
    node.children = node.children.map((child, index) => decodeChild(child, index, depth + 1));
  }
  return node as unknown as PrototypeNode;
}

/** Decodes the node found under `segment` (a key, or an index in `children`) of its parent. */
function decodeChild(value: unknown, segment: string | number, depth: number): PrototypeNode {
  try {
    return decodeNode(value, depth);
  } catch (error) {
    if (error instanceof DecodeFailure) throw error.under(typeof segment === 'number' ? `children[${segment}]` : segment);
    throw error;
  }
}

function parse(schema: AdaptiveParser<unknown>, value: unknown): Decoded {
  const result = schema.safeParse(value);
  if (result.success) return result.data as Decoded;
  const issue = result.error.issues[0];
  throw new DecodeFailure((issue?.path ?? []).map(String).filter(Boolean).join('.'), issue?.message ?? 'rejected');
}

// Parsers of the envelope and of each node type, compiled once they are hot (see AdaptiveParser).

const envelopeParser = new AdaptiveParser(prototypeSpecSchema.extend({ root: z.custom<unknown>((value) => value !== undefined) }), 500);
const nodeParsers = new Map<string, AdaptiveParser<unknown>>(
  Object.entries(shallowNodeSchemas).map(([type, schema]) => [type, new AdaptiveParser<unknown>(schema as z.ZodType)]),
);
