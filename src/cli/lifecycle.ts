// When a long-running command stops: on SIGINT, SIGTERM or SIGHUP, or when the process that
// started it dies (an MCP client that went away, an npm wrapper that was killed). An orphan would
// otherwise keep its browser and its ports for ever.
import { readFileSync } from 'node:fs';

/** How often the parent is looked for. */
const PARENT_CHECK_MS = 500;

/** A wrapper never goes deeper than this (npm exec → sh -c → node is one shell). */
const MAX_WRAPPERS = 3;

/** The parent as the command's modules loaded: one gone before the command watches is noticed too. */
const STARTING_PARENT = process.ppid;

/**
 * Resolves once the command should stop; `also` adds events of its own (stdin closing). Called
 * before the command's start, so a signal or its parent's death during the start is kept, and
 * the command stops, cleaning up, once it awaits this.
 */
export function untilStopped(also: (stop: () => void) => void = () => {}): Promise<void> {
  return new Promise((resolve) => {
    const parent = STARTING_PARENT;
    const starters = startersAbove(parent);
    const watch = setInterval(() => {
      if (process.ppid !== parent || starters === ORPHANED || starters.some((starter) => parentOf(starter.child) !== starter.pid)) stop();
    }, PARENT_CHECK_MS);
    watch.unref();
    const stop = () => {
      clearInterval(watch);
      resolve();
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
    also(stop);
    if (starters === ORPHANED || process.ppid !== parent) stop();
  });
}

/** Our shell's starter is gone already. */
const ORPHANED = 'orphaned';

/**
 * The processes that started the shells between us and whoever ran us (`npm exec` runs a command
 * through `sh -c`, and a killed npm leaves that shell alive as our parent): each with the shell
 * below it, whose parent it must stay. Read from /proc, so on systems without it only the parent
 * is watched.
 */
function startersAbove(parent: number): Array<{ pid: number; child: number }> | typeof ORPHANED {
  const starters: Array<{ pid: number; child: number }> = [];
  let shell = parent;
  for (let depth = 0; depth < MAX_WRAPPERS && isShellWrapper(shell); depth++) {
    const starter = parentOf(shell);
    if (starter === null) break;
    // The starter died before we looked: the shell was handed to init.
    if (starter === 1) return ORPHANED;
    starters.push({ pid: starter, child: shell });
    shell = starter;
  }
  return starters;
}

/** A process's parent from /proc/<pid>/stat (the field after the parenthesised name), or null. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Whether `pid` is a shell running one command line (`sh -c …`, `bash -c …`). */
function isShellWrapper(pid: number): boolean {
  try {
    const [program = '', flag] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return /(^|\/)(sh|bash|dash|zsh)$/.test(program) && flag === '-c';
  } catch {
    return false;
  }
}
