// Render timings on the web device, each median printed beside a no-op baseline from the same run:
//   show → settled for a 2000-node spec (budget <= 50 ms), baseline: an empty page round trip;
//   the same shows each on an idle page, printed beside it, and the first ten apart from the rest;
//   observe of the same screen (budget <= 50 ms);
//   tap → event delivered to Node (target <= 16 ms), baseline: a tap on a point nothing listens to;
//   the same for an item of an open menu and for a swiped row's Delete button.
// With --profile-page DIR, the page's JavaScript during the show runs and the observe runs is
// recorded as DIR/page-show.cpuprofile and DIR/page-observe.cpuprofile (read with bench/top.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, CDPSession } from 'playwright-core';
import { openBrowser } from '../src/device/chromium.ts';
import { DEVICE_PAGE_URL } from '../src/device/device-page.ts';
import { centreOf } from '../src/device/hierarchy.ts';
import { WebDevice } from '../src/device/web-device.ts';
import type { PrototypeEvent } from '../src/runtime/model.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { budget, median, timed } from './stats.ts';

const { values: flags } = parseArgs({ options: { 'profile-page': { type: 'string' } } });
const PROFILE_FOLDER = flags['profile-page'];

const SHOW_RUNS = 30;
/** V8 optimizes the page's hot code over its first shows of a large screen (about ten here). */
const WARMING_SHOWS = 10;
const TAP_RUNS = 40;
const IDLE_SHOW_RUNS = 15;
/** Long enough for a show's withheld rows to be built: 300 ms, then a few steps of 60 rows. */
const IDLE_PAUSE_MS = 1000;
const ROWS = 399; // root column + scroll + column + 399 rows × (row + 4 children) = 1998 nodes

/** A long settings-like list: every row has a text, an icon, a checkbox and a button. */
function largeSpec(id: string, label: string): unknown {
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    type: 'row',
    children: [
      { type: 'text', text: `${label} ${index}`, testTag: `label-${index}`, style: { weight: 1 } },
      { type: 'icon', name: 'favorite' },
      { type: 'checkbox', stateKey: 'checked' },
      { type: 'button', label: 'Open', testTag: `open-${index}`, onTap: [{ type: 'emit', name: 'open', payload: { row: index } }] },
    ],
  }));
  return {
    id,
    window: { placement: { type: 'fullscreen' } },
    state: { checked: false },
    root: { type: 'column', children: [{ type: 'scroll', child: { type: 'column', children: rows } }] },
  };
}

function validated(spec: unknown): { spec: unknown; nodeCount: number } {
  const result = validatePrototypeSpec(spec);
  if (!result.ok) throw new Error(`bench spec is invalid at ${result.path}: ${result.message}`);
  return { spec: result.spec, nodeCount: result.nodeCount };
}

function report(name: string, samples: number[], baseline: number[], limit: number): void {
  const value = median(samples);
  const base = median(baseline);
  console.log(`${name.padEnd(34)} median ${value.toFixed(2).padStart(8)} ms   no-op baseline ${base.toFixed(2).padStart(7)} ms   ` +
    `ratio ${(value / base).toFixed(1).padStart(6)}×   ${budget(value, limit, ' ms')}`);
}

async function benchShow(device: WebDevice): Promise<string> {
  const specs = [validated(largeSpec('bench-a', 'Setting')), validated(largeSpec('bench-b', 'Option'))];
  const nodes = `${specs[0]!.nodeCount} nodes`;
  await device.show(specs[0]!.spec);
  await device.settled();
  const shows: number[] = [];
  const showCalls: number[] = [];
  const settles: number[] = [];
  const noops: number[] = [];
  const stopProfile = await profilePage('page-show');
  for (let run = 0; run < SHOW_RUNS; run++) {
    const showCall = await timed(() => device.show(specs[(run + 1) % 2]!.spec));
    const settle = await timed(() => device.settled());
    showCalls.push(showCall);
    settles.push(settle);
    shows.push(showCall + settle);
    noops.push(await timed(() => device.settled()));
  }
  await stopProfile();
  report(`show → settled, ${nodes}`, shows, noops, 50);
  console.log(`  of which the page's show call (validate, runtime, draw) ${median(showCalls).toFixed(2)} ms, settling ${median(settles).toFixed(2)} ms`);
  console.log(`  the first ${WARMING_SHOWS} (the page's code still warming up): median ${median(shows.slice(0, WARMING_SHOWS)).toFixed(2)} ms; the other ${SHOW_RUNS - WARMING_SHOWS}: ${median(shows.slice(WARMING_SHOWS)).toFixed(2)} ms`);
  await benchShowOnIdlePage(device, specs.map((spec) => spec.spec));
  return nodes;
}

/**
 * The same shows, each on an idle page: the runs above follow each other at once, before the last
 * show's withheld rows are built (withheld-rows.ts); an agent's next show may come long after, and
 * take down the whole list. Printed beside the budgeted line, not budgeted.
 */
async function benchShowOnIdlePage(device: WebDevice, specs: unknown[]): Promise<void> {
  const showCalls: number[] = [];
  const settles: number[] = [];
  for (let run = 0; run < IDLE_SHOW_RUNS; run++) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_PAUSE_MS));
    showCalls.push(await timed(() => device.show(specs[run % 2])));
    settles.push(await timed(() => device.settled()));
  }
  const shows = showCalls.map((call, run) => call + settles[run]!);
  console.log(`  on an idle page (${IDLE_PAUSE_MS} ms after the last show): median ${median(shows).toFixed(2)} ms, of which the show call ${median(showCalls).toFixed(2)} ms, settling ${median(settles).toFixed(2)} ms`);
}

/** A small screen: the same row as the large spec, once. */
function smallSpec(): unknown {
  const large = largeSpec('bench-small', 'Setting') as { root: { children: [{ child: { children: unknown[] } }] } };
  large.root.children[0].child.children.length = 1;
  return large;
}

/** Taps open-0 (which emits) and label-0 (inert) by turns, on whatever spec is shown. */
async function benchTap(device: WebDevice, name: string): Promise<void> {
  const hierarchy = await device.hierarchy();
  const centreOfTag = (testTag: string) => {
    const node = hierarchy.find((candidate) => candidate.testTag === testTag);
    if (node === undefined) throw new Error(`the bench spec drew no ${testTag}`);
    return centreOf(node.bounds);
  };
  const button = centreOfTag('open-0');
  const label = centreOfTag('label-0');
  const taps: number[] = [];
  const noops: number[] = [];
  let delivered: ((event: PrototypeEvent) => void) | undefined;
  const unsubscribe = device.onEvent((event) => delivered?.(event));
  for (let run = 0; run < TAP_RUNS; run++) {
    // Each tap starts on a settled screen: what one tap leaves to the next frame is not the next one's.
    await device.settled();
    taps.push(await timed(() => new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('a tap on open-0 delivered no event within 5 s')), 5000);
      delivered = () => {
        clearTimeout(timer);
        resolve();
      };
      void device.tap(button);
    })));
    // The same real tap on the row's text, which has no onTap: the cost of the input itself
    // (aim, press and release).
    await device.settled();
    noops.push(await timed(() => device.tap(label)));
  }
  unsubscribe();
  report(`tap → event, ${name}`, taps, noops, 16);
}

/** An overflow menu, opened by its icon button; its first item emits. */
function menuSpec(): unknown {
  return {
    id: 'bench-menu',
    window: { placement: { type: 'fullscreen' } },
    state: { open: false },
    root: {
      type: 'column',
      safeAreaPadding: { edges: ['top'], types: ['systemBars'] },
      children: [
        { type: 'text', text: 'Inbox', testTag: 'label' },
        {
          type: 'box',
          children: [
            { type: 'iconButton', icon: 'more_vert', testTag: 'more', onTap: [{ type: 'setState', key: 'open', value: true }] },
            { type: 'menu', testTag: 'menu', openWhen: { key: 'open', equals: true }, items: [{ label: 'Archive', onTap: [{ type: 'emit', name: 'archive' }] }, { label: 'Delete' }] },
          ],
        },
      ],
    },
  };
}

/**
 * Shows `spec`, then on each run reveals a control (untimed: `reveal`), and times a tap on the
 * node tagged `tag` until its emit arrives; baseline: a tap on the inert text tagged label.
 */
async function benchRevealedTap(device: WebDevice, name: string, spec: unknown, reveal: () => Promise<unknown>, tag: string): Promise<void> {
  await device.show(validated(spec).spec);
  await device.settled();
  const taps: number[] = [];
  const noops: number[] = [];
  let delivered: ((event: PrototypeEvent) => void) | undefined;
  const unsubscribe = device.onEvent((event) => delivered?.(event));
  const label = centreOf((await device.hierarchy()).find((node) => node.testTag === 'label')!.bounds);
  for (let run = 0; run < TAP_RUNS; run++) {
    await reveal();
    await device.settled();
    const target = (await device.hierarchy()).find((node) => node.testTag === tag);
    if (target === undefined) throw new Error(`${tag} did not appear`);
    const point = centreOf(target.bounds);
    taps.push(await timed(() => new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`a tap on ${tag} delivered no emit within 5 s`)), 5000);
      delivered = (event) => {
        if (event.kind !== 'emit') return;
        clearTimeout(timer);
        resolve();
      };
      void device.tap(point);
    })));
    noops.push(await timed(() => device.tap(label)));
  }
  unsubscribe();
  report(`tap → event, ${name}`, taps, noops, 16);
}

/** A mail row whose swipe left reveals Delete, which emits. */
function swipeSpec(): unknown {
  return {
    id: 'bench-swipe',
    window: { placement: { type: 'fullscreen' } },
    root: {
      type: 'column',
      safeAreaPadding: { edges: ['top'], types: ['systemBars'] },
      children: [
        { type: 'text', text: 'Inbox', testTag: 'label' },
        { type: 'listItem', testTag: 'mail', headline: 'Lunch on Friday?', swipeActions: { end: [{ label: 'Delete', role: 'destructive', onTap: [{ type: 'emit', name: 'delete' }] }] } },
      ],
    },
  };
}

/** observe on the screen as it is: settle, both layers' hierarchy, and the PNG. */
async function benchObserve(device: WebDevice, name: string): Promise<void> {
  const observes: number[] = [];
  const noops: number[] = [];
  const stopProfile = await profilePage('page-observe');
  for (let run = 0; run < SHOW_RUNS; run++) {
    observes.push(await timed(() => device.observe()));
    noops.push(await timed(() => device.settled()));
  }
  await stopProfile();
  report(`observe, ${name}`, observes, noops, 50);
}

async function benchRoundTrip(device: WebDevice): Promise<void> {
  const roundTrips: number[] = [];
  for (let run = 0; run < TAP_RUNS; run++) roundTrips.push(await timed(() => device.inspect()));
  console.log(`(a bare Node → page → Node round trip, inspect: median ${median(roundTrips).toFixed(2)} ms)`);
}

/** The device page's own CDP session, opened only when the page is profiled. */
let pageSession: CDPSession | undefined;

/** Starts the page's CPU profiler when --profile-page is given; the returned call writes the profile. */
async function profilePage(name: string): Promise<() => Promise<void>> {
  if (pageSession === undefined || PROFILE_FOLDER === undefined) return async () => {};
  const session = pageSession;
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  return async () => {
    const { profile } = await session.send('Profiler.stop');
    mkdirSync(PROFILE_FOLDER, { recursive: true });
    const file = join(PROFILE_FOLDER, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  (page profile: ${file})`);
  };
}

const browser: Browser = await openBrowser();
const device = await WebDevice.launch({ browser });
if (PROFILE_FOLDER !== undefined) {
  const devicePage = browser.contexts().flatMap((context) => context.pages()).find((page) => page.url() === DEVICE_PAGE_URL)!;
  pageSession = await devicePage.context().newCDPSession(devicePage);
}
try {
  const large = await benchShow(device);
  await benchTap(device, large);
  await benchObserve(device, large);
  const small = validated(smallSpec());
  await device.show(small.spec);
  await device.settled();
  await benchTap(device, `${small.nodeCount} nodes`);
  await benchRevealedTap(device, 'menu item', menuSpec(), () => device.tap({ testTag: 'more' }), 'menu.0');
  await benchRevealedTap(device, 'swipe-to-delete', swipeSpec(), () => device.swipe('left', 'mail'), 'mail.swipe.0');
  await benchRoundTrip(device);
} finally {
  await device.close();
  await browser.close();
}
