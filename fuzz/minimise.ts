/**
 * Shrinks a failing input to a small one that fails the same check: members and items are
 * removed, and containers replaced by one of their members, while the failure stays; text and
 * bytes lose ever smaller chunks. Bounded by a number of attempts.
 */
import type { FuzzInput } from './families.ts';
import { examine, type CheckName } from './oracle.ts';
import { Random } from './random.ts';

const MAX_ATTEMPTS = 400;
/** Key-order findings depend on the shuffle: a candidate counts when any of these shuffles shows it. */
const SHUFFLE_SEEDS = [1, 2, 3, 4];

export function minimise(input: FuzzInput, check: CheckName): FuzzInput {
  const budget = { left: MAX_ATTEMPTS };
  const fails = (candidate: FuzzInput) => {
    budget.left--;
    const seeds = check === 'key order' ? SHUFFLE_SEEDS : SHUFFLE_SEEDS.slice(0, 1);
    return seeds.some((seed) => examine(candidate, new Random(seed)).finding?.check === check);
  };
  if (input.form === 'value') return { form: 'value', value: shrinkValue(input.value, (value) => fails({ form: 'value', value }), budget) };
  if (input.form === 'text') return { form: 'text', text: shrinkSequence(input.text, (text) => fails({ form: 'text', text }), budget) };
  const bytes = shrinkSequence(Buffer.from(input.bytes).toString('latin1'), (text) => fails({ form: 'bytes', bytes: Buffer.from(text, 'latin1') }), budget);
  return { form: 'bytes', bytes: Buffer.from(bytes, 'latin1') };
}

type Path = Array<string | number>;

function shrinkValue(start: unknown, fails: (value: unknown) => boolean, budget: { left: number }): unknown {
  let current = start;
  for (let improved = true; improved && budget.left > 0; ) {
    improved = false;
    for (const path of memberPaths(current)) {
      if (budget.left <= 0) break;
      const candidate = [withoutMember(current, path), ...hoisted(current, path)].find((value) => value !== undefined && fails(value));
      if (candidate !== undefined) {
        current = candidate;
        improved = true;
        break;
      }
    }
  }
  return current;
}

/** Every member's path, shallow ones first, at most a few thousand. */
function memberPaths(root: unknown): Path[] {
  const paths: Path[] = [];
  const queue: Array<{ value: unknown; path: Path }> = [{ value: root, path: [] }];
  const seen = new Set<object>();
  while (queue.length > 0 && paths.length < 3000) {
    const { value, path } = queue.shift()!;
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
      paths.push([...path, key]);
      queue.push({ value: (value as Record<string | number, unknown>)[key], path: [...path, key] });
    }
  }
  return paths;
}

function at(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], root);
}

function withoutMember(root: unknown, path: Path): unknown {
  const copy = structuredClone(root);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown> | unknown[];
  const key = path[path.length - 1]!;
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key];
  return copy;
}

/** The spec with the container at `path` replaced by each of its members in turn (at most three). */
function hoisted(root: unknown, path: Path): unknown[] {
  const container = at(root, path);
  if (container === null || typeof container !== 'object') return [];
  return Object.values(container).slice(0, 3).map((member) => {
    if (path.length === 0) return structuredClone(member);
    const copy = structuredClone(root);
    (at(copy, path.slice(0, -1)) as Record<string | number, unknown>)[path[path.length - 1]!] = structuredClone(member);
    return copy;
  });
}

function shrinkSequence(start: string, fails: (text: string) => boolean, budget: { left: number }): string {
  let current = start;
  for (let chunk = Math.max(1, Math.floor(current.length / 2)); chunk >= 1 && budget.left > 0; chunk = Math.floor(chunk / 2)) {
    for (let from = 0; from < current.length && budget.left > 0; ) {
      const candidate = current.slice(0, from) + current.slice(from + chunk);
      if (fails(candidate)) current = candidate;
      else from += chunk;
    }
  }
  return current;
}
