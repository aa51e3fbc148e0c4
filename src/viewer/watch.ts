// Watching one file through its directory: editors save by writing a new file and renaming it
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
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };
  const watcher: FSWatcher = watch(dirname(path), { persistent: true }, (_event, filename) => {
    // Some platforms do not name the file; then any change in the directory may be it.
    if (filename === null || filename === name) changed();
  });
  watcher.on('error', changed);
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
