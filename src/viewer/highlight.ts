// Which part of the last good render an error path points into: the deepest accessibility node
// whose key (its spec path) is a prefix of the error path, or the whole window.
import type { Bounds } from '../device/hierarchy.ts';

export interface Highlight {
  /** The node's key, or null when the box is the whole window. */
  key: string | null;
  bounds: Bounds;
}

/**
 * Picks the node with the longest key that names the error path or one of its ancestors. Keys
 * with a `#part` suffix name a part of a node (a slider's thumb), never a spec path, and the app
 * layer's ids are not spec paths either.
 */
export function highlightFor(
  errorPath: string,
  hierarchy: readonly { id: string; layer: string; bounds: Bounds }[],
  screen: { width: number; height: number },
): Highlight {
  let best: { id: string; bounds: Bounds } | null = null;
  for (const node of hierarchy) {
    if (node.layer !== 'prototype' || node.id.includes('#')) continue;
    if (!isPathPrefix(node.id, errorPath)) continue;
    if (best === null || node.id.length > best.id.length) best = node;
  }
  if (best !== null) return { key: best.id, bounds: best.bounds };
  return { key: null, bounds: { x: 0, y: 0, width: screen.width, height: screen.height } };
}

/** `root.children[1]` is a prefix of `root.children[1].style` and of itself, not of `root.children[10]`. */
export function isPathPrefix(prefix: string, path: string): boolean {
  if (prefix === '' || !path.startsWith(prefix)) return false;
  const next = path[prefix.length];
  return next === undefined || next === '.' || next === '[';
}
