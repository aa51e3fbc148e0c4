// Preact re-renders a component whose state changed in a microtask. The page sometimes needs those
// re-renders done now (rows drawn before a scroll or a reveal reads them): flushRenders runs the
// pending batch at once, and the microtask then finds nothing left to do.
import { options } from 'preact';

let pending: (() => void) | null = null;

options.debounceRendering = (process) => {
  pending = process;
  queueMicrotask(() => {
    if (pending === process) pending = null;
    process();
  });
};

/** Runs every state change re-render that is waiting, synchronously. */
export function flushRenders(): void {
  const process = pending;
  pending = null;
  process?.();
}
