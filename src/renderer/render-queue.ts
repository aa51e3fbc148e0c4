// Preact re-renders a component whose state changed in a microtask, and runs its effects after the
// next frame. This module schedules both for Preact: so the page can finish the pending re-renders
// at once when it needs them done (rows drawn before a scroll or a reveal reads them), so a draw of
// the whole screen asked for during them waits for their end, and so settled() can wait for
// effects not run yet (an effect starts a camera, a load).
import { options } from 'preact';

let pending: (() => void) | null = null;
/** How deep the page is inside Preact's re-rendering of queued components. */
let processing = 0;
const afterProcessing: Array<() => void> = [];

options.debounceRendering = (process) => {
  pending = process;
  queueMicrotask(() => {
    if (pending === process) pending = null;
    runQueued(process);
  });
};

/** Runs every state change re-render that is waiting, synchronously. */
export function flushRenders(): void {
  const process = pending;
  pending = null;
  if (process) runQueued(process);
}

function runQueued(process: () => void): void {
  processing += 1;
  try {
    process();
  } finally {
    processing -= 1;
    if (processing === 0) for (const callback of afterProcessing.splice(0)) callback();
  }
}

/**
 * Runs `callback` once Preact's re-rendering of queued components has ended, or at once when none
 * is running. A component's effects may run inside its re-render (Preact flushes effects still
 * pending before it renders a component again), and a draw of the whole tree from there would
 * diff the component's old children while its own render is using them: its element is drawn twice.
 */
export function outsideQueuedRenders(callback: () => void): void {
  if (processing === 0) callback();
  else if (!afterProcessing.includes(callback)) afterProcessing.push(callback);
}

let effectRuns = 0;
let effectsDone: Array<() => void> = [];

/** As Preact's own: after the next frame (or 35 ms without one), in a task of its own. */
options.requestAnimationFrame = (runEffects) => {
  effectRuns += 1;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(() => {
      try {
        runEffects();
      } finally {
        effectRuns -= 1;
        if (effectRuns === 0) for (const resolve of effectsDone.splice(0)) resolve();
      }
    });
  };
  const timeout = setTimeout(done, 35);
  const frame = requestAnimationFrame(done);
};

/** Resolves once no component's effects are waiting to run. */
export function effectsRun(): Promise<void> {
  return effectRuns === 0 ? Promise.resolve() : new Promise((resolve) => effectsDone.push(resolve));
}
