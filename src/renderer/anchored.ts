// What a surface placed beside another element (a menu, a select's options, a tooltip) needs of
// the page: rectangles in its layer's coordinates, and a redraw whenever the place may change.
import { useEffect, useRef } from 'preact/hooks';
import type { Rect } from './placement.ts';

/** `element`'s rectangle in the coordinates of `layer`. */
export function rectIn(element: Element, layer: Element): Rect {
  const box = element.getBoundingClientRect();
  const origin = layer.getBoundingClientRect();
  return { x: box.left - origin.left, y: box.top - origin.top, width: box.width, height: box.height };
}

/**
 * A surface that could not be placed because its layer has not joined the page yet (a window's
 * first draw: the layers join after the surface's effect) asks for another draw, at most three
 * times. Returns the function to call when placing failed.
 */
export function useRetryWhenAttached(surface: { current: Element | null }, redraw: () => void): () => void {
  const tries = useRef(0);
  return () => {
    if (surface.current && !surface.current.isConnected && tries.current++ < 3) queueMicrotask(redraw);
  };
}

/** Redraws when the window resizes or `surface`'s own size settles (a web font arriving), while `active`. */
export function useRelayout(surface: { current: Element | null }, redraw: () => void, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    addEventListener('resize', redraw);
    const observer = new ResizeObserver(redraw);
    if (surface.current) observer.observe(surface.current);
    return () => {
      removeEventListener('resize', redraw);
      observer.disconnect();
    };
  }, [active]);
}
