// Eight animated effects on screen (six shimmers, a wave and a ripple, the most a spec may animate),
// against the same screen resting (motion "none") in the same run: the frame interval the page
// keeps, frames dropped, and the main thread's work per frame (Chromium's TaskDuration).
//   npm run bench:effects [-- --seconds 3 --runs 3]
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright-core';
import { WebDevice } from '../src/device/web-device.ts';
import type { PrototypeSpec } from '../src/spec/index.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { median } from './stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' }, runs: { type: 'string', default: '3' } } });
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);

function spec(motion: 'standard' | 'none'): PrototypeSpec {
  const animated = [
    ...Array.from({ length: Number(process.env.SHIMMERS ?? 6) }, (_, i) => ({ type: 'shimmer', phase: (i % 6) / 6, animate: { durationMs: 1200 } })),
    { type: 'wave', amplitude: 4, wavelength: 32, animate: { durationMs: 1500 } },
    { type: 'ripple', amplitude: 4, wavelength: 24, animate: { durationMs: 1500 } },
  ].slice(0, Number(process.env.EFFECTS ?? 8));
  const tiles = animated.map((effect, i) => ({
    type: 'card', style: { height: { dp: 120 }, background: 'primaryContainer', cornerRadius: 16, effects: [effect] },
    children: [{ type: 'text', text: `Tile ${i + 1} ${effect.type}`, style: { textStyle: 'titleMedium' } }],
  }));
  const result = validatePrototypeSpec({
    id: `effects-${motion}`,
    motion,
    window: { placement: { type: 'fullscreen' } },
    root: { type: 'grid', columns: 2, style: { spacing: 12, padding: { top: 48, start: 12, end: 12, bottom: 12 } }, children: tiles },
  });
  if (!result.ok) throw new Error(`bench spec is invalid at ${result.path}: ${result.message}`);
  return result.spec;
}

interface FrameSample {
  intervals: number[];
  workPerFrameMs: number;
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === 'TaskDuration')!.value;
}

/** rAF intervals over SECONDS, and the main thread's task time divided by the frames drawn. */
async function sample(page: Page, cdp: CDPSession): Promise<FrameSample> {
  const before = await taskSeconds(cdp);
  const intervals = await page.evaluate((seconds) => new Promise<number[]>((resolve) => {
    const frames: number[] = [];
    let last = performance.now();
    const end = last + seconds * 1000;
    const step = (now: number) => {
      frames.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(step);
      else resolve(frames.slice(1));
    };
    requestAnimationFrame(step);
  }), SECONDS);
  const after = await taskSeconds(cdp);
  return { intervals, workPerFrameMs: ((after - before) * 1000) / intervals.length };
}

function line(label: string, samples: FrameSample[]): string {
  const intervals = samples.flatMap((one) => one.intervals).sort((a, b) => a - b);
  const p95 = intervals[Math.floor(intervals.length * 0.95)]!;
  const dropped = intervals.filter((ms) => ms > 25).length;
  const work = median(samples.map((one) => one.workPerFrameMs));
  return `${label}  interval median ${median(intervals).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  dropped (over 25 ms) ${dropped}/${intervals.length}  main-thread work ${work.toFixed(2)} ms/frame`;
}

async function main(): Promise<void> {
  const device = await WebDevice.launch();
  const page = (device as unknown as { page: Page }).page;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  try {
    const moving: FrameSample[] = [];
    const resting: FrameSample[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const [motion, into] of [['standard', moving], ['none', resting]] as const) {
        await device.show(spec(motion), { reset: true });
        await device.settled();
        into.push(await sample(page, cdp));
      }
    }
    console.log(`protostage effects bench: ${RUNS} runs of ${SECONDS} s, eight animated effects on screen`);
    console.log(line('animated (motion standard)', moving));
    console.log(line('resting  (motion none)    ', resting));
    const ratio = median(moving.map((one) => one.workPerFrameMs)) / median(resting.map((one) => one.workPerFrameMs));
    console.log(`main-thread work per frame, animated / resting: ${ratio.toFixed(2)}×`);
  } finally {
    await device.close();
  }
}

await main();
