// Where a popup surface goes beside the node it belongs to (a menu under its parent, a select's
// options under the field, a tooltip beside its target): pure geometry in window coordinates, so
// it is tested without a page.

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

/** The caret of a tooltip is this long (dp), and stays this far from the bubble's corners. */
export const CARET_DP = 8;
const CARET_CORNER_INSET = 12;

export type TooltipPlacement = 'top' | 'bottom' | 'start' | 'end';

/**
 * A tooltip's place (seeds/001 "Tooltip and drawer overlays"): `placement` names the bubble's side
 * that carries the caret, so top puts the bubble below its target; start and end mirror right to
 * left. It flips to the other side when it does not fit, takes the side with more room when
 * neither fits, stays 8 dp inside the window, and keeps its caret aimed at the target's centre,
 * clear of its corners.
 */
export function placeTooltip(target: Rect, size: { width: number; height: number }, window: { width: number; height: number }, placement: TooltipPlacement, rtl: boolean): { x: number; y: number; caret: 'top' | 'bottom' | 'left' | 'right'; caretOffset: number } {
  const physical = placement === 'start' ? (rtl ? 'right' : 'left') : placement === 'end' ? (rtl ? 'left' : 'right') : placement;
  const vertical = physical === 'top' || physical === 'bottom';
  // Room for the bubble and its caret on each side of the target.
  const room = {
    top: window.height - WINDOW_MARGIN - (target.y + target.height) - CARET_DP,
    bottom: target.y - CARET_DP - WINDOW_MARGIN,
    left: window.width - WINDOW_MARGIN - (target.x + target.width) - CARET_DP,
    right: target.x - CARET_DP - WINDOW_MARGIN,
  };
  const opposite = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' } as const;
  const need = vertical ? size.height : size.width;
  let caret: 'top' | 'bottom' | 'left' | 'right' = physical;
  if (room[caret] < need) caret = room[opposite[caret]] >= need || room[opposite[caret]] > room[caret] ? opposite[caret] : caret;
  const centre = { x: target.x + target.width / 2, y: target.y + target.height / 2 };
  let x: number;
  let y: number;
  if (vertical) {
    x = clamp(centre.x - size.width / 2, WINDOW_MARGIN, window.width - WINDOW_MARGIN - size.width);
    y = caret === 'top' ? target.y + target.height + CARET_DP : target.y - CARET_DP - size.height;
    y = clamp(y, WINDOW_MARGIN, window.height - WINDOW_MARGIN - size.height);
  } else {
    y = clamp(centre.y - size.height / 2, WINDOW_MARGIN, window.height - WINDOW_MARGIN - size.height);
    x = caret === 'left' ? target.x + target.width + CARET_DP : target.x - CARET_DP - size.width;
    x = clamp(x, WINDOW_MARGIN, window.width - WINDOW_MARGIN - size.width);
  }
  const along = vertical ? centre.x - x : centre.y - y;
  const length = vertical ? size.width : size.height;
  const caretOffset = clamp(along, Math.min(CARET_CORNER_INSET, length / 2), Math.max(length - CARET_CORNER_INSET, length / 2));
  return { x, y, caret, caretOffset };
}
