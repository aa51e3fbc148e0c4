// Watching files through their directory: editors save by writing a new file and renaming it
// over the old one, which ends a watch on the file itself but shows up in its directory.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** Saves often arrive as several events (truncate, write, rename); they become one change. */
export const SAVE_DEBOUNCE_MS = 30;

export interface FileWatch {
  close(): void;
}

/**
 * Calls `onChange` once a burst of changes to the file has been quiet for `debounceMs`.
 * A watcher that fails (its directory went away) reports one last change so the caller reads
 * the file and finds out.
 */
export function watchFile(path: string, onChange: () => void, debounceMs = SAVE_DEBOUNCE_MS): FileWatch {
  const name = basename(path);
  return watchDirectory(dirname(path), (changed) => {
    if (changed === null || changed === name) onChange();
  }, debounceMs);
}

/**
 * Calls `onChange(name)` once a burst of changes to the entry `name` of the directory (a file
 * written, added, renamed or removed) has been quiet for `debounceMs`; each name is debounced on
 * its own. The name is null when the platform did not say which entry changed, or when the
 * watcher failed: then any entry may have.
 */
export function watchDirectory(directory: string, onChange: (name: string | null) => void, debounceMs = SAVE_DEBOUNCE_MS): FileWatch {
  const timers = new Map<string | null, NodeJS.Timeout>();
  const changed = (name: string | null) => {
    clearTimeout(timers.get(name));
    timers.set(name, setTimeout(() => {
      timers.delete(name);
      onChange(name);
    }, debounceMs));
  };
  const watcher: FSWatcher = watch(directory, { persistent: true }, (_event, filename) => changed(filename ?? null));
  watcher.on('error', () => changed(null));
  return {
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      watcher.close();
    },
  };
}
