// A 500-row feed bound to data against the same feed written as literal repeats (four of 125
// items; a literal repeat holds at most 128), on the web device:
//   show → settled, each form;
//   ten more rows: one appendData (a tap) → settled, beside the literal form's way, a show of the
//   whole spec with 510 rows → settled, and beside a tap on a button that does nothing (baseline),
//   which is also printed against the re-show: the floor any tap's line starts from;
//   one patch (prepend a row, set a field) → settled, beside the literal re-show;
//   a tap beside the feed alone (finding its button and pressing it) and the hierarchy it aims
//   by, beside a settle with nothing to wait for;
// and, in the runtime alone, the cost of one data write at 500 rows against a 16.7 ms frame.
// Each step is measured on a quiet page, QUIET_MS after the show before it.
// Every spec has motion "none": with motion a container glides to its new size when rows are
// added (animateContentSize, as the seeds ask), and settled would wait out that 180 ms glide.
//   npm run bench:data [-- --runs 20]
import { parseArgs } from 'node:util';
import { WebDevice } from '../src/device/web-device.ts';
import { createController } from '../src/runtime/index.ts';
import type { PrototypeSpec } from '../src/spec/index.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { budget, median, timed } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(values.runs);
const ROWS = 500;
const FRAME_MS = 1000 / 60;
/**
 * Each measured step starts on a quiet page, this long after the show before it: a show leaves
 * work behind its settle (the collection of its garbage, the first report of which rows skip
 * rendering), which would otherwise be counted to the write, the tap or the re-show that follows.
 */
const QUIET_MS = 100;

const post = (index: number) => ({ id: `p${index}`, title: `Post number ${index}`, body: `What happened in update ${index}`, liked: index % 3 === 0 });

const rowTemplate = [
  { type: 'text', text: '{post.title}', testTag: 'post.{index}.title' },
  { type: 'text', text: '{post.body}' },
];

const APPEND_NEXT = [{ type: 'appendData', path: '/feed', value: { data: '/next' }, spread: true }];

/** The screen around the rows; the literal form has no data, so its More button only emits. */
function frame(children: unknown[], more: unknown[] = APPEND_NEXT): Record<string, unknown> {
  return {
    type: 'column',
    children: [
      { type: 'button', label: 'More', testTag: 'more', onTap: more },
      { type: 'button', label: 'Nothing', testTag: 'noop', onTap: [{ type: 'setState', key: 'noop', value: true }] },
      { type: 'scroll', style: { weight: 1 }, child: { type: 'column', children } },
    ],
  };
}

function dataFeed(id: string): Record<string, unknown> {
  return {
    id,
    motion: 'none',
    window: { placement: { type: 'fullscreen' } },
    state: { noop: true },
    data: { feed: Array.from({ length: ROWS }, (_, index) => post(index)), next: Array.from({ length: 10 }, (_, index) => post(ROWS + index)) },
    root: frame([{ type: 'column', repeat: { items: '/feed', as: 'post' }, children: rowTemplate }]),
  };
}

function literalFeed(id: string, rows: number): Record<string, unknown> {
  const items = Array.from({ length: rows }, (_, index) => post(index));
  const chunks = Array.from({ length: Math.ceil(rows / 125) }, (_, chunk) => items.slice(chunk * 125, (chunk + 1) * 125));
  return {
    id,
    motion: 'none',
    window: { placement: { type: 'fullscreen' } },
    state: { noop: true },
    root: frame(chunks.map((chunk) => ({ type: 'column', repeat: { items: chunk.map(({ liked: _, ...fields }) => fields), as: 'post' }, children: rowTemplate })), [{ type: 'emit', name: 'more' }]),
  };
}

function valid(spec: unknown): PrototypeSpec {
  const result = validatePrototypeSpec(spec);
  if (!result.ok) throw new Error(`bench spec is invalid at ${result.path}: ${result.message}`);
  return result.spec;
}

async function sample(runs: number, before: () => Promise<unknown>, action: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    await before();
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    samples.push(await timed(action));
  }
  return median(samples);
}

function line(name: string, value: number, against: string, base: number, limit?: number): void {
  const ratio = value / base;
  const note = limit === undefined ? '' : `   ${budget(ratio, limit, '×')}`;
  console.log(`${name.padEnd(46)} median ${value.toFixed(2).padStart(8)} ms   ${against.padEnd(34)} ${base.toFixed(2).padStart(8)} ms   ratio ${ratio.toFixed(2).padStart(6)}×${note}`);
}

/** One data write of ten rows in the runtime alone, at 500 rows: the part of a re-render that is not the DOM. */
function runtimeWrite(): number {
  const controller = createController({ clock: { now: () => 0, setTimeout: () => null, clearTimeout: () => {} }, device: { dark: false }, onEvent: () => {} });
  const spec = valid(dataFeed('runtime'));
  const samples: number[] = [];
  for (let run = 0; run < RUNS * 5; run++) {
    controller.show(spec, { reset: true });
    const start = performance.now();
    controller.interact({ type: 'tap', key: 'root.children[0]' });
    samples.push(performance.now() - start);
  }
  return median(samples);
}

async function main(): Promise<void> {
  const device = await WebDevice.launch();
  try {
    const show = async (spec: PrototypeSpec) => {
      await device.show(spec, { reset: true });
      await device.settled();
    };
    const data = valid(dataFeed('feed'));
    const literal = valid(literalFeed('feed', ROWS));
    const literalMore = valid(literalFeed('feed', ROWS + 10));
    await show(data);
    await show(literal);

    const showData = await sample(RUNS, async () => {}, () => show(data));
    const showLiteral = await sample(RUNS, async () => {}, () => show(literal));
    const tapSettled = async (testTag: string) => {
      await device.tap({ testTag });
      await device.settled();
    };
    const noop = await sample(RUNS, () => show(data), () => tapSettled('noop'));
    const append = await sample(RUNS, () => show(data), () => tapSettled('more'));
    const reshow = await sample(RUNS, () => show(literal), () => show(literalMore));
    const patch = await sample(RUNS, () => show(data), async () => {
      await device.patch('feed', [{ op: 'prepend', path: '/data/feed', value: post(999) }, { op: 'set', path: '/data/feed/3/title', value: 'Edited' }]);
      await device.settled();
    });
    const patchAppend = await sample(RUNS, () => show(data), async () => {
      await device.patch('feed', [{ op: 'append', path: '/data/feed', value: Array.from({ length: 10 }, (_, index) => post(ROWS + index)), spread: true }]);
      await device.settled();
    });
    // A tap's own cost beside the feed (finding the button, the press), and the read it aims by.
    const tapAlone = await sample(RUNS, () => show(data), () => device.tap({ testTag: 'noop' }));
    const hierarchy = await sample(RUNS, async () => {}, () => device.hierarchy());
    const emptyCall = await sample(RUNS, async () => {}, () => device.settled());
    const runtime = runtimeWrite();

    console.log(`protostage data bench: a ${ROWS}-row feed (2 text nodes a row), median of ${RUNS} runs each`);
    line('show → settled, rows from data', showData, 'the same rows as literal repeats', showLiteral);
    line('appendData of 10 rows (a tap) → settled', append, 'literal: show with 510 rows', reshow, 0.3);
    line('appendData of 10 rows (a tap) → settled', append, 'a tap that changes nothing visible', noop);
    line('a tap that changes nothing → settled', noop, 'literal: show with 510 rows', reshow);
    line('the same 10 rows by patch (the agent) → settled', patchAppend, 'literal: show with 510 rows', reshow, 0.3);
    line('patch (prepend a row, set a field) → settled', patch, 'literal: show with 510 rows', reshow);
    line('a tap beside the feed (aim and press)', tapAlone, 'a settle with nothing to wait for', emptyCall);
    line('the hierarchy beside the feed (both layers)', hierarchy, 'a settle with nothing to wait for', emptyCall);
    line('data write of 10 rows in the runtime alone', runtime, 'one frame at 60 Hz', FRAME_MS);
    console.log(`the tap's re-render beyond the no-op tap: ${(append - noop).toFixed(2)} ms (${append - noop <= FRAME_MS ? 'within' : 'over'} one frame), ${((append - noop) / reshow).toFixed(2)}× the literal re-show`);
  } finally {
    await device.close();
  }
}

await main();
