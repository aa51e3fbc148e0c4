// Files the device makes from the package's own files (the renderer's script, the packed icon
// glyphs) are kept between launches, each with a digest of what it was made from: a launch whose
// sources are unchanged reads the kept file instead of making it again (esbuild's bundle took
// 210–290 ms and packing the icon package's 10,000 files 220–230 ms of a first show). Any change
// to a source, or to the set of sources, makes it anew. Kept in the package's
// node_modules/.cache/protostage, or in dist/built for a packed package (prepack writes it, postpack
// takes it out of the checkout again, whose dependencies may change in place); where neither
// can be written (a read-only install), each launch makes them, as it would without this.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where a packed package carries the files built at prepack. */
export const PACKED_DIR = join(PACKAGE_ROOT, 'dist', 'built');
/** Where a checkout or a writable install keeps the files its launches made. */
export const CACHE_DIR = join(PACKAGE_ROOT, 'node_modules', '.cache', 'protostage');

interface BuiltRecord {
  /** The digest of the salt and of every source, by path and content. */
  digest: string;
  /** The sources, relative to the package root. */
  inputs: string[];
  /**
   * The digest of the salt and of every source's size, times and inode as they were when `digest`
   * was taken: while they are the same, the contents are not read again. Any write to a file
   * changes its change time, which nothing can set back.
   */
  stats?: string;
}

/** What a file was made from: `salt` names the maker (its version, its options); `inputs` are relative to the package root. */
export interface BuiltFrom {
  salt: string;
  inputs: readonly string[];
}

/**
 * The file kept under `name` while the sources it was made from are unchanged; otherwise the one
 * `make` makes now, kept for the next launch. `salt` names the maker (its version, its options).
 */
export async function keptOrMade(name: string, salt: string, make: () => Promise<{ contents: string | Buffer; inputs: readonly string[] }>): Promise<Buffer> {
  const kept = readBuilt(name, salt);
  if (kept !== null) return kept;
  const startedAt = Date.now();
  const { contents, inputs } = await make();
  keepBuilt(name, contents, { salt, inputs }, startedAt);
  return Buffer.isBuffer(contents) ? contents : Buffer.from(contents);
}

/** A kept file whose sources are all unchanged, or null; looked for in `folders` in turn. */
export function readBuilt(name: string, salt: string, folders: readonly string[] = [PACKED_DIR, CACHE_DIR]): Buffer | null {
  for (const folder of folders) {
    const kept = readBuiltIn(folder, name, salt);
    if (kept !== null) return kept;
  }
  return null;
}

function readBuiltIn(folder: string, name: string, salt: string): Buffer | null {
  if (!builtIsCurrent(folder, name, salt)) return null;
  try {
    return readFileSync(join(folder, name));
  } catch {
    return null;
  }
}

/**
 * Whether what `folder` keeps under `name` was made by `salt` from the sources as they are now:
 * at once when no source's file was touched since the record was written (the check every launch
 * makes: 127 and 187 files), else by their contents, and then the record notes their files anew.
 */
export function builtIsCurrent(folder: string, name: string, salt: string): boolean {
  try {
    const recordPath = join(folder, `${name}.json`);
    const record = JSON.parse(readFileSync(recordPath, 'utf8')) as BuiltRecord;
    if (!Array.isArray(record.inputs)) return false;
    const from = { salt, inputs: record.inputs };
    // Taken before the contents are read: a write after this makes the next check read them again.
    const stats = statsDigestOf(from);
    if (stats !== null && stats === record.stats) return true;
    if (digestOf(from) !== record.digest) return false;
    if (stats !== null) writeRecordQuietly(recordPath, { ...record, stats });
    return true;
  } catch {
    return false;
  }
}

function writeRecordQuietly(path: string, record: BuiltRecord): void {
  try {
    writeWhole(path, JSON.stringify(record));
  } catch {
    // A read-only install checks the contents each time, as it did before.
  }
}

/**
 * Keeps a file made at `startedAt` (a Date.now() time) from `from`, unless a source changed since
 * then (the file would not be what the sources make now). `folder` defaults to the cache.
 */
export function keepBuilt(name: string, contents: string | Buffer, from: BuiltFrom, startedAt: number, folder = CACHE_DIR): void {
  keepRecord(name, from, startedAt, folder, () => writeWhole(join(folder, name), contents));
}

/**
 * Keeps the record of what was made under `name` at `startedAt`: `keep` puts the made files in
 * place first, so a record read is never ahead of the files beside it. Nothing is kept when a
 * source changed since (the files would not be what the sources make now) or nothing can be written.
 */
export function keepRecord(name: string, from: BuiltFrom, startedAt: number, folder: string, keep: () => void): void {
  try {
    if (from.inputs.some((input) => statSync(sourcePath(input)).mtimeMs > startedAt)) return;
    const stats = statsDigestOf(from);
    const digest = digestOf(from);
    if (digest === null || stats === null) return;
    mkdirSync(folder, { recursive: true });
    keep();
    writeWhole(join(folder, `${name}.json`), JSON.stringify({ digest, inputs: [...from.inputs], stats } satisfies BuiltRecord));
  } catch {
    // Nowhere to keep it: the next launch makes it again.
  }
}

function digestOf({ salt, inputs }: BuiltFrom): string | null {
  const hash = createHash('sha256').update(salt);
  try {
    for (const input of inputs) hash.update(`\0${input}\0`).update(readFileSync(sourcePath(input)));
  } catch {
    return null; // a source is gone
  }
  return hash.digest('hex');
}

/** The digest of the salt and of each source's size, modification and change times and inode; null when one is gone. */
function statsDigestOf({ salt, inputs }: BuiltFrom): string | null {
  const hash = createHash('sha256').update(salt);
  try {
    for (const input of inputs) {
      const { size, mtimeMs, ctimeMs, ino } = statSync(sourcePath(input));
      hash.update(`\0${input}\0${size}:${mtimeMs}:${ctimeMs}:${ino}`);
    }
  } catch {
    return null;
  }
  return hash.digest('hex');
}

function sourcePath(input: string): string {
  return isAbsolute(input) ? input : join(PACKAGE_ROOT, input);
}

/** Writes beside the target, then renames: a reader sees the old file or the new one, never part of one. */
function writeWhole(path: string, contents: string | Buffer): void {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

/** A path under the package root as a kept record names it (relative), any other as it is. */
export function packageRelative(path: string): string {
  return path.startsWith(PACKAGE_ROOT) ? path.slice(PACKAGE_ROOT.length) : path;
}
