// The folders the host may read spec and asset files from: the working directory it started in,
// the folders the user allowed (--allow-dir), and the roots the MCP client offers. A path is
// checked after symbolic links are resolved, so a link inside a root cannot lead outside it.
import { realpath } from 'node:fs/promises';
import { relative, isAbsolute, resolve } from 'node:path';
import { fail } from './errors.ts';

export class FileRoots {
  readonly folders: readonly string[];

  constructor(folders: readonly string[]) {
    this.folders = [...new Set(folders.map((folder) => resolve(folder)))];
  }

  /** These roots and the extra ones, for one call (the MCP client's roots). */
  with(extra: readonly string[]): FileRoots {
    return extra.length === 0 ? this : new FileRoots([...this.folders, ...extra]);
  }

  /**
   * Fails at `argumentPath` unless `file` (absolute) lies under one of the roots once links are
   * resolved. A file that does not exist is left for the reader to report.
   */
  async check(file: string, argumentPath: string): Promise<void> {
    const real = await realpath(file).catch(() => null);
    if (real === null) return;
    for (const folder of this.folders) {
      const root = await realpath(folder).catch(() => null);
      if (root === null) continue;
      const inside = relative(root, real);
      if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) return;
    }
    fail(
      argumentPath,
      `"${file}" is outside the folders protostage may read (${this.folders.join(', ')})`,
      'Move the file under one of them, start protostage with --allow-dir for its folder, or offer its folder as an MCP root.',
    );
  }
}
