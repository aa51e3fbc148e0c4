import type { Browser, BrowserContext, CDPSession, Frame, Page } from 'playwright-core';
import type { BackOutcome, DeviceReport, InputTarget, TapAction } from '../protocol/messages.ts';
import { HOST_DISMISS_TAG, LONG_PRESS_MS, REVEAL_DISMISS_EVENT, type PrototypeEvent, type PrototypeWindowReport } from '../runtime/model.ts';
import type { BrowserSource } from './browser-source.ts';
import { devtoolsPipeOf, openBrowser } from './chromium.ts';
import type { StartedChromium } from './chromium-pipe.ts';
import {
  aimPointOf,
  centreOf,
  collectAppHierarchy,
  coverAt,
  findMatches,
  hiddenBehind,
  inputTargetOf,
  revealPrototypeNode,
  richTextSpan,
  type AppHierarchyNode,
  type Bounds,
  type HierarchyNode,
  type Matches,
  type PrototypeHierarchyNode,
} from './hierarchy.ts';
import type { NodeTarget } from '../renderer/a11y.ts';
import { drawBezel } from './bezel.ts';
import { holdStillForCapture, releaseAfterCapture } from './capture.ts';
import { DeviceRequests, type DeviceRequestOptions } from './requests.ts';
import { AllowedOrigins } from '../protocol/egress.ts';
import type { RequestOutcome, ResolvedRequest } from '../runtime/index.ts';
import { DEFAULT_LOCALE } from '../runtime/strings.ts';
import { allowLocalNetwork, DEVICE_PAGE_URL, prepareDevicePage, serveDevicePage } from './device-page.ts';
import { DEVICE_PROFILES, orientationOf, oriented, parseDeviceProfile, type DeviceProfile, type Orientation } from './profiles.ts';

export interface WebDeviceOptions {
  /** A visible browser window instead of headless. */
  headed?: boolean;
  /** The screen, or its catalogue name or size (default the phone), in its natural orientation unless `orientation` says otherwise. */
  profile?: DeviceProfile | string;
  orientation?: Orientation;
  dark?: boolean;
  rtl?: boolean;
  fontScale?: number;
  /** The phone's reduce-motion setting: prototypes move in the reduced profile. */
  reducedMotion?: boolean;
  /** The phone's language, a BCP 47 tag (default en-US): a spec's string tables follow it. */
  locale?: string;
  /** Start without a network. */
  offline?: boolean;
  /** The web app beneath the prototype; default the built-in home screen. */
  appUrl?: string;
  /** Screenshot pixels per dp (default 1). */
  pixelRatio?: number;
  /** The status bar shows the time of day (a person watching); otherwise a fixed 12:00, so screenshots repeat. */
  liveClock?: boolean;
  /** Share an already running browser; the device then opens its own context in it and leaves the browser open on close. */
  browser?: Browser;
  /** Where the browser comes from when none is shared (default: launch one found here). */
  browserSource?: BrowserSource;
  /** The browser of a launch, started before Playwright loaded (chromium.ts startBrowserEarly); the device takes it over. */
  startedBrowser?: Promise<StartedChromium | undefined>;
  /** The destination policy's opt-ins for the prototype's requests (default: none). */
  requests?: DeviceRequestOptions;
}

/** The device settings a show can depend on; changed with `configure`. */
export interface DeviceSettings {
  dark: boolean;
  rtl: boolean;
  fontScale: number;
  reducedMotion: boolean;
  locale: string;
  /** No network: the browser context is offline and the device sends no request of its own. */
  offline: boolean;
  /** The clipboard's text, which a paste button pastes. */
  clipboard: string;
  /** The prototype's clock, which an agent may pause and advance by hand. */
  clock: 'paused' | 'running';
}

/** A change of the live device, as its settings app or a rotation would make it. */
export interface DeviceChange extends Partial<DeviceSettings> {
  profile?: DeviceProfile;
  orientation?: Orientation;
}

export type TapTarget = { testTag: string } | { text: string } | { x: number; y: number };
export type SwipeDirection = 'up' | 'down' | 'left' | 'right';

/** Operation outcomes are values: a failure says what went wrong and how to fix it. */
export type DeviceFailure = { ok: false; message: string; hint: string };
export type DeviceResult<T extends object = object> = ({ ok: true } & T) | DeviceFailure;

export interface Observation {
  hierarchy: HierarchyNode[];
  /** The prototype's window (placement, opaque, appearance), or null when none is shown. */
  prototypeWindow: PrototypeWindowReport | null;
  /** PNG of the whole screen, taken after the UI settled. */
  screenshot: Buffer;
}

export type EventListener = (event: PrototypeEvent) => void;
/** Receives one JPEG image of the whole screen. */
export type FrameListener = (jpeg: Buffer) => void;
export type Point = { x: number; y: number };
export type TouchPhase = 'start' | 'move' | 'end';

/** JPEG quality of streamed screen frames: sharp text at a fraction of a PNG's bytes. */
const SCREENCAST_QUALITY = 80;

/** What the renderer exposes as `window.protostage`. */
interface PageApi {
  show(spec: unknown, options: unknown): unknown;
  dismiss(reason: string): unknown;
  inspect(options?: { revealSecure?: boolean }): unknown;
  patch(id: string, ops: unknown, baseRevision?: number): unknown;
  advanceClock(ms: number): unknown;
  completeRequest(requestId: string, outcome: unknown): unknown;
  requestsIdle(timeoutMs: number): Promise<boolean>;
  back(): unknown;
  setDevice(settings: unknown): unknown;
  putAsset(id: string, mimeType: string, base64: string): unknown;
  removeAsset(id: string): unknown;
  assetSizes(): Array<[string, number]>;
  hierarchy(): PrototypeHierarchyNode[];
  /** The nodes hierarchy() lists that match a testTag or a text. */
  find(target: NodeTarget): PrototypeHierarchyNode[];
  prototypeWindow(): PrototypeWindowReport | null;
  nodeAt(x: number, y: number): PrototypeHierarchyNode | 'app' | null;
  /** For each screen point, whether the prototype covers the app there. */
  appCovered(points: Point[]): boolean[];
  settled(): Promise<void>;
  /** Whether an animation settled would wait for is running. */
  moving(): boolean;
  /** Draws the rows a long scroll skips while off screen. */
  drawOffscreen(): void;
  /** Scrolls lazy lists to a matching row they have not drawn; whether any did. */
  revealInLists(target: NodeTarget): boolean;
}
declare global {
  interface Window {
    protostage: PageApi;
  }
}

/**
 * Resolves once the page API is there and the page's fonts are ready; fails at once where the
 * renderer's script did not run. Awaited over the page's own session: Playwright's waitForFunction
 * first injects its own script into the page, 50–60 ms of a device's start.
 */
const PAGE_READY = `(window.protostageReady ?? Promise.reject(new Error('the device page did not run its script')))
  .then(() => document.fonts.ready).then(() => true)`;

/**
 * tsx compiles this module with esbuild's keepNames, which wraps functions in `__name(...)`;
 * functions serialised into the page by `evaluate` need that helper to exist there too.
 */
const KEEP_NAMES_SHIM = 'globalThis.__name ??= (target) => target;';

/**
 * Reports, from every frame (the device page and the app), whether a text field of that frame
 * holds the focus, so the device can open its on-screen keyboard: a phone shows the IME for
 * any focused field, the prototype's or the app's.
 */
const KEYBOARD_TRACKER = `{
  const isField = (element) => element instanceof Element &&
    (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.isContentEditable === true);
  addEventListener('focusin', (event) => window.__protostageKeyboard?.(isField(event.target)), true);
  addEventListener('focusout', () => window.__protostageKeyboard?.(false), true);
}`;

function profileNamed(name: string): DeviceProfile {
  const profile = parseDeviceProfile(name);
  if ('error' in profile) throw new Error(profile.error);
  return profile;
}

/** Typing is one key press per character; longer text belongs in state, not in the keyboard. */
export const MAX_TYPED_CHARACTERS = 4096;

const FOCUS_WAIT_MS = 1000;
const SWIPE_STEPS = 12;
const SWIPE_STEP_MS = 8;
/** How long tapOn's long press holds: past the page's long-press time, with room for a loaded machine. */
const LONG_PRESS_HOLD_MS = LONG_PRESS_MS + 200;
export { LONG_PRESS_MS };

/**
 * A phone (or tablet) in Chromium: the app layer (a web app in an iframe) under the
 * prototype layer drawn by the renderer. Input goes through Chromium's real input pipeline
 * (pointer presses for taps, touch drags for swipes, key presses for typing); nothing is
 * clicked from script.
 */
export class WebDevice {
  /** The chosen profile in its natural orientation; `profile` is the screen as turned now. */
  #baseProfile: DeviceProfile;
  #orientation: Orientation;
  #settings: DeviceSettings;
  readonly #liveClock: boolean;
  /** Device pixels per dp: the size of a screenshot's pixels. */
  #pixelRatio = 1;
  #listeners = new Set<EventListener>();
  #frameListeners = new Set<FrameListener>();
  #screencasting = false;
  #keyboardOpen = false;
  /** The frames in which a text field holds the focus. */
  #fieldFocus = new Set<Frame>();
  #keyboardChange: Promise<void> = Promise.resolve();
  /** Keys of the drawn keyboard still being typed. */
  #keyboardTyping: Promise<void> = Promise.resolve();
  /**
   * What the last tap or capture finishes after answering: the tap's move of the pointer off the
   * screen (Chromium dispatches a move with the next frame, or at once before a later press, in
   * order), the release of the frames a capture held still. Whatever reads the screen next
   * (settling, observe, the hierarchy, the next aim) waits for it, and so sees the frame after.
   */
  #finishing: Promise<unknown> = Promise.resolve();
  /**
   * A settle of the page sent right behind a show or a patch, on the same session, for the
   * settled() that usually follows: that call then costs no round trip of its own. Any other
   * change the caller makes drops it (#changing).
   */
  #settleAhead: { answer: Promise<unknown>; answered: boolean } | null = null;
  #storageListener: ((id: string, values: unknown) => void) | null = null;
  #configureListeners = new Set<(report: DeviceReport) => void>();
  /** The prototype's request actions: run here (via "device") or handed to a host (via "host"). */
  readonly requests: DeviceRequests;

  private constructor(
    private readonly browser: Browser,
    private readonly ownsBrowser: boolean,
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly cdp: CDPSession,
    /**
     * The page's devtools session for the hot calls (evaluates, the capture): see devtoolsCalls.
     * Input stays on `cdp`: its answer then reaches this process behind the events the press made
     * the page report (Playwright hands both over in order), so a tap's events are in when it answers.
     */
    private readonly devtools: CDPSession['send'],
    profile: DeviceProfile,
    orientation: Orientation,
    settings: DeviceSettings,
    liveClock: boolean,
    requestOptions: DeviceRequestOptions,
  ) {
    this.requests = new DeviceRequests((requestId, outcome) => void this.#completeRequest(requestId, outcome), requestOptions);
    this.#liveClock = liveClock;
    this.#baseProfile = profile;
    this.#orientation = orientation;
    this.#settings = settings;
  }

  /** The screen as it is now: the profile turned to the current orientation. */
  get profile(): DeviceProfile {
    return oriented(this.#baseProfile, this.#orientation);
  }

  static async launch(options: WebDeviceOptions = {}): Promise<WebDevice> {
    prepareDevicePage(); // while the browser starts
    const browser = options.browser ?? (await openBrowser(options.browserSource, { headed: options.headed }, options.startedBrowser));
    try {
      return await WebDevice.#open(browser, options.browser === undefined, options);
    } catch (error) {
      if (options.browser === undefined) await browser.close();
      throw error;
    }
  }

  static async #open(browser: Browser, ownsBrowser: boolean, options: WebDeviceOptions): Promise<WebDevice> {
    const baseProfile = typeof options.profile === 'string' ? profileNamed(options.profile) : (options.profile ?? DEVICE_PROFILES.phone!);
    const orientation = options.orientation ?? orientationOf(baseProfile);
    const profile = oriented(baseProfile, orientation);
    const settings: DeviceSettings = {
      dark: options.dark ?? false,
      rtl: options.rtl ?? false,
      fontScale: options.fontScale ?? 1,
      reducedMotion: options.reducedMotion ?? false,
      locale: options.locale ?? DEFAULT_LOCALE,
      offline: options.offline ?? false,
      clipboard: '',
      clock: 'running',
    };
    let context: BrowserContext | undefined;
    try {
      context = await browser.newContext({
        viewport: { width: profile.width, height: profile.height },
        deviceScaleFactor: options.pixelRatio ?? 1,
        isMobile: true,
        hasTouch: true,
        colorScheme: settings.dark ? 'dark' : 'light',
        reducedMotion: settings.reducedMotion ? 'reduce' : 'no-preference',
        serviceWorkers: 'block',
      });
      const initScripts = context.addInitScript(KEEP_NAMES_SHIM).then(() => context!.addInitScript(KEYBOARD_TRACKER));
      // The bindings belong to the context, so the page comes with them (one round of calls fewer);
      // they answer once the device exists, which is before its page loads.
      let device: WebDevice | undefined;
      const bindings = exposeDeviceBindings(context, () => device?.page, {
        event: (eventJson) => device && device.#deliver(JSON.parse(eventJson) as PrototypeEvent),
        storage: (id, valuesJson) => device && device.#storageListener?.(id, JSON.parse(valuesJson)),
        fieldFocus: (frame, focused) => device && device.#setFieldFocus(frame, focused),
        keyboardKey: (key) => device && device.#typeFromKeyboard(key),
        request: (requestJson) => device?.requests.start(JSON.parse(requestJson) as ResolvedRequest),
        requestCancel: (requestId) => device?.requests.cancel(requestId),
      });
      await Promise.all([serveDevicePage(context, options.appUrl), initScripts, bindings]);
      // The permission goes in while the page opens (about a tenth of a second on a first launch).
      const [page] = await Promise.all([context.newPage(), allowLocalNetwork(context)]);
      const cdp = await context.newCDPSession(page);
      device = new WebDevice(browser, ownsBrowser, context, page, cdp, await devtoolsCalls(browser, cdp), baseProfile, orientation, settings, options.liveClock ?? false, options.requests ?? { allowed: new AllowedOrigins() });
      device.#pixelRatio = options.pixelRatio ?? 1;
      const opened = device;
      page.on('framedetached', (frame) => opened.#setFieldFocus(frame, false));
      cdp.on('Page.screencastFrame', (frame) => opened.#deliverFrame(frame.data, frame.sessionId, frame.metadata));
      await page.goto(DEVICE_PAGE_URL);
      await opened.#pageValue(PAGE_READY);
      await opened.#applySettings();
      return opened;
    } catch (error) {
      await context?.close().catch(() => undefined);
      throw error;
    }
  }

  get settings(): DeviceSettings {
    return { ...this.#settings };
  }

  /** The screen and settings as they are now. */
  report(): DeviceReport {
    const { name, width, height, density } = this.profile;
    return { profile: name, orientation: this.#orientation, width, height, density, ...this.#settings };
  }

  /** Told a shown spec's stored values each time they change (its storage block); one listener. */
  onStorage(listener: ((id: string, values: unknown) => void) | null): void {
    this.#storageListener = listener;
  }

  /** Subscribes to every prototype event; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #deliver(event: PrototypeEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  /**
   * Streams the screen while at least one listener is subscribed: Chromium sends a frame
   * when the stream starts and whenever the page's pixels change, none while the screen is still.
   * Returns the unsubscribe function.
   */
  onFrame(listener: FrameListener): () => void {
    this.#frameListeners.add(listener);
    if (!this.#screencasting) {
      this.#screencasting = true;
      const { width, height } = this.profile;
      this.cdp.send('Page.startScreencast', { format: 'jpeg', quality: SCREENCAST_QUALITY, maxWidth: width, maxHeight: height }).catch(() => undefined);
    }
    return () => {
      if (!this.#frameListeners.delete(listener) || this.#frameListeners.size > 0) return;
      this.#screencasting = false;
      this.cdp.send('Page.stopScreencast').catch(() => undefined);
    };
  }

  #deliverFrame(base64: string, sessionId: number, metadata: { deviceWidth?: number; deviceHeight?: number }): void {
    // Chromium sends the next frame only after this one is acknowledged.
    this.cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
    // A frame drawn before a rotation can arrive after it; the viewers only get the current size.
    const { width, height } = this.profile;
    if (metadata.deviceWidth !== undefined && (Math.round(metadata.deviceWidth) !== width || Math.round(metadata.deviceHeight ?? height) !== height)) return;
    this.#sendFrame(Buffer.from(base64, 'base64'));
  }

  #sendFrame(jpeg: Buffer): void {
    for (const listener of this.#frameListeners) listener(jpeg);
  }

  #setFieldFocus(frame: Frame, focused: boolean): void {
    if (focused) this.#fieldFocus.add(frame);
    else this.#fieldFocus.delete(frame);
    const open = this.#fieldFocus.size > 0;
    if (open === this.#keyboardOpen) return;
    this.#keyboardOpen = open;
    this.#keyboardChange = this.#keyboardChange.then(() => this.#applySettings()).catch(() => undefined);
  }

  /** A key of the drawn keyboard was pressed: it becomes real key input to whatever has the focus. */
  #typeFromKeyboard(key: unknown): void {
    if (typeof key !== 'string' || key === '' || key.length > 16) return;
    // Characters (and ".com") are typed; Delete and Enter are pressed.
    const typed = key === 'Backspace' || key === 'Enter' ? () => this.page.keyboard.press(key) : () => this.page.keyboard.type(key);
    this.#keyboardTyping = this.#keyboardTyping.then(typed).catch(() => undefined);
  }

  async show(spec: unknown, options: { reset?: boolean; appearance?: 'device' | 'light' | 'dark'; stored?: unknown; locale?: string } = {}): Promise<unknown> {
    this.#changing();
    const shown = this.#pageCall(() => this.#callWithData('show', spec, options));
    this.#sendSettleAhead();
    return shown;
  }

  /** Dismisses the prototype with this id (or whatever is shown, for 'all'); by the agent unless the session ended ('disconnect'). */
  async dismiss(id: string | 'all', reason: 'agent' | 'disconnect' | 'teardown' = 'agent'): Promise<unknown> {
    this.#changing();
    return this.#pageCall(() => this.page.evaluate(([id, reason]) => {
      const shown = window.protostage.inspect() as { prototypes?: { id: string }[] };
      const ids = (shown.prototypes ?? []).map((prototype) => prototype.id);
      if (id !== 'all' && !ids.includes(id)) return { ok: false, message: `no prototype "${id}" is showing`, dismissed: [] };
      // Dismissing everything when nothing is shown has nothing to do, and that is no failure.
      if (ids.length === 0) return { ok: true, dismissed: [] };
      return { ...(window.protostage.dismiss(reason) as object), dismissed: ids };
    }, [id, reason] as const));
  }

  async putAsset(id: string, mimeType: string, bytes: Uint8Array | string): Promise<unknown> {
    this.#changing();
    const base64 = typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('base64');
    return this.#pageCall(() => this.#callWithData('putAsset', id, mimeType, base64));
  }

  async removeAsset(id: string): Promise<unknown> {
    this.#changing();
    return this.#pageCall(() => this.page.evaluate(([id]) => window.protostage.removeAsset(id), [id] as const));
  }

  /** The bytes of every asset in the page's store, by id: uploads and camera captures, less what a dismissal dropped. */
  async assetSizes(): Promise<Map<string, number>> {
    return new Map(await this.page.evaluate(() => window.protostage.assetSizes()));
  }

  async patch(id: string, ops: unknown, baseRevision?: number): Promise<unknown> {
    this.#changing();
    const patched = this.#pageCall(() => this.#callWithData('patch', id, ops, baseRevision));
    this.#sendSettleAhead();
    return patched;
  }

  /** Sends a settle right behind the call just sent: the page runs it once that call has run. */
  #sendSettleAhead(): void {
    const ahead = { answer: this.#callWithData('settled'), answered: false };
    const answered = () => {
      ahead.answered = true;
    };
    ahead.answer.then(answered, answered);
    this.#settleAhead = ahead;
  }

  /**
   * The settle sent ahead, while it still answers for this moment: nothing the caller changed
   * since, and not answered yet, so the page will be found at rest after now. Used once.
   */
  #takeSettleAhead(): Promise<unknown> | null {
    const ahead = this.#settleAhead;
    this.#settleAhead = null;
    return ahead !== null && !ahead.answered ? ahead.answer : null;
  }

  /**
   * Drops the settle sent ahead: the caller changes the page another way (input, another call),
   * whose effect need not reach the page in order behind it.
   */
  #changing(): void {
    this.#settleAhead = null;
  }

  /**
   * The system back, as the navigation bar's back button. With the keyboard up it only hides the
   * keyboard, as Android's input method takes the first back; else it closes a dialog or sheet, or
   * pops the deepest stack.
   */
  async pressBack(): Promise<DeviceResult<{ back: BackOutcome | null }>> {
    this.#changing();
    if (this.#keyboardOpen) {
      for (const frame of this.#fieldFocus) await frame.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()).catch(() => undefined);
      await this.settled();
      return { ok: true, back: 'keyboard' };
    }
    const pressed = (await this.#pageCall(() => this.page.evaluate(() => window.protostage.back()))) as { ok?: boolean; back?: BackOutcome | null; message?: string };
    if (pressed.ok !== true) return failure(pressed.message ?? 'back was not handled', 'show a prototype first');
    return { ok: true, back: pressed.back ?? null };
  }

  /** Moves the shown prototype's clock `ms` on, firing due timers (no waiting). */
  async advanceClock(ms: number): Promise<unknown> {
    this.#changing();
    return this.#pageCall(() => this.page.evaluate((amount) => window.protostage.advanceClock(amount), ms));
  }

  async inspect(options: { revealSecure?: boolean } = {}): Promise<unknown> {
    return this.#pageCall(() => this.#pageJson(`window.protostage.inspect(${dataExpression(options)})`));
  }

  /**
   * Calls a page API method with data arguments over the page's own devtools session. A large
   * argument (a spec, an asset) crosses in half the time Playwright's evaluate takes, which
   * encodes it once more on its way. Each argument goes as JSON text read by JSON.parse, so the
   * expression holds data only, and JSON.stringify refuses what is not plain data (a BigInt, a cycle).
   */
  #callWithData(method: 'show' | 'patch' | 'putAsset' | 'settled' | 'nodeAt' | 'prototypeWindow', ...args: unknown[]): Promise<unknown> {
    return this.#pageValue(`window.protostage.${method}(${args.map(dataExpression).join(', ')})`);
  }

  /**
   * The value of an expression of ours in the device page, a promise awaited, over the page's own
   * devtools session (devtoolsCalls: past Playwright's layers for a browser the device started),
   * far less per call than Playwright's evaluate, which the hot paths (settling, reading the
   * hierarchy, aiming a tap) pay many times over.
   */
  async #pageValue(expression: string): Promise<unknown> {
    const { result, exceptionDetails } = await this.devtools('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  }

  /** A page value that crosses as one JSON string, far faster than as an object graph. */
  async #pageJson(expression: string): Promise<unknown> {
    return JSON.parse((await this.#pageValue(`JSON.stringify(${expression})`)) as string);
  }

  /** A page API call whose failure (a value that is not plain data, a crashed page) comes back as a value. */
  async #pageCall(call: () => Promise<unknown>): Promise<unknown> {
    try {
      return await call();
    } catch (error) {
      const message = (error as Error).message.split('\n')[0] ?? String(error);
      return failure(`the call to the device page failed: ${message}`, 'send plain JSON values; if the page crashed, close the device and launch it again');
    }
  }

  /**
   * Changes the live device as its settings app or a turn of the hand would: the profile, the
   * orientation, dark, layout direction, font scale or reduce motion. The prototype keeps its
   * runtime (state, pages, text); only a flip of the resolved appearance sends an event.
   */
  async configure(change: DeviceChange): Promise<void> {
    this.#changing();
    const { profile, orientation, ...settings } = change;
    const before = this.profile;
    if (profile !== undefined) this.#baseProfile = profile;
    // A new profile without an orientation comes in its natural one.
    if (orientation !== undefined) this.#orientation = orientation;
    else if (profile !== undefined) this.#orientation = orientationOf(profile);
    this.#settings = { ...this.#settings, ...settings };
    const after = this.profile;
    if (after.width !== before.width || after.height !== before.height) await this.#resize(after);
    await this.#applySettings();
    const report = this.report();
    for (const listener of this.#configureListeners) listener(report);
  }

  /** Told the device as it is after each change, whoever made it (the agent's tool, a viewer, a step). */
  onConfigure(listener: (report: DeviceReport) => void): () => void {
    this.#configureListeners.add(listener);
    return () => this.#configureListeners.delete(listener);
  }

  async #resize(screen: DeviceProfile): Promise<void> {
    await this.page.setViewportSize({ width: screen.width, height: screen.height });
    // A running screen stream keeps the size it was started with; start it again at the new one.
    if (!this.#screencasting) return;
    await this.cdp.send('Page.stopScreencast').catch(() => undefined);
    await this.cdp.send('Page.startScreencast', { format: 'jpeg', quality: SCREENCAST_QUALITY, maxWidth: screen.width, maxHeight: screen.height }).catch(() => undefined);
    // A still page may draw nothing new after the restart, so the viewers get one frame at the new size now.
    const still = await this.cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: SCREENCAST_QUALITY }).catch(() => null);
    if (still !== null && this.#screencasting) this.#sendFrame(Buffer.from(still.data, 'base64'));
  }

  /** The settings go to the browser and to the page at once: none of the three depends on another. */
  async #applySettings(): Promise<void> {
    this.requests.offline = this.#settings.offline;
    const deviceState = {
      ...this.#settings,
      insets: { systemBars: this.profile.systemBars, cutout: this.profile.cutout, ime: this.profile.keyboardHeight },
      keyboardOpen: this.#keyboardOpen,
      liveClock: this.#liveClock,
    };
    await Promise.all([
      this.context.setOffline(this.#settings.offline),
      this.page.emulateMedia({ colorScheme: this.#settings.dark ? 'dark' : 'light', reducedMotion: this.#settings.reducedMotion ? 'reduce' : 'no-preference' }),
      this.#pageValue(`window.protostage.setDevice(${dataExpression(deviceState)})`),
    ]);
  }

  /** Resolves once the prototype layer has finished rendering and animating. */
  async settled(): Promise<void> {
    // A keyboard report or a key of the drawn keyboard (a tap on it reaches this process by
    // binding) may arrive while the page settles; then it settles again with it applied.
    for (let round = 0; round < 3; round++) {
      const typing = this.#keyboardTyping;
      await typing;
      const keyboardChange = this.#keyboardChange;
      await keyboardChange;
      await Promise.all([this.#finishing, (round === 0 && this.#takeSettleAhead()) || this.#callWithData('settled')]);
      if (keyboardChange === this.#keyboardChange && typing === this.#keyboardTyping) return;
    }
  }

  /** Every node of both layers; an app node the prototype covers at its centre is marked `covered`. */
  async hierarchy(): Promise<HierarchyNode[]> {
    await this.#finishing;
    const [prototype, app] = await Promise.all([this.#prototypeHierarchy(), this.#appHierarchy()]);
    await this.#markCovered(app, prototype);
    return [...app, ...prototype];
  }

  /** Marks the app nodes the prototype covers at their centre. */
  async #markCovered(app: AppHierarchyNode[], prototype: readonly PrototypeHierarchyNode[]): Promise<void> {
    if (app.length === 0 || prototype.length === 0) return;
    const covered = (await this.#pageValue(`window.protostage.appCovered(${dataExpression(app.map((node) => centreOf(node.bounds)))})`)) as boolean[];
    covered.forEach((isCovered, index) => {
      if (isCovered) app[index]!.covered = true;
    });
  }

  async #prototypeHierarchy(): Promise<PrototypeHierarchyNode[]> {
    return (await this.#pageJson('window.protostage.hierarchy()')) as PrototypeHierarchyNode[];
  }

  /**
   * The app frame's nodes. The device page has one iframe, the app's (renderer/build.ts), fixed
   * over the whole screen, so the frame's own coordinates are the screen's.
   */
  async #appHierarchy(): Promise<AppHierarchyNode[]> {
    const frame = this.#appFrame();
    if (frame === undefined) return [];
    // As one JSON string, as the prototype's nodes are: an object graph crosses several times slower.
    const json = await frame.evaluate(`JSON.stringify((${collectAppHierarchy})())`).catch(() => '[]');
    return (JSON.parse(json as string) as ReturnType<typeof collectAppHierarchy>).map((node) => ({ ...node, layer: 'app' as const }));
  }

  #appFrame(): Frame | undefined {
    return this.page.mainFrame().childFrames()[0];
  }

  /**
   * The screen as it is once the UI has settled: every app and prototype node, and a PNG. With
   * `hidePrototype` it is the app alone (the seeds' hide for capture): the prototype's window is
   * hidden for the screenshot and shown again right after, and only app nodes are listed.
   */
  async observe(options: { hidePrototype?: boolean } = {}): Promise<Observation> {
    await this.settled();
    if (options.hidePrototype) {
      const [{ prototype }, app] = await Promise.all([this.#prototypeView(), this.#appHierarchy()]);
      await this.#markCovered(app, prototype);
      return { hierarchy: app, prototypeWindow: null, screenshot: await this.#capture(true) };
    }
    // The capture and the reads go out together: nothing they read is changed by holding the
    // settled screen still (an endless animation's frame, a caret), one wait instead of three.
    const capture = this.#capture(false);
    const read = Promise.all([this.#prototypeView(), this.#appHierarchy()]).then(async ([view, app]) => {
      await this.#markCovered(app, view.prototype);
      return { hierarchy: [...app, ...view.prototype], prototypeWindow: view.prototypeWindow };
    });
    const [screenshot, { hierarchy, prototypeWindow }] = await Promise.all([capture, read]);
    return { hierarchy, prototypeWindow, screenshot };
  }

  /** The prototype's nodes and its window, read in one call. */
  async #prototypeView(): Promise<{ prototype: PrototypeHierarchyNode[]; prototypeWindow: PrototypeWindowReport | null }> {
    const view = await this.#pageJson('{ prototype: window.protostage.hierarchy(), prototypeWindow: window.protostage.prototypeWindow() }');
    return view as { prototype: PrototypeHierarchyNode[]; prototypeWindow: PrototypeWindowReport | null };
  }

  /**
   * One PNG of the screen, every frame held still for it: endless animations (an indeterminate
   * progress) are shown at their first frame and carets are hidden, so the same screen always
   * gives the same pixels.
   */
  async #capture(hidePrototype: boolean): Promise<Buffer> {
    const app = this.#appFrame();
    // An app page that cannot be held (still loading) is captured as it is. The device page's
    // hold and release go over its own devtools session, a round trip shorter than evaluate's.
    await Promise.all([this.#pageValue(`(${holdStillForCapture})(${hidePrototype})`), app?.evaluate(holdStillForCapture, false).catch(() => undefined)]);
    let screenshot: Buffer;
    try {
      // This session does not carry the context's pixel-ratio emulation, so the clip scales the
      // screen to it (the same pixels a page screenshot gives). Kept at a ratio of 1 too: without
      // it, captures on a busy machine differed from a quiet one's at rounded edges.
      // optimizeForSpeed picks a faster PNG compression, the pixels are the same.
      const clip = { x: 0, y: 0, width: this.profile.width, height: this.profile.height, scale: this.#pixelRatio };
      const { data } = await this.devtools('Page.captureScreenshot', { format: 'png', clip, optimizeForSpeed: true });
      screenshot = Buffer.from(data, 'base64');
    } finally {
      // The screenshot answers before the release, which runs before anything reads the screen again.
      this.#finishing = Promise.all([this.#pageValue(`(${releaseAfterCapture})()`), app?.evaluate(releaseAfterCapture)]).catch(() => undefined);
    }
    return screenshot;
  }

  /** A screenshot of this device inside its bezel (render --frame). */
  async framed(screenshot: Buffer): Promise<Buffer> {
    return drawBezel(this.browser, screenshot, this.profile, this.#pixelRatio);
  }

  /** The prototype's window as a hierarchy capture reports it, or null when nothing is shown. */
  async prototypeWindow(): Promise<PrototypeWindowReport | null> {
    await this.#finishing;
    return (await this.#callWithData('prototypeWindow')) as PrototypeWindowReport | null;
  }

  /**
   * Taps at a node's centre or at a screen point (dp) with a real pointer press and release.
   * The press comes from the mouse rather than a touch because Chromium's touch adjustment
   * retargets a touch on something inert to a clickable neighbour a few dp away, which a phone's
   * own toolkit does not do. The pointer then leaves the screen so nothing stays hovered.
   */
  async tap(target: TapTarget, action: TapAction = 'tap'): Promise<DeviceResult<Aimed>> {
    this.#changing();
    // A chromeless window's dismiss pill is the host's control: tapOn reveals it, then presses it.
    if ('testTag' in target && target.testTag === HOST_DISMISS_TAG) await this.#revealDismissPill();
    const aimed = await this.#aim(target);
    if (!aimed.ok) return aimed;
    if (action === 'longPress') await this.#hold(aimed);
    else {
      await this.#press(aimed);
      if (action === 'doubleTap') await this.#press(aimed, 2);
    }
    return aimed;
  }

  /** A press held past the long-press time (0.6 s, Android's is 0.4 s), then released where it began. */
  async #hold(point: { x: number; y: number }): Promise<void> {
    await this.cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: point.x, y: point.y, button: 'left', clickCount: 1 });
    await new Promise((resolve) => setTimeout(resolve, LONG_PRESS_HOLD_MS));
    await this.cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: point.x, y: point.y, button: 'left', clickCount: 1 });
    await this.cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: -1, y: -1, button: 'none' });
  }

  async #revealDismissPill(): Promise<void> {
    const revealed = await this.page.evaluate((event) => {
      const pill = document.querySelector('[data-ps-dismiss-pill]');
      pill?.closest('[data-ps-window]')?.dispatchEvent(new Event(event));
      return pill !== null;
    }, REVEAL_DISMISS_EVENT);
    if (revealed) await this.settled();
  }

  /**
   * Press, release and pointer-away go out together: Chromium handles them in order, and the tap
   * costs one round trip, answered once the release is handled (the move comes with the next frame).
   */
  async #press(point: { x: number; y: number }, clickCount = 1): Promise<void> {
    const mouse = (type: 'mousePressed' | 'mouseReleased' | 'mouseMoved', at: { x: number; y: number }) =>
      this.cdp.send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount });
    const pressed = Promise.all([mouse('mousePressed', point), mouse('mouseReleased', point)]);
    this.#finishing = mouse('mouseMoved', { x: -1, y: -1 }).catch(() => undefined);
    await pressed;
  }

  /**
   * Where a tap goes and what it lands on. A node is tapped at its centre, which must be on
   * screen and not covered (by the prototype window, a scrim, a dialog); a point is tapped as
   * given, landing on the smallest node there (the prototype layer first).
   */
  async #aim(target: TapTarget): Promise<DeviceResult<Aimed>> {
    if ('x' in target) {
      if (!this.#onScreen(target)) {
        return failure(`(${target.x}, ${target.y}) is outside the ${this.profile.width}×${this.profile.height} dp screen`, 'tap a point inside the screen');
      }
      const node = await this.#nodeAt(target);
      return { ok: true, x: target.x, y: target.y, target: node === null ? null : inputTargetOf(node) };
    }
    const found = await this.#findNode(target);
    if (!found.ok) return found;
    const disabled = disabledRefusal(found.node, describeTarget(target));
    if (disabled) return disabled;
    if (found.aim !== null) return this.#reachable(found.node, found.aim, describeTarget(target), found.aim.cover);
    return this.#reachable(found.node, aimPointOf(found.node), describeTarget(target));
  }

  /**
   * The prototype's nodes that match, as a person aims at them, at rest: a screen still moving in
   * (a push) is waited for. Read in the same call as the check, so a screen at rest costs one round trip.
   */
  async #matchesAtRest(target: NodeTarget): Promise<Matches> {
    await this.#finishing;
    const atRest = await this.#matches(target, true);
    if (atRest !== null) return atRest;
    await this.settled();
    return (await this.#matches(target, false))!;
  }

  async #matches(target: NodeTarget, atRest: boolean): Promise<Matches | null> {
    return (await this.#pageJson(`(${findMatches})(${dataExpression(target)}, ${coverAt}, ${aimPointOf}, ${atRest})`)) as Matches | null;
  }

  /** The node a press at a point lands on: the prototype's, asked of the page, or the smallest app node there. */
  async #nodeAt(point: { x: number; y: number }): Promise<HierarchyNode | null> {
    await this.#finishing;
    const landed = (await this.#callWithData('nodeAt', point.x, point.y)) as HierarchyNode | 'app' | null;
    return landed === 'app' ? smallestContaining(await this.#appHierarchy(), point) : landed;
  }

  /**
   * The point of `node` an input is aimed at, refused when it is off screen or something covers it
   * there; `cover` is what covers it there when already known.
   */
  async #reachable(node: HierarchyNode, point: { x: number; y: number }, described: string, cover?: string | null): Promise<DeviceResult<Aimed>> {
    if (!this.#onScreen(point)) {
      return failure(`${described} is off the screen at (${Math.round(point.x)}, ${Math.round(point.y)})`, 'swipe its scroll container to bring it into view, then try again');
    }
    // null is a known answer (nothing covers it); only an unknown one is asked of the page.
    if (cover === undefined) cover = ((await this.#pageValue(`(${coverAt})(${dataExpression([{ layer: node.layer, id: node.id, ...point }])})`)) as ReturnType<typeof coverAt>)[0];
    if (cover) {
      const hint = node.layer === 'app' ? 'observe marks the app nodes the prototype covers (covered: true); tap one it leaves uncovered, or dismiss the prototype' : 'close what covers it first (observe shows what is open)';
      return failure(`${described} (${node.layer} layer) is covered by ${cover} at (${Math.round(point.x)}, ${Math.round(point.y)})`, hint);
    }
    return { ok: true, x: point.x, y: point.y, target: inputTargetOf(node) };
  }

  /**
   * Finds one node, on a screen at rest: the prototype layer first (taps target prototype nodes),
   * then the app. The app layer is read only when the prototype has no match, so a prototype tap
   * stays cheap. A prototype node comes with where a tap aims at it and what covers it there.
   */
  async #findNode(target: NodeTarget): Promise<DeviceResult<{ node: HierarchyNode; aim: Matches['aim'] }>> {
    let matches = await this.#matchesAtRest(target);
    // A prototype node scrolled out of view is not in the hierarchy: it is scrolled into view first.
    if (matches.nodes.length === 0 && (await this.page.evaluate(revealPrototypeNode, target))) {
      matches = (await this.#matches(target, false))!;
    }
    if (matches.nodes.length === 1) return { ok: true, node: matches.nodes[0]!, aim: matches.aim };
    let found: HierarchyNode[] = matches.nodes;
    // A span of rich text is part of its text node, yet tapOn reaches it by its own text.
    if (found.length === 0 && 'text' in target) {
      const span = await this.page.evaluate(richTextSpan, target.text);
      if (span !== null) found = [span];
    }
    if (found.length === 0) found = (await this.#appHierarchy()).filter((node) => ('testTag' in target ? node.testTag === target.testTag : node.text === target.text));
    if (found.length === 1) return { ok: true, node: found[0]!, aim: null };
    if (found.length > 1) {
      return failure(`${found.length} nodes match ${describeTarget(target)}`, `give the node a unique testTag; matches at ${found.map((node) => describeBounds(node.bounds)).join(', ')}`);
    }
    const hidden = await this.page.evaluate(hiddenBehind, target);
    if (hidden !== null) return failure(`${describeTarget(target)} (${hidden.layer} layer) is covered by ${hidden.cover}`, hidden.hint);
    // Only what a tap can reach is offered: the app nodes the prototype covers are left out.
    const reachable = (await this.hierarchy()).filter((node) => node.layer !== 'app' || node.covered !== true);
    return failure(`no node matches ${describeTarget(target)}`, `observe to see the screen; available: ${availableTargets(reachable, 'testTag' in target ? 'testTag' : 'text')}`);
  }

  #onScreen(point: { x: number; y: number }): boolean {
    return point.x >= 0 && point.y >= 0 && point.x < this.profile.width && point.y < this.profile.height;
  }

  /**
   * Types into a text field, like a person with the on-screen keyboard: the field is first
   * focused by tapping it (when a testTag is given), then each character is a key press.
   */
  async type(text: string, testTag?: string): Promise<DeviceResult<{ target: InputTarget | null }>> {
    this.#changing();
    if (text.length > MAX_TYPED_CHARACTERS) {
      return failure(`the text has ${text.length} characters; at most ${MAX_TYPED_CHARACTERS} are typed`, 'type shorter text, or put long text into the spec\'s state');
    }
    let target: InputTarget | null = null;
    if (testTag !== undefined) {
      // Checked before anything is pressed: tapping a button on the way would run its actions.
      const found = await this.#findNode({ testTag });
      if (!found.ok) return found;
      const disabled = disabledRefusal(found.node, `testTag "${testTag}"`);
      if (disabled) return disabled;
      if (!TEXT_FIELD_ROLES.includes(found.node.role ?? '')) {
        const fields = availableTargets((await this.hierarchy()).filter((node) => TEXT_FIELD_ROLES.includes(node.role ?? '')), 'testTag');
        return failure(`${testTag} is ${found.node.role === null ? 'a node without a role' : `a ${found.node.role}`}, not a text field; nothing was typed or tapped`, `pass the testTag of a text field; text fields: ${fields}`);
      }
      const aimed = await this.#reachable(found.node, centreOf(found.node.bounds), describeTarget({ testTag }));
      if (!aimed.ok) return aimed;
      await this.#press(aimed);
      target = aimed.target;
    }
    if (!(await this.#editableHasFocus())) {
      return failure('no text field has focus', 'pass the testTag of the text field, or tap it first');
    }
    await this.page.keyboard.type(text);
    return { ok: true, target };
  }

  async #editableHasFocus(): Promise<boolean> {
    // Elements of the app frame belong to another realm, so they are told apart by tag name.
    const isEditable = () => {
      let active: Element | null = document.activeElement;
      while (active?.tagName === 'IFRAME') {
        const inner = (active as HTMLIFrameElement).contentDocument;
        if (inner === null) return true; // a cross-origin app owns the focus; let the keys go to it
        active = inner.activeElement;
      }
      if (active === null) return false;
      return active.tagName === 'INPUT' || active.tagName === 'TEXTAREA' || (active as HTMLElement).isContentEditable;
    };
    // Focus moves while the tap is handled, which can end after the press was acknowledged
    // (an app frame handles its own input), so the check waits briefly for it.
    return this.page
      .waitForFunction(isEditable, undefined, { timeout: FOCUS_WAIT_MS, polling: 'raf' })
      .then(() => true, () => false);
  }

  /**
   * Drags a finger across a node (or the middle of the screen) in the direction given:
   * `up` moves the finger up, which scrolls content further down.
   */
  async swipe(direction: SwipeDirection, testTag?: string): Promise<DeviceResult<{ target: InputTarget | null }>> {
    this.#changing();
    let area: Bounds = { x: 0, y: 0, width: this.profile.width, height: this.profile.height };
    let target: InputTarget | null = null;
    let node: HierarchyNode | null = null;
    if (testTag !== undefined) {
      const found = await this.#findNode({ testTag });
      if (!found.ok) return found;
      node = found.node;
      area = visiblePart(node.bounds, this.profile);
    }
    const { from, to } = swipePath(area, direction, this.profile);
    if (node !== null) {
      const aimed = await this.#reachable(node, from, describeTarget({ testTag: testTag! }));
      if (!aimed.ok) return aimed;
      target = aimed.target;
    }
    await this.#drag(from, to);
    return { ok: true, target };
  }

  async #drag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await this.touch('start', from);
    for (let step = 1; step <= SWIPE_STEPS; step++) {
      const progress = step / SWIPE_STEPS;
      await this.touch('move', { x: from.x + (to.x - from.x) * progress, y: from.y + (to.y - from.y) * progress });
      await new Promise((resolve) => setTimeout(resolve, SWIPE_STEP_MS));
    }
    await this.touch('end');
  }

  /**
   * One finger through Chromium's touch input at a screen point (dp): `start` puts it down,
   * `move` drags it there, `end` lifts it (no point).
   */
  async touch(phase: TouchPhase, point?: Point): Promise<void> {
    await this.fingers(phase, phase === 'end' || point === undefined ? [] : [point]);
  }

  /** Several fingers at once (a two-finger hold): `start` puts them down, `move` moves them, `end` lifts them all. */
  async fingers(phase: TouchPhase, points: readonly Point[]): Promise<void> {
    this.#changing();
    const type = phase === 'start' ? 'touchStart' : phase === 'move' ? 'touchMove' : 'touchEnd';
    await this.cdp.send('Input.dispatchTouchEvent', { type, touchPoints: phase === 'end' ? [] : points.map((point, id) => ({ ...point, id })) });
  }

  /**
   * Presses one key (a key name such as `Enter` or `ArrowLeft`, or one character) where the focus
   * is, as a hardware keyboard would; unlike `type`, no text field needs the focus. A character
   * the US layout lacks (é, 😀) is entered as text, as an input method would.
   */
  async pressKey(key: string): Promise<DeviceResult> {
    this.#changing();
    try {
      if (Array.from(key).length === 1) await this.page.keyboard.type(key);
      else await this.page.keyboard.press(key);
      return { ok: true };
    } catch (error) {
      return failure(`cannot press "${key}": ${(error as Error).message.split('\n')[0]}`, 'press a key name such as Enter, Backspace or ArrowLeft, or a single character');
    }
  }

  /** Turns a mouse wheel over a screen point (dp), then moves the pointer away so nothing stays hovered. */
  async wheel(point: Point, deltaX: number, deltaY: number): Promise<void> {
    this.#changing();
    await this.cdp.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: point.x, y: point.y, deltaX, deltaY });
    await this.cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: -1, y: -1 });
  }

  /**
   * Waits until the prototype has no request in flight (each completion applied), at most
   * `timeoutMs`; answers whether it got there.
   */
  async requestsIdle(timeoutMs: number): Promise<boolean> {
    this.#changing();
    return this.page.evaluate((ms) => window.protostage.requestsIdle(ms), timeoutMs);
  }

  async #completeRequest(requestId: string, outcome: RequestOutcome): Promise<void> {
    await this.#pageCall(() => this.page.evaluate(([id, answer]) => window.protostage.completeRequest(id, answer), [requestId, outcome] as const));
  }

  async close(): Promise<void> {
    this.requests.cancelAll();
    this.#listeners.clear();
    this.#frameListeners.clear();
    await this.context.close().catch(() => undefined);
    if (this.ownsBrowser) await this.browser.close().catch(() => undefined);
  }
}

/** Where an input goes, and the node there (null: a point on nothing the hierarchy lists). */
export type Aimed = { x: number; y: number; target: InputTarget | null };

/** Roles that take typed text. */
const TEXT_FIELD_ROLES = ['TextField', 'SearchField'];
/** How many testTags or texts a "not found" hint lists before "and N more". */
const MAX_LISTED_TARGETS = 20;

/** The smallest node whose bounds hold the point, or null. */
function smallestContaining(nodes: readonly HierarchyNode[], point: { x: number; y: number }): HierarchyNode | null {
  const contains = (node: HierarchyNode) =>
    point.x >= node.bounds.x && point.y >= node.bounds.y && point.x < node.bounds.x + node.bounds.width && point.y < node.bounds.y + node.bounds.height;
  const area = (node: HierarchyNode) => node.bounds.width * node.bounds.height;
  const under = nodes.filter(contains);
  return under.length === 0 ? null : under.reduce((best, node) => (area(node) < area(best) ? node : best));
}

/** The distinct testTags (or texts) of the hierarchy, the prototype layer first, at most 20 and then how many more. */
function availableTargets(hierarchy: readonly HierarchyNode[], field: 'testTag' | 'text'): string {
  const ordered = [...hierarchy.filter((node) => node.layer === 'prototype'), ...hierarchy.filter((node) => node.layer === 'app')];
  const values = [...new Set(ordered.map((node) => node[field]).filter((value): value is string => value !== null))];
  if (values.length === 0) return 'none';
  const listed = values.slice(0, MAX_LISTED_TARGETS).map((value) => JSON.stringify(value)).join(', ');
  return values.length > MAX_LISTED_TARGETS ? `${listed} and ${values.length - MAX_LISTED_TARGETS} more` : listed;
}

function failure(message: string, hint: string): DeviceFailure {
  return { ok: false, message, hint };
}

/** A node its enabledWhen disables takes no input: the refusal names the condition, and nothing runs. */
function disabledRefusal(node: HierarchyNode, described: string): DeviceResult<never> | null {
  if (!('disabledWhen' in node) || node.disabledWhen === undefined) return null;
  return failure(`${described} is disabled: its enabledWhen ${node.disabledWhen} does not hold, so nothing ran`, 'change the state that condition reads (as a person would: fill the fields it waits for), then try again');
}

function describeTarget(target: NodeTarget): string {
  return 'testTag' in target ? `testTag "${target.testTag}"` : `text "${target.text}"`;
}

function describeBounds(bounds: Bounds): string {
  return `(${Math.round(bounds.x)}, ${Math.round(bounds.y)}, ${Math.round(bounds.width)}×${Math.round(bounds.height)})`;
}

function visiblePart(bounds: Bounds, screen: { width: number; height: number }): Bounds {
  const x = Math.max(0, bounds.x);
  const y = Math.max(0, bounds.y);
  const width = Math.max(1, Math.min(screen.width, bounds.x + bounds.width) - x);
  const height = Math.max(1, Math.min(screen.height, bounds.y + bounds.height) - y);
  return { x, y, width, height };
}

/** Below this length along the swipe's axis a node is a grip (a drag handle), not a track. */
const MIN_TRACK_LENGTH = 160;

/**
 * The finger's path: across the middle 60 % of a long area (a list, a pager), or from the centre
 * of a small one (a drag handle) for 40 % of the screen, stopping short of the screen's edge.
 */
export function swipePath(
  area: Bounds,
  direction: SwipeDirection,
  screen: { width: number; height: number },
): { from: { x: number; y: number }; to: { x: number; y: number } } {
  const centre = centreOf(area);
  const horizontal = direction === 'left' || direction === 'right';
  const forward = direction === 'right' || direction === 'down';
  const start = horizontal ? area.x : area.y;
  const length = horizontal ? area.width : area.height;
  const screenLength = horizontal ? screen.width : screen.height;
  let from: number;
  let to: number;
  if (length >= MIN_TRACK_LENGTH) {
    [from, to] = forward ? [start + length * 0.2, start + length * 0.8] : [start + length * 0.8, start + length * 0.2];
  } else {
    from = horizontal ? centre.x : centre.y;
    const travel = screenLength * 0.4;
    to = forward ? Math.min(from + travel, screenLength - 2) : Math.max(from - travel, 1);
  }
  return horizontal
    ? { from: { x: from, y: centre.y }, to: { x: to, y: centre.y } }
    : { from: { x: centre.x, y: from }, to: { x: centre.x, y: to } };
}

/** What the device page (not an app frame beneath it) tells the device, by binding. */
interface DeviceBindings {
  event(eventJson: string): void;
  storage(id: string, valuesJson: string): void;
  /** A field in a frame of the device page (the app's too) gained or lost the focus: the drawn keyboard follows it. */
  fieldFocus(frame: Frame, focused: boolean): void;
  keyboardKey(key: unknown): void;
  request(requestJson: string): Promise<void> | undefined;
  requestCancel(requestId: string): void;
}

/**
 * Where the device sends its hot calls (the page's evaluates, the capture): past Playwright, on the
 * DevTools pipe of a browser it started, to the session `cdp` speaks to (about a millisecond less a
 * round trip on two cores); through `cdp` itself for a browser Playwright launched or one connected to.
 */
async function devtoolsCalls(browser: Browser, cdp: CDPSession): Promise<CDPSession['send']> {
  const pipe = devtoolsPipeOf(browser);
  const sessionId = pipe && (await pipe.sessionOf((expression) => cdp.send('Runtime.evaluate', { expression })));
  if (pipe === undefined || sessionId === undefined) return (method, params) => cdp.send(method, params);
  return ((method: string, params?: object) => pipe.command(sessionId, method, params)) as CDPSession['send'];
}

/**
 * Exposes the bindings to every frame of the context's pages, each installed in the same round of
 * calls. Only the device page's own calls count; a field's focus, from any of its frames (the
 * app's too). `devicePage` is undefined until the device exists.
 */
function exposeDeviceBindings(context: BrowserContext, devicePage: () => Page | undefined, to: DeviceBindings): Promise<unknown> {
  const fromDevicePage = (source: { frame: Frame }) => source.frame === devicePage()?.mainFrame();
  const inDevicePage = (source: { page: Page }) => source.page === devicePage();
  return Promise.all([
    context.exposeBinding('__protostageEvent', (source, eventJson: string) => fromDevicePage(source) && to.event(eventJson)),
    context.exposeBinding('__protostageStorage', (source, id: string, valuesJson: string) => fromDevicePage(source) && to.storage(id, valuesJson)),
    context.exposeBinding('__protostageKeyboard', (source, focused: boolean) => inDevicePage(source) && to.fieldFocus(source.frame, focused)),
    context.exposeBinding('__protostageKeyboardKey', (source, key: unknown) => fromDevicePage(source) && to.keyboardKey(key)),
    context.exposeBinding('__protostageRequest', (source, requestJson: string) => fromDevicePage(source) && to.request(requestJson)),
    context.exposeBinding('__protostageRequestCancel', (source, requestId: string) => fromDevicePage(source) && to.requestCancel(requestId)),
  ]);
}

/**
 * A JavaScript expression that yields `value`: its JSON text read by JSON.parse, which makes large
 * data faster than a literal and never runs what it reads. The text goes in single quotes, where
 * only backslashes and single quotes need escaping; in double quotes every quote of the JSON
 * would, and the page took 1.6–3.2 ms longer to read a 2,000-node spec (bench/README.md).
 */
function dataExpression(value: unknown): string {
  const json = JSON.stringify(value);
  return json === undefined ? 'undefined' : `JSON.parse('${json.replace(/[\\']/g, '\\$&')}')`;
}
