// What a surface placed beside another element (a menu, a select's options, a tooltip) needs of
// the page: rectangles in its layer's coordinates, and a redraw whenever the place may change.
import { useEffect } from 'preact/hooks';
import type { Rect } from './placement.ts';

/** `element`'s rectangle in the coordinates of `layer`. */
export function rectIn(element: Element, layer: Element): Rect {
  const box = element.getBoundingClientRect();
  const origin = layer.getBoundingClientRect();
  return { x: box.left - origin.left, y: box.top - origin.top, width: box.width, height: box.height };
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
