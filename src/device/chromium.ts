import { availableParallelism } from 'node:os';
import type { Browser } from 'playwright-core';
import { playwrightChromium } from './playwright.ts';
import type { BrowserSource } from './browser-source.ts';
import { chooseBrowser, type BrowserChoice } from './browser.ts';
import { fakeCameraFlags } from './camera.ts';
import { startChromium, type PipeConnection, type StartedChromium } from './chromium-pipe.ts';

/**
 * Flags that keep Chromium quiet and its pixels reproducible: no GPU, no background
 * network traffic, no font hinting, and a fixed sRGB colour profile.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
] as const;

/**
 * V8's tiers for a machine of few cores: baseline code at once, then the optimizing compiler,
 * without the mid tier. While the page's code warms up (its first few dozen shows of a large
 * screen), the mid tier compiled on a background thread for as long as the page ran its script,
 * and on two cores that thread took the page's own time: the shows of a 2,000-node screen took
 * 15–18 % longer in that stretch (bench/README.md, the sixth round). With more cores it runs beside.
 */
export function jitFlags(cores: number = availableParallelism()): string[] {
  return cores <= 2 ? ['--js-flags=--always-sparkplug --no-maglev'] : [];
}

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65). Chromium keeps only the last
 * of a repeated switch, so the device's launch drops Playwright's and passes one switch that
 * carries both lists; a test compares this copy with what Playwright passes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * The browser window's own WebUI, which a headless browser builds too and nobody sees: with each
 * new window Chromium loaded the address bar's popup as a page of its own (chrome://omnibox-popup),
 * 1.1–2.2 s of a renderer's main thread while the device page loaded beside it on two cores.
 */
export const DEVICE_DISABLED_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'] as const;

const disabledFeaturesSwitch = (features: readonly string[]) => `--disable-features=${features.join(',')}`;

/**
 * The switches Playwright's own launch passes a headless Chromium (playwright-core 1.65), without
 * its `--disable-features`, which the device's features switch carries. A browser the device starts
 * itself (startBrowserEarly) gets them too; a test compares this copy with what Playwright passes.
 */
export const PLAYWRIGHT_HEADLESS_SWITCHES = [
  '--disable-field-trial-config', '--disable-background-networking', '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows', '--disable-back-forward-cache', '--disable-breakpad',
  '--disable-component-extensions-with-background-pages', '--disable-component-update', '--no-default-browser-check',
  '--disable-default-apps', '--disable-dev-shm-usage', '--disable-edgeupdater', '--disable-extensions',
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies', '--allow-pre-commit-input',
  '--disable-hang-monitor', '--disable-ipc-flooding-protection', '--disable-popup-blocking', '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding', '--disable-updater-scheduler', '--force-color-profile=srgb', '--metrics-recording-only',
  '--no-first-run', '--password-store=basic', '--use-mock-keychain', '--no-service-autorun', '--disable-search-engine-choice-screen',
  '--unsafely-disable-devtools-self-xss-warnings', '--enable-unsafe-swiftshader', '--edge-skip-compat-layer-relaunch',
  '--disable-stack-profiler', '--disable-infobars', '--disable-sync', '--do-not-de-elevate', '--headless', '--hide-scrollbars',
  '--mute-audio', '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4', '--no-sandbox',
] as const;

/** The device's own switches, after Playwright's: quiet and reproducible, one features switch, V8's tiers, the camera. */
function deviceSwitches(headed: boolean): string[] {
  return [
    ...(headed ? [] : ['--headless']),
    ...CHROMIUM_FLAGS,
    disabledFeaturesSwitch([...PLAYWRIGHT_DISABLED_FEATURES, ...DEVICE_DISABLED_FEATURES]),
    ...jitFlags(),
    ...fakeCameraFlags(),
  ];
}

/**
 * Launches the chosen browser (see chooseBrowser: `browser` is a path or chrome, msedge or
 * chromium; default PROTOSTAGE_BROWSER, then discovery) headless, or as a window when `headed`,
 * with the test card as its camera. A headless browser chosen by path is started by the device
 * itself with Playwright's switches (startChromium) and taken over through its DevTools pipe, as
 * the device command's early start is: the device then owns the pipe (devtoolsPipeOf).
 */
export async function launchChromium(options: { headed?: boolean; browser?: string } = {}): Promise<Browser> {
  const headed = options.headed === true;
  const choice = await chooseBrowser(options.browser, undefined, { headed });
  if ('error' in choice) throw new Error(choice.error);
  if (!headed && 'executablePath' in choice) return connectStarted(startChromium(choice.executablePath, [...PLAYWRIGHT_HEADLESS_SWITCHES, ...deviceSwitches(false)]));
  return launchThroughPlaywright(choice, headed);
}

/** Playwright's own launch of the chosen browser: a window, or a browser named by channel. */
export function launchThroughPlaywright(choice: BrowserChoice, headed: boolean): Promise<Browser> {
  return playwrightChromium().launch({
    ...choice,
    headless: !headed,
    ignoreDefaultArgs: [disabledFeaturesSwitch(PLAYWRIGHT_DISABLED_FEATURES)],
    args: deviceSwitches(headed),
    // The process that owns the device decides what a signal does (the agent dismisses with
    // reason teardown first); Chromium still exits with its parent, through the closed pipe.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/**
 * Starts the browser a device will launch now, before Playwright has loaded, so that its start
 * runs while the device loads Playwright (openBrowser then connects to it). Only for a headless
 * browser chosen by path; otherwise, or when the choice fails, undefined: openBrowser launches
 * through Playwright and reports what failed. The browser starts as soon as it is chosen; the
 * promise gives it to openBrowser.
 */
export async function startBrowserEarly(source: BrowserSource, options: { headed?: boolean } = {}): Promise<StartedChromium | undefined> {
  if (source.kind !== 'launch' || options.headed === true) return undefined;
  const choice = await chooseBrowser(source.choice);
  if (!('executablePath' in choice)) return undefined;
  return startChromium(choice.executablePath, [...PLAYWRIGHT_HEADLESS_SWITCHES, ...deviceSwitches(false)]);
}

const CONNECT_TIMEOUT_MS = 30_000;

/**
 * Launches or connects to the browser, or takes over the one `starting` gives (startBrowserEarly);
 * a connection that fails says where and what to check.
 */
export async function openBrowser(source: BrowserSource = { kind: 'launch' }, options: { headed?: boolean } = {}, starting?: Promise<StartedChromium | undefined>): Promise<Browser> {
  const started = await starting;
  if (started !== undefined) return connectStarted(started);
  if (source.kind === 'launch') return launchChromium({ headed: options.headed, browser: source.choice });
  const chromium = playwrightChromium();
  try {
    return source.kind === 'playwright-server'
      ? await chromium.connect(source.endpoint, { timeout: CONNECT_TIMEOUT_MS })
      : await chromium.connectOverCDP(source.endpoint, { timeout: CONNECT_TIMEOUT_MS });
  } catch (error) {
    const what = source.kind === 'playwright-server' ? 'the Playwright browser server' : 'the Chrome DevTools endpoint';
    const check = source.kind === 'playwright-server'
      ? 'check that it is running and serves a Chromium of the same Playwright version'
      : 'check that the browser is running with --remote-debugging-port and the address is reachable';
    throw new Error(`cannot connect to ${what} at ${redacted(source.endpoint)}: ${(error as Error).message.split('\n')[0]}; ${check}`);
  }
}

/** The DevTools pipe of each browser the device started itself. */
const devtoolsPipes = new WeakMap<Browser, PipeConnection>();

/** Playwright over the started browser's pipe; a browser that ends first fails with its own words. */
async function connectStarted(started: StartedChromium): Promise<Browser> {
  const connecting = playwrightChromium().connectOverCDP(started.transport, { timeout: CONNECT_TIMEOUT_MS });
  try {
    const browser = await Promise.race([connecting, started.exited]);
    devtoolsPipes.set(browser, started.transport);
    return browser;
  } catch (error) {
    await started.transport.close().catch(() => undefined);
    throw error;
  }
}

/** The DevTools pipe of a browser the device started (not one Playwright launched or one connected to), or undefined. */
export function devtoolsPipeOf(browser: Browser): PipeConnection | undefined {
  return devtoolsPipes.get(browser);
}

/** The endpoint without a password or token query, for messages. */
function redacted(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.password) url.password = '***';
  url.search = url.search ? '?…' : '';
  return url.href;
}
