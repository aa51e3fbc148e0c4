// Image and font assets for the commands that drive the web device themselves (render, view).
// `--asset ID=FILE` and `--assets DIR` name the files; they are read and checked exactly as the
// MCP host checks a show's assets (stageAssets: signature-detected type, the contract's caps)
// before anything is shown, then put on the device.
import { readdir, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { WebDevice } from '../device/web-device.ts';
import { readHead, stageAssets, type StagedAsset } from '../host/assets.ts';
import { HostFailureError } from '../host/errors.ts';
import { ASSET_LIMITS, SIGNATURE_BYTES, sniffMimeType } from '../protocol/assets.ts';

/** The flags, for a command's parseArgs options. */
export const ASSET_OPTIONS = {
  asset: { type: 'string', multiple: true },
  assets: { type: 'string' },
} as const;

/** The flags' lines for a command's --help. */
export const ASSET_HELP = `  --asset ID=FILE        put FILE (PNG, JPEG, WebP, TTF, OTF, MP4 or WebM) on the device as asset ID
                         before the show (repeatable)
  --assets DIR           every image, font and video file in DIR, as the asset named by the
                         file name without its extension (hero.png is "hero")`;

/** A folder is scanned file by file; one this big is not a folder of assets. */
export const MAX_FOLDER_ENTRIES = 1000;

/** Where an asset's bytes come from, and the flag that named it (as typed, for messages). */
export interface AssetSource {
  id: string;
  /** Absolute path. */
  file: string;
  flag: string;
}

/** What is wrong with an asset flag or file, and how to fix it. */
export interface AssetProblem {
  ok: false;
  flag: string;
  message: string;
  hint: string;
}

/** A malformed or repeated `--asset` value: bad usage (exit 2), unlike a bad file. */
export class AssetUsageError extends Error {}

export function assetProblem(flag: string, message: string, hint: string): AssetProblem {
  return { ok: false, flag, message, hint };
}

/** The one-line message for a problem, e.g. `protostage render: --asset hero=x.gif: "…" is not …; convert it …`. */
export function describeAssetProblem(command: string, problem: AssetProblem): string {
  return `protostage ${command}: ${assetProblemText(problem)}`;
}

/** A problem as `FLAG: what was wrong; how to fix it`. */
export function assetProblemText({ flag, message, hint }: AssetProblem): string {
  return `${flag}: ${message}; ${lowerFirst(hint)}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
}

/** The `--asset ID=FILE` values as sources (FILE resolved against `cwd`); throws AssetUsageError. */
export function parseAssetFlags(values: readonly string[], cwd = process.cwd()): AssetSource[] {
  const sources: AssetSource[] = [];
  for (const value of values) {
    const equals = value.indexOf('=');
    if (equals < 0) throw new AssetUsageError(`--asset ${value}: expected ID=FILE, e.g. --asset hero=./hero.png`);
    const id = value.slice(0, equals);
    const file = value.slice(equals + 1);
    if (id === '') throw new AssetUsageError(`--asset ${value}: the asset id before "=" is empty; use the id the spec references, e.g. --asset hero=./hero.png`);
    if (file === '') throw new AssetUsageError(`--asset ${value}: no FILE after "="; e.g. --asset ${id}=./${id}.png`);
    if (sources.some((source) => source.id === id)) throw new AssetUsageError(`--asset ${id} is given twice; give each asset once`);
    sources.push({ id, file: resolve(cwd, file), flag: `--asset ${value}` });
  }
  return sources;
}

/**
 * Every asset the flags name: the `--asset` sources, then the accepted files of `--assets DIR`
 * (in name order) whose ids no `--asset` gives. With `usedIds`, a folder file whose id the spec
 * does not use is left out (and listed in `leftOut`) before the count is capped.
 */
export async function gatherAssetSources(explicit: AssetSource[], folder: string | undefined, cwd = process.cwd(), usedIds?: ReadonlySet<string>): Promise<{ ok: true; sources: AssetSource[]; leftOut: AssetSource[] } | AssetProblem> {
  const sources = [...explicit];
  const leftOut: AssetSource[] = [];
  if (folder !== undefined) {
    const found = await folderSources(resolve(cwd, folder), folderFlag(folder));
    if (!Array.isArray(found)) return found;
    const given = new Set(explicit.map((source) => source.id));
    for (const source of found) {
      if (given.has(source.id)) continue;
      if (usedIds !== undefined && !usedIds.has(source.id)) leftOut.push(source);
      else sources.push(source);
    }
  }
  if (sources.length > ASSET_LIMITS.maxAssets) {
    const flag = folder === undefined ? '--asset' : folderFlag(folder);
    return assetProblem(flag, `${sources.length} assets are named; a prototype takes at most ${ASSET_LIMITS.maxAssets}`, 'Name fewer with --asset, or keep fewer image, font and video files in the folder.');
  }
  return { ok: true, sources, leftOut };
}

async function folderSources(dir: string, flag: string): Promise<AssetSource[] | AssetProblem> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch (error) {
    return assetProblem(flag, `cannot read the folder "${dir}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, 'Pass a folder of image, font and video files.');
  }
  if (names.length > MAX_FOLDER_ENTRIES) {
    return assetProblem(flag, `the folder "${dir}" holds ${names.length} entries; at most ${MAX_FOLDER_ENTRIES} are scanned for assets`, 'Pass a folder that holds only the assets.');
  }
  const sources: AssetSource[] = [];
  for (const name of names) {
    const source = await folderAsset(dir, name, flag);
    if (source === null) continue;
    const twin = sources.find((other) => other.id === source.id);
    if (twin !== undefined) return assetProblem(flag, `"${twin.file}" and "${source.file}" would both be asset "${source.id}"`, `Rename one, or give one with --asset ${source.id}=FILE.`);
    sources.push(source);
  }
  return sources;
}

/**
 * The asset a file of an `--assets` folder gives, or null when it gives none: not a regular
 * file, a hidden file (an editor's or the system's), or not an accepted type by its signature.
 */
export async function folderAsset(dir: string, name: string, flag: string): Promise<AssetSource | null> {
  if (name.startsWith('.')) return null;
  const file = join(dir, name);
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) return null;
  const head = await readHead(file, SIGNATURE_BYTES).catch(() => null);
  if (head === null || sniffMimeType(head) === null) return null;
  return { id: assetIdOf(name), file, flag };
}

/** How an `--assets` folder is named in messages: the flag as typed. */
export function folderFlag(folder: string): string {
  return `--assets ${folder}`;
}

/** `hero.png` gives `hero`; only the last extension goes (`hero.dark.png` gives `hero.dark`). */
export function assetIdOf(fileName: string): string {
  return fileName.slice(0, fileName.length - extname(fileName).length);
}

/** Reads and checks every source (nothing is put on the device yet). */
export async function stageAssetSources(sources: readonly AssetSource[]): Promise<{ ok: true; assets: StagedAsset[] } | AssetProblem> {
  try {
    return { ok: true, assets: await stageAssets(sources.map(({ id, file }) => ({ id, path: file }))) };
  } catch (error) {
    const everyFlag = [...new Set(sources.map((source) => source.flag))].join(', ');
    if (!(error instanceof HostFailureError)) {
      return assetProblem(everyFlag, `an asset file could not be read: ${(error as Error).message}`, 'Check that the asset files are readable.');
    }
    // The failure's path is `assets[i]…` for one entry, `assets` for the whole list.
    const index = /^assets\[(\d+)\]/.exec(error.failure.path)?.[1];
    const { error: message, fix } = error.failure;
    if (index === undefined) return assetProblem(everyFlag, message, fix);
    const source = sources[Number(index)]!;
    return assetProblem(source.flag, message.includes(source.file) ? message : `"${source.file}": ${message}`, fix);
  }
}

/** Every asset the flags name (with `usedIds`, of the folder only those), read and checked: what the commands call before launching the device. */
export async function readNamedAssets(explicit: AssetSource[], folder: string | undefined, usedIds?: ReadonlySet<string>): Promise<{ ok: true; sources: AssetSource[]; leftOut: AssetSource[]; assets: StagedAsset[] } | AssetProblem> {
  const gathered = await gatherAssetSources(explicit, folder, process.cwd(), usedIds);
  if (!gathered.ok) return gathered;
  const staged = await stageAssetSources(gathered.sources);
  return staged.ok ? { ok: true, sources: gathered.sources, leftOut: gathered.leftOut, assets: staged.assets } : staged;
}

/** Puts the assets on the device one at a time; the first it refuses is the problem. */
export async function putAssets(device: WebDevice, assets: readonly StagedAsset[], sources: readonly AssetSource[]): Promise<AssetProblem | null> {
  for (const asset of assets) {
    const put = (await device.putAsset(asset.id, asset.mimeType, asset.bytes)) as { ok?: unknown; message?: unknown; hint?: unknown };
    if (put?.ok === false) {
      const flag = sources.find((source) => source.id === asset.id)?.flag ?? `asset "${asset.id}"`;
      const message = typeof put.message === 'string' ? put.message : 'the device refused the asset';
      return assetProblem(flag, `the device did not take it: ${message}`, typeof put.hint === 'string' ? put.hint : 'Check the file, then run the command again.');
    }
  }
  return null;
}

/** The asset ids a show result says the device has no copy of. */
export function missingAssetIds(showResult: unknown): string[] {
  const missing = (showResult as { missingAssets?: unknown } | null)?.missingAssets;
  return Array.isArray(missing) ? missing.filter((id): id is string => typeof id === 'string') : [];
}

/** The warning for assets a spec uses that were not given (a warning: the show went ahead). */
export function missingAssetsWarning(ids: readonly string[]): string {
  const example = ids[0] ?? 'ID';
  return `warning: the spec uses ${ids.length === 1 ? 'an asset' : 'assets'} not given: ${ids.join(', ')} ` +
    `(images draw as placeholders, text in the default font); pass --asset ${example}=FILE or --assets DIR`;
}
