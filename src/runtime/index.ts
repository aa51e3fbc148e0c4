/**
 * The prototype runtime controller: pure, no DOM, no I/O, clock injected. It holds the shown
 * prototype, applies interactions atomically, keeps per-id event sequences, runs the snackbar and
 * idle timers, resolves the appearance and exposes the render model the renderer draws.
 *
 *   const controller = createController({ clock, device: { dark: false }, onEvent });
 *   controller.show(spec);                      // → { ok, id, appearance, replaced }
 *   controller.interact({ type: 'tap', key: 'root.children[0]' });
 *   controller.renderModel();                   // what to draw
 */
import type { NodeOfType, PrototypeSpec, Scalar } from '../spec/index.ts';
import type { Appearance, DismissReason, Interaction, InteractionResult, PrototypeEvent, RenderModel } from './model.ts';
import type { AppearanceOverride } from './appearance.ts';
import { applyInteraction, closeOverlay } from './interactions.ts';
import { platformStateOf, Session, type DeviceSettings } from './session.ts';
import type { PendingEvent, Unit } from './unit.ts';
import { maskEvent, maskState } from './secure.ts';
import { inPlacePatchActions, type DataRefusal, type JsonObject } from './data.ts';
import { MAX_ADVANCE_MS, TimerLedger, type TimerReport } from './timers.ts';
import { PrototypeClock } from './clock.ts';
import { restoreStorage, storedValues, type StoredValues } from './storage.ts';
import { applyCompletion, REQUEST_ERROR_CODES, REQUEST_EVENT, requestEventPayload, resolveRequest, type PendingRequest, type RequestOutcome, type RequestTransport } from './requests.ts';
import { applyPlatformCompletion, FEEDBACK_LOG_SIZE, immediateResult, PLATFORM_ERROR_CODES, resolvePlatformCall, type FeedbackEntry, type PendingPlatformCall, type PlatformOutcome, type PlatformTransport } from './platform.ts';
import type { UploadedAsset } from './share.ts';

export type { FeedbackEntry, PlatformErrorCode, PlatformOutcome, PlatformTransport, ResolvedPlatformCall } from './platform.ts';
export { PLATFORM_EVENT } from './platform.ts';

export type { RequestErrorCode, RequestOutcome, RequestTransport, ResolvedRequest } from './requests.ts';
export { REQUEST_ERROR_CODES, REQUEST_EVENT } from './requests.ts';

export type { StoredValues } from './storage.ts';
import type { Action, PlatformAction, RequestAction } from '../spec/index.ts';
import { limits } from '../spec/vocabulary.ts';
import { rowOf, type OverlayNode, type RowContext, type TreeNode } from './tree.ts';
import { treeDepth } from './stacks.ts';
import { ownValue } from './record.ts';
import { canonicalLocale } from './strings.ts';

export type { TimerReport } from './timers.ts';
export { MAX_ADVANCE_MS } from './timers.ts';
import { applyPatchOps } from '../validate/patch.ts';
import { validatePrototypeSpec } from '../validate/index.ts';

export type { DataRefusal, JsonObject, JsonValue } from './data.ts';

export type { DeviceSettings } from './session.ts';
export type { AppearanceOverride } from './appearance.ts';
export * from './model.ts';

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The emit name of a change of the device's connectivity, and how long a change must hold before it is sent. */
export const CONNECTIVITY_EVENT = 'connectivity.changed';
export const CONNECTIVITY_DEBOUNCE_MS = 500;

/** The emit name of a tap nothing handled (window.deadTaps). */
export const DEAD_TAP_EVENT = 'prototype_dead_tap';

/** Idle TTL: five minutes without an accepted show or a user interaction dismisses with `ttl`. */
export const DEFAULT_IDLE_TTL_MS = 300_000;

export interface ControllerOptions {
  clock: Clock;
  device: DeviceSettings;
  onEvent: (event: PrototypeEvent) => void;
  idleTtlMs?: number;
  /** Told the values a spec's storage block lists whenever they change (the device writes them). */
  onStorage?: (id: string, values: StoredValues) => void;
  /** Sends request actions; without one every request completes at once as a network error. */
  requests?: RequestTransport;
  /** Carries platform calls out (cues, the browser and share sheets); without one a share is unavailable. */
  platform?: PlatformTransport;
  /** The uploaded assets a share may hand on, with their types and sizes. */
  assets?: () => ReadonlyMap<string, UploadedAsset>;
}

export interface ShowOptions {
  reset?: boolean;
  appearance?: AppearanceOverride;
  /** What the device stored for this id ({version, state, data}), put back before the first draw. */
  stored?: unknown;
  /** The language this show is drawn in (a BCP 47 tag), beating the device's for this show. */
  locale?: string;
}

export type PatchResult =
  | { ok: true; id: string; revision: number }
  | { ok: false; path: string; message: string };

export type ShowResult =
  | {
      ok: true;
      id: string;
      appearance: Appearance;
      replaced: boolean;
      /** The prototype's revision after this show. */
      revision: number;
      /** The string table drawn from, for a spec with strings. */
      locale?: string;
      /** Stored keys and pointers put back, and those that no longer fit; discarded: another version was stored. */
      storage?: { restored: string[]; dropped: string[]; discarded: boolean };
    }
  | { ok: false; path: string; message: string };

/** What a system back did: closed a menu (or an expanded select, answered by the page), a dialog, a drawer or a sheet (an adaptive supporting sheet too), ended a search, popped a stack, or cleared a compact list-detail's selection (pane); `keyboard` is the device hiding its keyboard, which the runtime never answers. */
export type BackOutcome = 'keyboard' | 'menu' | 'dialog' | 'drawer' | 'sheet' | 'search' | 'stack' | 'pane' | null;

export interface InspectSnapshot {
  id: string;
  /** `window.persistence: "device"`: outlives its host session, no idle TTL. */
  persistent: boolean;
  state: Record<string, Scalar>;
  /** The prototype's data (an empty object when the spec has none). */
  data: JsonObject;
  /** One per show, accepted data write and state change; never rewound for an id. */
  revision: number;
  /** The latest refused data writes, oldest first (they changed and emitted nothing). */
  dataRefusals: DataRefusal[];
  /** Running timers, the next to fire first. */
  timers: TimerReport[];
  /** The spec's storage version, when it has a storage block (the device reports what it keeps). */
  storageVersion?: number;
  /** The string table drawn from, when the spec has strings. */
  locale?: string;
  /** The latest haptics and sounds the prototype performed (at most 64), oldest first. */
  feedbackLog?: FeedbackEntry[];
  pages: Record<string, number>;
  /** Each stack's screens, root first (only when the spec has stacks). */
  stacks?: Record<string, string[]>;
  lastSequence: number;
  appearance: Appearance;
  openOverlays: RenderModel['openOverlays'];
}

const APPEARANCES: readonly string[] = ['device', 'light', 'dark'];
/** How many refused data writes inspect lists. */
export const KEPT_DATA_REFUSALS = 8;
const DISMISS_REASONS: readonly string[] = ['user', 'agent', 'disconnect', 'ttl', 'teardown'];

export class PrototypeController {
  private session: Session | null = null;
  private device: DeviceSettings;
  private readonly sequences = new Map<string, number>();
  private readonly revisions = new Map<string, number>();
  private dataRefusals: DataRefusal[] = [];
  private readonly timers: TimerLedger;
  /** Keys of the onAppear nodes on screen now: a key that joins runs its handler. */
  private appeared = new Set<string>();
  /** The handlers already run in the interaction now being handled (each runs at most once). */
  private cascade: Set<string> | null = null;
  private idleTimer: unknown = null;
  private readonly snackbarTimers = new Map<string, unknown>();
  /** The device's clock: event timestamps, the feedback log and the connectivity debounce. */
  private readonly clock: Clock;
  /** What the prototype waits on (timers, snackbar durations, the idle timeout); an agent can pause it. */
  private readonly prototypeClock: PrototypeClock;
  private readonly onEvent: (event: PrototypeEvent) => void;
  private readonly idleTtlMs: number;
  private readonly onStorage: ControllerOptions['onStorage'];
  /** The stored values last reported, as JSON, to report only changes. */
  private reportedStorage = '';
  private readonly transport: RequestTransport | null;
  /** Requests started and not yet completed, by request id, oldest first. */
  private readonly pending = new Map<string, PendingRequest>();
  private requestsStarted = 0;
  private readonly platform: PlatformTransport | null;
  private readonly assetInventory: () => ReadonlyMap<string, UploadedAsset>;
  /** Platform calls waiting for the person (a share sheet), by call id. */
  private readonly pendingCalls = new Map<string, PendingPlatformCall>();
  private callsStarted = 0;
  /** The latest haptics and sounds, oldest first. */
  private feedbackLog: FeedbackEntry[] = [];
  /** The connectivity.changed event waiting out its debounce, and the connectivity last reported. */
  private connectivityTimer: unknown = null;
  private reportedOnline: boolean;

  constructor(options: ControllerOptions) {
    this.clock = options.clock;
    this.prototypeClock = new PrototypeClock(options.clock);
    this.device = { ...options.device };
    this.onEvent = options.onEvent;
    this.onStorage = options.onStorage;
    this.transport = options.requests ?? null;
    this.platform = options.platform ?? null;
    this.assetInventory = options.assets ?? (() => new Map());
    this.reportedOnline = this.device.offline !== true;
    const ttl = options.idleTtlMs;
    this.idleTtlMs = ttl !== undefined && Number.isFinite(ttl) && ttl > 0 ? ttl : DEFAULT_IDLE_TTL_MS;
    this.timers = new TimerLedger(this.prototypeClock, (actions, row) => this.runHandler(actions, row));
  }

  /**
   * Show a validated spec. The same id without `reset` replaces the shown prototype in place and
   * keeps each pager's settled page (by pager id, clamped); otherwise pages start fresh. The old
   * runtime closes silently. Sequences continue per id.
   */
  show(spec: PrototypeSpec, options: ShowOptions = {}): ShowResult {
    const appearance = options.appearance ?? 'device';
    if (!APPEARANCES.includes(appearance)) {
      return { ok: false, path: 'appearance', message: 'Expected device, light or dark' };
    }
    const locale = options.locale === undefined ? null : canonicalLocale(options.locale);
    if (options.locale !== undefined && locale === null) return { ok: false, path: 'locale', message: `${JSON.stringify(options.locale)} is not a BCP 47 language tag; use one such as en, de-CH or ar` };
    const previous = this.session;
    const replaced = previous !== null && previous.id === spec.id && options.reset !== true;
    const keptPages = replaced ? previous.pages : new Map<string, number>();
    const keptStacks = replaced ? previous.stacks : new Map<string, readonly string[]>();
    const restored = restoreStorage(spec, options.stored);
    spec = restored.spec;
    let session: Session;
    try {
      session = new Session(spec, appearance, this.device, keptPages, (this.revisions.get(spec.id) ?? 0) + 1, keptStacks, locale);
    } catch (error) {
      // Specs arrive validated; anything else is refused without touching what is shown.
      return { ok: false, path: '$', message: `Cannot show this spec: ${(error as Error).message}` };
    }
    // A same-id show that keeps state keeps its timers and fires no onAppear.
    this.closeSession(replaced);
    this.session = session;
    this.revisions.set(session.id, session.revision);
    this.dataRefusals = [];
    this.restartIdleTimer();
    this.syncSnackbarTimers();
    if (!replaced) this.appeared = new Set();
    this.reportedStorage = JSON.stringify(storedValues(session.spec, session.state, session.data));
    this.refreshAppeared(session, !replaced);
    const storage = spec.storage ? { storage: { restored: restored.restored, dropped: restored.dropped, discarded: restored.discarded } } : {};
    return { ok: true, id: spec.id, appearance: session.appearance, replaced, revision: session.revision, ...(session.strings ? { locale: session.strings.locale } : {}), ...storage };
  }

  /**
   * Applies patch operations (data, state, replaceNode) to the shown prototype in place, as one
   * unit: the spec they make is validated like a show and takes the next revision; nothing is
   * emitted. A stale `baseRevision`, a bad operation or an invalid result changes nothing.
   */
  patch(id: string, ops: unknown, baseRevision?: number): PatchResult {
    const session = this.session;
    if (!session || session.id !== id) return { ok: false, path: 'id', message: `"${id}" is not shown` };
    if (baseRevision !== undefined && baseRevision !== session.revision) {
      return { ok: false, path: 'baseRevision', message: `stale: the prototype is at revision ${session.revision}, not ${baseRevision}; read it again (status or inspect) and patch from there` };
    }
    const applied = applyPatchOps({ spec: session.spec as unknown as Record<string, unknown>, state: session.state, data: session.data }, ops);
    if (!applied.ok) return applied;
    const validated = validatePrototypeSpec(applied.spec);
    if (!validated.ok) return { ok: false, path: validated.path, message: validated.message };
    if (this.patchDataInPlace(session, ops as unknown[])) return { ok: true, id, revision: session.revision };
    let patched: Session;
    try {
      patched = new Session(validated.spec, session.override, this.device, session.pages, session.revision + 1, session.stacks, session.showLocale);
    } catch (error) {
      return { ok: false, path: '$', message: `Cannot apply this patch: ${(error as Error).message}` };
    }
    this.clearSnackbarTimers();
    this.session = patched;
    this.revisions.set(id, patched.revision);
    this.syncSnackbarTimers();
    this.refreshAppeared(patched, false);
    this.reportStorage(patched);
    return { ok: true, id, revision: patched.revision };
  }

  /**
   * A patch of data writes that keep every row where it is (inPlacePatchActions), applied to the
   * shown session as data actions' writes are: what reads the written members is built and drawn
   * again, the rest stays as it is. False, with nothing applied, for any other patch or a write the
   * runtime refuses: the patched spec is then shown anew.
   */
  private patchDataInPlace(session: Session, ops: readonly unknown[]): boolean {
    const actions = inPlacePatchActions(ops, session.data);
    if (actions === null) return false;
    const unit = session.newUnit();
    if (unit.writePatchData(actions) !== null) return false;
    session.commit(unit);
    this.revisions.set(session.id, session.revision);
    this.syncSnackbarTimers();
    this.refreshAppeared(session, false);
    this.reportStorage(session);
    return true;
  }

  /** End the shown prototype with one `dismissed` event. */
  dismiss(reason: DismissReason): { ok: boolean } {
    const session = this.session;
    if (!session || !DISMISS_REASONS.includes(reason)) return { ok: false };
    this.deliver(session, [{ kind: 'dismissed', name: null, payload: { reason }, state: { ...session.state }, pages: session.pagesRecord(), ...session.stacksRecord() }]);
    this.closeSession();
    return { ok: true };
  }

  /** Apply one user interaction atomically: a rejected unit applies and emits nothing. */
  interact(interaction: Interaction): InteractionResult {
    const session = this.session;
    if (!session) return { ok: false, reason: 'no prototype is showing' };
    const target = typeof interaction?.key === 'string' ? session.tree.byKey.get(interaction.key) : undefined;
    if (!target) return { ok: false, reason: `no node ${String(interaction?.key)}` };
    if (!session.isShown(target)) return { ok: false, reason: `${interaction.key} is not shown` };
    if (session.isCoveredByModal(target)) return { ok: false, reason: `${interaction.key} is behind an open dialog, drawer, spotlight or sheet` };
    const disabledBy = session.rendered(target.key)?.disabledBy ?? null;
    if (disabledBy !== null) return { ok: false, reason: `${interaction.key} is disabled: its enabledWhen ${disabledBy} does not hold` };
    const unit = session.newUnit();
    const rejection = applyInteraction(unit, target, interaction);
    // A pager reporting the page it already shows is rendering, not a user interaction.
    const idle = interaction.type === 'pageSettled' && unit.events.length === 0;
    if (!idle) this.restartIdleTimer();
    if (rejection) return { ok: false, reason: rejection };
    this.commit(session, unit);
    return { ok: true };
  }

  /**
   * The system back (a back button, Escape, an agent's press_back), as one user interaction: it
   * closes the open menu, else dialog, else drawer, else bottom sheet; else ends an active search;
   * else goes back a compact pane or pops the deepest shown stack that can pop (ties: the lowest
   * stack id). With none of these it does nothing and answers null.
   */
  back(): { ok: true; back: BackOutcome } | { ok: false; reason: string } {
    const session = this.session;
    if (!session) return { ok: false, reason: 'no prototype is showing' };
    this.restartIdleTimer();
    const { menus, dialogs, drawers, sheets } = session.model.openOverlays;
    const overlayKey = menus[menus.length - 1] ?? dialogs[dialogs.length - 1] ?? drawers[drawers.length - 1] ?? sheets[sheets.length - 1];
    const unit = session.newUnit();
    if (overlayKey !== undefined) {
      const rejection = closeOverlay(unit, session.tree.byKey.get(overlayKey)!.node as OverlayNode);
      if (rejection) return { ok: false, reason: rejection };
      this.commit(session, unit);
      return { ok: true, back: menus.length > 0 ? 'menu' : dialogs.length > 0 ? 'dialog' : drawers.length > 0 ? 'drawer' : 'sheet' };
    }
    const search = activeSearchKey(session);
    if (search !== null) {
      const rejection = unit.controlWrite([[search, false]]);
      if (rejection) return { ok: false, reason: rejection };
      this.commit(session, unit);
      return { ok: true, back: 'search' };
    }
    const stack = deepestShownStack(session, true);
    const pane = backablePane(session);
    if (pane !== null && (stack === null || pane.depth > treeDepth(session.tree.stacks.get(stack)!))) {
      const rejection = unit.controlWrite([pane.write]);
      if (rejection) return { ok: false, reason: rejection };
      this.commit(session, unit);
      return { ok: true, back: pane.outcome };
    }
    if (stack === null) return { ok: true, back: null };
    unit.navigate({ type: 'pop', stack });
    this.commit(session, unit);
    return { ok: true, back: 'stack' };
  }

  /**
   * A tap nothing handled, at window-local (x, y) dp, on a prototype with `window.deadTaps`: one
   * `prototype_dead_tap` emit event carrying only the point (to a tenth of a dp) and the deepest
   * shown stack with its top screen (ties: the lowest stack id; both null without stacks). It
   * changes nothing and is not activity for the idle timeout.
   */
  deadTap(x: number, y: number): { ok: boolean } {
    const session = this.session;
    if (!session || !session.spec.window.deadTaps || !Number.isFinite(x) || !Number.isFinite(y)) return { ok: false };
    const stack = deepestShownStack(session, false);
    const entries = stack === null ? [] : session.stacks.get(stack)!;
    const payload = { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, stack, screen: entries[entries.length - 1] ?? null };
    this.deliver(session, [{ kind: 'emit', name: DEAD_TAP_EVENT, payload, state: { ...session.state }, pages: session.pagesRecord(), ...session.stacksRecord() }]);
    return { ok: true };
  }

  /** Device settings changed: re-resolve the appearance, keeping state and pages. */
  setDevice(settings: Partial<DeviceSettings>): void {
    const before = this.device;
    this.device = { ...before, ...settings };
    const session = this.session;
    // Layout settings (rtl, font scale) are the renderer's; only these change what the runtime resolves.
    const themeChanged =
      before.dark !== this.device.dark ||
      (before.dynamicColor ?? null) !== (this.device.dynamicColor ?? null) ||
      (before.reducedMotion ?? false) !== (this.device.reducedMotion ?? false);
    if (session && themeChanged && session.retheme(this.device)) this.deliverAppearance(session);
    session?.resize(this.device);
    if (before.locale !== this.device.locale) session?.relocale(this.device);
    if ((before.offline ?? false) !== (this.device.offline ?? false)) this.connectivityChanged();
  }

  /** What is shown, its state and data; a secure field's text is masked unless `revealSecure`. */
  inspect(options: { revealSecure?: boolean } = {}): InspectSnapshot | null {
    const session = this.session;
    if (!session) return null;
    return {
      id: session.id,
      persistent: session.spec.window.persistence === 'device',
      state: options.revealSecure === true ? { ...session.state } : { ...maskState(session.state, session.tree.secureKeys) },
      data: session.data,
      revision: session.revision,
      dataRefusals: [...this.dataRefusals],
      timers: this.timers.report(),
      ...(session.spec.storage ? { storageVersion: session.spec.storage.version } : {}),
      ...(session.strings ? { locale: session.strings.locale } : {}),
      ...(this.feedbackLog.length > 0 ? { feedbackLog: [...this.feedbackLog] } : {}),
      pages: session.pagesRecord(),
      ...session.stacksRecord(),
      lastSequence: this.sequences.get(session.id) ?? 0,
      appearance: session.appearance,
      openOverlays: session.model.openOverlays,
    };
  }

  renderModel(): RenderModel | null {
    return this.session?.model ?? null;
  }

  /**
   * Moves the prototype's clock `ms` on (0 to a day), running what falls due in order without
   * waiting: timers, snackbar durations, the idle timeout. Answers how many timer runs fired.
   */
  advanceClock(ms: number): { ok: true; fired: number } | { ok: false; message: string } {
    if (!Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) return { ok: false, message: `ms is whole milliseconds from 0 to ${MAX_ADVANCE_MS}` };
    if (!this.session) return { ok: false, message: 'no prototype is showing' };
    const before = this.timers.runsFired;
    // An advance is the agent at work: the idle timeout starts over after it, never inside it.
    this.stopIdleTimer();
    this.prototypeClock.advance(ms);
    this.restartIdleTimer();
    return { ok: true, fired: this.timers.runsFired - before };
  }

  /** Pauses the prototype's clock (nothing it waits for falls due until it runs again or is advanced) or lets it run. */
  setClock(clock: 'paused' | 'running'): void {
    if (clock === 'paused') this.prototypeClock.pause();
    else this.prototypeClock.resume();
  }

  get clockPaused(): boolean {
    return this.prototypeClock.paused;
  }

  /** An onAppear list or a timer's onFire: one unit, like a tap, that does not restart the idle TTL. */
  private runHandler(actions: readonly Action[], row: RowContext | null): void {
    const session = this.session;
    if (!session) return;
    const unit = session.newUnit();
    if (unit.runList(actions, row) === null) this.commit(session, unit);
  }

  /**
   * Records which onAppear nodes are on screen and, when `fire`, runs the handler of each that
   * just appeared, in tree order. A handler's own writes may make more appear; each handler runs at
   * most once in one interaction.
   */
  private refreshAppeared(session: Session, fire: boolean): void {
    if (session.tree.appearHandlers.length === 0 && this.appeared.size === 0) return;
    const now = new Set<string>();
    const joined: TreeNode[] = [];
    for (const treeNode of session.tree.appearHandlers) {
      if (!appearsNow(session, treeNode)) continue;
      now.add(treeNode.key);
      if (!this.appeared.has(treeNode.key)) joined.push(treeNode);
    }
    this.appeared = now;
    if (!fire || joined.length === 0) return;
    const outer = this.cascade;
    this.cascade ??= new Set();
    try {
      for (const treeNode of joined) {
        if (this.session !== session || this.cascade.has(treeNode.key)) continue;
        this.cascade.add(treeNode.key);
        this.runHandler(treeNode.node.onAppear!, rowOf(treeNode));
      }
    } finally {
      this.cascade = outer;
    }
  }

  private commit(session: Session, unit: Unit): void {
    session.commit(unit);
    for (const op of unit.timerOps) {
      if ('start' in op) this.timers.start(op.start, op.row);
      else this.timers.cancel(op.cancel);
    }
    this.revisions.set(session.id, session.revision);
    if (unit.dataRefusals.length > 0) this.dataRefusals = [...this.dataRefusals, ...unit.dataRefusals].slice(-KEPT_DATA_REFUSALS);
    this.deliver(session, unit.events);
    if (unit.dismissed) {
      this.dismiss('user');
      return;
    }
    for (const { action, row } of unit.calls) {
      if (action.type === 'request') this.startRequest(session, action, row);
      else this.startPlatformCall(session, action, row);
    }
    session.refreshLocale(this.device);
    if (session.refreshAppearance(this.device)) this.deliverAppearance(session);
    this.syncSnackbarTimers();
    this.reportStorage(session);
    this.refreshAppeared(session, true);
  }

  /**
   * A request action, bound against the state and data its unit left: it supersedes an older
   * request into the same member, and a fifth one in flight, or one that cannot be built,
   * completes at once as an error.
   */
  private startRequest(session: Session, action: RequestAction, row: RowContext | null): void {
    const requestId = `q${++this.requestsStarted}`;
    const resolved = resolveRequest(action, requestId, { state: (key) => ownValue(session.state, key), data: session.data });
    const request = 'error' in resolved ? { requestId, via: action.via ?? 'host', method: action.method ?? 'GET', url: action.url, headers: [], timeoutMs: 0 } : resolved;
    const pending: PendingRequest = { request, action, row, prototypeId: session.id };
    if ('error' in resolved) return this.finishRequest(pending, { ok: false, code: 'invalid_request', message: resolved.error, durationMs: 0 });
    for (const [id, older] of this.pending) {
      if (older.action.into !== action.into || older.prototypeId !== session.id) continue;
      this.pending.delete(id);
      this.transport?.cancel(id);
      this.deliverCancelled(session, older);
    }
    if (this.pending.size >= limits.requestsInFlight) {
      return this.finishRequest(pending, { ok: false, code: 'too_many_in_flight', message: `${limits.requestsInFlight} requests are already in flight`, durationMs: 0 });
    }
    if (!this.transport) return this.finishRequest(pending, { ok: false, code: 'network', message: 'this device cannot send requests', durationMs: 0 });
    this.pending.set(requestId, pending);
    this.transport.start(resolved);
  }

  /**
   * A transport's answer to a request it was given. An answer to a request no longer in flight
   * (cancelled, superseded, its prototype gone) changes nothing.
   */
  completeRequest(requestId: string, outcome: RequestOutcome): { ok: boolean } {
    const pending = this.pending.get(requestId);
    if (!pending || !isOutcome(outcome)) return { ok: false };
    this.pending.delete(requestId);
    this.finishRequest(pending, outcome);
    return { ok: true };
  }

  /**
   * A platform call: a haptic or a sound is logged, cued on the device and completes; a link opens
   * the browser sheet and completes; a share opens the share sheet and waits for the person.
   */
  private startPlatformCall(session: Session, action: PlatformAction, row: RowContext | null): void {
    const callId = `c${++this.callsStarted}`;
    const pending: PendingPlatformCall = { callId, action, row, prototypeId: session.id };
    const resolved = resolvePlatformCall(action, callId, { state: (key) => ownValue(session.state, key), data: session.data, assets: this.assetInventory() });
    if ('code' in resolved) return this.finishPlatformCall(pending, { ok: false, code: resolved.code, message: resolved.message, durationMs: 0 });
    if (resolved.call === 'haptics.perform' || resolved.call === 'sound.play') {
      this.feedbackLog = [...this.feedbackLog, { call: resolved.call, name: resolved.call === 'haptics.perform' ? resolved.style : resolved.sound, at: this.clock.now() }].slice(-FEEDBACK_LOG_SIZE);
    }
    if (resolved.call !== 'share.open') {
      this.platform?.start(resolved);
      return this.finishPlatformCall(pending, { ok: true, result: immediateResult(resolved), durationMs: 0 });
    }
    if (!this.platform) return this.finishPlatformCall(pending, { ok: false, code: 'unavailable', message: 'this device has no share sheet', durationMs: 0 });
    this.pendingCalls.set(callId, pending);
    this.platform.start(resolved);
  }

  /** The device's answer to a call that waited (a share). An answer to a call no longer waiting changes nothing. */
  completePlatformCall(callId: string, outcome: PlatformOutcome): { ok: boolean } {
    const pending = this.pendingCalls.get(callId);
    if (!pending || !isPlatformOutcome(outcome)) return { ok: false };
    this.pendingCalls.delete(callId);
    this.finishPlatformCall(pending, outcome);
    return { ok: true };
  }

  private finishPlatformCall(pending: PendingPlatformCall, outcome: PlatformOutcome): void {
    this.finishCall(pending.prototypeId, (unit) => applyPlatformCompletion(unit, pending, outcome));
  }

  /**
   * The device's network came or went: what reads /platform/connectivity redraws at once, and one
   * connectivity.changed event follows once it has held for the debounce (500 ms), if it differs
   * from what was last reported.
   */
  private connectivityChanged(): void {
    this.session?.setPlatform(this.device);
    if (this.connectivityTimer !== null) this.clock.clearTimeout(this.connectivityTimer);
    this.connectivityTimer = this.clock.setTimeout(() => {
      this.connectivityTimer = null;
      const { connectivity } = platformStateOf(this.device);
      const session = this.session;
      if (connectivity.online === this.reportedOnline) return;
      this.reportedOnline = connectivity.online;
      if (session) this.deliver(session, [{ kind: 'emit', name: CONNECTIVITY_EVENT, payload: { ...connectivity }, state: { ...session.state }, pages: session.pagesRecord(), ...session.stacksRecord() }]);
    }, CONNECTIVITY_DEBOUNCE_MS);
  }

  /** Requests started and not yet completed. */
  get requestsInFlight(): number {
    return this.pending.size;
  }

  private finishRequest(pending: PendingRequest, outcome: RequestOutcome): void {
    this.finishCall(pending.prototypeId, (unit) => applyCompletion(unit, pending, outcome));
  }

  /** Applies a call's completion as one unit of the prototype it belongs to; with that prototype gone, nothing. */
  private finishCall(prototypeId: string, apply: (unit: Unit) => void): void {
    const session = this.session;
    if (!session || session.id !== prototypeId) return;
    const unit = session.newUnit();
    apply(unit);
    this.commit(session, unit);
  }

  /** A superseded request writes nothing and runs nothing: only its event says so. */
  private deliverCancelled(session: Session, pending: PendingRequest): void {
    const unit = session.newUnit();
    unit.emit(REQUEST_EVENT, requestEventPayload(pending, { ok: false, code: 'cancelled', message: 'a newer request into the same member replaced it', durationMs: 0 }));
    this.deliver(session, unit.events);
  }

  /** Drops every request in flight and every waiting platform call (dismissal, another prototype, a reset): nothing of them is applied. */
  private cancelRequests(): void {
    for (const id of this.pending.keys()) this.transport?.cancel(id);
    this.pending.clear();
    for (const id of this.pendingCalls.keys()) this.platform?.cancel(id);
    this.pendingCalls.clear();
  }

  /** Tells onStorage the listed values when they changed since last told. */
  private reportStorage(session: Session): void {
    const values = storedValues(session.spec, session.state, session.data);
    if (values === null || !this.onStorage) return;
    const json = JSON.stringify(values);
    if (json === this.reportedStorage) return;
    this.reportedStorage = json;
    this.onStorage(session.id, values);
  }

  private deliverAppearance(session: Session): void {
    const { mode, source } = session.appearance;
    this.deliver(session, [{ kind: 'appearance_changed', name: null, payload: { mode, source }, state: { ...session.state }, pages: session.pagesRecord(), ...session.stacksRecord() }]);
  }

  private deliver(session: Session, events: readonly PendingEvent[]): void {
    for (const pending of events) {
      const sequence = (this.sequences.get(session.id) ?? 0) + 1;
      this.sequences.set(session.id, sequence);
      this.onEvent({ timestamp: this.clock.now(), id: session.id, sequence, ...maskEvent(pending, session.tree.secureKeys) });
    }
  }

  /** Ends the shown session; its timers go too, unless a same-id show replaces it in place. */
  private closeSession(keepTimers = false): void {
    this.session = null;
    if (!keepTimers) {
      this.timers.clear();
      this.cancelRequests();
      this.feedbackLog = [];
    }
    this.stopIdleTimer();
    this.clearSnackbarTimers();
  }

  private clearSnackbarTimers(): void {
    for (const handle of this.snackbarTimers.values()) this.prototypeClock.clearTimeout(handle);
    this.snackbarTimers.clear();
  }

  private stopIdleTimer(): void {
    if (this.idleTimer !== null) this.prototypeClock.clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** A `persistence: "device"` prototype outlives its session and has no idle TTL. */
  private restartIdleTimer(): void {
    this.stopIdleTimer();
    const session = this.session;
    if (!session || session.spec.window.persistence === 'device') return;
    this.idleTimer = this.prototypeClock.setTimeout(() => {
      this.idleTimer = null;
      if (this.session === session) this.dismiss('ttl');
    }, this.idleTtlMs);
  }

  /** Start a timer for each open snackbar with durationMs; cancel those of closed ones. */
  private syncSnackbarTimers(): void {
    const session = this.session;
    if (!session) return;
    const open = new Set(session.model.openOverlays.snackbars);
    for (const [key, handle] of this.snackbarTimers) {
      if (open.has(key)) continue;
      this.prototypeClock.clearTimeout(handle);
      this.snackbarTimers.delete(key);
    }
    for (const key of open) {
      const node = session.tree.byKey.get(key)!.node;
      if (node.type !== 'snackbar' || node.durationMs === undefined || this.snackbarTimers.has(key)) continue;
      const handle = this.prototypeClock.setTimeout(() => this.expireSnackbar(session, key), node.durationMs);
      this.snackbarTimers.set(key, handle);
    }
  }

  /** A snackbar's duration elapsed: close it like any other close (not a user interaction). */
  private expireSnackbar(session: Session, key: string): void {
    this.snackbarTimers.delete(key);
    if (this.session !== session) return;
    const node = session.tree.byKey.get(key)!.node;
    if (node.type !== 'snackbar') return;
    const unit = session.newUnit();
    if (closeOverlay(unit, node) === null) this.commit(session, unit);
  }
}

function isPlatformOutcome(outcome: unknown): outcome is PlatformOutcome {
  const value = outcome as Record<string, unknown> | null;
  if (value === null || typeof value !== 'object' || typeof value.durationMs !== 'number') return false;
  return value.ok === true ? 'result' in value : value.ok === false && (PLATFORM_ERROR_CODES as readonly unknown[]).includes(value.code) && typeof value.message === 'string';
}

/** An answer as a transport must give it (the page's answers come from outside the runtime). */
function isOutcome(outcome: unknown): outcome is RequestOutcome {
  const value = outcome as Record<string, unknown> | null;
  if (value === null || typeof value !== 'object' || typeof value.durationMs !== 'number') return false;
  if (value.ok === true) return typeof value.status === 'number' && typeof value.body === 'string' && typeof value.url === 'string' && typeof value.headers === 'object' && value.headers !== null;
  return value.ok === false && (REQUEST_ERROR_CODES as readonly unknown[]).includes(value.code) && typeof value.message === 'string';
}

export function createController(options: ControllerOptions): PrototypeController {
  return new PrototypeController(options);
}

/**
 * The deepest shown adaptive layout a back returns from below the expanded width class: a
 * list-detail showing its detail (back clears the selection) or a supporting pane open in its sheet
 * (back closes it). Null when there is none.
 */
/** The active key of a shown, active search bar (Back ends the search before it navigates), or null. */
function activeSearchKey(session: Session): string | null {
  for (const treeNode of session.tree.byKey.values()) {
    if (treeNode.node.type !== 'searchBar' || treeNode.node.activeKey === undefined) continue;
    const rendered = session.rendered(treeNode.key);
    if (rendered?.type === 'searchBar' && rendered.active && session.isShown(treeNode)) return treeNode.node.activeKey;
  }
  return null;
}

function backablePane(session: Session): { depth: number; write: [string, Scalar]; outcome: 'pane' | 'sheet' } | null {
  if (session.widthClass === 'expanded') return null;
  let best: { depth: number; write: [string, Scalar]; outcome: 'pane' | 'sheet' } | null = null;
  for (const treeNode of session.tree.adaptives) {
    const node = treeNode.node as NodeOfType<'adaptive'>;
    const rendered = session.rendered(treeNode.key);
    if (rendered?.type !== 'adaptive' || !session.isShown(treeNode) || session.isCoveredByModal(treeNode)) continue;
    const pane = node.layout === 'listDetail' && rendered.selected ? { write: [node.selectionKey!, ''] as [string, Scalar], outcome: 'pane' as const }
      : node.layout === 'supporting' && rendered.open ? { write: [node.openKey!, false] as [string, Scalar], outcome: 'sheet' as const }
      : null;
    const depth = treeDepth(treeNode);
    if (pane && (best === null || depth > best.depth)) best = { depth, ...pane };
  }
  return best;
}

/** The id of the deepest shown stack (when `poppable`, one holding more than its root screen and not behind a modal), or null; ties: the lowest id. */
function deepestShownStack(session: Session, poppable: boolean): string | null {
  let best: { id: string; depth: number } | null = null;
  for (const [id, stack] of session.tree.stacks) {
    if (!session.isShown(stack)) continue;
    if (poppable && ((session.stacks.get(id)?.length ?? 0) < 2 || session.isCoveredByModal(stack))) continue;
    const depth = treeDepth(stack);
    if (best === null || depth > best.depth || (depth === best.depth && id < best.id)) best = { id, depth };
  }
  return best?.id ?? null;
}

/** Shown (a stack's screen only on top), and on the active page of every pager it is in. */
function appearsNow(session: Session, treeNode: TreeNode): boolean {
  if (!session.isShown(treeNode)) return false;
  for (let node: TreeNode = treeNode; node.parent; node = node.parent) {
    const parent = node.parent;
    if (parent.node.type === 'pager' && parent.children.indexOf(node) !== (session.pages.get(parent.node.id ?? '') ?? 0)) return false;
  }
  return true;
}
