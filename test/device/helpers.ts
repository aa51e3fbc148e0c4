// Shared set-up for the device tests: one Chromium per test file, a fresh device page per test,
// an event log that can wait for the next matching event, and hierarchy look-ups.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { after, before } from 'node:test';
import pixelmatch from 'pixelmatch';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { launchChromium } from '../../src/device/chromium.ts';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import { WebDevice, type WebDeviceOptions } from '../../src/device/web-device.ts';
import type { PrototypeEvent } from '../../src/runtime/model.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

export const VALID_FIXTURES_DIR = new URL('../fixtures/prototype-spec/valid/', import.meta.url);

/**
 * Launches one browser before the file's tests and opens one device page per options object in
 * it; closes everything after the tests. The getter returns the devices in the same order.
 */
export function useDevices(...options: Omit<WebDeviceOptions, 'browser'>[]): () => OpenDevice[] {
  let browser: Browser | undefined;
  const devices: OpenDevice[] = [];
  before(async () => {
    browser = await launchChromium();
    for (const deviceOptions of options) devices.push(await openDevice(browser, deviceOptions));
  });
  after(async () => {
    for (const { device } of devices) await device.close();
    await browser?.close();
  });
  return () => {
    assert.equal(devices.length, options.length, 'the devices are opened in before()');
    return devices;
  };
}

/** A device's page, for what a test reads or drives in the page itself. */
export function pageOf(device: WebDevice): Page {
  return (device as unknown as { page: Page }).page;
}

/** One browser and one device page for the whole test file. */
export function useDevice(options: Omit<WebDeviceOptions, 'browser'> = {}): () => OpenDevice {
  const devices = useDevices(options);
  return () => devices()[0]!;
}

/** Every event the device reported, with a way to wait for the next one that matches. */
export class EventLog {
  readonly events: PrototypeEvent[] = [];
  #waiters: { predicate: (event: PrototypeEvent) => boolean; resolve: (event: PrototypeEvent) => void }[] = [];

  constructor(device: WebDevice) {
    device.onEvent((event) => this.#record(event));
  }

  #record(event: PrototypeEvent): void {
    this.events.push(event);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (!waiter.predicate(event)) return true;
      waiter.resolve(event);
      return false;
    });
  }

  /** Resolves with the first event after `since` (an index into `events`) that matches. */
  next(predicate: (event: PrototypeEvent) => boolean, since = this.events.length, timeoutMs = 5000): Promise<PrototypeEvent> {
    const seen = this.events.slice(since).find(predicate);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events.slice(since))}`)), timeoutMs);
      this.#waiters.push({ predicate, resolve: (event) => { clearTimeout(timer); resolve(event); } });
    });
  }
}

export interface OpenDevice {
  device: WebDevice;
  log: EventLog;
}

export async function openDevice(browser: Browser, options: Omit<WebDeviceOptions, 'browser'> = {}): Promise<OpenDevice> {
  const device = await WebDevice.launch({ ...options, browser });
  return { device, log: new EventLog(device) };
}

/** Validates (and expands) a spec the way the host does before a show. */
export function validSpec(spec: unknown): unknown {
  const validated = validatePrototypeSpec(spec);
  assert.ok(validated.ok, validated.ok ? '' : `${validated.path}: ${validated.message}`);
  return validated.spec;
}

export function validFixtureNames(): string[] {
  return readdirSync(VALID_FIXTURES_DIR).filter((name) => name.endsWith('.json')).sort();
}

export function readValidFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, VALID_FIXTURES_DIR), 'utf8'));
}

/** Taps a testTag once the screen has settled, asserts the tap landed, and lets the screen settle again. */
export async function tapSettled(device: WebDevice, testTag: string): Promise<void> {
  await device.settled();
  const tapped = await device.tap({ testTag });
  assert.ok(tapped.ok, tapped.ok ? '' : `${tapped.message} (${tapped.hint})`);
  await device.settled();
}

/** The one node of the hierarchy with this testTag. */
export function byTag(hierarchy: readonly HierarchyNode[], testTag: string): HierarchyNode {
  const found = hierarchy.filter((node) => node.testTag === testTag);
  assert.equal(found.length, 1, `expected one node tagged "${testTag}", found ${found.length}: ${JSON.stringify(hierarchy.map((node) => node.testTag).filter(Boolean))}`);
  return found[0]!;
}

/** Whether `inner` lies within `outer` (dp, half a dp of rounding allowed). */
export function within(inner: HierarchyNode['bounds'], outer: HierarchyNode['bounds']): boolean {
  return inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;
}

/** Pixels that differ between two PNGs (pixelmatch's default colour threshold); a size mismatch counts every pixel. */
export function differingPixels(a: Buffer, b: Buffer): number {
  const first = PNG.sync.read(a);
  const second = PNG.sync.read(b);
  if (first.width !== second.width || first.height !== second.height) return Math.max(first.width * first.height, second.width * second.height);
  return pixelmatch(first.data, second.data, null, first.width, first.height);
}

/**
 * A running browser's command line, switch by switch, from its process on this machine: the
 * browser process's id from DevTools, its arguments from /proc (a headless shell has no
 * chrome://version page to show them).
 */
export async function browserCommandLine(browser: Browser): Promise<string[]> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await session.detach();
  const browserProcess = processInfo.find((info) => info.type === 'browser');
  assert.ok(browserProcess, `no browser process among ${JSON.stringify(processInfo)}`);
  return readFileSync(`/proc/${browserProcess.id}/cmdline`, 'utf8').split('\0').filter((part) => part !== '').slice(1);
}

/**
 * Where the built-in home screen draws its "Buy" button (testTag "buy"). Only the host resolves
 * element anchors, so specs rendered straight on the device get this fixed bounds anchor instead,
 * keeping their alignment and offset.
 */
export const HOME_BUY_BUTTON_BOUNDS = { x: 302, y: 266, width: 74, height: 40 };

/** A copy of `spec` with every element anchor replaced by a bounds anchor at `bounds`. */
export function withBoundsAnchors(spec: unknown, bounds = HOME_BUY_BUTTON_BOUNDS): unknown {
  if (Array.isArray(spec)) return spec.map((item) => withBoundsAnchors(item, bounds));
  if (typeof spec !== 'object' || spec === null) return spec;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec)) {
    copy[key] = key === 'anchor' && isElementAnchor(value) ? boundsAnchor(value, bounds) : withBoundsAnchors(value, bounds);
  }
  return copy;
}

function isElementAnchor(value: unknown): value is { type: 'element'; alignment: string; offset?: unknown } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'element';
}

function boundsAnchor(anchor: { alignment: string; offset?: unknown }, bounds: object): object {
  return { type: 'bounds', bounds, alignment: anchor.alignment, ...(anchor.offset === undefined ? {} : { offset: anchor.offset }) };
}
