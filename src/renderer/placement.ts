// Where a popup surface goes beside the node it belongs to (a menu under its parent, a select's
// options under the field): pure geometry in window coordinates, so it is tested without a page.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Popups keep this far from the window's edges (dp). */
export const WINDOW_MARGIN = 8;

/**
 * A menu's place (seeds/001 "Menu and select"): below its anchor, its end edge on the anchor's end
 * edge (start edge for `alignStart`); above the anchor when it does not fit below but fits above;
 * otherwise clamped inside the window. Horizontally it is always clamped inside the window.
 */
export function placeBelow(anchor: Rect, size: { width: number; height: number }, window: { width: number; height: number }, options: { rtl: boolean; alignStart?: boolean }): { x: number; y: number; above: boolean } {
  const bottom = window.height - WINDOW_MARGIN;
  const fitsBelow = anchor.y + anchor.height + size.height <= bottom;
  const fitsAbove = anchor.y - size.height >= WINDOW_MARGIN;
  const above = !fitsBelow && fitsAbove;
  const y = fitsBelow ? anchor.y + anchor.height : above ? anchor.y - size.height : clamp(anchor.y + anchor.height, WINDOW_MARGIN, bottom - size.height);
  // The end edge is the right edge left to right, the left edge right to left.
  const atLeftEdge = options.alignStart ? !options.rtl : options.rtl;
  const wanted = atLeftEdge ? anchor.x : anchor.x + anchor.width - size.width;
  const x = clamp(wanted, WINDOW_MARGIN, window.width - WINDOW_MARGIN - size.width);
  return { x, y, above };
}

/** Clamps into [low, high]; a window too small for the surface keeps it at `low`. */
function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(value, high));
}
