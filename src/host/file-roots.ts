// The folders the host may read spec and asset files from and save into: the working directory it
// started in, the folders the user allowed (--allow-dir), and the roots the MCP client offers.
//
// A path is judged twice. First as written: a path that does not lie under a root is refused
// before anything outside the roots is looked at, so the answer never tells whether it exists.
// Then once links are resolved: the path itself, or for a path not there yet the nearest folder
// above it that is, must resolve under a root, so a link inside a root cannot lead outside it.
import { lstat, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
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
   * Fails at `argumentPath` unless `file` (absolute) lies under one of the roots, as written and
   * once links are resolved; a dangling link is refused too. Answers the resolved path, which is
   * the one to open or write (a path that does not exist yet resolves through its nearest
   * existing folder). A file that does not exist under a root is left for the reader to report.
   */
  async check(file: string, argumentPath: string): Promise<string> {
    const written = resolve(file);
    const realRoots = await this.realFolders();
    if (!this.folders.some((root) => isInside(root, written)) && !realRoots.some((root) => isInside(root, written))) this.refuse(file, argumentPath);
    const real = await resolveExisting(written);
    if (real === 'dangling') {
      fail(argumentPath, `"${file}" is a link whose target does not exist`, 'Point at the file itself, not at a link; protostage never writes or reads through a dangling link.');
    }
    if (!realRoots.some((root) => isInside(root, real))) this.refuse(file, argumentPath);
    return real;
  }

  private async realFolders(): Promise<string[]> {
    const reals = await Promise.all(this.folders.map((folder) => realpath(folder).catch(() => null)));
    return reals.filter((real): real is string => real !== null);
  }

  private refuse(file: string, argumentPath: string): never {
    fail(
      argumentPath,
      `"${file}" is outside the folders protostage may read and write (${this.folders.join(', ')})`,
      'Move the file under one of them, start protostage with --allow-dir for its folder, or offer its folder as an MCP root.',
    );
  }
}

function isInside(root: string, path: string): boolean {
  const inside = relative(root, path);
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside));
}

/**
 * The real path of `path`: itself resolved when it exists, else its nearest existing ancestor
 * resolved with the rest appended. A link at `path` whose target is missing is 'dangling'.
 */
async function resolveExisting(path: string): Promise<string | 'dangling'> {
  const real = await realpath(path).catch(() => null);
  if (real !== null) return real;
  const info = await lstat(path).catch(() => null);
  if (info?.isSymbolicLink()) return 'dangling';
  const parent = dirname(path);
  if (parent === path) return path;
  const realParent = await resolveExisting(parent);
  return realParent === 'dangling' ? 'dangling' : join(realParent, basename(path));
}
