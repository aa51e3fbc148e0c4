// Every budgeted bench, one after another, each in its own process so one bench's warm caches and
// browser never flatter the next; their output is echoed as it comes, then every line that carries
// a budget is gathered into one summary with the count of figures OVER it.
//   npm run bench
// Exits 1 when a figure is over its budget, so a regression shows in the exit status too.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCH_FOLDER = fileURLToPath(new URL('.', import.meta.url));

/** The benches that print budgets, with the arguments that keep the whole run under five minutes. */
const BENCHES: ReadonlyArray<{ file: string; args: string[] }> = [
  { file: 'validate.ts', args: [] },
  { file: 'runtime.ts', args: [] },
  { file: 'render.ts', args: [] },
  { file: 'e2e.ts', args: ['--rounds', '50'] },
  { file: 'data.ts', args: ['--runs', '20'] },
  { file: 'install.ts', args: [] },
];

interface BenchOutcome {
  file: string;
  exitCode: number | null;
  budgetLines: string[];
  seconds: number;
}

function runBench(file: string, args: string[]): Promise<BenchOutcome> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', `${BENCH_FOLDER}${file}`, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const budgetLines: string[] = [];
  let partialLine = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    process.stdout.write(chunk);
    const lines = (partialLine + chunk).split('\n');
    partialLine = lines.pop()!;
    budgetLines.push(...lines.filter((line) => line.includes('budget <=')));
  });
  return new Promise((resolve) => {
    child.on('close', (exitCode) => {
      if (partialLine.includes('budget <=')) budgetLines.push(partialLine);
      resolve({ file, exitCode, budgetLines, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const outcomes: BenchOutcome[] = [];
for (const { file, args } of BENCHES) {
  console.log(`\n=== bench/${file} ${args.join(' ')}`);
  outcomes.push(await runBench(file, args));
}

console.log('\n=== budgets');
let over = 0;
for (const outcome of outcomes) {
  const status = outcome.exitCode === 0 ? '' : `  (exited ${outcome.exitCode})`;
  console.log(`bench/${outcome.file}, ${outcome.seconds.toFixed(0)} s${status}`);
  for (const line of outcome.budgetLines) {
    console.log(`  ${line.trim()}`);
    if (line.includes(' OVER')) over++;
  }
}
const failed = outcomes.filter((outcome) => outcome.exitCode !== 0).length;
const total = outcomes.reduce((sum, outcome) => sum + outcome.budgetLines.length, 0);
console.log(`${total} budgeted figures, ${over} OVER${failed > 0 ? `, ${failed} bench(es) failed` : ''}`);
process.exitCode = over > 0 || failed > 0 ? 1 : 0;
