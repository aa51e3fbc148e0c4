// When a long-running command stops: on SIGINT, SIGTERM or SIGHUP, or when the process that
// started it dies (an MCP client that went away, an npm wrapper that was killed). An orphan would
// otherwise keep its browser and its ports for ever.

/** How often the parent is looked for. */
const PARENT_CHECK_MS = 500;

/** Resolves once the command should stop; `also` adds events of its own (stdin closing). */
export function untilStopped(also: (stop: () => void) => void = () => {}): Promise<void> {
  return new Promise((resolve) => {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid !== parent) stop();
    }, PARENT_CHECK_MS);
    watch.unref();
    const stop = () => {
      clearInterval(watch);
      resolve();
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
    also(stop);
  });
}
