/**
 * One fuzz campaign: inputs 0..count-1, input i from family i mod 7 with its own generator seeded
 * by (seed, i), so a run is the same whatever the number of workers. Stops at `count` inputs or
 * after `seconds`, whichever comes first. Each distinct finding is minimised once.
 */
import { compactJsonByteLength } from '../src/json/index.ts';
import { FAMILIES, type FuzzInput } from './families.ts';
import { minimise } from './minimise.ts';
import { examine, type CheckName } from './oracle.ts';
import { Random } from './random.ts';

export interface CampaignOptions {
  count: number;
  seconds: number;
  seed: number;
  /** A validator call longer than this is a finding ('slow'); Infinity turns it off. */
  slowMs: number;
  /** This worker takes the inputs i with i mod workers = worker. */
  worker?: number;
  workers?: number;
  onProgress?: (done: number) => void;
}

export interface Reported {
  family: string;
  check: CheckName;
  detail: string;
  /** The input number that showed it first: `npm run fuzz -- --seed S --only N` runs it again. */
  index: number;
  /** The minimised input, as JSON text or (for bytes) hex. */
  reproducer: string;
}

export interface CampaignResult {
  inputs: number;
  byFamily: Record<string, { inputs: number; findings: number }>;
  byCheck: Record<string, number>;
  /** One entry per distinct check and message. */
  reported: Reported[];
  slowest: { ms: number; family: string; index: number };
}

const MAX_REPORTED = 25;

export function inputAt(seed: number, index: number): { family: string; input: FuzzInput; random: Random } {
  const random = new Random(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
  const family = FAMILIES[index % FAMILIES.length]!;
  return { family: family.name, input: family.generate(random), random };
}

export function runCampaign(options: CampaignOptions): CampaignResult {
  const { worker = 0, workers = 1 } = options;
  const deadline = performance.now() + options.seconds * 1000;
  const result: CampaignResult = { inputs: 0, byFamily: {}, byCheck: {}, reported: [], slowest: { ms: 0, family: '', index: -1 } };
  for (const family of FAMILIES) result.byFamily[family.name] = { inputs: 0, findings: 0 };
  const seen = new Set<string>();
  for (let index = worker; index < options.count && performance.now() < deadline; index += workers) {
    const { family, input, random } = inputAt(options.seed, index);
    const { finding: found, slowestCallMs: ms } = examine(input, random, options.slowMs);
    result.inputs++;
    result.byFamily[family]!.inputs++;
    if (ms > result.slowest.ms) result.slowest = { ms, family, index };
    if (found !== null) {
      result.byFamily[family]!.findings++;
      result.byCheck[found.check] = (result.byCheck[found.check] ?? 0) + 1;
      const signature = `${found.check}\n${found.detail.replace(/\d+/g, 'N')}`;
      if (!seen.has(signature) && result.reported.length < MAX_REPORTED) {
        seen.add(signature);
        const small = found.check === 'slow' ? input : minimise(input, found.check);
        result.reported.push({ family, check: found.check, detail: found.detail, index, reproducer: describeInput(small) });
      }
    }
    if (result.inputs % 1000 === 0) options.onProgress?.(result.inputs);
  }
  return result;
}

export function describeInput(input: FuzzInput): string {
  if (input.form === 'bytes') return `bytes ${Buffer.from(input.bytes).toString('hex')}`;
  if (input.form === 'text') return `text ${JSON.stringify(input.text)}`;
  const size = compactJsonByteLength(input.value, 100_000);
  return size > 100_000 ? `value of more than 100000 bytes written out (shared objects)` : `value ${JSON.stringify(input.value)}`;
}

/** Adds one worker's result to another's. */
export function mergeResults(into: CampaignResult, from: CampaignResult): CampaignResult {
  into.inputs += from.inputs;
  for (const [family, counts] of Object.entries(from.byFamily)) {
    const target = (into.byFamily[family] ??= { inputs: 0, findings: 0 });
    target.inputs += counts.inputs;
    target.findings += counts.findings;
  }
  for (const [check, count] of Object.entries(from.byCheck)) into.byCheck[check] = (into.byCheck[check] ?? 0) + count;
  into.reported.push(...from.reported.slice(0, Math.max(0, MAX_REPORTED - into.reported.length)));
  if (from.slowest.ms > into.slowest.ms) into.slowest = from.slowest;
  return into;
}
