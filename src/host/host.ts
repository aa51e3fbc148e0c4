// The host: owns the device connection (launching the device when needed), runs the show
// pipeline, keeps the status store and event buffers, and answers awaitEvent.
import { lstat, stat } from 'node:fs/promises';
import { dirname, isAbsolute } from 'node:path';
import { isSavedLayout, readSavedPrototype, replaceSavedSpec, SaveRefusedError, writeSavedPrototype } from './saved-layout.ts';
import { serveDeviceRequests, type HostRequestOptions } from './requests.ts';
import { AllowedOrigins } from '../protocol/egress.ts';
import { CAPABILITIES, FONT_SCALE_RANGE } from '../protocol/constants.ts';
import { RequestCancelledError, type DeviceChannel } from '../protocol/client.ts';
import type { AppearanceReport, BackOutcome, DeviceReport, DeviceSettingsChange, EventKind, TapAction, HierarchyNode, InputTarget, PrototypeEvent, PrototypeStatus, PrototypeWindow, SwipeDirection, TapTarget } from '../protocol/messages.ts';
import { checkFloatingAnchors, findElementAnchors, resolveElementAnchors, type ResolvedAnchorReport } from './anchors.ts';
import { stageAssets, type AssetRequest, type StagedAsset } from './assets.ts';
import { checkCapabilities } from './capabilities.ts';
import { fail, failure, HostFailureError, type HostFailure, type SpecError } from './errors.ts';
import { DEFAULT_AWAIT_MS, EVENT_BUFFER_SIZE, EventBuffers, MAX_AWAIT_MS, type AwaitOutcome, type GoneReport } from './events.ts';
import { FileRoots } from './file-roots.ts';
import { readSpecSource, type SpecSource } from './spec-source.ts';
import { visitObjects } from './spec-walk.ts';
import { applyDataWrite, dataWriteOf, parsePointer, type DataWrite, type JsonObject, type JsonValue } from '../json/pointer.ts';
import { applyPatchOps } from '../validate/patch.ts';
import { validatePrototypeSpec, type EffectRecord, type NamespaceBlock, type SpecWarning } from '../validate/index.ts';
import { degradedEffects, type DegradedEffect } from './effects.ts';
import { platformNotes, type PlatformNote } from './platform-notes.ts';
import { limits } from '../spec/vocabulary.ts';
import { parseDeviceProfile } from '../device/profiles.ts';

export type { GoneReport };

/** Turns spec input into the expanded, validated spec the device receives. */
export type SpecPreparer = (
  input: unknown,
) =>
  | {
      ok: true;
      spec: Record<string, unknown> & { id: string };
      /** Capabilities the spec's features need, and where each is first needed. */
      capabilities: string[];
      capabilityPaths?: Record<string, string>;
      /** Its android and ios blocks, which the show reports in platformNotes. */
      namespaceBlocks?: NamespaceBlock[];
      /** Its style effects, of which the show reports those the device leaves out. */
      effects?: EffectRecord[];
      /** What it holds that will not do what it looks like (the show succeeds all the same). */
      warnings?: SpecWarning[];
    }
  /** `errors`: every error of the spec, the first being `path` and `message`. */
  | { ok: false; path: string; message: string; errors: SpecError[]; truncated: boolean };

export interface DeviceLauncher {
  launch(): Promise<DeviceChannel>;
}

export interface HostOptions {
  launcher: DeviceLauncher;
  prepareSpec: SpecPreparer;
  /** Wall clock for status timestamps (injected so tests can pin it). */
  now?: () => number;
  /** The folders spec and asset files may be read from (default: the working directory). */
  fileRoots?: FileRoots;
  /** The destination policy's opt-ins for requests this host runs for its device (default: none). */
  requests?: HostRequestOptions;
}

/** What a caller may hand a long call: a way to cancel it and a listener for its progress. */
export interface CallOptions {
  /** Aborting stops the call where it is: a show not yet sent to the device is not sent, a wait ends. */
  signal?: AbortSignal;
  /** Told, in words, each slow step a call starts (launching the device, uploading an asset). */
  onProgress?: (message: string) => void;
  /** Folders this call may also read files from (the MCP client's roots). */
  extraRoots?: readonly string[];
}

export type Success<T extends object = object> = { success: true } & T;
export type HostResult<T extends object = object> = Success<T> | HostFailure;

export interface ShowArgs extends SpecSource {
  reset?: boolean;
  appearance?: 'device' | 'light' | 'dark';
  /** The language this show is drawn in (a BCP 47 tag), beating the device's. */
  locale?: string;
  assets?: AssetRequest[];
}

export interface ShowSummary {
  id: string;
  /** The latest event sequence of this id so far: pass it as awaitEvent's afterSequence to wait for new events only. */
  lastSequence: number;
  /** The same id was on screen and was replaced in place (pages kept). */
  replacedInPlace: boolean;
  /** The prototype's revision after this show (devices with the data model). */
  revision?: number;
  missingAssets?: string[];
  uploadedAssets?: string[];
  anchors?: ResolvedAnchorReport[];
  hierarchyUpdatedAt?: number;
  /** The mode the show resolved to, the step that decided it, and the device's own setting. */
  appearance?: AppearanceReport;
  warning?: string;
  /** A saved prototype shown from its folder: the assets it could not verify (they draw as placeholders). */
  savedLayoutProblems?: string[];
  /** This show was written through to the saved prototype folder it was loaded from (its spec.json). */
  savedTo?: string;
  /** The saved prototype folder this id was loaded from could not be written through (it became a link, left the roots or lost its manifest), with why; the link to it is forgotten. */
  savedToRefused?: { dir: string; reason: string };
  /** What of the spec's android / ios blocks and theme.design the web device ignores or draws otherwise, by path. */
  platformNotes?: PlatformNote[];
  /** Style effects the web device leaves out where they are, with why (also in status). */
  degradedEffects?: DegradedEffect[];
  /** What the spec holds that will not do what it looks like, each with its path and a fix; the show went ahead. */
  warnings?: SpecWarning[];
}

export interface InputSummary {
  /** The node the input landed on (layer, testTag, role, text, bounds); null for a point or the whole screen on nothing listed. */
  target: InputTarget | null;
  /** The shown prototype's latest event sequence once the input was handled: awaitEvent after the previous one to read what it did. */
  lastSequence: number;
}

/** An inspect answer's entry: the device's report, appearance with deviceDark. */
export interface InspectEntry extends PrototypeStatus {
  shownAt: number;
  lastEvent: StatusEntry['lastEvent'];
}

/** What a show sent and got back, as the status store keeps it. */
interface ShownRecord {
  appearance: AppearanceReport | undefined;
  revision: number | undefined;
  /** The validator found stacks in the spec, so it is walked for their initial screens. */
  hasStacks: boolean;
  locale: string | undefined;
  degraded: DegradedEffect[];
  reset: boolean;
}

export interface StatusEntry extends Omit<PrototypeStatus, 'appearance'> {
  /** The host's copy of the data missed a change (its value was over the emit budget); inspect refreshes it. */
  dataStale?: true;
  /** As of the show or the last inspect or appearance_changed event; host-local, so without deviceDark. */
  appearance?: { mode: AppearanceReport['mode']; source: AppearanceReport['source'] };
  shownAt: number;
  lastEvent: { sequence: number; kind: EventKind; name: string | null } | null;
}

export interface AwaitSummary {
  /** The matching events after the cursor, oldest first, at most `limit` (none on a time-out). */
  events: PrototypeEvent[];
  /** More matching events are buffered than `limit` let through: call again with the last sequence. */
  more: boolean;
  /** The prototype's latest event sequence now (matching or not): the cursor for the next call. */
  lastSequence: number;
  timedOut?: true;
  /** The prototype is no longer shown and no matching event is left: why it went. */
  gone?: GoneReport;
  warning?: string;
}

export interface AwaitArgs {
  id?: string;
  eventName?: string;
  kind?: EventKind;
  kinds?: EventKind[];
  afterSequence?: number;
  timeoutMs?: number;
  /** At most this many events (default 50). */
  limit?: number;
}

export const DEFAULT_AWAIT_LIMIT = 50;
/** Refuses, at its field, a change the device would refuse, before anything is sent. */
function checkDeviceChange(change: DeviceSettingsChange): void {
  if (change.profile !== undefined) {
    const profile = parseDeviceProfile(change.profile);
    if ('error' in profile) fail('profile', profile.error, 'Pass a catalogue name (phone, tablet, …) or a size such as 390x844.');
  }
  if (change.fontScale !== undefined && !(change.fontScale >= FONT_SCALE_RANGE.min && change.fontScale <= FONT_SCALE_RANGE.max)) {
    fail('fontScale', `fontScale must be from ${FONT_SCALE_RANGE.min} to ${FONT_SCALE_RANGE.max}`, 'Pass 1 for the default size, 2 for twice as large.');
  }
  if (change.locale !== undefined && !isLanguageTag(change.locale)) {
    fail('locale', `${JSON.stringify(change.locale)} is not a BCP 47 language tag`, 'Pass one such as en, de-CH or ar.');
  }
  if (change.clock !== undefined && change.clock !== 'paused' && change.clock !== 'running') {
    fail('clock', `clock is "paused" or "running", not ${JSON.stringify(change.clock)}`, 'Pass "paused" to hold the prototype\'s timers and animations, "running" to let them go on.');
  }
}

/** The longest advanceClock: the contract's timer limit (a day). */
export const MAX_CLOCK_ADVANCE_MS = limits.timerMs;
/** How many observations' screenshots stay available as {id, observation} assets. */
export const KEPT_OBSERVATIONS = 8;
/** How many ids no longer shown the host remembers, to tell awaitEvent why they went. */
export const REMEMBERED_GONE = 256;

export class Host {
  private channel: DeviceChannel | null = null;
  private launching: Promise<DeviceChannel> | null = null;
  private readonly events = new EventBuffers();
  private readonly shown = new Map<string, StatusEntry>();
  /** Ids that were shown and are not any more, with why; cleared when the id is shown again. */
  private readonly gone = new Map<string, GoneReport>();
  private readonly shownListeners = new Set<(ids: string[]) => void>();
  private readonly latestShow = new Map<string, number>();
  /** Highest event sequence seen per id; sequences continue across re-shows of an id. */
  private readonly latestSequence = new Map<string, number>();
  /** Per id, the last event an awaitEvent answered: where a call without afterSequence reads on from. */
  private readonly readThrough = new Map<string, number>();
  private showCounter = 0;
  private closing = false;
  private lastResult: Record<string, unknown> | null = null;
  private readonly now: () => number;
  private readonly fileRoots: FileRoots;
  /** Screenshots (base64, as the device sent them) of the latest observations, for {id, observation} assets. */
  private readonly observations = new Map<string, string>();
  /** The spec each shown id was last sent as (components expanded, anchors resolved): what patches apply to. */
  private readonly sentSpecs = new Map<string, Record<string, unknown>>();
  /** The assets each shown prototype was shown with, for a save. */
  private readonly sentAssets = new Map<string, StagedAsset[]>();
  /** The saved prototype folder each id was shown from, which a later show of the id writes through to. */
  private readonly loadedLayouts = new Map<string, string>();
  private observationCounter = 0;

  constructor(private readonly options: HostOptions) {
    this.now = options.now ?? Date.now;
    this.fileRoots = options.fileRoots ?? new FileRoots([process.cwd()]);
  }

  // ── Device lifecycle ───────────────────────────────────────────────────────

  /** The live device connection, launching the device on first use or after it was lost. */
  async device(onProgress?: (message: string) => void): Promise<DeviceChannel> {
    if (this.closing) fail('device', 'protostage is shutting down', 'Restart the MCP server.');
    if (this.channel && !this.channel.closed) return this.channel;
    onProgress?.('starting the web device (Chromium)');
    this.launching ??= this.options.launcher.launch().then(
      (channel) => {
        this.adoptChannel(channel);
        this.launching = null;
        return channel;
      },
      (error: Error) => {
        this.launching = null;
        fail('device', `could not launch the device: ${error.message}`, 'Install a Chrome-family browser or name one with --browser PATH (or PROTOSTAGE_BROWSER), then retry.');
      },
    );
    return this.launching;
  }

  /** Starts the device ahead of the first call; a failure is reported by that call instead. */
  startDevice(): void {
    this.device().catch(() => {});
  }

  private adoptChannel(channel: DeviceChannel): void {
    this.channel = channel;
    channel.onEvent((event) => this.receiveEvent(event));
    serveDeviceRequests(channel, this.options.requests ?? { allowed: new AllowedOrigins() });
    channel.onClose((reason) => {
      if (this.channel !== channel) return;
      this.channel = null;
      // Whatever was on screen went with the device, and a new device starts sequences afresh.
      this.changeShown(() => this.shown.clear());
      this.gone.clear();
      this.latestSequence.clear();
      this.readThrough.clear();
      this.events.settleAll(reason);
    });
  }

  /** Closes the device connection (the launched device then stops), including one still starting. */
  async close(): Promise<void> {
    this.closing = true;
    const starting = this.launching;
    this.channel?.close();
    this.channel = null;
    const late = await starting?.catch(() => null);
    late?.close();
  }

  /** Keeps the status store current (a dismissal removes the entry) and buffers the event. */
  private receiveEvent(event: PrototypeEvent): void {
    this.latestSequence.set(event.id, Math.max(event.sequence, this.latestSequence.get(event.id) ?? 0));
    const entry = this.shown.get(event.id);
    if (event.kind === 'dismissed') {
      this.changeShown(() => this.shown.delete(event.id));
      this.rememberGone(event.id, { reason: 'dismissed', dismissReason: String((event.payload as { reason?: unknown } | null)?.reason ?? 'unknown') });
    } else if (entry) {
      entry.state = event.state;
      entry.pages = event.pages;
      if (event.stacks) entry.stacks = event.stacks;
      entry.lastSequence = event.sequence;
      entry.lastEvent = { sequence: event.sequence, kind: event.kind, name: event.name };
      if (event.kind === 'appearance_changed') entry.appearance = hostLocal(event.payload as AppearanceReport);
      if (event.kind === 'change' && event.name?.startsWith('/data')) mirrorDataChange(entry, event.name, event.payload);
    }
    this.events.push(event);
  }

  // ── show ───────────────────────────────────────────────────────────────────

  /**
   * Every time the set of shown ids changes (a show of a new id, a replacement, a dismissal, an
   * inspect, a lost device), the listener gets the new set. Returns a function that unsubscribes.
   */
  onShownChange(listener: (ids: string[]) => void): () => void {
    this.shownListeners.add(listener);
    return () => this.shownListeners.delete(listener);
  }

  private changeShown(mutate: () => void): void {
    const before = [...this.shown.keys()].sort().join('\n');
    mutate();
    const ids = [...this.shown.keys()].sort();
    if (ids.join('\n') === before) return;
    for (const listener of this.shownListeners) listener(ids);
  }

  show(args: ShowArgs, options: CallOptions = {}): Promise<HostResult<ShowSummary>> {
    const { signal, onProgress } = options;
    return guard(async () => {
      const roots = this.fileRoots.with(options.extraRoots ?? []);
      const layout = args.specPath !== undefined && args.spec === undefined ? await readLayoutIfSaved(args.specPath, roots) : null;
      const source = layout ? new Uint8Array(layout.spec) : await readSpecSource(args, roots);
      const prepared = this.options.prepareSpec(source);
      if (!prepared.ok) {
        const { path, message, errors, truncated } = prepared;
        const where = errors.length > 1 ? `${path} and the ${errors.length - 1} other paths in errors` : path;
        fail(path, message, `Fix the spec at ${where} and show again; nothing on screen was changed.`, { errors, ...(truncated ? { errorsTruncated: true } : {}) });
      }
      if (args.locale !== undefined && !isLanguageTag(args.locale)) {
        fail('locale', `${JSON.stringify(args.locale)} is not a BCP 47 language tag`, 'Give one such as en, de-CH or ar; nothing on screen was changed.');
      }
      const spec = structuredClone(prepared.spec);
      const id = spec.id;
      const showNumber = this.claimLatest(id);
      const device = await this.device(onProgress);
      this.ensureNotCancelled(id, signal);
      const needs = { specCapabilities: prepared.capabilities, specCapabilityPaths: prepared.capabilityPaths, reset: args.reset, appearance: args.appearance, locale: args.locale, hasAssets: (args.assets?.length ?? 0) + (layout?.assets.length ?? 0) > 0 };
      const refused = checkCapabilities(spec, needs, device.capabilities);
      if (refused) return refused;
      const given = await stageAssets(args.assets ?? [], roots, (observationId) => {
        const screenshot = this.observations.get(observationId);
        return screenshot === undefined ? undefined : Buffer.from(screenshot, 'base64');
      });
      // A saved prototype brings its own assets; one given with the show replaces the saved one.
      const staged = [...(layout?.assets ?? []).filter((asset) => !given.some((other) => other.id === asset.id)), ...given];
      const anchoring = await this.resolveAnchors(device, spec);
      this.ensureLatest(id, showNumber);
      this.ensureNotCancelled(id, signal);
      const uploadedAssets = await uploadAssets(device, staged, onProgress);
      this.ensureLatest(id, showNumber);
      this.ensureNotCancelled(id, signal);
      const replacedInPlace = this.shown.has(id) && !args.reset;
      // The cursor the show answers is taken before it is sent, so what the show itself starts
      // (an emit on appear, a request refused at once) is always after it, however fast it comes.
      const sequenceBeforeShow = this.latestSequence.get(id) ?? 0;
      const sent = await this.sendShow(device, spec, args, staged);
      const degraded = degradedEffects(prepared.effects ?? []);
      this.recordShown(spec, { appearance: sent.appearance, revision: sent.revision, hasStacks: prepared.capabilities.includes(CAPABILITIES.stackTransitions), locale: sent.locale, degraded, reset: args.reset === true });
      this.sentSpecs.set(id, spec);
      this.sentAssets.set(id, staged);
      const savedTo = await this.writeThrough(id, layout ? args.specPath! : null, source, roots);
      const summary: ShowSummary = {
        id,
        lastSequence: sequenceBeforeShow,
        replacedInPlace,
        ...(sent.missingAssets ? { missingAssets: sent.missingAssets } : {}),
        ...(uploadedAssets.length > 0 ? { uploadedAssets } : {}),
        ...anchoring,
        ...(sent.appearance ? { appearance: sent.appearance } : {}),
        ...(sent.revision !== undefined ? { revision: sent.revision } : {}),
        ...(sent.warning ? { warning: sent.warning } : {}),
        ...(layout && layout.problems.length > 0 ? { savedLayoutProblems: layout.problems } : {}),
        ...savedTo,
        ...withPlatformNotes(platformNotes(spec, prepared.namespaceBlocks ?? [], prepared.capabilities)),
        ...(degraded.length > 0 ? { degradedEffects: degraded } : {}),
        ...(prepared.warnings && prepared.warnings.length > 0 ? { warnings: prepared.warnings } : {}),
      };
      // The caller gave up while the device was showing it: it is on screen all the same.
      const cancelled = signal?.aborted ? { cancelled: 'after it was sent: the prototype is on screen' } : {};
      this.lastResult = { action: 'show', ...summary, chrome: effectiveChrome(spec), ...cancelled };
      return { success: true, ...summary };
    });
  }

  /**
   * A show from a saved prototype folder remembers it; a later show of the same id from anywhere
   * else writes its spec through to that folder's spec.json (and only that file).
   */
  private async writeThrough(id: string, loadedFrom: string | null, source: unknown, roots: FileRoots): Promise<Pick<ShowSummary, 'savedTo' | 'savedToRefused'>> {
    if (loadedFrom !== null) {
      this.loadedLayouts.set(id, loadedFrom);
      return {};
    }
    const dir = this.loadedLayouts.get(id);
    if (dir === undefined) return {};
    const bytes = source instanceof Uint8Array ? source : typeof source === 'string' ? Buffer.from(source) : Buffer.from(`${JSON.stringify(source, null, 2)}\n`);
    try {
      // The folder is judged again at every write: it may have been replaced since it was read.
      await replaceSavedSpec(await roots.check(dir, 'specPath'), bytes);
      return { savedTo: dir };
    } catch (error) {
      this.loadedLayouts.delete(id);
      const reason = error instanceof HostFailureError ? error.failure.error : (error as Error).message;
      return { savedToRefused: { dir, reason: `${reason}; nothing was written there` } };
    }
  }

  /** A cancelled show stops before the device hears of it; status says so. */
  private ensureNotCancelled(id: string, signal: AbortSignal | undefined): void {
    if (!signal?.aborted) return;
    this.lastResult = { action: 'show', id, cancelled: 'before it was sent: nothing on screen changed' };
    fail('$', `the show of "${id}" was cancelled before it reached the device; nothing on screen changed`, 'Show it again if you still want it on screen.');
  }

  private claimLatest(id: string): number {
    this.showCounter += 1;
    this.latestShow.set(id, this.showCounter);
    return this.showCounter;
  }

  /** Latest wins: a show overtaken by a later show of the same id stops before it changes the screen. */
  private ensureLatest(id: string, showNumber: number): void {
    if (this.latestShow.get(id) !== showNumber) {
      fail('spec.id', `a later show of "${id}" superseded this one before it was sent`, 'Nothing to do: the later show is the one on screen.');
    }
  }

  private async resolveAnchors(device: DeviceChannel, spec: Record<string, unknown>): Promise<Pick<ShowSummary, 'anchors' | 'hierarchyUpdatedAt'>> {
    const sites = findElementAnchors(spec);
    if (sites.length === 0) return {};
    checkFloatingAnchors(spec, sites);
    const observed = await device.request({ type: 'observe', screenshot: false, excludePrototype: true });
    if (!observed.success || !observed.hierarchy || !observed.screen) {
      fail(`${sites[0]!.path}.anchor`, `the app hierarchy could not be read to resolve anchors (${observed.error ?? 'no hierarchy'})`, 'Retry the show.');
    }
    const anchors = resolveElementAnchors(sites, observed.hierarchy, observed.screen);
    return { anchors, ...(observed.hierarchyUpdatedAt !== undefined ? { hierarchyUpdatedAt: observed.hierarchyUpdatedAt } : {}) };
  }

  /**
   * Sends the show. When the device reports as missing an asset this call uploaded (its store was
   * cleared in between), re-uploads those once and re-sends once; never loops.
   */
  private async sendShow(device: DeviceChannel, spec: Record<string, unknown>, args: ShowArgs, staged: StagedAsset[]) {
    const request = { type: 'show_prototype' as const, spec, ...(args.reset ? { reset: true as const } : {}), ...(args.appearance ? { appearance: args.appearance } : {}), ...(args.locale ? { locale: args.locale } : {}) };
    const first = await device.request(request);
    if (!first.success) fail('spec', `the device refused the spec: ${first.error ?? 'no reason given'}`, 'Fix the spec as the message says and show again.');
    const lost = staged.filter((asset) => first.missingAssets?.includes(asset.id));
    if (lost.length === 0) return { missingAssets: first.missingAssets, appearance: first.appearance, revision: first.revision, locale: first.locale, warning: undefined };
    const retried = await uploadAssets(device, lost)
      .then(() => device.request(request))
      .catch(() => null);
    if (retried?.success && !retried.missingAssets?.some((id) => lost.some((asset) => asset.id === id))) {
      return { missingAssets: retried.missingAssets, appearance: retried.appearance, revision: retried.revision, locale: retried.locale, warning: undefined };
    }
    const ids = lost.map((asset) => asset.id).join(', ');
    return { missingAssets: first.missingAssets, appearance: first.appearance, revision: first.revision, locale: first.locale, warning: `the device lost uploaded assets (${ids}) and a re-upload did not restore them; show again with assets` };
  }

  /**
   * Records the shown prototype in the status store, with its latest event sequence. The
   * device shows one prototype at a time, so any other id it showed is replaced: its entry goes
   * and calls waiting on it return now. A reset show starts its pages, stacks and last event afresh.
   */
  private recordShown(spec: Record<string, unknown>, shown: ShownRecord): void {
    const { appearance, revision, hasStacks, locale, degraded, reset } = shown;
    const id = spec.id as string;
    const previous = reset ? undefined : this.shown.get(id);
    const state = (spec.state ?? {}) as PrototypeStatus['state'];
    const persistent = (spec.window as { persistence?: unknown } | undefined)?.persistence === 'device';
    const lastSequence = this.latestSequence.get(id) ?? 0;
    const replaced = [...this.shown.keys()].filter((other) => other !== id);
    this.changeShown(() => {
      for (const other of replaced) this.shown.delete(other);
      const data = isRecord(spec.data) ? { data: spec.data } : {};
      const stacks = previous?.stacks ?? (hasStacks ? initialStacks(spec) : undefined);
      const entry = { id, persistent, state, ...data, ...(revision !== undefined ? { revision } : {}), pages: previous?.pages ?? {}, ...(stacks ? { stacks } : {}), ...(locale ? { locale } : {}), ...(degraded.length > 0 ? { degradedEffects: degraded } : {}), lastSequence, shownAt: this.now(), lastEvent: previous?.lastEvent ?? null };
      this.shown.set(id, withHostLocalAppearance(entry, appearance));
    });
    this.gone.delete(id);
    for (const other of replaced) {
      const report: GoneReport = { reason: 'replaced', by: id };
      this.rememberGone(other, report);
      this.events.endWaitsFor(other, { status: 'gone', report });
    }
  }

  /** Remembers why an id went, forgetting the oldest past REMEMBERED_GONE. */
  private rememberGone(id: string, report: GoneReport): void {
    this.sentSpecs.delete(id);
    this.sentAssets.delete(id);
    this.gone.delete(id);
    this.gone.set(id, report);
    for (const oldest of this.gone.keys()) {
      if (this.gone.size <= REMEMBERED_GONE) break;
      this.gone.delete(oldest);
    }
  }

  // ── dismiss, status, inspect ───────────────────────────────────────────────

  dismiss(args: { id?: string; all?: boolean }): Promise<HostResult<{ dismissed: string[] }>> {
    return guard(async () => {
      if ((args.id === undefined) === !args.all) {
        fail(args.id === undefined ? 'id' : 'all', 'give exactly one of id and all: true', 'Pass the prototype id to dismiss, or all: true.');
      }
      const ids = args.all ? [...this.shown.keys()] : [args.id!];
      if (args.all && ids.length === 0 && this.channel === null) {
        // No device yet, so nothing is on screen: nothing to launch one for.
        this.lastResult = { action: 'dismiss', dismissed: [] };
        return { success: true, dismissed: [] };
      }
      const device = await this.device();
      const result = await device.request(args.all ? { type: 'dismiss_prototype', all: true } : { type: 'dismiss_prototype', id: args.id! });
      if (!result.success) fail('id', result.error ?? `prototype "${args.id}" could not be dismissed`, 'Check status for the ids on screen.');
      this.lastResult = { action: 'dismiss', dismissed: ids };
      return { success: true, dismissed: ids };
    });
  }

  /** Host-local: what this host believes is on screen, as fresh as the last event or inspect. */
  status(): Success<{ prototypes: StatusEntry[]; lastResult: Record<string, unknown> | null; deviceConnected: boolean; deviceStarting: boolean }> {
    const connected = this.channel !== null && !this.channel.closed;
    return {
      success: true,
      prototypes: [...this.shown.values()].map((entry) => ({ ...entry })),
      lastResult: this.lastResult,
      deviceConnected: connected,
      // The device is being launched (with the server, or for a call): a show now waits for it.
      deviceStarting: !connected && this.launching !== null,
    };
  }

  /**
   * Patches the shown prototype in place: the operations are checked against this host's copy of
   * the spec, state and data (and refused whole with a path), then the device applies them to
   * what it has now (a stale baseRevision is refused there) and reports the patched prototype.
   */
  patch(args: { id?: string; ops?: unknown; baseRevision?: number }): Promise<HostResult<{ id: string; revision: number }>> {
    return guard(async () => {
      const id = args.id;
      if (id === undefined) fail('id', 'patch needs the id of the shown prototype', 'Pass id (see status).');
      const entry = this.shown.get(id);
      const sent = this.sentSpecs.get(id);
      if (!entry || !sent) fail('id', `"${id}" is not shown`, 'Show it first; status lists what is shown.');
      const device = await this.deviceWith(CAPABILITIES.patch, 'patch', 'Show the changed spec instead.');
      const applied = applyPatchOps({ spec: sent, state: entry.state, data: (entry.data ?? {}) as JsonObject }, args.ops);
      if (!applied.ok) fail(applied.path, applied.message, 'Fix that operation and patch again; nothing changed.');
      const checked = validatePrototypeSpec(applied.spec);
      if (!checked.ok) fail(checked.path, `the patched spec is invalid: ${checked.message}`, 'Fix the operation that makes it so and patch again; nothing changed.');
      if (findElementAnchors(applied.spec.root).length > 0) fail('ops', 'element anchors are resolved when a spec is shown', 'Use a bounds anchor in a patch, or show the spec again.');
      const request = { type: 'patch_prototype' as const, id, ops: args.ops as unknown[], ...(args.baseRevision !== undefined ? { baseRevision: args.baseRevision } : {}) };
      const result = await device.request(request);
      if (!result.success) fail(result.path ?? 'ops', result.error ?? 'the device refused the patch', result.path === 'baseRevision' ? 'Read the revision again (status or inspect) and patch from there.' : 'Fix the patch and try again; nothing changed.');
      this.sentSpecs.set(id, applied.spec);
      const reported = result.prototypes?.find((prototype) => prototype.id === id);
      if (reported) {
        const { appearance, ...patched } = reported;
        this.shown.set(id, withHostLocalAppearance({ ...patched, shownAt: entry.shownAt, lastEvent: entry.lastEvent }, appearance));
      }
      const revision = result.revision ?? reported?.revision ?? 0;
      this.lastResult = { action: 'patch', id, revision };
      return { success: true, id, revision };
    });
  }

  /** Removes what the device stores for `id` (its storage block's keys); the shown prototype stays. */
  /**
   * Saves the shown prototype (its spec as patched, and the assets it was shown with) as a saved
   * prototype folder at `dir`, which must lie under the folders this host may use.
   */
  save(args: { id?: string; dir?: string }, options: CallOptions = {}): Promise<HostResult<{ id: string; dir: string; images: number; fonts: number; replaced?: true }>> {
    return guard(async () => {
      const { id, dir } = args;
      if (id === undefined) fail('id', 'save needs the id of the shown prototype', 'Pass id.');
      if (dir === undefined || !isAbsolute(dir)) fail('dir', 'save needs an absolute folder path to write', 'Pass dir, e.g. /home/me/prototypes/card.');
      const spec = this.sentSpecs.get(id);
      if (!spec) fail('id', `"${id}" is not shown`, 'Show it first; save writes what is on screen.');
      const roots = this.fileRoots.with(options.extraRoots ?? []);
      const real = await roots.check(dir, 'dir');
      if ((await lstat(dir).catch(() => null))?.isSymbolicLink()) fail('dir', `nothing was saved: ${dir} is a link; save never writes through a link`, 'Save into the folder itself, or into a new folder.');
      if (!(await isFolder(dirname(real)))) fail('dir', `the folder ${dirname(dir)} does not exist`, 'Save into a folder that exists; save makes only the last one.');
      const written = await writeSavedPrototype(real, Buffer.from(`${JSON.stringify(spec, null, 2)}\n`), this.sentAssets.get(id) ?? []).catch((error: Error) =>
        error instanceof SaveRefusedError
          ? fail('dir', `nothing was saved: ${error.message}`, 'Save into a new folder, or into one that holds a saved prototype you mean to replace.')
          : fail('dir', `the prototype could not be saved there: ${error.message}`, 'Pick a folder whose parent exists and is writable.'),
      );
      const { manifest, target } = written;
      return { success: true, id, dir, images: manifest.assets.length, fonts: manifest.fonts.length, ...(target === 'replaces' ? { replaced: true } : {}) };
    });
  }

  clearStorage(args: { id?: string }): Promise<HostResult<{ id: string; cleared: number }>> {
    return guard(async () => {
      const id = args.id;
      if (id === undefined) fail('id', 'clearStorage needs the prototype id whose stored values go', 'Pass id.');
      const device = await this.deviceWith(CAPABILITIES.storage, 'storage', 'There is nothing stored to clear.');
      const result = await device.request({ type: 'clear_prototype_storage', id });
      if (!result.success) fail('id', result.error ?? 'the stored values could not be removed', 'Retry.');
      return { success: true, id, cleared: result.cleared ?? 0 };
    });
  }

  /**
   * Moves the shown prototype's clock `ms` on, firing its due timers in order without waiting;
   * their events arrive as a tap's would. Answers how many fired and the latest sequence after.
   */
  advanceClock(args: { ms?: number }): Promise<HostResult<{ id: string; fired: number; lastSequence: number }>> {
    return guard(async () => {
      const ms = args.ms;
      if (ms === undefined || !Number.isInteger(ms) || ms < 0 || ms > MAX_CLOCK_ADVANCE_MS) fail('ms', `advanceClock needs ms: whole milliseconds from 0 to ${MAX_CLOCK_ADVANCE_MS}`, 'Pass ms, e.g. 1000.');
      const id = [...this.shown.keys()][0];
      if (id === undefined) fail('id', 'no prototype is shown', 'Show one first.');
      const device = await this.deviceWith(CAPABILITIES.timers, 'advanceClock', 'Wait for the timers instead.');
      const result = await device.request({ type: 'advance_prototype_clock', ms });
      if (!result.success) fail('ms', result.error ?? 'the clock could not be advanced', 'Show the prototype again and retry.');
      return { success: true, id, fired: result.fired ?? 0, lastSequence: this.latestSequence.get(id) ?? 0 };
    });
  }

  /** Adopts what the device reports: its prototypes replace the host's list. Entries carry the device's full appearance report. */
  /**
   * What the device shows, adopted as this host's status. With `revealSecure` secure text fields
   * come back as typed, and the answer is only read: the status keeps what it had.
   */
  inspect(options: { revealSecure?: boolean } = {}): Promise<HostResult<{ prototypes: InspectEntry[]; droppedEvents: number }>> {
    return guard(async () => {
      const device = await this.deviceWith(CAPABILITIES.inspect, 'inspect', 'Use status instead.');
      const reveal = options.revealSecure === true;
      const result = await device.request({ type: 'inspect_prototypes', ...(reveal ? { revealSecure: true } : {}) });
      if (!result.success) fail('action', result.error ?? 'inspect failed', 'Retry.');
      const reported = result.prototypes ?? [];
      const adopted = reported.map((entry): InspectEntry => ({
        ...entry,
        shownAt: this.shown.get(entry.id)?.shownAt ?? this.now(),
        lastEvent: this.shown.get(entry.id)?.lastEvent ?? null,
      }));
      if (!reveal) {
        this.changeShown(() => {
          this.shown.clear();
          for (const { appearance, ...entry } of adopted) this.shown.set(entry.id, withHostLocalAppearance(entry, appearance));
        });
      }
      return { success: true, prototypes: adopted, droppedEvents: result.droppedEvents ?? 0 };
    });
  }

  // ── awaitEvent ─────────────────────────────────────────────────────────────

  awaitEvent(args: AwaitArgs, options: CallOptions = {}): Promise<HostResult<AwaitSummary>> {
    return guard<AwaitSummary>(async () => {
      const id = args.id ?? this.onlyShownId();
      // Without a cursor a call reads on from the last event an earlier call answered.
      const afterSequence = args.afterSequence ?? this.readThrough.get(id);
      const filter = { id, afterSequence, eventName: args.eventName, kind: args.kind, kinds: args.kinds };
      const timeoutMs = Math.min(Math.max(args.timeoutMs ?? DEFAULT_AWAIT_MS, 0), MAX_AWAIT_MS);
      const limit = Math.min(Math.max(Math.trunc(args.limit ?? DEFAULT_AWAIT_LIMIT), 1), EVENT_BUFFER_SIZE);
      const buffered = this.events.read(filter, limit);
      if (buffered.events.length > 0) return { success: true, ...this.delivered(id, buffered.events, buffered.more), ...this.missedWarning(id, afterSequence) };
      if (!this.shown.has(id)) {
        const dismissal = this.events.dismissalAfter(id, args.afterSequence);
        if (dismissal) return this.dismissedOutcome(dismissal);
        const gone = this.gone.get(id);
        if (gone) return this.goneOutcome(id, gone);
        fail('id', `no prototype "${id}" was shown on this device`, 'Show it first, or check status for the ids on screen.');
      }
      const outcome = await this.events.wait(filter, timeoutMs, options.signal);
      if (outcome.status !== 'event') return this.outcomeResult(id, outcome);
      // Whatever else matched while this call was being answered comes along.
      const rest = this.events.read({ ...filter, afterSequence: outcome.event.sequence }, limit - 1);
      return { success: true, ...this.delivered(id, [outcome.event, ...rest.events], rest.more) };
    });
  }

  /** An answer's events with the cursor after the last of them, which later calls without one read on from. */
  private delivered(id: string, events: PrototypeEvent[], more: boolean): Pick<AwaitSummary, 'events' | 'more' | 'lastSequence'> {
    const lastSequence = events.at(-1)!.sequence;
    this.readThrough.set(id, Math.max(lastSequence, this.readThrough.get(id) ?? 0));
    return { events, more, lastSequence };
  }

  private sequenceOf(id: string): number {
    return this.latestSequence.get(id) ?? 0;
  }

  private dismissedOutcome(event: PrototypeEvent): Success<AwaitSummary> {
    const reason = (event.payload as { reason?: string } | null)?.reason ?? 'unknown';
    const warning = `prototype "${event.id}" was dismissed (reason: ${reason}) before a matching event arrived`;
    return { success: true, events: [event], more: false, lastSequence: event.sequence, warning };
  }

  private goneOutcome(id: string, gone: GoneReport): Success<AwaitSummary> {
    const why = gone.reason === 'replaced' ? `a show of "${gone.by}" replaced it` : `it was dismissed (reason: ${gone.dismissReason})`;
    return { success: true, events: [], more: false, lastSequence: this.sequenceOf(id), gone, warning: `prototype "${id}" is no longer shown: ${why}; no matching event is left` };
  }

  private outcomeResult(id: string, outcome: Exclude<AwaitOutcome, { status: 'event' }>): HostResult<AwaitSummary> {
    switch (outcome.status) {
      case 'dismissed':
        return this.dismissedOutcome(outcome.event);
      case 'timedOut':
        return { success: true, events: [], more: false, lastSequence: this.sequenceOf(id), timedOut: true };
      case 'gone':
        return this.goneOutcome(id, outcome.report);
      case 'cancelled':
        return failure('$', 'the wait was cancelled', 'Nothing to do: the next matching event stays buffered for the next awaitEvent.');
      case 'deviceLost':
        return failure('device', `the device went away while waiting: ${outcome.reason}`, 'The device restarts on the next call; show the prototype again.');
    }
  }

  private missedWarning(id: string, afterSequence: number | undefined): { warning?: string } {
    const through = this.events.missedAfter(id, afterSequence);
    if (through === undefined) return {};
    return { warning: `events of "${id}" up to sequence ${through} fell out of the ${EVENT_BUFFER_SIZE}-event buffer before they were read; events starts at the oldest one kept` };
  }

  private onlyShownId(): string {
    const ids = [...this.shown.keys()];
    if (ids.length === 1) return ids[0]!;
    return fail('id', ids.length === 0 ? 'no prototype is showing' : `${ids.length} prototypes are showing (${ids.join(', ')})`, 'Pass the id of the prototype to wait on.');
  }

  // ── observe and input ──────────────────────────────────────────────────────

  /**
   * The screen as the person sees it: the hierarchy and a screenshot. App nodes an opaque prototype
   * window hides entirely are left out and counted (`coveredAppNodes`) unless `includeCovered`.
   * With `hidePrototype` it is the app alone: the device hides the prototype for the capture and
   * shows it again after.
   */
  observe(options: { includeCovered?: boolean; hidePrototype?: boolean } = {}): Promise<HostResult<{ observationId: string; hierarchy: HierarchyNode[]; prototypeWindow: PrototypeWindow | null; screenshotBase64: string; hierarchyUpdatedAt?: number; coveredAppNodes?: number }>> {
    return guard(async () => {
      const device = await this.requireInput();
      const result = await device.request({ type: 'observe', ...(options.hidePrototype ? { excludePrototype: true } : {}) });
      if (!result.success || !result.hierarchy || !result.screenshotBase64) fail('observe', result.error ?? 'the device returned no observation', 'Retry.');
      const { screenshotBase64, hierarchyUpdatedAt } = result;
      const prototypeWindow = result.prototypeWindow ?? null;
      const hidden = new Set(options.includeCovered ? [] : result.hierarchy.filter((node) => hiddenByWindow(node, prototypeWindow)));
      const hierarchy = hidden.size === 0 ? result.hierarchy : result.hierarchy.filter((node) => !hidden.has(node));
      const observationId = this.keepObservation(screenshotBase64);
      return { success: true, observationId, hierarchy, prototypeWindow, screenshotBase64, hierarchyUpdatedAt, ...(hidden.size > 0 ? { coveredAppNodes: hidden.size } : {}) };
    });
  }

  /** Keeps a screenshot under a new observation id; the oldest goes past KEPT_OBSERVATIONS. */
  private keepObservation(screenshotBase64: string): string {
    this.observationCounter += 1;
    const id = `obs-${this.observationCounter}`;
    this.observations.set(id, screenshotBase64);
    for (const oldest of this.observations.keys()) {
      if (this.observations.size <= KEPT_OBSERVATIONS) break;
      this.observations.delete(oldest);
    }
    return id;
  }

  /** A tap, a long press or a double tap (those two need a device with prototype_gestures_v1). */
  tap(target: TapTarget, action: TapAction = 'tap'): Promise<HostResult<InputSummary>> {
    if (action === 'tap') return this.input('target', { type: 'tap', target });
    return guard(async () => {
      await this.deviceWith(CAPABILITIES.gestures, `tapOn action "${action}"`, 'Tap instead, or use a device that takes gestures.');
      return this.input('target', { type: 'tap', target, action });
    });
  }

  /** Tap from loose arguments: exactly one of testTag, text, or the point x and y; `action` how it presses. */
  tapOn(args: { testTag?: string; text?: string; x?: number; y?: number; action?: TapAction }): Promise<HostResult<InputSummary>> {
    const target = tapTargetFrom(args);
    return 'success' in target ? Promise.resolve(target) : this.tap(target, args.action);
  }

  type(text: string, testTag?: string): Promise<HostResult<InputSummary>> {
    return this.input(testTag === undefined ? 'text' : 'testTag', { type: 'type_text', text, ...(testTag !== undefined ? { testTag } : {}) });
  }

  swipe(direction: SwipeDirection, testTag?: string): Promise<HostResult<InputSummary>> {
    return this.input(testTag === undefined ? 'direction' : 'testTag', { type: 'swipe', direction, ...(testTag !== undefined ? { testTag } : {}) });
  }

  /**
   * The system back, as a person presses it: closes the open menu, dialog, drawer or sheet, else
   * ends an active search, else goes back a pane or pops the deepest stack that can pop. Answers
   * what it did (`back`: menu, dialog, drawer, sheet, search, pane, stack, or null for nothing).
   */
  pressBack(): Promise<HostResult<InputSummary & { back: BackOutcome | null }>> {
    return guard(async () => {
      const device = await this.deviceWith(CAPABILITIES.stackTransitions, 'pressBack', 'Close dialogs and sheets with their buttons, and pop stacks with a pop action on a tap.');
      const result = await device.request({ type: 'press_back' });
      if (!result.success) fail('action', result.error ?? 'back failed', 'Show a prototype first.');
      return { success: true, target: null, lastSequence: result.lastSequence ?? 0, back: result.back ?? null };
    });
  }

  /**
   * Changes the live device as a person would: rotates it, switches its profile (a catalogue
   * name or WIDTHxHEIGHT[@DENSITY]), flips dark, changes font scale, layout direction or reduce
   * motion, or pauses the prototype's clock. The shown prototype keeps its state, pages and typed
   * text; a flip of its resolved appearance arrives as one appearance_changed event. Answers the device as it is afterwards
   * (with nothing to change, as it is now).
   */
  configureDevice(change: DeviceSettingsChange): Promise<HostResult<{ settings: DeviceReport }>> {
    return guard(async () => {
      checkDeviceChange(change);
      const device = await this.deviceWith(CAPABILITIES.deviceSettings, 'device settings', 'Start the device with the --device, --orientation, --dark, --rtl, --font-scale and --reduced-motion flags instead.');
      if (change.clock !== undefined && !device.capabilities.has(CAPABILITIES.pausedClock)) {
        fail('clock', `this device cannot pause the prototype's clock (it does not advertise ${CAPABILITIES.pausedClock})`, 'Leave clock out; prototype {action: "advanceClock"} still fires due timers.');
      }
      const result = await device.request({ type: 'configure_device', ...change });
      if (!result.success || result.device === undefined) fail(result.error?.startsWith('locale') ? 'locale' : 'profile', result.error ?? 'the device could not be changed', 'Pass a profile the device knows, e.g. phone or 390x844.');
      // A new language redraws the shown prototype from another table: the status follows.
      if (change.locale !== undefined && this.shown.size > 0) await this.inspect();
      return { success: true, settings: result.device };
    });
  }

  /** An input, answered with the node it landed on and the prototype's latest event sequence after it. */
  private input(
    path: string,
    body: { type: 'tap'; target: TapTarget; action?: TapAction } | { type: 'type_text'; text: string; testTag?: string } | { type: 'swipe'; direction: SwipeDirection; testTag?: string },
  ): Promise<HostResult<InputSummary>> {
    return guard(async () => {
      const device = await this.requireInput();
      const result = await device.request(body);
      if (!result.success) fail(path, result.error ?? `${body.type} failed`, 'Call observe to see what is on screen, then retry with a target it lists.');
      return { success: true, target: result.target ?? null, lastSequence: result.lastSequence ?? 0 };
    });
  }

  /** The device, when it advertises `capability`; else a failure at action naming what needs it. */
  private async deviceWith(capability: string, what: string, fix: string): Promise<DeviceChannel> {
    const device = await this.device();
    if (!device.capabilities.has(capability)) fail('action', `this device does not support ${what} (it does not advertise ${capability})`, fix);
    return device;
  }

  private async requireInput(): Promise<DeviceChannel> {
    const device = await this.device();
    if (!device.capabilities.has(CAPABILITIES.webInput)) fail('device', 'this device does not take observe or input requests', 'Use a web device.');
    return device;
  }
}

/** The appearance as host-local status keeps it: the device's own setting is only in device answers. */
function hostLocal(appearance: AppearanceReport): StatusEntry['appearance'] {
  return { mode: appearance.mode, source: appearance.source };
}

/** A status entry, with the host-local part of `appearance` when there is one. */
/**
 * Applies a data change event to the host's copy of the data, as the device applied the write. A
 * change whose value the device left out (over the emit budget) leaves the copy stale: it is
 * marked so until the next inspect brings the device's data.
 */
function mirrorDataChange(entry: StatusEntry, name: string, payload: unknown): void {
  const change = payload as { op?: string; value?: unknown; maxItems?: number; revision?: number };
  if (typeof change.revision === 'number') entry.revision = change.revision;
  if (entry.data === undefined || entry.dataStale) return;
  const path = parsePointer(name.slice('/data'.length));
  const needsValue = change.op !== 'remove';
  if (path === null || (needsValue && change.value === undefined)) {
    entry.dataStale = true;
    return;
  }
  const op = change.op as DataWrite['op'];
  const known = op === 'set' || op === 'append' || op === 'prepend' || op === 'remove';
  const outcome = known ? applyDataWrite(entry.data as JsonObject, 0, dataWriteOf(op, path, change.value as JsonValue, change.value as JsonValue[], change.maxItems)) : null;
  if (outcome?.ok) entry.data = outcome.data;
  else entry.dataStale = true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withHostLocalAppearance(entry: Omit<StatusEntry, 'appearance'>, appearance: AppearanceReport | undefined): StatusEntry {
  return appearance ? { ...entry, appearance: hostLocal(appearance) } : entry;
}

export function tapTargetFrom(args: { testTag?: string; text?: string; x?: number; y?: number }): TapTarget | HostFailure {
  const hasPoint = args.x !== undefined || args.y !== undefined;
  const given = [args.testTag !== undefined, args.text !== undefined, hasPoint].filter(Boolean).length;
  if (given === 1 && args.testTag !== undefined) return { testTag: args.testTag };
  if (given === 1 && args.text !== undefined) return { text: args.text };
  if (given === 1 && args.x !== undefined && args.y !== undefined) return { x: args.x, y: args.y };
  const path = given === 1 ? (args.x === undefined ? 'x' : 'y') : 'testTag';
  return failure(path, 'give exactly one target: testTag, text, or both x and y', 'Call observe to find the element, then pass its testTag or text (or a point inside its bounds).');
}

/** Uploads one asset at a time; a failure names the assets already stored. */
async function uploadAssets(device: DeviceChannel, staged: readonly StagedAsset[], onProgress?: (message: string) => void): Promise<string[]> {
  const stored: string[] = [];
  for (const [index, asset] of staged.entries()) {
    onProgress?.(`uploading asset ${index + 1} of ${staged.length} ("${asset.id}", ${asset.bytes.length} bytes)`);
    const result = await device
      .request({ type: 'put_prototype_asset', id: asset.id, mimeType: asset.mimeType, dataBase64: asset.bytes.toString('base64') })
      .catch((error: Error) => ({ success: false, error: error.message }));
    if (!result.success) {
      const already = stored.length > 0 ? `already stored: ${stored.join(', ')}` : 'none were stored';
      fail(`assets[${index}]`, `uploading "${asset.id}" failed (${result.error ?? 'no reason given'}); ${already}`, 'Fix or drop that asset and show again.', { uploadedAssets: stored });
    }
    stored.push(asset.id);
  }
  return stored;
}

/** Runs one host operation; every failure comes back as a value, never a throw. */
async function guard<T extends object>(operation: () => Promise<HostResult<T>>): Promise<HostResult<T>> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof HostFailureError) return error.failure;
    if (error instanceof RequestCancelledError) {
      return failure('device', `${error.message} (the device was busy)`, 'Retry it: nothing was applied. Many calls at once queue on the device; send fewer at a time.');
    }
    const message = (error as Error).message ?? String(error);
    if (/device (disconnected|unavailable)/.test(message)) {
      return failure('device', message, 'The device restarts on the next call; show the prototype again.');
    }
    return failure('$', message, 'Retry; if it keeps failing, restart protostage.');
  }
}

/** The chrome a show draws: a fullscreen window's is its window.chrome (default bar); sheet and floating windows have none of their own. */
function effectiveChrome(spec: Record<string, unknown>): 'bar' | 'none' | null {
  const window = isRecord(spec.window) ? spec.window : {};
  const placement = isRecord(window.placement) ? window.placement : {};
  if (placement.type !== 'fullscreen') return null;
  return window.chrome === 'none' ? 'none' : 'bar';
}

/** Each stack of a spec on its initial screen (what the device starts with), or undefined without stacks. */
function initialStacks(spec: unknown): Record<string, string[]> | undefined {
  let stacks: Record<string, string[]> | undefined;
  visitObjects(isRecord(spec) ? spec.root : undefined, 'root', (object) => {
    if (object.type === 'stack' && typeof object.id === 'string' && typeof object.initial === 'string') (stacks ??= {})[object.id] = [object.initial];
  });
  return stacks;
}

function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() === true;
}

/**
 * The saved prototype folder a show names as specPath, read under the roots, or null when
 * specPath is a spec file; a corrupt folder fails at specPath. The roots are checked before the
 * path is looked at, so nothing outside them is ever probed.
 */
async function readLayoutIfSaved(dir: string, roots: FileRoots) {
  if (!isAbsolute(dir)) fail('specPath', `"${dir}" is not an absolute path`, 'Pass the absolute path of a .json spec file or a saved prototype folder.');
  const real = await roots.check(dir, 'specPath');
  if (!(await isSavedLayout(real))) return null;
  const layout = await readSavedPrototype(real);
  if (!layout.ok) fail('specPath', `"${dir}" is not a readable saved prototype: ${layout.corrupt}`, 'Save it again with protostage save or prototype {action: "save"}.');
  return layout;
}

function withPlatformNotes(notes: PlatformNote[]): { platformNotes?: PlatformNote[] } {
  return notes.length > 0 ? { platformNotes: notes } : {};
}

/** An app node that an opaque prototype window covers from edge to edge: nothing of it is seen. */
function hiddenByWindow(node: HierarchyNode, window: PrototypeWindow | null): boolean {
  if (window === null || !window.prototypeOpaque || node.layer !== 'app' || node.covered !== true) return false;
  const inner = node.bounds;
  const outer = window.bounds;
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}
