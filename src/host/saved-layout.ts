/**
 * A saved prototype on disk (seeds/001 "Saved prototype on-disk layout"): one folder holding
 *
 *   manifest.json   {"formatVersion": 1, "specFile": "spec.json", "assets": […], "fonts": […]}
 *   spec.json
 *   assets/<sha256>.png|jpg|webp|mp4|webm
 *   fonts/<sha256>.ttf|otf
 *
 * Files are content addressed: the same bytes of the same media type are one file. The writer
 * stages a sibling `.tmp-<token>` folder, writes the manifest last and renames it into place; a
 * replacement first moves the old folder to `.old-<token>` and puts it back if the commit fails.
 * The reader refuses an unknown version before anything else, never changes a file, and reports
 * the assets it could not verify as sorted problems while still loading the spec.
 *
 * Nothing is lost and nothing leaks through links: the writer replaces only a folder that already
 * holds a saved prototype (or an empty one) and never a file, a link or any other folder; the
 * reader reads only plain files that lie, links resolved, inside the layout folder itself; the
 * spec is written through only into a real folder that still holds a layout.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ASSET_LIMITS, isAssetMimeType, maxBytesFor, signatureMatches, sniffMimeType, type AssetMimeType } from '../protocol/assets.ts';
import { collectAssetIds } from '../spec/assets.ts';
import type { StagedAsset } from './assets.ts';
import { MAX_SPEC_FILE_BYTES } from './spec-source.ts';

export const FORMAT_VERSION = 1;
export const SPEC_FILE = 'spec.json';
export const MANIFEST_FILE = 'manifest.json';
export const MAX_MANIFEST_BYTES = 262_144;

const EXTENSIONS: Record<AssetMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'font/ttf': 'ttf', 'font/otf': 'otf', 'video/mp4': 'mp4', 'video/webm': 'webm' };

export interface ManifestEntry {
  id: string;
  file: string;
  sha256: string;
  mediaType: AssetMimeType;
}

export interface Manifest {
  formatVersion: 1;
  specFile: 'spec.json';
  assets: ManifestEntry[];
  fonts: ManifestEntry[];
}

export type ReadLayout =
  | {
      ok: true;
      manifest: Manifest;
      /** The spec file's bytes as saved. */
      spec: Buffer;
      /** The assets whose files were there and matched their hash. */
      assets: StagedAsset[];
      /** What could not be verified, sorted: missing, unreadable, unsafe, empty, oversized or mismatched files, and ids the spec uses that the manifest lacks. */
      problems: string[];
    }
  | { ok: false; corrupt: string };

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Where an asset of this media type and hash lives in the layout. */
export function entryFile(mediaType: AssetMimeType, hash: string): string {
  return `${mediaType.startsWith('font/') ? 'fonts' : 'assets'}/${hash}.${EXTENSIONS[mediaType]}`;
}

/** The manifest of `assets` (images under assets, fonts under fonts), ids unique across both. */
export function manifestFor(assets: readonly StagedAsset[]): Manifest {
  const seen = new Set<string>();
  const manifest: Manifest = { formatVersion: FORMAT_VERSION, specFile: SPEC_FILE, assets: [], fonts: [] };
  for (const asset of assets) {
    if (seen.has(asset.id)) throw new Error(`asset id "${asset.id}" is given twice`);
    seen.add(asset.id);
    const hash = sha256(asset.bytes);
    const entry = { id: asset.id, file: entryFile(asset.mimeType, hash), sha256: hash, mediaType: asset.mimeType };
    (asset.mimeType.startsWith('font/') ? manifest.fonts : manifest.assets).push(entry);
  }
  return manifest;
}

/** How the writer moves folders (a test makes the commit fail through it). */
export interface LayoutRenamer {
  rename(from: string, to: string): Promise<void>;
}

/** A save that would replace something that is not a saved prototype; nothing was touched. */
export class SaveRefusedError extends Error {}

/** What a save finds at its folder: nothing, an empty folder, or a saved prototype it replaces. */
export type SaveTarget = 'new' | 'empty' | 'replaces';

/** Refuses a file, a link, or a folder that holds anything but a saved prototype. */
export async function checkSaveTarget(dir: string): Promise<SaveTarget> {
  const info = await lstat(dir).catch(() => null);
  if (info === null) return 'new';
  if (info.isSymbolicLink()) throw new SaveRefusedError(`${dir} is a link; save never writes through a link`);
  if (!info.isDirectory()) throw new SaveRefusedError(`${dir} is a file, not a saved prototype folder; save never replaces a file`);
  if ((await readdir(dir)).length === 0) return 'empty';
  const manifest = await readCapped(dir, MANIFEST_FILE, MAX_MANIFEST_BYTES);
  const parsed = typeof manifest === 'string' ? manifest : parseManifestText(manifest);
  if (typeof parsed === 'string') throw new SaveRefusedError(`${dir} is a folder that holds no saved prototype (${MANIFEST_FILE}: ${parsed}); save replaces only a saved prototype`);
  return 'replaces';
}

/**
 * Saves a spec (its bytes as given) and its assets as the layout at `dir`: a new folder, an empty
 * one, or one holding a saved prototype, which is replaced. Anything else is refused untouched.
 */
export async function writeSavedPrototype(dir: string, spec: Uint8Array, assets: readonly StagedAsset[], renamer: LayoutRenamer = { rename }): Promise<{ manifest: Manifest; target: SaveTarget }> {
  if (spec.length > MAX_SPEC_FILE_BYTES) throw new Error(`the spec is ${spec.length} bytes; a saved spec holds at most ${MAX_SPEC_FILE_BYTES}`);
  checkAssetCaps(assets);
  const target = await checkSaveTarget(dir);
  const manifest = manifestFor(assets);
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  if (Buffer.byteLength(manifestText) > MAX_MANIFEST_BYTES) throw new Error(`the manifest would pass ${MAX_MANIFEST_BYTES} bytes`);
  const token = randomBytes(6).toString('hex');
  const parent = dirname(dir);
  const staging = join(parent, `.tmp-${token}`);
  await mkdir(staging, { recursive: false });
  try {
    await writeFile(join(staging, SPEC_FILE), spec);
    const written = new Set<string>();
    for (const asset of assets) {
      const file = entryFile(asset.mimeType, sha256(asset.bytes));
      if (written.has(file)) continue;
      written.add(file);
      await mkdir(join(staging, dirname(file)), { recursive: true });
      await writeFile(join(staging, file), asset.bytes);
    }
    await writeFile(join(staging, MANIFEST_FILE), manifestText);
    await commit(staging, dir, join(parent, `.old-${token}`), renamer);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { manifest, target };
}

/** Renames the staged folder into place; an old layout is moved aside first and put back if that fails. */
async function commit(staging: string, dir: string, backup: string, renamer: LayoutRenamer): Promise<void> {
  const replacing = await exists(dir);
  if (replacing) await renamer.rename(dir, backup);
  try {
    await renamer.rename(staging, dir);
  } catch (error) {
    if (replacing) await rename(backup, dir);
    throw error;
  }
  if (replacing) await rm(backup, { recursive: true, force: true });
}

function checkAssetCaps(assets: readonly StagedAsset[]): void {
  if (assets.length > ASSET_LIMITS.maxAssets) throw new Error(`${assets.length} assets; a saved prototype holds at most ${ASSET_LIMITS.maxAssets}`);
  let total = 0;
  for (const asset of assets) {
    if (asset.bytes.length === 0 || asset.bytes.length > maxBytesFor(asset.mimeType)) throw new Error(`asset "${asset.id}" is ${asset.bytes.length} bytes; ${asset.mimeType} holds 1 to ${maxBytesFor(asset.mimeType)}`);
    total += asset.bytes.length;
  }
  if (total > ASSET_LIMITS.maxTotalBytes) throw new Error(`the assets are ${total} bytes in all; at most ${ASSET_LIMITS.maxTotalBytes}`);
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(() => true, () => false);
}

/** Reads the layout at `dir` without changing anything. */
export async function readSavedPrototype(dir: string): Promise<ReadLayout> {
  const folder = await realFolder(dir);
  if (folder === null) return { ok: false, corrupt: `${MANIFEST_FILE}: missing (the folder ${dir} does not exist)` };
  const manifestText = await readCapped(folder, MANIFEST_FILE, MAX_MANIFEST_BYTES);
  if (typeof manifestText === 'string') return { ok: false, corrupt: `${MANIFEST_FILE}: ${manifestText}` };
  const manifest = parseManifestText(manifestText);
  if (typeof manifest === 'string') return { ok: false, corrupt: manifest.startsWith('not JSON') ? `${MANIFEST_FILE} is ${manifest}` : `${MANIFEST_FILE}: ${manifest}` };
  const spec = await readCapped(folder, SPEC_FILE, MAX_SPEC_FILE_BYTES);
  if (typeof spec === 'string') return { ok: false, corrupt: `${SPEC_FILE}: ${spec}` };
  const problems: string[] = [];
  const assets: StagedAsset[] = [];
  let verifiedBytes = 0;
  for (const entry of [...manifest.assets, ...manifest.fonts]) {
    const verified = await verifyEntry(folder, entry);
    if (typeof verified === 'string') {
      problems.push(`${entry.id}: ${verified}`);
      continue;
    }
    verifiedBytes += verified.length;
    assets.push({ id: entry.id, mimeType: entry.mediaType, bytes: verified });
  }
  if (verifiedBytes > ASSET_LIMITS.maxTotalBytes) return { ok: false, corrupt: `the verified assets are ${verifiedBytes} bytes; at most ${ASSET_LIMITS.maxTotalBytes}` };
  problems.push(...missingEntries(spec, manifest));
  return { ok: true, manifest, spec, assets, problems: problems.sort() };
}

/** The ids the spec uses that no manifest entry names. */
function missingEntries(spec: Buffer, manifest: Manifest): string[] {
  let value: unknown;
  try {
    value = JSON.parse(spec.toString('utf8'));
  } catch {
    return [];
  }
  const used = new Set<string>();
  collectAssetIds(value, used);
  const listed = new Set([...manifest.assets, ...manifest.fonts].map((entry) => entry.id));
  return [...used].filter((id) => !listed.has(id)).map((id) => `${id}: the spec uses it and the manifest has no entry for it`);
}

/** The folder's real path when it is a folder (a link to one resolved), else null. */
async function realFolder(dir: string): Promise<string | null> {
  const real = await realpath(dir).catch(() => null);
  if (real === null) return null;
  return (await lstat(real)).isDirectory() ? real : null;
}

/**
 * The bytes of `file` (relative to the resolved `folder`), or why they cannot be read: missing,
 * a link or reached through one, not a plain file, or over `cap`.
 */
async function readCapped(folder: string, file: string, cap: number): Promise<Buffer | string> {
  const path = join(folder, file);
  const info = await lstat(path).catch(() => null);
  if (info === null) return 'missing';
  if (info.isSymbolicLink() || (await realpath(path).catch(() => null)) !== path) return 'a link (a saved prototype holds only plain files of its own)';
  if (!info.isFile()) return 'not a plain file';
  if (info.size > cap) return `${info.size} bytes; at most ${cap}`;
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (handle === null) return 'unreadable';
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The entry's verified bytes, or why not. */
async function verifyEntry(folder: string, entry: ManifestEntry): Promise<Buffer | string> {
  const bytes = await readCapped(folder, entry.file, maxBytesFor(entry.mediaType));
  if (typeof bytes === 'string') return bytes;
  if (bytes.length === 0) return 'empty';
  if (sha256(bytes) !== entry.sha256) return 'its bytes do not match its sha256';
  if (!signatureMatches(sniffMimeType(bytes), entry.mediaType)) return `its bytes are not ${entry.mediaType}`;
  return bytes;
}

function parseManifestText(text: Buffer): Manifest | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text.toString('utf8'));
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  return parseManifest(raw);
}

/** The manifest, checked strictly (version first), or what is wrong with it. */
function parseManifest(raw: unknown): Manifest | string {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'not an object';
  const record = raw as Record<string, unknown>;
  if (record.formatVersion !== FORMAT_VERSION) return `formatVersion ${JSON.stringify(record.formatVersion)} is not one this reader knows (${FORMAT_VERSION})`;
  const extra = Object.keys(record).find((key) => !['formatVersion', 'specFile', 'assets', 'fonts'].includes(key));
  if (extra !== undefined) return `unknown field "${extra}"`;
  if (record.specFile !== SPEC_FILE) return `specFile is ${JSON.stringify(record.specFile)}, not "${SPEC_FILE}"`;
  if (!Array.isArray(record.assets) || !Array.isArray(record.fonts)) return 'assets and fonts are both arrays';
  if (record.assets.length + record.fonts.length > ASSET_LIMITS.maxAssets) return `more than ${ASSET_LIMITS.maxAssets} entries`;
  const ids = new Set<string>();
  const entries: Record<'assets' | 'fonts', ManifestEntry[]> = { assets: [], fonts: [] };
  for (const list of ['assets', 'fonts'] as const) {
    for (const [index, item] of (record[list] as unknown[]).entries()) {
      const entry = parseEntry(item, list);
      if (typeof entry === 'string') return `${list}[${index}]: ${entry}`;
      if (ids.has(entry.id)) return `${list}[${index}]: id "${entry.id}" is listed twice`;
      ids.add(entry.id);
      entries[list].push(entry);
    }
  }
  return { formatVersion: FORMAT_VERSION, specFile: SPEC_FILE, ...entries };
}

function parseEntry(item: unknown, list: 'assets' | 'fonts'): ManifestEntry | string {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return 'not an object';
  const { id, file, sha256: hash, mediaType, ...rest } = item as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `unknown field "${Object.keys(rest)[0]}"`;
  if (typeof id !== 'string' || id.length === 0 || id.length > ASSET_LIMITS.maxIdLength) return `id is 1 to ${ASSET_LIMITS.maxIdLength} characters`;
  if (typeof mediaType !== 'string' || !isAssetMimeType(mediaType)) return `mediaType ${JSON.stringify(mediaType)} is not an asset type`;
  if ((list === 'fonts') !== mediaType.startsWith('font/')) return `a ${mediaType} entry belongs in ${mediaType.startsWith('font/') ? 'fonts' : 'assets'}`;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return 'sha256 is 64 lowercase hex digits';
  if (file !== entryFile(mediaType, hash)) return `file is ${JSON.stringify(file)}, not ${entryFile(mediaType, hash)}`;
  return { id, file, sha256: hash, mediaType };
}

/**
 * Replaces only the layout's spec.json (a same-id show writing through), atomically. `dir` is the
 * folder's resolved path: it must still be a real folder (not a link) holding a manifest, and the
 * new file is created there without following any link.
 */
export async function replaceSavedSpec(dir: string, spec: Uint8Array): Promise<void> {
  if (spec.length > MAX_SPEC_FILE_BYTES) throw new Error(`the spec is ${spec.length} bytes; a saved spec holds at most ${MAX_SPEC_FILE_BYTES}`);
  const info = await lstat(dir).catch(() => null);
  if (info === null || !info.isDirectory() || (await realpath(dir)) !== dir) throw new SaveRefusedError(`${dir} is no longer a folder of its own (it is missing or a link)`);
  const manifest = await readCapped(dir, MANIFEST_FILE, MAX_MANIFEST_BYTES);
  if (typeof manifest === 'string') throw new SaveRefusedError(`${dir} no longer holds a saved prototype (${MANIFEST_FILE}: ${manifest})`);
  const staging = join(dir, `.${SPEC_FILE}.tmp-${randomBytes(6).toString('hex')}`);
  const handle = await open(staging, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(spec);
  } finally {
    await handle.close();
  }
  await rename(staging, join(dir, SPEC_FILE)).catch(async (error: Error) => {
    await rm(staging, { force: true });
    throw error;
  });
}

/** Whether `path` is a folder holding a manifest, so a command given a path can tell a layout from a spec file. */
export async function isSavedLayout(path: string): Promise<boolean> {
  const info = await lstat(join(path, MANIFEST_FILE)).catch(() => null);
  return info?.isFile() === true;
}
