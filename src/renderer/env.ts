// What every drawn node can reach: the model, the layout direction, the interaction sink, the
// asset store, the device insets, and the layers anchored and overlay nodes draw into.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Interaction } from '../runtime/model.ts';
import type { AssetStore } from './assets.ts';

export interface Edges {
  top: number;
  bottom: number;
  start: number;
  end: number;
}

export const NO_EDGES: Edges = { top: 0, bottom: 0, start: 0, end: 0 };

/** Insets of the window's content area by type (status/navigation bars, cutout, keyboard). */
export interface WindowInsets {
  systemBars: Edges;
  cutout: Edges;
  ime: Edges;
}

/** Stays the same object while none of its fields change, so unchanged subtrees skip re-rendering. */
export interface RenderEnv {
  /** Key of the root node. */
  rootKey: string;
  /** The window is floating: its anchored root moves the window instead of being lifted. */
  floating: boolean;
  /** A dialog is open: everything but the dialog leaves accessibility and touch. */
  dialogOpen: boolean;
  rtl: boolean;
  /** False for motion "none": every change is instant. */
  motion: boolean;
  /** The reduced profile: spatial motion becomes a crossfade or snaps; fades and colours still animate. */
  reducedMotion: boolean;
  /** The motion tokens' scheme animate springs come from. */
  motionScheme: 'standard' | 'expressive';
  interact(interaction: Interaction): void;
  assets: AssetStore;
  insets: WindowInsets;
  /** Window-level layer for anchored nodes below the root. */
  anchorLayer: Element | null;
  /** Window-level layer for dialogs, snackbars and bottom sheets (above the author tree). */
  overlayLayer: Element | null;
  /** Screen origin of the window's content area, to place bounds anchors. */
  contentOrigin: { x: number; y: number };
  /** Height of the content area: half/full sheet detents refer to it. */
  contentHeight: number;
  /** Today as YYYY-MM-DD on the device's clock, which a date picker rings; null with the fixed clock of repeatable screenshots. */
  today: string | null;
  /** The device's clipboard text now (a paste button reads it when pressed). */
  clipboard(): string;
}

export const Env = createContext<RenderEnv | null>(null);

export function useEnv(): RenderEnv {
  const env = useContext(Env);
  if (!env) throw new Error('renderer: node drawn outside a prototype window');
  return env;
}

/** Safe-area insets already applied by ancestors (Compose consumes them for descendants). */
export const ConsumedInsets = createContext<Edges>(NO_EDGES);

/** Set by a pager or sheet being dragged, so the drag does not also tap what it started on. */
export const DragGuard = createContext<{ dragged(): boolean } | null>(null);

/**
 * How a node's parent sizes its children (see offscreen.ts): `definite`, the parent's width does
 * not depend on its children; `free`, it does, but a change of it moves and draws nothing else;
 * `atStart`, it places a child that is not as wide as itself at its start edge.
 */
export interface ParentWidth {
  definite: boolean;
  free: boolean;
  atStart: boolean;
  /** It stretches every child to its own width (a vertical scroll). */
  stretches: boolean;
  /** Left to right, a child at its start edge starts on a whole pixel. */
  wholeStart: boolean;
}

/** A fullscreen or sheet window: a fixed width from the screen's left edge, the root placed at its start. */
export const WINDOW_WIDTH: ParentWidth = { definite: true, free: false, atStart: true, stretches: false, wholeStart: true };
/** Below a popup, a pager, a horizontal scroll or an anchored node: nothing is assumed. */
export const UNKNOWN_WIDTH: ParentWidth = { definite: false, free: false, atStart: false, stretches: false, wholeStart: false };

export const ParentWidthContext = createContext<ParentWidth>(WINDOW_WIDTH);
