// protostage view: save → new frame in the viewer page. The live view runs in this process on a
// temp spec file; a viewer page in a second Chromium records when each frame is displayed.
// Each save changes the title text; its latency runs from the file write to the viewer
// displaying the first frame that equals the settled new render. Printed beside baselines from
// the same run: an observe round trip (settle + hierarchy + PNG screenshot) and show → settled
// of the same spec (the device's share of a reload). Target <= 300 ms.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../src/device/chromium.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { startLiveView, type LiveView } from '../src/viewer/live-view.ts';
import { median } from './stats.ts';

const SAVES = 25;
const BASELINE_RUNS = 25;
const ROWS = 40;
/** A frame stream this long without a new frame means the screen has settled. */
const QUIET_MS = 250;
const TARGET_MS = 300;

function spec(title: string): object {
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    type: 'row',
    children: [
      { type: 'text', text: `Row ${index}`, style: { weight: 1 } },
      { type: 'button', label: 'Open', onTap: [{ type: 'emit', name: 'open', payload: { row: index } }] },
    ],
  }));
  return {
    id: 'bench-view',
    window: { placement: { type: 'fullscreen' } },
    root: { type: 'column', children: [{ type: 'text', text: title, testTag: 'title' }, { type: 'scroll', child: { type: 'column', children: rows } }] },
  };
}

interface DisplayedFrame {
  at: number;
  checksum: number;
}

/** Records, in the viewer page, the wall-clock time each frame is displayed and a pixel checksum. */
async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const image = document.getElementById('frame') as HTMLImageElement;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const frames: { at: number; checksum: number }[] = [];
    (window as unknown as { benchFrames: typeof frames }).benchFrames = frames;
    image.addEventListener('load', () => {
      const at = Date.now();
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let checksum = 0;
      for (let index = 0; index < pixels.length; index += 4) checksum = (checksum * 31 + pixels[index]! + pixels[index + 1]! * 7 + pixels[index + 2]! * 13) | 0;
      frames.push({ at, checksum });
    });
  });
}

async function framesSince(page: Page, since: number): Promise<DisplayedFrame[]> {
  return page.evaluate((since) => (window as unknown as { benchFrames: DisplayedFrame[] }).benchFrames.filter((frame) => frame.at >= since), since);
}

/** Waits until the viewer has shown a frame after `since` and then none for QUIET_MS. */
async function settledFrames(page: Page, since: number): Promise<DisplayedFrame[]> {
  for (;;) {
    const frames = await framesSince(page, since);
    const last = frames.at(-1);
    if (last !== undefined && Date.now() - last.at >= QUIET_MS) return frames;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}


async function timeSaves(specPath: string, page: Page): Promise<number[]> {
  const latencies: number[] = [];
  for (let save = 0; save < SAVES; save++) {
    const writtenAt = Date.now();
    writeFileSync(specPath, JSON.stringify(spec(`Save number ${save}`)));
    const frames = await settledFrames(page, writtenAt);
    const final = frames.at(-1)!.checksum;
    const first = frames.find((frame) => frame.checksum === final)!;
    latencies.push(first.at - writtenAt);
  }
  return latencies;
}

async function timeBaselines(view: LiveView): Promise<{ observe: number[]; show: number[] }> {
  const observe: number[] = [];
  const show: number[] = [];
  for (let run = 0; run < BASELINE_RUNS; run++) {
    let start = performance.now();
    await view.device.observe();
    observe.push(performance.now() - start);
    const validated = validatePrototypeSpec(spec(`Baseline ${run}`));
    if (!validated.ok) throw new Error(`${validated.path}: ${validated.message}`);
    start = performance.now();
    await view.device.show(validated.spec);
    await view.device.settled();
    show.push(performance.now() - start);
  }
  return { observe, show };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'protostage-bench-view-'));
  const specPath = join(folder, 'spec.json');
  writeFileSync(specPath, JSON.stringify(spec('Start')));
  const view = await startLiveView({ specPath });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
    await page.goto(view.url);
    await page.waitForFunction(() => (document.getElementById('frame') as HTMLImageElement).naturalWidth > 0);
    await recordFrames(page);
    const saves = await timeSaves(specPath, page);
    const { observe, show } = await timeBaselines(view);
    const value = median(saves);
    const checked = validatePrototypeSpec(spec('Start'));
    console.log(`spec: ${checked.ok ? checked.nodeCount : '?'} nodes; ${SAVES} saves; frames are JPEG screencast frames of a 412×915 dp phone`);
    console.log(`save → new frame shown in viewer  median ${value.toFixed(1).padStart(7)} ms  (min ${Math.min(...saves).toFixed(0)}, max ${Math.max(...saves).toFixed(0)})  target <= ${TARGET_MS} ms (${value <= TARGET_MS ? 'within' : 'OVER'})`);
    console.log(`baseline: show → settled          median ${median(show).toFixed(1).padStart(7)} ms  (same spec, in process)`);
    console.log(`baseline: observe round trip       median ${median(observe).toFixed(1).padStart(7)} ms  (settle + hierarchy + PNG screenshot)`);
  } finally {
    await browser.close();
    await view.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
