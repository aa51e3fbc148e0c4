// The example prototypes in examples/: what the README, the gallery and the determinism test show.
import { readFileSync, readdirSync } from 'node:fs';

export const EXAMPLES_DIR = new URL('../../examples/', import.meta.url);

/** File names of every example spec, sorted. */
export function exampleNames(): string[] {
  return readdirSync(EXAMPLES_DIR).filter((name) => name.endsWith('.json')).sort();
}

export function readExample(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, EXAMPLES_DIR), 'utf8'));
}
