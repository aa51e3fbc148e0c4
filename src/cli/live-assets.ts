// The assets of `protostage view`: put on the device before the first show, and put again
// whenever a file changes on disk, so the nodes showing it reload without another show. A file
// that became unusable is reported and the device keeps the copy it had; a file added to the
// `--assets` folder later becomes an asset too.
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { WebDevice } from '../device/web-device.ts';
import type { StagedAsset } from '../host/assets.ts';
import { ASSET_LIMITS } from '../protocol/assets.ts';
import type { AssetChange, AssetProblemChange, AssetsAfterShow, LiveViewAssets } from '../viewer/live-view.ts';
import { watchDirectory } from '../viewer/watch.ts';
import {
  assetProblem, assetProblemText, folderAsset, folderFlag, MAX_FOLDER_ENTRIES, missingAssetIds, putAssets, readNamedAssets,
  stageAssetSources, type AssetProblem, type AssetSource,
} from './assets.ts';

/** An asset as the device has it, with the file it came from. */
interface HeldAsset {
  source: AssetSource;
  asset: StagedAsset;
  /** How many times the file was loaded (1 at startup). */
  version: number;
  /** The last load or put failed, so the next change is put even with the same bytes. */
  failing: boolean;
}

interface Folder {
  dir: string;
  flag: string;
}

/** Reads and checks every asset the flags name (as render does), ready to be put and watched. */
export async function loadWatchedAssets(explicit: AssetSource[], folder: string | undefined): Promise<{ ok: true; assets: WatchedAssets } | AssetProblem> {
  const named = await readNamedAssets(explicit, folder);
  if (!named.ok) return named;
  const watchedFolder = folder === undefined ? undefined : { dir: resolve(folder), flag: folderFlag(folder) };
  return { ok: true, assets: new WatchedAssets(named.sources, named.assets, watchedFolder) };
}

export class WatchedAssets implements LiveViewAssets {
  readonly #held = new Map<string, HeldAsset>();
  readonly #folder: Folder | undefined;
  /** Changes are handled one at a time, in the order they came; a change already waiting is not queued twice. */
  #chain: Promise<void> = Promise.resolve();
  readonly #waiting = new Set<string>();

  constructor(sources: readonly AssetSource[], assets: readonly StagedAsset[], folder?: Folder) {
    assets.forEach((asset, index) => this.#held.set(asset.id, { source: sources[index]!, asset, version: 1, failing: false }));
    this.#folder = folder;
  }

  async putAll(device: WebDevice): Promise<void> {
    const held = [...this.#held.values()];
    const refused = await putAssets(device, held.map((entry) => entry.asset), held.map((entry) => entry.source));
    if (refused !== null) throw new Error(assetProblemText(refused));
  }

  async afterShow(device: WebDevice, showResult: unknown): Promise<AssetsAfterShow> {
    const missing = missingAssetIds(showResult);
    const refused: AssetProblemChange[] = [];
    for (const held of missing.flatMap((id) => this.#held.get(id) ?? [])) {
      const problem = await putAssets(device, [held.asset], [held.source]);
      if (problem === null) continue;
      held.failing = true;
      refused.push(changeOf(held.source, held.version, problem, false));
    }
    return { notGiven: missing.filter((id) => !this.#held.has(id)), refused };
  }

  watch(device: WebDevice, onChange: (change: AssetChange) => void): { close(): Promise<void> } {
    const dirs = new Set([...this.#held.values()].map((entry) => dirname(entry.source.file)));
    if (this.#folder !== undefined) dirs.add(this.#folder.dir);
    const changed = (dir: string, name: string | null) => this.#schedule(() => this.#changed(device, dir, name, onChange), join(dir, name ?? ''));
    const watches = [...dirs].map((dir) => watchDirectory(dir, (name) => changed(dir, name)));
    // A file changed while the device started (after it was read) had no watch yet to see it.
    for (const dir of dirs) changed(dir, null);
    return {
      close: async () => {
        for (const watch of watches) watch.close();
        await this.#chain;
      },
    };
  }

  #schedule(handle: () => Promise<void>, key: string): void {
    if (this.#waiting.has(key)) return;
    this.#waiting.add(key);
    this.#chain = this.#chain.then(() => {
      this.#waiting.delete(key);
      // A device that failed mid-change is reported by the next show; the watch goes on.
      return handle().catch(() => undefined);
    });
  }

  /** `name` changed in `dir` (null: something in `dir` did). */
  async #changed(device: WebDevice, dir: string, name: string | null, onChange: (change: AssetChange) => void): Promise<void> {
    const affected = [...this.#held.values()].filter(({ source }) => dirname(source.file) === dir && (name === null || basename(source.file) === name));
    for (const { source } of affected) await this.#load(device, source, onChange);
    if (this.#folder?.dir !== dir) return;
    const names = name === null ? (await readdir(dir).catch(() => [])).slice(0, MAX_FOLDER_ENTRIES) : [name];
    for (const added of names) await this.#addFromFolder(device, this.#folder, added, onChange);
  }

  /** A folder file that is no asset yet becomes one if it is an accepted type and its id is free. */
  async #addFromFolder(device: WebDevice, folder: Folder, name: string, onChange: (change: AssetChange) => void): Promise<void> {
    const file = join(folder.dir, name);
    if ([...this.#held.values()].some(({ source }) => source.file === file)) return;
    const source = await folderAsset(folder.dir, name, folder.flag);
    if (source === null) return;
    const holder = this.#held.get(source.id);
    if (holder === undefined) return this.#load(device, source, onChange);
    // An --asset with the same id wins, as at startup; two folder files with one id are a problem.
    if (holder.source.flag !== folder.flag) return;
    const problem = assetProblem(folder.flag, `"${file}" would be asset "${source.id}", which "${holder.source.file}" already is`, 'Rename one of the files.');
    onChange(changeOf(source, 1, problem, true));
  }

  /** Reads the file and puts it on the device; an unusable file is reported and the device keeps its copy. */
  async #load(device: WebDevice, source: AssetSource, onChange: (change: AssetChange) => void): Promise<void> {
    const held = this.#held.get(source.id);
    const version = (held?.version ?? 0) + 1;
    const staged = await stageAssetSources([source]);
    if (!staged.ok) return this.#refuse(held, source, version, staged, onChange);
    const asset = staged.assets[0]!;
    // An event that left the bytes as they were (a touch, a save of the same content) changes nothing.
    if (held !== undefined && !held.failing && asset.bytes.equals(held.asset.bytes)) return;
    const problem = await this.#put(device, source, asset);
    if (problem !== null) return this.#refuse(held, source, version, problem, onChange);
    this.#held.set(source.id, { source, asset, version, failing: false });
    await device.settled();
    onChange({ ok: true, id: source.id, file: basename(source.file), version, added: held === undefined });
  }

  #refuse(held: HeldAsset | undefined, source: AssetSource, version: number, problem: AssetProblem, onChange: (change: AssetChange) => void): void {
    if (held !== undefined) Object.assign(held, { version, failing: true });
    onChange(changeOf(source, version, problem, held !== undefined));
  }

  /** Puts the asset on the device unless the set would pass the contract's caps with it. */
  async #put(device: WebDevice, source: AssetSource, asset: StagedAsset): Promise<AssetProblem | null> {
    return this.#overTheCaps(source.flag, asset) ?? (await putAssets(device, [asset], [source]));
  }

  /** The contract's caps on all assets at once, with this one added or replaced. */
  #overTheCaps(flag: string, asset: StagedAsset): AssetProblem | null {
    const others = [...this.#held.values()].filter((entry) => entry.asset.id !== asset.id);
    if (others.length + 1 > ASSET_LIMITS.maxAssets) {
      return assetProblem(flag, `it would be asset number ${others.length + 1}; a show takes at most ${ASSET_LIMITS.maxAssets}`, 'Remove another asset file, or restart view with fewer.');
    }
    const total = others.reduce((sum, entry) => sum + entry.asset.bytes.length, asset.bytes.length);
    if (total > ASSET_LIMITS.maxTotalBytes) {
      return assetProblem(flag, `the assets would total ${total} bytes, more than ${ASSET_LIMITS.maxTotalBytes}`, 'Downscale or recompress images, or use fewer.');
    }
    return null;
  }
}

/** `kept`: the device still has a copy of the asset from before. */
function changeOf(source: AssetSource, version: number, problem: AssetProblem, kept: boolean): AssetProblemChange {
  return { ok: false, id: source.id, file: basename(source.file), version, flag: problem.flag, message: problem.message, hint: problem.hint, kept };
}
