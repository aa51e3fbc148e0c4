/**
 * The functions that took the most time in a V8 CPU profile (`node --cpu-prof`), by self time and
 * by total time, so a profile reads in a terminal:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/runtime.ts
 *   npx tsx bench/top.ts /tmp/prof/*.cpuprofile [--top 25] [--match src/]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, match: { type: 'string', default: '' } } });
if (positionals.length === 0) {
  console.error('usage: tsx bench/top.ts FILE.cpuprofile… [--top N] [--match TEXT]');
  process.exit(2);
}

// `| head` closes the pipe early; that ends the summary, it is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

for (const file of positionals) summarize(file, Number(values.top), values.match ?? '');

function summarize(file: string, top: number, match: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    all += micros;
    const seen = new Set<string>();
    for (let at: number | undefined = id, first = true; at !== undefined; at = parent.get(at), first = false) {
      const name = frameName(byId.get(at)!);
      if (first) self.set(name, (self.get(name) ?? 0) + micros);
      if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + micros);
      seen.add(name);
    }
  });
  console.log(`${file}: ${(all / 1000).toFixed(0)} ms sampled`);
  print('self', self, all, top, match);
  print('total', total, all, top, match);
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url === '' ? '' : ` ${url.replace(/^file:\/\/.*?\/(src|bench|node_modules)\//, '$1/')}:${lineNumber + 1}`;
  return `${functionName || '(anonymous)'}${where}`;
}

function print(title: string, times: Map<string, number>, all: number, top: number, match: string): void {
  console.log(`  by ${title} time:`);
  const rows = [...times].filter(([name]) => name.includes(match)).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, micros] of rows) console.log(`  ${((100 * micros) / all).toFixed(1).padStart(6)}%  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
}
