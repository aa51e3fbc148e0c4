/**
 * Which style effects the web device leaves out where, and why: the renderer omits them and the
 * host lists them in a show's degradedEffects. A distortion redraws the node's whole content through
 * a filter; on a node that scrolls its content that would redraw everything it holds on every
 * scroll frame, so there the distortion is omitted.
 */

/** Effects that bend or blur the node's own pixels (the others paint over or under them). */
export const DISTORTION_EFFECTS: ReadonlySet<string> = new Set(['blur', 'pixelate', 'chromaticAberration', 'wave', 'ripple']);

/** Node types that scroll their content. */
const SCROLLING_NODES: ReadonlySet<string> = new Set(['scroll', 'list', 'pager', 'carousel']);

/** Why the web device cannot draw effect `type` on a node of `nodeType`, or null when it can. */
export function effectOmission(type: string, nodeType: string): string | null {
  if (DISTORTION_EFFECTS.has(type) && SCROLLING_NODES.has(nodeType)) {
    return `a ${type} on a ${nodeType} would redraw all of its scrolled content on every scroll frame; put the effect on a node inside it`;
  }
  return null;
}
