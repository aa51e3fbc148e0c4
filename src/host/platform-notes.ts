// What a show tells the agent about the parts of a spec written for another platform: every field
// of an android or ios block the web device does not honour, with its path, and the Material look a
// platform design falls back to, and the stack pops an edge swipe does not scrub. Nothing here
// changes what is drawn; the notes make it visible.
import { CAPABILITIES } from '../protocol/constants.ts';
import type { NamespaceBlock } from '../validate/index.ts';
import { visitObjects } from './spec-walk.ts';

export interface PlatformNote {
  path: string;
  code: 'namespace.ignored' | 'design.fallback' | 'transition.nonInteractivePop' | 'carousel.fallback';
  message: string;
}

/** Stack transitions whose edge-swipe pop does not scrub: released past 60 dp it runs the pattern. */
const NON_INTERACTIVE_POPS: ReadonlySet<unknown> = new Set(['sharedAxisX', 'sharedAxisY', 'fadeThrough']);

/** The namespace fields the web device honours on a node (each the closest thing the web has). */
const HONOURED_ON_NODES: Readonly<Record<NamespaceBlock['namespace'], ReadonlySet<string>>> = {
  android: new Set(['indication']),
  ios: new Set(['hover']),
};

function ignoredReason(block: NamespaceBlock, field: string): string {
  if (block.owner === 'window' || block.owner === 'theme') return `${block.namespace}.${field} on the ${block.owner} applies to no node; the web device ignores it`;
  return `the web device draws Material and has no equivalent of ${block.namespace}.${field}; it is ignored`;
}

/**
 * The notes for a validated spec's namespace blocks, its theme.design, its composed-pattern stacks
 * and its carousels. `capabilities` are the spec's: they say whether there are stacks or carousels
 * to walk for.
 */
export function platformNotes(spec: Record<string, unknown>, blocks: readonly NamespaceBlock[], capabilities: readonly string[] = []): PlatformNote[] {
  const notes: PlatformNote[] = [];
  const design = (spec.theme as { design?: unknown } | undefined)?.design;
  if (design === 'platform') {
    notes.push({ path: 'theme.design', code: 'design.fallback', message: "the web device's platform look is Material: the prototype is drawn in Material" });
  }
  for (const block of blocks) {
    const onNode = block.owner !== 'window' && block.owner !== 'theme';
    for (const field of block.fields) {
      if (onNode && HONOURED_ON_NODES[block.namespace].has(field)) continue;
      notes.push({ path: `${block.path}.${field}`, code: 'namespace.ignored', message: ignoredReason(block, field) });
    }
  }
  const stacks = capabilities.includes(CAPABILITIES.stackPatterns);
  const carousels = capabilities.includes(CAPABILITIES.carousel);
  // Only a spec with composed stack patterns or carousels is walked for them.
  if (stacks || carousels) {
    visitObjects(spec.root, 'root', (object, path) => {
      if (stacks && object.type === 'stack' && NON_INTERACTIVE_POPS.has(object.screenTransition)) notes.push(nonInteractivePop(object, path));
      if (carousels && object.type === 'carousel' && object.variant !== 'uncontained') notes.push(carouselFallback(object, path));
    });
  }
  return notes;
}

function nonInteractivePop(stack: Record<string, unknown>, path: string): PlatformNote {
  return {
    path: `${path}.screenTransition`,
    code: 'transition.nonInteractivePop',
    message: `the edge swipe back does not scrub a ${String(stack.screenTransition)} pop: released past 60 dp, the pop runs its own motion`,
  };
}

/** multiBrowse and hero carousels draw every item at itemWidth: Material 3's large, medium and small items are not drawn. */
function carouselFallback(carousel: Record<string, unknown>, path: string): PlatformNote {
  const variant = typeof carousel.variant === 'string' ? carousel.variant : 'multiBrowse';
  return {
    path: carousel.variant === undefined ? path : `${path}.variant`,
    code: 'carousel.fallback',
    message: `the web device draws a ${variant} carousel as fixed-width items (itemWidth dp) that scroll and snap, without Material 3's large, medium and small item sizes`,
  };
}
