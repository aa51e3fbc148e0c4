/**
 * The valid specs the mutating families start from: the examples, the valid fixtures and, when
 * the public conformance corpus sits beside the checkout, its valid specs. Each comes as its text
 * and its parsed value; only specs the validator accepts are kept.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validatePrototypeSpec } from '../src/validate/index.ts';

export interface Seed {
  name: string;
  text: string;
  value: unknown;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function jsonFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(folder, name));
}

function corpusFolders(): string[] {
  const conformance = join(ROOT, '..', 'shared', 'conformance');
  const suites = existsSync(conformance) ? readdirSync(conformance).sort().map((suite) => join(conformance, suite)) : [];
  return [
    join(ROOT, 'examples'),
    join(ROOT, 'test', 'fixtures', 'prototype-spec', 'valid'),
    ...suites.flatMap((suite) => [join(suite, 'valid'), join(suite, 'components')]),
  ];
}

let loaded: Seed[] | null = null;

export function loadCorpus(): Seed[] {
  loaded ??= corpusFolders()
    .flatMap(jsonFiles)
    .map((file) => ({ name: file.slice(ROOT.length), text: readFileSync(file, 'utf8') }))
    .filter((seed) => validatePrototypeSpec(seed.text).ok)
    .map((seed) => ({ ...seed, value: JSON.parse(seed.text) }));
  return loaded;
}
