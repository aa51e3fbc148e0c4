/**
 * `npm run fuzz`: the validator fuzz. Options: --count N (inputs, default 100000), --seconds S
 * (default 1800), --seed N (default 1), --workers N (default: the machine's cores), --slow-ms MS
 * (one validator call slower than this is a finding, default 100), --only N (run input N alone and print it).
 * Prints progress, the counts by family and check, and each distinct finding minimised; exits 1
 * when anything was found.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { describeInput, inputAt, mergeResults, type CampaignOptions, type CampaignResult } from './campaign.ts';
import { examine } from './oracle.ts';

const HELP = `Usage: npm run fuzz -- [--count N] [--seconds S] [--seed N] [--workers N] [--slow-ms MS] [--only N]

Feeds the spec validator generated inputs in seven families (random bytes, JSON tokens, text and
tree mutations of every valid example, fixture and corpus spec, inherited property names, specs
generated from the vocabulary, and object-form specs that share objects) and checks that no input
gets an internal error in either mode, that both modes agree, that the answer does not depend on
key order or on object against text form, that no message prints a JavaScript value, that every
accepted spec decodes with the typed model to an equal value, and that no validator call takes
longer than --slow-ms. A run is the same for a seed whatever the number of workers.

  --count N      inputs to try (default 100000)
  --seconds S    stop after this long even if fewer were tried (default 1800)
  --seed N       the run's seed (default 1)
  --workers N    worker threads (default: one per core)
  --slow-ms MS   one validator call slower than this is a finding (default 100)
  --only N       run input N of the seed alone and print it with what was found`;

function options(): (CampaignOptions & { only?: number }) | null {
  const { values } = parseArgs({ options: { count: { type: 'string' }, seconds: { type: 'string' }, seed: { type: 'string' }, workers: { type: 'string' }, 'slow-ms': { type: 'string' }, only: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return null;
  const number = (text: string | undefined, fallback: number, name: string) => {
    const value = text === undefined ? fallback : Number(text);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number, not "${text}"`);
    return value;
  };
  return {
    count: number(values.count, 100_000, 'count'),
    seconds: number(values.seconds, 1800, 'seconds'),
    seed: number(values.seed, 1, 'seed'),
    workers: Math.max(1, Math.floor(number(values.workers, availableParallelism(), 'workers'))),
    slowMs: number(values['slow-ms'], 100, 'slow-ms'),
    only: values.only === undefined ? undefined : number(values.only, 0, 'only'),
  };
}

function report(result: CampaignResult, seconds: number): void {
  console.log(`\n${result.inputs} inputs in ${seconds.toFixed(0)} s`);
  for (const [family, counts] of Object.entries(result.byFamily)) console.log(`  ${family.padEnd(18)} ${String(counts.inputs).padStart(9)} inputs  ${counts.findings} findings`);
  const checks = Object.entries(result.byCheck);
  console.log(checks.length === 0 ? 'findings: none' : `findings: ${checks.map(([check, count]) => `${check} ${count}`).join(', ')}`);
  console.log(`slowest validator call: ${result.slowest.ms.toFixed(1)} ms (${result.slowest.family}, input ${result.slowest.index})`);
  for (const found of result.reported) console.log(`\n[${found.check}] ${found.family}, input ${found.index}\n  ${found.detail}\n  minimised: ${found.reproducer}`);
}

async function main(): Promise<number> {
  let chosen;
  try {
    chosen = options();
  } catch (error) {
    console.error(`fuzz: ${(error as Error).message}\nRun \`npm run fuzz -- --help\` for usage.`);
    return 2;
  }
  if (chosen === null) {
    console.log(HELP);
    return 0;
  }
  if (chosen.only !== undefined) {
    const { family, input, random } = inputAt(chosen.seed, chosen.only);
    console.log(`${family}: ${describeInput(input)}`);
    console.log(JSON.stringify(examine(input, random)));
    return 0;
  }
  const started = performance.now();
  const workers = chosen.workers ?? 1;
  let done = 0;
  const results = await Promise.all(Array.from({ length: workers }, (_, worker) => new Promise<CampaignResult>((resolve, reject) => {
    const thread = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: { ...chosen, worker, workers } });
    thread.on('message', (message: { progress?: number; result?: CampaignResult }) => {
      if (message.progress !== undefined) {
        done += message.progress;
        // On a terminal the line is rewritten in place; in a log each report is a line of its own.
        const line = `${done} of ${chosen.count} inputs, ${((performance.now() - started) / 1000).toFixed(0)} s`;
        process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
      }
      if (message.result) resolve(message.result);
    });
    thread.once('error', reject);
  })));
  const merged = results.reduce((into, from) => mergeResults(into, from));
  report(merged, (performance.now() - started) / 1000);
  return merged.reported.length === 0 && Object.keys(merged.byCheck).length === 0 ? 0 : 1;
}

process.exitCode = await main();
