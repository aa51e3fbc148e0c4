// Modal surfaces take the keyboard focus while open and give it back when they close (seeds/001:
// a spotlight tooltip and a drawer move focus in, and dismissal restores it).
import { useEffect } from 'preact/hooks';

/** While `open`, `surface` holds the focus; on close the element focused before gets it back. */
export function useFocusWhileOpen(open: boolean, surface: { current: HTMLElement | null }): void {
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    // On the next frame: a surface is placed (and made visible) once its layer has joined the page.
    const frame = requestAnimationFrame(() => surface.current?.focus({ preventScroll: true }));
    return () => {
      cancelAnimationFrame(frame);
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, [open]);
}
