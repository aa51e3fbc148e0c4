// Lazy lists on the web device, each against the same rows in a scroll of a column (the base
// vocabulary's way, which skips drawing far rows until the first input):
//   show → settled of a 2,000-node spec that is 998 rows of two nodes;
//   a 1,000-row list scrolled from top to end, 40 dp a frame: frames over 16.7 ms counted.
//   npm run bench:list [-- --runs 10]
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { WebDevice } from '../src/device/web-device.ts';
import type { PrototypeSpec } from '../src/spec/index.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { median, timed } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const RUNS = Number(values.runs);

type Holder = 'list' | 'scroll';

/** Rows of `nodesPerRow` nodes (a column with a text, or a text alone) in a list or a scroll. */
function spec(holder: Holder, rows: number, nodesPerRow: 1 | 2): PrototypeSpec {
  const padding = { start: 16, end: 16, top: 16, bottom: 16 };
  const row = nodesPerRow === 1
    ? { type: 'text', text: '{row.title}', style: { padding } }
    : { type: 'column', style: { width: 'fill', padding }, children: [{ type: 'text', text: '{row.title}' }] };
  const rowsOf = { repeat: { items: '/rows', as: 'row', key: 'id' }, children: [row] };
  const body = holder === 'list'
    ? { type: 'list', testTag: 'rows', style: { weight: 1 }, ...rowsOf }
    : { type: 'scroll', testTag: 'rows', style: { weight: 1 }, child: { type: 'column', style: { width: 'fill' }, ...rowsOf } };
  const result = validatePrototypeSpec({
    id: `${holder}-${rows}`,
    window: { placement: { type: 'fullscreen' } },
    data: { rows: Array.from({ length: rows }, (_, index) => ({ id: `r${index}`, title: `Row ${index}` })) },
    root: { type: 'column', style: { height: 'fill' }, children: [body] },
  });
  if (!result.ok) throw new Error(`bench spec is invalid at ${result.path}: ${result.message}`);
  return result.spec;
}

/** Scrolls the rows' element 40 dp a frame to its end; returns each frame's length in ms. */
function scrollToEnd(page: Page): Promise<number[]> {
  return page.evaluate(() => new Promise<number[]>((resolve) => {
    const tagged = document.querySelector('[data-testid="rows"]') as HTMLElement;
    const scroller = tagged.classList.contains('ps-list') ? tagged : (tagged.closest('.ps-scroll-vertical') as HTMLElement ?? tagged);
    const frames: number[] = [];
    let last = performance.now();
    const step = (now: number) => {
      frames.push(now - last);
      last = now;
      const before = scroller.scrollTop;
      scroller.scrollTop += 40;
      if (scroller.scrollTop === before) resolve(frames.slice(1));
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }));
}

async function main(): Promise<void> {
  const device = await WebDevice.launch();
  const page = (device as unknown as { page: Page }).page;
  try {
    const show = async (shown: PrototypeSpec) => {
      await device.show(shown, { reset: true });
      await device.settled();
    };
    const showTimes: Record<Holder, number[]> = { list: [], scroll: [] };
    const slowFrames: Record<Holder, number[]> = { list: [], scroll: [] };
    const frameCounts: Record<Holder, number[]> = { list: [], scroll: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const holder of ['list', 'scroll'] as const) {
        await device.show(spec(holder, 2, 2), { reset: true });
        showTimes[holder].push(await timed(() => show(spec(holder, 998, 2))));
        await show(spec(holder, 1000, 1));
        const frames = await scrollToEnd(page);
        slowFrames[holder].push(frames.filter((ms) => ms > 16.7).length);
        frameCounts[holder].push(frames.length);
      }
    }
    console.log(`protostage list bench: median of ${RUNS} runs, a list against a scroll of a column holding the same rows`);
    const [list, scroll] = [median(showTimes.list), median(showTimes.scroll)];
    console.log(`show → settled, 2,000 nodes (998 rows)   list ${list.toFixed(1).padStart(7)} ms   scroll ${scroll.toFixed(1).padStart(7)} ms   ratio ${(list / scroll).toFixed(2)}×`);
    for (const holder of ['list', 'scroll'] as const) {
      console.log(`1,000 rows top to end, ${holder.padEnd(6)}         ${median(frameCounts[holder]).toFixed(0).padStart(5)} frames, ${median(slowFrames[holder]).toFixed(0).padStart(4)} over 16.7 ms`);
    }
  } finally {
    await device.close();
  }
}

await main();
