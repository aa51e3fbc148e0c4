import { z } from 'zod';
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
    const envelope = parse(compiledEnvelope(), value, '');
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

/** Decodes one node with its own compiled schema, then its child nodes one by one. */
function decodeNode(value: unknown, path: string, depth: number): PrototypeNode {
  if (depth > MAX_DECODE_DEPTH) throw new DecodeFailure(path, `nodes nest deeper than ${MAX_DECODE_DEPTH}`);
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' ? compiledNode(type) : undefined;
  if (!schema) throw new DecodeFailure(`${path}.type`, 'not a node type of the model');
  const node = parse(schema, value, path);
  if (node.child !== undefined) node.child = decodeNode(node.child, `${path}.child`, depth + 1);
  if (Array.isArray(node.children)) {
    node.children = node.children.map((child, index) => decodeNode(child, `${path}.children[${index}]`, depth + 1));
  }
  return node as unknown as PrototypeNode;
}

function parse(schema: z.ZodType, value: unknown, path: string): Decoded {
  const result = schema.safeParse(value);
  if (result.success) return result.data as Decoded;
  const issue = result.error.issues[0];
  const where = [path, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  throw new DecodeFailure(where, issue?.message ?? 'rejected');
}

// Compiled parsers (`z.compile`): a cycle-free schema runs as generated code instead of on the
// interpreter. Each is compiled on first use, so a process pays only for the node types it meets.

let envelopeParser: z.ZodType | undefined;
const nodeParsers = new Map<string, z.ZodType>();

function compiledEnvelope(): z.ZodType {
  envelopeParser ??= z.compile(prototypeSpecSchema.extend({ root: z.custom<unknown>((value) => value !== undefined) }));
  return envelopeParser;
}

function compiledNode(type: string): z.ZodType | undefined {
  let parser = nodeParsers.get(type);
  if (!parser && Object.hasOwn(shallowNodeSchemas, type)) {
    parser = z.compile(shallowNodeSchemas[type as keyof typeof shallowNodeSchemas] as z.ZodType);
    nodeParsers.set(type, parser);
  }
  return parser;
}
