// The page's `window.protostage` API: it runs the runtime controller in the page, validates what
// the device sends, draws the render model, and forwards every event to `__protostageEvent`.
import { h, render } from 'preact';
import { createController, type Interaction, type PrototypeController, type PrototypeEvent, type DismissReason, type RequestOutcome, type ResolvedRequest } from '../runtime/index.ts';
import { PlatformUi } from './platform-ui.ts';
import { collectAssetIds } from '../spec/assets.ts';
import { validatePrototypeSpec } from '../validate/index.ts';
import { appPointsCovered } from './app-cover.ts';
import { collectHierarchy, findHierarchyNodes, prototypeNodeAt, rounded, type HierarchyNode, type NodeTarget } from './a11y.ts';
import { AssetStore } from './assets.ts';
import { AnimationClock } from './animation-clock.ts';
import { imagesSettled, trackLoad } from './loading.ts';
import { EVERY_LIST, listsAround, type ListScope, SkippedRows } from './offscreen.ts';
import { effectsRun, outsideQueuedRenders } from './render-queue.ts';
import { drawWithheldRows } from './withheld-rows.ts';
import { Screen, type DeviceState } from './screen.tsx';
import { UntouchedWindow } from './untouched-window.ts';
import { clearSharedDeclarations } from './style-css.ts';
import { captureShared, morphShared } from './shared-elements.ts';
import { collapseSelectForBack } from './nodes/menus.tsx';
import type { PrototypeWindowReport } from '../runtime/model.ts';

type Result = { ok: true; [field: string]: unknown } | { ok: false; path?: string; message: string; hint?: string };

declare global {
  interface Window {
    // Events, stored values and requests cross as JSON text: the binding's own serializer would
    // drop members named "__proto__", which are ordinary keys in a spec.
    __protostageEvent?: (eventJson: string) => unknown;
    /** The device keeps a spec's stored values (storage block) for its id. */
    __protostageStorage?: (id: string, valuesJson: string) => unknown;
    /** The device runs a request action (itself or through its host) and answers with completeRequest. */
    __protostageRequest?: (requestJson: string) => unknown;
    __protostageRequestCancel?: (requestId: string) => unknown;
  }
}

const DISMISS_REASONS: readonly string[] = ['user', 'agent', 'disconnect', 'ttl', 'teardown'];
/** Draws in a row when each draw's effects ask for another. */
const MAX_DRAW_PASSES = 4;

/** Path of the first element anchor in a spec: only the host resolves those, never the page. */
export function findElementAnchor(value: unknown, path = 'root'): string | null {
  const steps = stepsToElementAnchor(value);
  return steps === null ? null : `${path}${steps.reverse().join('')}.anchor`;
}

const CHILD_FIELDS = ['children', 'child'] as const;

/** The path steps to the first element anchor, innermost first; built only once one is found. */
function stepsToElementAnchor(value: unknown): string[] | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = stepsToElementAnchor(value[i]);
      if (found) {
        found.push(`[${i}]`);
        return found;
      }
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const anchor = record.anchor as { type?: unknown } | undefined;
  if (anchor && typeof anchor === 'object' && anchor.type === 'element') return [];
  for (const field of CHILD_FIELDS) {
    if (field in record) {
      const found = stepsToElementAnchor(record[field]);
      if (found) {
        found.push(`.${field}`);
        return found;
      }
    }
  }
  if (record.screens !== null && typeof record.screens === 'object') {
    for (const [name, screen] of Object.entries(record.screens)) {
      const found = stepsToElementAnchor(screen);
      if (found) {
        found.push(`.screens[${JSON.stringify(name)}]`);
        return found;
      }
    }
  }
  return null;
}

export class PageRenderer {
  readonly assets = new AssetStore();
  private readonly controller: PrototypeController;
  private device: DeviceState;
  private rendering = false;
  /** Asked for while drawing: the draw runs once more. */
  private drawAgain = false;
  /** Inside a controller call: its events are forwarded at once, the drawing waits for its end. */
  private calling = 0;
  /** Counts the windows shows mounted: a show draws a fresh window, never an animated change of the last one. */
  private shows = 0;
  /** Whether the window on screen is as its show drew it (see untouched-window.ts). */
  private readonly untouchedWindow: UntouchedWindow;
  /** Stable callbacks, so the drawn tree's context does not change with every draw. */
  private readonly interactFromPage = (interaction: Interaction) => this.interact(interaction);
  private readonly dismissFromPage = () => this.dismiss('user');
  private readonly backFromPage = () => void this.back();
  /** The device's own sheets and cues for platform calls. */
  private readonly platformUi = new PlatformUi(
    () => {
      if (this.calling === 0) this.draw();
    },
    (callId, outcome) => {
      this.call(() => this.controller.completePlatformCall(callId, outcome));
      this.draw();
    },
  );
  /** Waiting for the last request in flight to complete. */
  private readonly idleWaiters = new Set<() => void>();
  /** Counts what input reached the runtime, so a tap that reached nothing can be told apart. */
  private interactions = 0;
  private readonly inputWatch = { count: () => this.interactions, deadTap: (x: number, y: number) => this.deadTap(x, y) };

  /** Knows whether the last change to the prototype layer has been painted yet. */
  private readonly paint: PaintTracker;
  /** Rows of long lists skipped while far off screen (see offscreen.ts). */
  private readonly skippedRows: SkippedRows;
  /** Holds the page's animations while the prototype's clock is paused. */
  private readonly animations = new AnimationClock();

  constructor(private readonly container: Element) {
    this.paint = new PaintTracker(container);
    this.untouchedWindow = new UntouchedWindow(container);
    this.device = {
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      rtl: false,
      fontScale: 1,
      reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
      insets: { systemBars: { top: 0, bottom: 0, start: 0, end: 0 }, cutout: { top: 0, bottom: 0, start: 0, end: 0 }, ime: 0 },
      keyboardOpen: false,
      liveClock: false,
      locale: navigator.language || 'en-US',
      offline: !navigator.onLine,
      clipboard: '',
      clock: 'running',
      width: innerWidth,
      height: innerHeight,
    };
    this.controller = createController({
      clock: { now: () => Date.now(), setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as number) },
      device: { dark: this.device.dark, reducedMotion: this.device.reducedMotion, windowWidth: innerWidth, locale: this.device.locale, offline: this.device.offline },
      onEvent: (event) => this.forward(event),
      onStorage: (id, values) => window.__protostageStorage?.(id, JSON.stringify(values)),
      requests: {
        // Settling waits until the device has handed the request on (a refusal is then applied).
        start: (request: ResolvedRequest) => trackLoad(Promise.resolve(window.__protostageRequest?.(JSON.stringify(request)))),
        cancel: (requestId) => void window.__protostageRequestCancel?.(requestId),
      },
      platform: { start: (call) => this.platformUi.start(call), cancel: (callId) => this.platformUi.closeShare(callId) },
      assets: () => this.assets.inventory(),
    });
    this.skippedRows = new SkippedRows(container);
    // Input that could scroll a list draws its skipped rows first, so scrolling sees the real extent.
    for (const type of SCROLLING_INPUT) addEventListener(type, (event) => this.drawOffscreen(listsAround(event.target)), { capture: true, passive: true });
    this.assets.subscribe(() => this.draw());
    // Escape is the system back of a keyboard, as on Android.
    addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.isComposing && !event.repeat) this.back();
    });
    addEventListener('resize', () => {
      this.device = { ...this.device, width: innerWidth, height: innerHeight };
      // The width class arranges adaptive layouts: a rotation or resize may switch them, state kept.
      this.call(() => this.controller.setDevice({ windowWidth: innerWidth }));
      this.draw();
    });
    this.draw();
  }

  show(spec: unknown, options: { reset?: boolean; appearance?: 'device' | 'light' | 'dark'; stored?: unknown; locale?: string } = {}): Result {
    const decoded = validatePrototypeSpec(spec);
    if (!decoded.ok) return { ok: false, path: decoded.path, message: decoded.message };
    const anchorPath = findElementAnchor(decoded.spec.root);
    if (anchorPath) {
      return { ok: false, path: anchorPath, message: 'Element anchors must be resolved by the host before a show', hint: 'show through the host, or use a bounds anchor' };
    }
    const showOptions = typeof options === 'object' && options !== null ? options : {};
    const result = this.call(() => this.controller.show(decoded.spec, showOptions));
    if (!result.ok) return result;
    // The browser a link opened closes with the prototype it belongs to, and so do its requests.
    if (!result.replaced) this.platformUi.prototypeGone();
    this.notifyIfIdle();
    // A same-id show of the model on screen, its window untouched, keeps that window: a fresh one
    // would be the same. Whether it resets is in `replaced`; the other options draw (appearance,
    // stored values, locale).
    const { reset: _reset, ...drawnOptions } = showOptions;
    const drawing = { spec: decoded.spec, options: drawnOptions, model: this.controller.renderModel() };
    const keepsWindow = result.replaced && this.untouchedWindow.redraws(drawing);
    if (!keepsWindow) {
      this.shows += 1;
      // The new show draws a fresh window in this same synchronous draw: the old one's
      // declaration classes are no longer drawn anywhere (they go once they fill half the room).
      clearSharedDeclarations();
    }
    try {
      this.draw();
      this.untouchedWindow.drawn({ ...drawing, model: this.controller.renderModel() });
    } catch (error) {
      this.call(() => this.controller.dismiss('teardown'));
      this.draw();
      return { ok: false, path: '$', message: `The renderer could not draw this spec: ${(error as Error).message}`, hint: 'report it with the spec' };
    }
    const missingAssets = this.missingAssets(decoded.spec);
    return missingAssets.length ? { ...result, missingAssets } : result;
  }

  dismiss(reason: string = 'agent'): Result {
    if (!DISMISS_REASONS.includes(reason)) return { ok: false, message: `unknown dismiss reason "${reason}"`, hint: 'use user, agent, disconnect, ttl or teardown' };
    const result = this.call(() => this.controller.dismiss(reason as DismissReason));
    this.draw();
    return result.ok ? { ok: true } : { ok: false, message: 'no prototype is showing' };
  }

  patch(id: string, ops: unknown, baseRevision?: number): Result {
    const result = this.call(() => this.controller.patch(id, ops, baseRevision));
    if (result.ok) this.draw();
    return result;
  }

  advanceClock(ms: number): Result {
    const result = this.call(() => this.controller.advanceClock(ms));
    if (result.ok) this.animations.advance(ms, () => this.draw());
    else this.draw();
    return result;
  }

  /** The device's answer to a request the prototype started; one no longer in flight changes nothing. */
  completeRequest(requestId: unknown, outcome: unknown): Result {
    if (typeof requestId !== 'string') return { ok: false, message: 'completeRequest takes a request id and its outcome' };
    const result = this.call(() => this.controller.completeRequest(requestId, outcome as RequestOutcome));
    this.draw();
    this.notifyIfIdle();
    return result.ok ? { ok: true } : { ok: false, message: `no request ${requestId} is in flight` };
  }

  private notifyIfIdle(): void {
    if (this.controller.requestsInFlight > 0) return;
    for (const waiter of this.idleWaiters) waiter();
    this.idleWaiters.clear();
  }

  /** Resolves true once no request is in flight (each completion applied and drawn), or false after `timeoutMs`. */
  requestsIdle(timeoutMs: number): Promise<boolean> {
    if (this.controller.requestsInFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.add(waiter);
    });
  }

  /** A tap nothing handled, at window-local (x, y) dp (reported only with window.deadTaps). */
  deadTap(x: number, y: number): void {
    this.call(() => this.controller.deadTap(x, y));
  }

  /** The system back: collapses an expanded select, closes a menu, dialog or sheet, else pops the deepest stack (`back` says which, null: nothing). */
  back(): Result {
    if (collapseSelectForBack()) {
      this.draw();
      return { ok: true, back: 'menu' };
    }
    const result = this.call(() => this.controller.back());
    this.draw();
    return result.ok ? { ok: true, back: result.back } : { ok: false, message: result.reason, hint: 'show a prototype first' };
  }

  inspect(options: { revealSecure?: boolean } = {}): { ok: true; prototypes: unknown[] } {
    const snapshot = this.controller.inspect({ revealSecure: options?.revealSecure === true });
    return { ok: true, prototypes: snapshot ? [snapshot] : [] };
  }

  interact(interaction: Interaction): void {
    this.interactions += 1;
    const result = this.call(() => this.controller.interact(interaction));
    if (!result.ok) console.warn(`protostage: interaction refused: ${result.reason}`);
    this.draw();
  }

  setDevice(settings: unknown): { ok: true } {
    this.device = { ...mergeDeviceSettings(this.device, settings), width: innerWidth, height: innerHeight };
    this.call(() => this.controller.setDevice({ dark: this.device.dark, rtl: this.device.rtl, fontScale: this.device.fontScale, reducedMotion: this.device.reducedMotion, windowWidth: innerWidth, locale: this.device.locale, offline: this.device.offline }));
    this.controller.setClock(this.device.clock);
    if (this.device.clock === 'paused') this.animations.pause();
    else this.animations.resume();
    this.draw();
    return { ok: true };
  }

  putAsset(id: unknown, mimeType: unknown, base64: unknown): Result {
    if (typeof id !== 'string' || id === '' || typeof mimeType !== 'string' || typeof base64 !== 'string') {
      return { ok: false, message: 'putAsset takes a nonempty id, a MIME type and base64 data, all strings' };
    }
    return this.assets.put(id, mimeType, base64);
  }

  /** Every stored asset's id and byte size. */
  assetSizes(): Array<[string, number]> {
    return [...this.assets.inventory()].map(([id, asset]) => [id, asset.bytes]);
  }

  removeAsset(id: unknown): Result {
    if (typeof id === 'string') this.assets.remove(id);
    return { ok: true };
  }

  /**
   * Draws the rows the lists in `scope` withheld from their first draw and the rows they skip while
   * off screen (before anything scrolls them, and before a node is revealed).
   */
  drawOffscreen(scope: ListScope = EVERY_LIST): void {
    drawWithheldRows(scope);
    // Rows that came in just now, or in an idle moment whose frame has not come yet, were never
    // laid out: they are drawn whole, as the skipped ones.
    this.skippedRows.drawAll(scope);
  }

  hierarchy(): HierarchyNode[] {
    return collectHierarchy(this.container);
  }

  /** The nodes `hierarchy()` lists that match a testTag or a text. */
  find(target: NodeTarget): HierarchyNode[] {
    return findHierarchyNodes(this.container, target);
  }

  /** For each screen point, whether the prototype covers the app there. */
  appCovered(points: Array<{ x: number; y: number }>): boolean[] {
    return appPointsCovered(this.container, points);
  }

  /** What a press at (x, y) would land on: a prototype node, `app`, or null (nothing listed). */
  nodeAt(x: number, y: number): HierarchyNode | 'app' | null {
    return prototypeNodeAt(this.container, x, y);
  }

  /** The prototype's window as a hierarchy capture reports it, or null when nothing is shown. */
  prototypeWindow(): PrototypeWindowReport | null {
    const model = this.controller.renderModel();
    const element = this.container.querySelector('[data-ps-window]');
    const snapshot = this.controller.inspect();
    if (model === null || element === null || snapshot === null) return null;
    const box = element.getBoundingClientRect();
    return {
      id: model.id,
      bounds: { x: rounded(box.x), y: rounded(box.y), width: rounded(box.width), height: rounded(box.height) },
      prototypePlacement: model.window.placement.type,
      prototypeOpaque: model.window.opaque === true,
      prototypeAppearance: snapshot.appearance,
    };
  }

  /**
   * Resolves when a frame showing every change so far has been painted, no effect waits to run,
   * nothing animates, every image has loaded or failed and fonts are ready. A frame that already
   * painted the last change counts: nothing waits for another one.
   */
  async settled(): Promise<void> {
    for (let round = 0; round < 100; round++) {
      await this.paint.painted();
      // Effects not run yet may start loads (a camera, a video's metadata) that settling waits for.
      await effectsRun();
      await Promise.all([document.fonts.ready, imagesSettled(), this.assets.fontsLoaded()]);
      const running = this.runningAnimations();
      if (running.length === 0 && this.paint.isPainted()) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      // What the animations (or loads) changed is painted by a later frame.
      this.paint.changed();
    }
  }

  /** Whether something on screen is still moving (an animation settled would wait for). */
  moving(): boolean {
    return this.runningAnimations().length > 0;
  }

  /** The finite animations running now; those a paused clock holds do not count. */
  private runningAnimations(): Animation[] {
    this.animations.holdRunning();
    return document.getAnimations().filter((animation) => isFinite(animation) && !this.animations.holds(animation));
  }

  /** Runs a controller call; the events it sends are forwarded at once and drawn after it. */
  private call<T>(run: () => T): T {
    this.calling += 1;
    try {
      return run();
    } finally {
      this.calling -= 1;
    }
  }

  private missingAssets(spec: { root: unknown }): string[] {
    const ids = new Set<string>();
    collectAssetIds(spec.root, ids);
    return [...ids].filter((id) => !this.assets.has(id));
  }

  private forward(event: PrototypeEvent): void {
    if (event.kind === 'dismissed') {
      this.assets.clear();
      this.platformUi.prototypeGone();
      // Its requests went with it.
      queueMicrotask(() => this.notifyIfIdle());
    }
    window.__protostageEvent?.(JSON.stringify(event));
    // Events from timers (snackbar duration, idle TTL) change what is drawn on their own.
    if (this.calling === 0) this.draw();
  }

  /**
   * Draws the current model. A draw is never nested in Preact's diffing: one asked for while
   * drawing (an effect the draw ran reported an interaction) follows it, and one asked for while
   * Preact re-renders queued components waits for them to end.
   */
  private draw(): void {
    outsideQueuedRenders(this.drawNow);
  }

  private readonly drawNow = (): void => {
    if (this.rendering) {
      this.drawAgain = true;
      return;
    }
    this.rendering = true;
    try {
      // Bounded: an effect that reports on every draw must not hold the page forever.
      for (let pass = 0; pass < MAX_DRAW_PASSES; pass++) {
        this.drawAgain = false;
        this.drawOnce();
        if (!this.drawAgain) break;
      }
    } finally {
      this.rendering = false;
    }
  };

  private drawOnce(): void {
    this.paint.changed();
    this.untouchedWindow.touch();
    const model = this.controller.renderModel();
    // Only a spec with shared keys, moving, pays for looking at them around a draw.
    const morphs = model !== null && model.sharedElements && model.motion;
    const sharedBefore = morphs ? captureShared(this.container) : null;
    render(
      h(Screen, {
        device: this.device,
        model,
        show: this.shows,
        assets: this.assets,
        interact: this.interactFromPage,
        dismissByUser: this.dismissFromPage,
        back: this.backFromPage,
        inputWatch: this.inputWatch,
        system: this.platformUi.state,
        onShareTarget: this.platformUi.pickTarget,
        onShareCancel: this.platformUi.cancelShare,
        onBrowserClose: this.platformUi.closeBrowser,
      }),
      this.container,
    );
    if (sharedBefore) morphShared(this.container, sharedBefore, model!.motionProfile);
    this.animations.holdRunning();
  }
}

const isEdges = (value: unknown): value is DeviceState['insets']['systemBars'] =>
  typeof value === 'object' && value !== null && ['top', 'bottom', 'start', 'end'].every((edge) => nonNegative((value as Record<string, unknown>)[edge]));
const nonNegative = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** Applies the well-formed fields of a device update; anything malformed keeps its current value. */
export function mergeDeviceSettings(current: DeviceState, input: unknown): DeviceState {
  if (typeof input !== 'object' || input === null) return current;
  const update = input as Record<string, unknown>;
  const insets = (typeof update.insets === 'object' && update.insets !== null ? update.insets : {}) as Record<string, unknown>;
  return {
    ...current,
    dark: typeof update.dark === 'boolean' ? update.dark : current.dark,
    rtl: typeof update.rtl === 'boolean' ? update.rtl : current.rtl,
    fontScale: nonNegative(update.fontScale) && update.fontScale > 0 ? update.fontScale : current.fontScale,
    reducedMotion: typeof update.reducedMotion === 'boolean' ? update.reducedMotion : current.reducedMotion,
    keyboardOpen: typeof update.keyboardOpen === 'boolean' ? update.keyboardOpen : current.keyboardOpen,
    liveClock: typeof update.liveClock === 'boolean' ? update.liveClock : current.liveClock,
    locale: typeof update.locale === 'string' && update.locale !== '' ? update.locale : current.locale,
    offline: typeof update.offline === 'boolean' ? update.offline : current.offline,
    clipboard: typeof update.clipboard === 'string' ? update.clipboard : current.clipboard,
    clock: update.clock === 'paused' || update.clock === 'running' ? update.clock : current.clock,
    insets: {
      systemBars: isEdges(insets.systemBars) ? insets.systemBars : current.insets.systemBars,
      cutout: isEdges(insets.cutout) ? insets.cutout : current.insets.cutout,
      ime: nonNegative(insets.ime) ? insets.ime : current.insets.ime,
    },
  };
}


/** A running animation that will end (an endless one would never let the UI settle). */
function isFinite(animation: Animation): boolean {
  const running = animation.playState === 'running' || animation.pending;
  return running && animation.effect?.getComputedTiming().endTime !== Infinity;
}

/** Input that may scroll a list: a finger, the wheel, keys, focus (a field scrolled into view).
 *  A mouse press alone scrolls nothing, so a tap leaves skipped rows skipped. */
const SCROLLING_INPUT = ['touchstart', 'wheel', 'keydown', 'focusin'];

/** Input that can change what is drawn without a draw of ours (pressed and focus states, scrolling by touch). */
const INPUT_EVENTS = ['pointerdown', 'pointerup', 'pointercancel', 'touchstart', 'touchmove', 'touchend', 'touchcancel', 'keydown', 'keyup', 'focusin', 'focusout', 'wheel'];

/**
 * Counts changes to the prototype layer (draws, DOM mutations, input, font and image loads) and
 * which of them a painted frame has shown: after every burst of changes it watches the next
 * frame and notes, once that frame is painted, the changes it included.
 */
class PaintTracker {
  #changes = 0;
  #painted = 0;
  #watch: Promise<void> | null = null;

  constructor(container: Element) {
    const changed = () => this.changed();
    new MutationObserver(changed).observe(container, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const type of INPUT_EVENTS) addEventListener(type, changed, { capture: true, passive: true });
    // Loads do not bubble, but a capturing listener sees them; fonts load in when text first uses a face.
    addEventListener('load', changed, true);
    addEventListener('error', changed, true);
    document.fonts.addEventListener('loadingdone', changed);
  }

  changed(): void {
    this.#changes += 1;
    this.#watch ??= this.#nextPaint();
  }

  isPainted(): boolean {
    return this.#painted === this.#changes;
  }

  /** Resolves once a painted frame has shown every change made so far. */
  async painted(): Promise<void> {
    while (!this.isPainted()) await (this.#watch ??= this.#nextPaint());
  }

  #nextPaint(): Promise<void> {
    return new Promise((resolve) => {
      requestAnimationFrame(() => {
        // Every change made before this frame's callbacks is in the frame.
        const shown = this.#changes;
        void afterThisFrame().then(() => {
          this.#painted = Math.max(this.#painted, shown);
          this.#watch = this.isPainted() ? null : this.#nextPaint();
          resolve();
        });
      });
    });
  }
}

/** Resolves in a task after the current one: called from a frame callback, after that frame is drawn. */
function afterThisFrame(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
