/**
 * `protostage conformance DIR`: runs a conformance corpus laid out as
 *   valid/*.json                 specs that must be accepted
 *   invalid/*.json               {spec, expectedPath}: rejected at exactly that path
 *   components/*.json            valid specs that use components
 *   components/invalid/*.json    {spec, expectedPath, expectedMessage}: path exact, message contains
 *   components/expand/*.json     {spec, expanded}: the components expand to exactly `expanded`
 * Prints one line per failure and closes with `N passed, N failed`; exit 1 on any failure.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { isDeepStrictEqual } from 'node:util';
import { expandComponents } from '../../expand/index.ts';
import { BASE_VOCABULARY_CAPABILITIES } from '../../protocol/constants.ts';
import { validatePrototypeSpec, type ValidationResult } from '../../validate/index.ts';

export const HELP = `Usage: protostage conformance DIR [--extended] [--paths-only]

Runs every case of a conformance corpus:
  DIR/valid/*.json               specs that must be accepted
  DIR/invalid/*.json             {"spec", "expectedPath"}: must be rejected at exactly that path
  DIR/components/*.json          valid specs that use components
  DIR/components/invalid/*.json  {"spec", "expectedPath", "expectedMessage"}: path exact, message contains
  DIR/components/expand/*.json   {"spec", "expanded"}: the spec's components expand to exactly "expanded"
Prints one line per failing case and ends with "N passed, N failed". Exit 0 when nothing failed,
1 when a case failed or the folder holds no cases, 2 on bad usage.

A corpus is judged as a device with the base vocabulary (seeds/000) judges it, as the shared
corpus is written: a spec that uses an extended feature (a pager's axis, a stack) is refused at
the path of its first one.
  --extended   judge with every feature the validator accepts (the web device's vocabulary),
               for corpora that use the extended one, such as test/fixtures/prototype-spec
  --paths-only judge components/invalid by the path alone, for a corpus whose expected messages
               are another implementation's wording
  -h, --help   this text`;

export const OPTIONS = { extended: { type: 'boolean' }, 'paths-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

export interface CaseOutcome {
  file: string;
  failure: string | null;
}

type Expectation = { kind: 'valid' } | { kind: 'invalid'; withMessage: boolean } | { kind: 'expand' };

export interface CorpusOptions {
  /** Judge `components/invalid` cases by their path alone. */
  pathsOnly?: boolean;
}

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    console.error(`protostage conformance: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(HELP);
    return 0;
  }
  const extended = parsed.values.extended === true;
  const [dir, ...extra] = parsed.positionals;
  if (!dir || extra.length > 0) {
    console.error(`protostage conformance: give exactly one DIR\n\n${HELP}`);
    return 2;
  }
  if (!existsSync(dir)) {
    console.error(`protostage conformance: no such directory ${dir}`);
    return 2;
  }
  const outcomes = runCorpus(dir, extended ? null : BASE_VOCABULARY_CAPABILITIES, { pathsOnly: parsed.values['paths-only'] === true });
  if (outcomes.length === 0) {
    console.error(`protostage conformance: ${dir} holds no cases: expected JSON files in valid/, invalid/, components/, components/invalid/ or components/expand/`);
    return 1;
  }
  for (const outcome of outcomes) if (outcome.failure) console.log(`FAIL ${outcome.file}: ${outcome.failure}`);
  const failed = outcomes.filter((outcome) => outcome.failure).length;
  console.log(`${outcomes.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

/**
 * Every case of the corpus at `dir` with its outcome, in folder then file-name order, judged as a
 * device advertising `vocabulary` would (null: everything the validator accepts).
 */
export function runCorpus(dir: string, vocabulary: ReadonlySet<string> | null = null, options: CorpusOptions = {}): CaseOutcome[] {
  const folders: Array<[string, Expectation]> = [
    ['valid', { kind: 'valid' }],
    ['invalid', { kind: 'invalid', withMessage: false }],
    ['components', { kind: 'valid' }],
    [join('components', 'invalid'), { kind: 'invalid', withMessage: options.pathsOnly !== true }],
    [join('components', 'expand'), { kind: 'expand' }],
  ];
  const outcomes: CaseOutcome[] = [];
  for (const [folder, expectation] of folders) {
    for (const file of jsonFiles(join(dir, folder))) {
      outcomes.push({ file: relative(dir, file), failure: runCase(readFileSync(file), expectation, vocabulary) });
    }
  }
  return outcomes;
}

function jsonFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(folder, entry.name))
    .sort();
}

/** Null when the case behaves as expected, else what went wrong. */
export function runCase(bytes: Uint8Array, expectation: Expectation, vocabulary: ReadonlySet<string> | null = null): string | null {
  if (expectation.kind === 'valid') {
    const result = judgeForDevice(bytes, vocabulary);
    return result.ok ? null : `expected valid, rejected at ${result.path}: ${result.message}`;
  }
  let wrapper: { spec?: unknown; expectedPath?: unknown; expectedMessage?: unknown; expanded?: unknown };
  try {
    wrapper = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    return `case file is not JSON (${(error as Error).message})`;
  }
  if (expectation.kind === 'expand') return runExpandCase(wrapper);
  if (typeof wrapper.expectedPath !== 'string' || !('spec' in wrapper)) return 'case file lacks "spec" or "expectedPath"';
  const result = judgeForDevice(JSON.stringify(wrapper.spec), vocabulary);
  if (result.ok) return `expected rejection at ${wrapper.expectedPath}, but the spec was accepted`;
  if (result.path !== wrapper.expectedPath) {
    return `expected path ${wrapper.expectedPath}, got ${result.path}: ${result.message}`;
  }
  if (expectation.withMessage && typeof wrapper.expectedMessage === 'string' && !result.message.includes(wrapper.expectedMessage)) {
    return `expected message containing "${wrapper.expectedMessage}", got "${result.message}"`;
  }
  return null;
}

/** An expansion case: the spec's components and uses expand to exactly `expanded`. */
function runExpandCase(wrapper: { spec?: unknown; expanded?: unknown }): string | null {
  if (!('spec' in wrapper) || !('expanded' in wrapper)) return 'case file lacks "spec" or "expanded"';
  const expansion = expandComponents(wrapper.spec);
  if (!expansion.ok) return `expected an expansion, refused at ${expansion.path}: ${expansion.message}`;
  if (!isDeepStrictEqual(expansion.value, wrapper.expanded)) {
    return `expanded to ${JSON.stringify(expansion.value)}, expected ${JSON.stringify(wrapper.expanded)}`;
  }
  return null;
}

/**
 * The validator's answer, and for a device advertising only `vocabulary` a refusal at the first
 * feature (in walk order) needing a capability outside it. Null vocabulary: the validator's answer.
 */
export function judgeForDevice(input: Uint8Array | string | unknown, vocabulary: ReadonlySet<string> | null): ValidationResult {
  const result = validatePrototypeSpec(input);
  if (!result.ok || vocabulary === null) return result;
  const missing = Object.entries(result.capabilityPaths).find(([capability]) => !vocabulary.has(capability));
  if (!missing) return result;
  const [capability, path] = missing;
  return { ok: false, path, message: `${path} needs ${capability}, which a device with the base vocabulary does not advertise` };
}
