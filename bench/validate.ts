/**
 * Validation cost against plain JSON.parse, measured in the same run on the same bytes.
 * The input is a generated 2000-node spec close to 1 MiB. Prints the medians of blocks of calls and
 * their ratio (budget: validate / JSON.parse <= 2), and the slowest compile of a node type's parser
 * of the typed model (whose decode the tests and the fuzz run over every accepted spec).
 *
 *   npm run bench:validate [-- --runs N]   (N blocks of five calls of each kind, default 25)
 */
import { performance } from 'node:perf_hooks';
import { expandComponents } from '../src/expand/index.ts';
import { readStrictJson } from '../src/json/index.ts';
import { z } from 'zod';
import { shallowNodeSchemas } from '../src/spec/schema.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { checkReferences } from '../src/validate/references.ts';
import { walkSpec } from '../src/validate/walker.ts';
import { budget, median } from './stats.ts';

const TARGET_BYTES = 1_040_000;
const NODE_COUNT = 2000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One card of a feed: 5 nodes with styles, conditions, actions and bound controls. */
function card(index: number, filler: string): Json {
  return {
    type: 'card',
    testTag: `card_${index}`,
    variant: index % 2 ? 'outlined' : 'elevated',
    style: { padding: { top: 12, bottom: 12, start: 16, end: 16 }, spacing: 8, cornerRadius: 'large', background: { light: 'surfaceContainerLow', dark: '#1D1B20' } },
    styleWhen: [{ when: { key: 'selected', equals: index }, style: { border: { width: 2, color: 'primary' } } }],
    onTap: [{ type: 'setState', key: 'selected', value: index }, { type: 'emit', name: 'open', payload: { index, tags: ['feed', 'card'] } }],
    children: [
      { type: 'text', testTag: `title_${index}`, text: `Story ${index}`, style: { textStyle: 'titleMedium', maxLines: 1, overflow: 'ellipsis' } },
      { type: 'text', testTag: `body_${index}`, text: filler, style: { textStyle: 'bodyMedium', color: 'onSurfaceVariant', maxLines: 3 } },
      {
        type: 'row',
        testTag: `actions_${index}`,
        style: { arrangement: 'spaceBetween', alignment: 'centerStart' },
        visibleWhen: { any: [{ key: 'expanded', equals: true }, { not: { key: 'selected', lt: 0 } }] },
        children: [{ type: 'switch', testTag: `like_${index}`, stateKey: 'liked', label: 'Like' }],
      },
    ],
  };
}

function generateSpec(fillerLength: number): Json {
  const cards = Math.floor((NODE_COUNT - 1) / 5);
  const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20).slice(0, fillerLength);
  const children = Array.from({ length: cards }, (_, i) => card(i, filler));
  const rest = NODE_COUNT - 1 - cards * 5;
  for (let i = 0; i < rest; i++) children.push({ type: 'divider', testTag: `divider_${i}` });
  return {
    id: 'bench-feed',
    window: { placement: { type: 'fullscreen' } },
    state: { selected: -1, expanded: false, liked: false },
    root: { type: 'column', testTag: 'feed', children },
  };
}

/** The largest filler that keeps the pretty-printed spec within TARGET_BYTES. */
function benchInput(): Uint8Array {
  let low = 0;
  let high = 1000;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (JSON.stringify(generateSpec(mid), null, 1).length <= TARGET_BYTES) low = mid;
    else high = mid - 1;
  }
  return new TextEncoder().encode(JSON.stringify(generateSpec(low), null, 1));
}


const BLOCK = 5;

/** The mean time of BLOCK calls in a row. */
function blockMean(run: () => unknown): number {
  const start = performance.now();
  for (let i = 0; i < BLOCK; i++) run();
  return (performance.now() - start) / BLOCK;
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Medians of each stage on its own, to show where the time goes. */
function stageBreakdown(bytes: Uint8Array, runs: number): string {
  const read = readStrictJson(bytes);
  if (!read.ok) throw new Error(read.message);
  const value = read.value as Record<string, unknown>;
  const stages: Array<[string, () => unknown]> = [
    ['strict read', () => readStrictJson(bytes)],
    ['expand components', () => expandComponents(value)],
    ['walk + cross-references', () => checkReferences(value, walkSpec(value))],
  ];
  return stages
    .map(([name, run]) => `  ${name.padEnd(24)} ${median(Array.from({ length: runs }, () => time(run))).toFixed(2)} ms`)
    .join('\n');
}

function main(): void {
  const runsFlag = process.argv.indexOf('--runs');
  const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 25;
  const bytes = benchInput();
  const check = validatePrototypeSpec(bytes);
  if (!check.ok) throw new Error(`bench spec is invalid: ${check.path}: ${check.message}`);
  const decoder = new TextDecoder();
  const parse = () => JSON.parse(decoder.decode(bytes));
  const validate = () => validatePrototypeSpec(bytes);
  for (let i = 0; i < 5; i++) {
    parse();
    validate();
  }
  // Blocks of calls in a row, the three kinds taking turns: a block's mean carries the collector
  // pauses its own allocations caused, where single calls would each take or miss a pause by
  // where they fall in the collector's cycle, always the same one for an interleaved pair.
  const parseTimes: number[] = [];
  const validateTimes: number[] = [];
  const strictReadTimes: number[] = [];
  const strictRead = () => readStrictJson(bytes);
  for (let i = 0; i < runs; i++) {
    parseTimes.push(blockMean(parse));
    validateTimes.push(blockMean(validate));
    strictReadTimes.push(blockMean(strictRead));
  }
  const parseMedian = median(parseTimes);
  const validateMedian = median(validateTimes);
  console.log(`input: ${bytes.byteLength} bytes, ${check.nodeCount} nodes, ${runs} blocks of ${BLOCK} calls each (taking turns)`);
  console.log(`JSON.parse (UTF-8 decode + parse), median block mean:          ${parseMedian.toFixed(2)} ms`);
  console.log(`validatePrototypeSpec (strict read + expand + walk + cross-references), median block mean: ${validateMedian.toFixed(2)} ms`);
  const ratio = validateMedian / parseMedian;
  console.log(`ratio validate / JSON.parse: ${ratio.toFixed(2)} (${budget(ratio, 2, '')})`);
  console.log(`stages, median of ${runs} runs each:\n${stageBreakdown(bytes, runs)}`);
  const strictReadMedian = median(strictReadTimes);
  console.log(`ratio strict read / JSON.parse: ${(strictReadMedian / parseMedian).toFixed(2)} (${budget(strictReadMedian / parseMedian, 1.2, '')})`);
  console.log(slowestCompile(parseMedian));
}

/**
 * The decode compiles a node type's parser once a process has decoded 2,000 nodes of that type
 * (spec/adaptive.ts); that one compile stalls the process, so the slowest is measured too.
 */
function slowestCompile(parseMedian: number): string {
  const [type, ms] = Object.entries(shallowNodeSchemas)
    .map(([name, schema]): [string, number] => [name, time(() => z.compile(schema as z.ZodType))])
    .reduce((slowest, entry) => (entry[1] > slowest[1] ? entry : slowest));
  const ratio = ms / parseMedian;
  return `slowest node parser compile: ${type} ${ms.toFixed(0)} ms = ${ratio.toFixed(0)}x JSON.parse (${budget(ratio, 100, 'x')})`;
}

main();
