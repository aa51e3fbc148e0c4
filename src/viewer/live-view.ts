// `protostage view`: a spec file shown live on a web device and mirrored to the person's
// browser. Every save is validated and shown; an invalid save leaves the last good render on
// the device and tells the viewers where the error is. Asset files are put on the device before
// the first show and again whenever one changes.
import { AllowedOrigins } from '../protocol/egress.ts';
import { serveRequestsInProcess } from '../host/requests.ts';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { BrowserSource } from '../device/browser-source.ts';
import type { DeviceSetup } from '../device/device-flags.ts';
import { WebDevice } from '../device/web-device.ts';
import { limits } from '../contract/index.ts';
import { specWarnings, validatePrototypeSpecAllErrors, type SpecWarning, type ValidationError } from '../validate/index.ts';
import { assetProblemOutcome, type AssetChange, type AssetProblemChange } from './asset-change.ts';
import { highlightFor, type Highlight } from './highlight.ts';
import type { SpecStatus } from './messages.ts';
import { startMirrorServer, type MirrorServer } from './server.ts';
import { watchFile, type FileWatch } from './watch.ts';

export type { AssetChange, AssetProblemChange } from './asset-change.ts';

export interface LiveViewOptions {
  specPath: string;
  /** The screen and settings (default a phone as it comes). */
  device?: DeviceSetup;
  /** Viewer port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  headed?: boolean;
  /** Where the device's browser comes from (see WebDeviceOptions.browserSource). */
  browserSource?: BrowserSource;
  /** The web app beneath the prototype (default: the built-in home screen). */
  appUrl?: string;
  /** Image and font files for the spec. */
  assets?: LiveViewAssets;
  /** Origins the destination policy lets the prototype's requests reach (`--allow-request-origin`). */
  requestOrigins?: AllowedOrigins;
  /** Called after every load of the file with what became of it. */
  onStatus?(status: SpecStatus): void;
  /** Called after a load whose spec uses assets nobody gave (they draw as placeholders). */
  onMissingAssets?(file: string, version: number, ids: string[]): void;
  /** Called after every change to an asset file with what became of it. */
  onAssetChange?(change: AssetChange): void;
}

/** What became of the assets a show reported missing. */
export interface AssetsAfterShow {
  /** The ids the spec uses that nobody gave (they draw as placeholders). */
  notGiven: string[];
  /** Held assets put again that the device did not take. */
  refused: AssetProblemChange[];
}

/** Image and font files put on the device before the first show and kept current while the view runs. */
export interface LiveViewAssets {
  /** Puts every asset on the device; rejects when the device refuses one. */
  putAll(device: WebDevice): Promise<void>;
  /**
   * After a show: puts again the assets the device reports missing that are held here (a
   * dismissal clears the device's copies); says which ids nobody gave and which puts were refused.
   */
  afterShow(device: WebDevice, showResult: unknown): Promise<AssetsAfterShow>;
  /** Watches the files: a change is put on the device, or, when the file became unusable, reported while the device keeps its copy. */
  watch(device: WebDevice, onChange: (change: AssetChange) => void): { close(): Promise<void> };
}

export interface LiveView {
  readonly url: string;
  readonly device: WebDevice;
  close(): Promise<void>;
}

type Failure = { path: string; message: string; hint?: string; otherErrors?: ValidationError[]; truncated?: boolean };

/** A spec file may be pretty-printed well beyond the spec's compact byte limit, but not without bound. */
export const MAX_SPEC_FILE_BYTES = 8 * limits.specBytes;
/** The errors of one save listed in the viewer; the first is boxed on the screen. */
const MAX_LISTED_ERRORS = 20;
/** A show without assets, or one that missed none. */
const NOTHING_AFTER_SHOW: AssetsAfterShow = { notGiven: [], refused: [] };

/** Launches the device and the viewer, shows the file once and again on every save. */
export async function startLiveView(options: LiveViewOptions): Promise<LiveView> {
  const allowed = options.requestOrigins ?? new AllowedOrigins();
  const device = await WebDevice.launch({ ...options.device, liveClock: true, headed: options.headed, browserSource: options.browserSource, appUrl: options.appUrl, requests: { allowed } });
  // The viewer is the device's host: it runs via-host requests itself.
  serveRequestsInProcess(device.requests, { allowed });
  let mirror: MirrorServer;
  try {
    mirror = await startMirrorServer({ device, port: options.port, title: basename(options.specPath) });
  } catch (error) {
    await device.close();
    throw error;
  }
  const loader = new SpecLoader(options.specPath, device, mirror, options);
  let watcher: FileWatch | undefined;
  let assetWatch: { close(): Promise<void> } | undefined;
  try {
    await options.assets?.putAll(device);
    assetWatch = options.assets?.watch(device, loader.reportAssetChange);
    watcher = watchFile(options.specPath, () => loader.schedule());
    await loader.load();
  } catch (error) {
    watcher?.close();
    await assetWatch?.close();
    await mirror.close();
    await device.close();
    throw error;
  }
  return {
    url: mirror.url,
    device,
    async close() {
      watcher.close();
      await assetWatch?.close();
      await loader.idle();
      await mirror.close();
      await device.close();
    },
  };
}

/** Loads the file one save at a time; saves that arrive during a load become one more load. */
class SpecLoader {
  #version = 0;
  #hasGoodRender = false;
  #queued = false;
  #chain: Promise<void> = Promise.resolve();
  #lastStatus: SpecStatus | undefined;

  constructor(
    private readonly specPath: string,
    private readonly device: WebDevice,
    private readonly mirror: MirrorServer,
    private readonly options: Pick<LiveViewOptions, 'assets' | 'onStatus' | 'onMissingAssets' | 'onAssetChange'>,
  ) {}

  /**
   * Tells the viewers and the caller what became of an asset: a problem takes the place of the
   * spec's status, and once an asset loads again the viewers get the spec's status back.
   */
  readonly reportAssetChange = (change: AssetChange): void => {
    if (change.ok) {
      if (this.#lastStatus !== undefined) this.mirror.publishStatus(this.#lastStatus);
    } else {
      const message = `${change.message} (${assetProblemOutcome(change)})`;
      this.mirror.publishStatus({ ok: false, file: change.file, version: change.version, path: change.flag, message, hint: change.hint, highlight: null });
    }
    this.options.onAssetChange?.(change);
  };

  schedule(): void {
    if (this.#queued) return;
    this.#queued = true;
    this.#chain = this.#chain.then(() => {
      this.#queued = false;
      return this.load();
    });
  }

  idle(): Promise<void> {
    return this.#chain;
  }

  /** Reads, validates and shows the file, and tells the viewers; never rejects. */
  async load(): Promise<void> {
    const version = ++this.#version;
    const file = basename(this.specPath);
    const outcome = await this.#show().catch(
      (error: Error): Failure => ({ path: '$', message: `the device failed: ${error.message.split('\n')[0]}`, hint: 'restart protostage view' }),
    );
    let status: SpecStatus;
    let assets: AssetsAfterShow = NOTHING_AFTER_SHOW;
    if ('id' in outcome) {
      this.#hasGoodRender = true;
      ({ assets } = outcome);
      status = { ok: true, file, version, id: outcome.id, nodeCount: outcome.nodeCount, warnings: outcome.warnings };
    } else {
      status = { ok: false, file, version, ...outcome, highlight: await this.#highlight(outcome.path) };
    }
    this.#lastStatus = status;
    this.mirror.publishStatus(status);
    this.options.onStatus?.(status);
    if (assets.notGiven.length > 0) this.options.onMissingAssets?.(file, version, assets.notGiven);
    // After the spec's status, so the viewers are left with the asset problem until it is fixed.
    for (const refused of assets.refused) this.reportAssetChange(refused);
    if (status.ok) await this.mirror.refreshPrototypes();
  }

  async #show(): Promise<{ id: string; nodeCount: number; assets: AssetsAfterShow; warnings: SpecWarning[] } | Failure> {
    const bytes = await readSpecFile(this.specPath);
    if ('path' in bytes) return bytes;
    const validated = validatePrototypeSpecAllErrors(bytes, { maxErrors: MAX_LISTED_ERRORS });
    if (!validated.ok) {
      const [first, ...otherErrors] = validated.errors;
      return { ...first!, ...hintOf(first!), otherErrors, truncated: validated.truncated };
    }
    const shown = (await this.device.show(validated.spec)) as { ok?: boolean; path?: unknown; message?: unknown; hint?: unknown };
    if (shown?.ok === false) {
      return {
        path: typeof shown.path === 'string' ? shown.path : '$',
        message: typeof shown.message === 'string' ? shown.message : 'the device refused the spec',
        ...hintOf(shown),
      };
    }
    const assets = (await this.options.assets?.afterShow(this.device, shown)) ?? NOTHING_AFTER_SHOW;
    await this.device.settled();
    return { id: validated.spec.id, nodeCount: validated.nodeCount, assets, warnings: specWarnings(validated.authored) };
  }

  /** The box over the last good render (still on the device) that the error path points into. */
  async #highlight(path: string): Promise<Highlight | null> {
    if (!this.#hasGoodRender) return null;
    const hierarchy = await this.device.hierarchy().catch(() => []);
    return highlightFor(path, hierarchy, this.device.profile);
  }
}

async function readSpecFile(path: string): Promise<Buffer | Failure> {
  try {
    const file = await open(path);
    try {
      const { size } = await file.stat();
      if (size > MAX_SPEC_FILE_BYTES) {
        return { path: '$', message: `the file is ${size} bytes; a spec file is read up to ${MAX_SPEC_FILE_BYTES} bytes`, hint: 'shrink the spec' };
      }
      return await file.readFile();
    } finally {
      await file.close();
    }
  } catch (error) {
    return { path: '$', message: `cannot read ${path}: ${(error as Error).message}`, hint: 'save the file again' };
  }
}

/** A fix hint, where the failure carries one apart from its message. */
function hintOf(failure: object): { hint?: string } {
  const hint = (failure as { hint?: unknown }).hint;
  return typeof hint === 'string' && hint !== '' ? { hint } : {};
}
