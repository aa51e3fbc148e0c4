// Charts and maps on the web device, each against a baseline measured in the same run:
//   show → settled of a 1,000-point line chart, against a 10-point one and against a text node;
//   a map panned by one finger, 8 dp a move, against the same drag over an empty box: frame lengths.
//   npm run bench:drawings [-- --runs 10]
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { WebDevice } from '../src/device/web-device.ts';
import type { PrototypeSpec } from '../src/spec/index.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { median, timed } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const RUNS = Number(values.runs);
const PAN_MOVES = 40;

function valid(spec: unknown): PrototypeSpec {
  const result = validatePrototypeSpec(spec);
  if (!result.ok) throw new Error(`bench spec is invalid at ${result.path}: ${result.message}`);
  return result.spec;
}

function screen(id: string, node: object): PrototypeSpec {
  return valid({ id, window: { placement: { type: 'fullscreen' } }, root: { type: 'column', style: { padding: { top: 48, start: 16, end: 16, bottom: 0 } }, children: [node] } });
}

function lineChart(points: number): PrototypeSpec {
  const rows = Array.from({ length: points }, (_, i) => ({ t: `t${i}`, a: Math.sin(i / 40) * 50, b: Math.cos(i / 30) * 40 }));
  return screen(`chart-${points}`, { type: 'chart', kind: 'line', rows, x: 't', series: [{ field: 'a' }, { field: 'b' }], testTag: 'chart', style: { height: { dp: 240 } } });
}

const MAP = screen('map', {
  type: 'map', center: { lat: 48, lon: 8 }, zoom: 3, testTag: 'surface', style: { height: { dp: 400 } },
  markers: Array.from({ length: 8 }, (_, i) => ({ id: `m${i}`, lat: 40 + i * 2, lon: -5 + i * 4, label: `Store ${i}` })),
});
const EMPTY_BOX = screen('box', { type: 'box', children: [], testTag: 'surface', style: { height: { dp: 400 }, width: 'fill', background: 'surfaceVariant' } });

/** Frame lengths (ms) while one finger drags across the surface's middle, 8 dp a move. */
async function panFrames(device: WebDevice, page: Page): Promise<number[]> {
  const surface = (await device.hierarchy()).find((node) => node.testTag === 'surface')!;
  const y = surface.bounds.y + surface.bounds.height / 2;
  const x = surface.bounds.x + surface.bounds.width - 20;
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { benchFrames: number[] }).benchFrames = frames;
    let last = performance.now();
    const step = (now: number) => {
      frames.push(now - last);
      last = now;
      if ((window as unknown as { benchFrames?: number[] }).benchFrames === frames) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  await device.touch('start', { x, y });
  for (let move = 1; move <= PAN_MOVES; move++) {
    await device.touch('move', { x: x - move * 8, y });
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  await device.touch('end');
  return page.evaluate(() => {
    const holder = window as unknown as { benchFrames?: number[] };
    const frames = holder.benchFrames!;
    delete holder.benchFrames;
    return frames.slice(1);
  });
}

function summary(frames: readonly number[]): string {
  const sorted = [...frames].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
  return `median ${median(frames).toFixed(1).padStart(5)} ms  p95 ${p95.toFixed(1).padStart(5)} ms  dropped (over 25 ms): ${frames.filter((ms) => ms > 25).length}/${frames.length}`;
}

async function main(): Promise<void> {
  const device = await WebDevice.launch();
  const page = (device as unknown as { page: Page }).page;
  const TEXT = screen('text', { type: 'text', text: 'Hello' });
  try {
    const show = async (spec: PrototypeSpec) => {
      await device.show(spec, { reset: true });
      await device.settled();
    };
    const shows = { big: [] as number[], small: [] as number[], text: [] as number[] };
    const frames = { map: [] as number[], box: [] as number[] };
    const charts = { big: lineChart(1000), small: lineChart(10), text: TEXT };
    for (let run = 0; run < RUNS; run++) {
      for (const which of ['big', 'small', 'text'] as const) {
        await show(TEXT);
        shows[which].push(await timed(() => show(charts[which])));
      }
      for (const [which, spec] of [['map', MAP], ['box', EMPTY_BOX]] as const) {
        await show(spec);
        frames[which].push(...(await panFrames(device, page)));
      }
    }
    const [big, small, text] = [median(shows.big), median(shows.small), median(shows.text)];
    console.log(`protostage drawings bench: medians of ${RUNS} runs`);
    console.log(`show → settled, line chart of 1,000 points × 2 series   ${big.toFixed(1).padStart(6)} ms`);
    console.log(`show → settled, line chart of 10 points × 2 series      ${small.toFixed(1).padStart(6)} ms   1,000 / 10 points: ${(big / small).toFixed(2)}×`);
    console.log(`show → settled, one text node                           ${text.toFixed(1).padStart(6)} ms   1,000 points / text: ${(big / text).toFixed(2)}×`);
    console.log(`map pan, ${PAN_MOVES} moves of 8 dp (8 markers)   ${summary(frames.map)}`);
    console.log(`same drag over an empty box        ${summary(frames.box)}   median ratio ${(median(frames.map) / median(frames.box)).toFixed(2)}×`);
  } finally {
    await device.close();
  }
}

await main();
