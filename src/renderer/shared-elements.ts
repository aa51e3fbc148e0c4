// Shared elements (prototype_shared_element_v1/_v2): when a draw replaces the node showing a
// shared key with another node of that key (a visibleWhen swap, a screen change), a copy moves
// from the old node's bounds to the new one's over the spatial 300 ms while the new node waits
// hidden. "element" moves a copy of the new node; "bounds" crossfades a copy of the old node into
// one of the new as both move. The reduced profile crossfades them in place; motion off swaps at
// once. A stack zoom's source is left to the zoom.
import type { MotionProfile } from '../runtime/model.ts';
import { EFFECTS_MS, EMPHASIZED, SPATIAL_MS } from './nodes/stack-motion.ts';

interface Shown {
  element: HTMLElement;
  rect: DOMRect;
}

/** Whether a person sees the element: drawn, not leaving, not on a hidden screen or pane. */
function shown(element: HTMLElement): boolean {
  if (!element.isConnected || element.closest('[data-ps-a11y-hidden], [data-ps-leaving], [data-ps-zooming]')) return false;
  return element.getClientRects().length > 0 && element.checkVisibility({ visibilityProperty: true });
}

/** The shared nodes a person sees now, by key, each where its layout puts it. */
export function captureShared(root: Element): Map<string, Shown> {
  const found = new Map<string, Shown>();
  for (const element of root.querySelectorAll<HTMLElement>('[data-ps-shared]')) {
    if (shown(element)) found.set(element.dataset.psShared!, { element, rect: laidOutRect(element) });
  }
  return found;
}

/**
 * The element's box without the motion of the stack screens around it: a screen fills its stack,
 * so how far it lies from its stack now is how far a transition has moved it, and the morph aims
 * at where the element comes to rest.
 */
function laidOutRect(element: HTMLElement): DOMRect {
  const rect = element.getBoundingClientRect();
  let dx = 0;
  let dy = 0;
  for (let screen = element.closest('.ps-stack-screen'); screen?.parentElement; screen = screen.parentElement.closest('.ps-stack-screen')) {
    const moved = screen.getBoundingClientRect();
    const stack = screen.parentElement.getBoundingClientRect();
    dx += moved.left - stack.left;
    dy += moved.top - stack.top;
  }
  return new DOMRect(rect.left - dx, rect.top - dy, rect.width, rect.height);
}

/** After a draw: morphs every key whose node was replaced by another one now shown. */
export function morphShared(root: Element, before: ReadonlyMap<string, Shown>, motion: MotionProfile): void {
  if (motion === 'off' || before.size === 0) return;
  const layer = root.querySelector('.ps-window-body');
  if (!layer) return;
  for (const [key, now] of captureShared(root)) {
    const was = before.get(key);
    if (!was || was.element === now.element || shown(was.element)) continue;
    if (motion === 'reduced') crossfade(layer, was, now);
    else morph(layer, was, now, now.element.dataset.psSharedAs === 'element' ? 'element' : 'bounds');
  }
}

/** The reduced profile: the old node fades out where it was while the new one fades in where it is. */
function crossfade(layer: Element, was: Shown, now: Shown): void {
  const copy = copyOf(was.element, was.rect);
  layer.append(copy);
  const timing = { duration: EFFECTS_MS, easing: 'linear' };
  const fades = [copy.animate([{ opacity: 1 }, { opacity: 0 }], timing), now.element.animate([{ opacity: 0 }, { opacity: 1 }], timing)];
  void Promise.all(fades.map((fade) => fade.finished.catch(() => undefined))).then(() => copy.remove());
}

function morph(layer: Element, was: Shown, now: Shown, kind: 'element' | 'bounds'): void {
  const frames = [box(was.rect), box(now.rect)];
  const timing = { duration: SPATIAL_MS, easing: EMPHASIZED };
  const copies = kind === 'element' ? [copyOf(now.element, now.rect)] : [copyOf(was.element, was.rect), copyOf(now.element, now.rect)];
  for (const copy of copies) layer.append(copy);
  now.element.style.visibility = 'hidden';
  const moves = copies.map((copy, index) => {
    const fade = kind === 'bounds' ? [{ opacity: index === 0 ? 1 : 0 }, { opacity: index === 0 ? 0 : 1 }] : [{}, {}];
    return copy.animate(frames.map((frame, at) => ({ ...frame, ...fade[at] })), timing);
  });
  void Promise.all(moves.map((move) => move.finished.catch(() => undefined))).then(() => {
    for (const copy of copies) copy.remove();
    now.element.style.visibility = '';
  });
}

function box(rect: DOMRect): Keyframe {
  return { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` };
}

/** A copy of a node drawn in its bounds above the window: not touchable, not observed. */
function copyOf(element: HTMLElement, rect: DOMRect): HTMLElement {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.style.visibility = '';
  const holder = document.createElement('div');
  holder.className = 'ps-shared-copy';
  holder.setAttribute('data-ps-a11y-hidden', '');
  holder.setAttribute('aria-hidden', 'true');
  Object.assign(holder.style, box(rect));
  holder.append(copy);
  return holder;
}
