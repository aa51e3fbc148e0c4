/**
 * Shared elements after the walk (seeds/001 "Shared elements"): every key resolved (a repeat
 * template's key once per row), at most two nodes per key (one on each side of the morph), both in
 * one layer (not across a dialog or bottom sheet), at most MAX_PROTOTYPE_SHARED_KEYS keys in all;
 * and each push or replace `source` naming exactly one shared node inside the target stack. A glass
 * surface's key inside an ios.glassGroup is a glass ID instead: unique within its nearest group and
 * never a visibility pair's key.
 */
import { limits } from '../contract/index.ts';
import { spellPath } from '../expand/path.ts';
import { reject } from './rejection.ts';
import { bindForItem } from './repeat.ts';
import type { SharedRecord, StackReference } from './walker.ts';

/** One resolved shared key: a node's key, or one row's of a repeat template. */
export interface ResolvedKey {
  key: string;
  record: SharedRecord;
}

/** Every shared key the records resolve to, in order (a template's once per row). */
export function resolveSharedKeys(records: readonly SharedRecord[]): ResolvedKey[] {
  return records.flatMap((record) => {
    const template = record.template;
    if (template === null) return [{ key: record.key, record }];
    return template.items.map((_, index) => ({ key: String(bindForItem(record.key, template, index)), record }));
  });
}

/** A glass surface's key inside an ios.glassGroup names its glass (a glass ID), not a morph pair. */
function isGlassId(record: SharedRecord): boolean {
  return record.glass && record.glassGroup !== null;
}

export function checkSharedElements(resolved: readonly ResolvedKey[]): void {
  checkGlassIds(resolved);
  const byKey = new Map<string, SharedRecord[]>();
  for (const { key, record } of resolved) {
    if (isGlassId(record)) continue;
    const path = spellPath(record.path);
    const holders = byKey.get(key) ?? [];
    if (holders.includes(record)) reject(path, `Two rows of one repeat resolve to the shared key ${JSON.stringify(key)}; their repeat keys must differ`);
    if (holders.length === 2) reject(path, `The shared key ${JSON.stringify(key)} is on a third node (${spellPath(holders[0]!.path)}, ${spellPath(holders[1]!.path)}); a key pairs two nodes`);
    if (holders.length === 1 && holders[0]!.layer !== record.layer) {
      reject(path, `The nodes sharing ${JSON.stringify(key)} are on two sides of a dialog or bottom sheet (${holders[0]!.layer ?? spellPath(holders[0]!.path)}); a pair morphs within one layer`);
    }
    if (holders.length === 0 && byKey.size === limits.sharedKeys) reject(path, `Shared key limit exceeded: a spec resolves at most ${limits.sharedKeys} shared keys (rows of a repeat count one each)`);
    byKey.set(key, [...holders, record]);
  }
}

/**
 * Glass IDs (seeds/001 "Glass and scroll edges"): unique within their nearest glass group (each
 * repeat row's once resolved), and never the key of a visibility pair.
 */
function checkGlassIds(resolved: readonly ResolvedKey[]): void {
  const pairKeys = new Map<string, SharedRecord>();
  for (const { key, record } of resolved) if (!isGlassId(record) && !pairKeys.has(key)) pairKeys.set(key, record);
  const seen = new Map<string, SharedRecord>();
  for (const { key, record } of resolved) {
    if (!isGlassId(record)) continue;
    const path = spellPath(record.path);
    const pair = pairKeys.get(key);
    if (pair) reject(path, `The glass ID ${JSON.stringify(key)} is also the shared key of ${spellPath(pair.path)}, which morphs as a pair; give the glass another key`);
    const inGroup = `${record.glassGroup}\u0000${key}`;
    const other = seen.get(inGroup);
    if (other) reject(path, `The glass ID ${JSON.stringify(key)} is used twice in the glass group ${record.glassGroup} (${other === record ? 'two rows of one repeat' : spellPath(other.path)}); glass IDs are unique within their group`);
    seen.set(inGroup, record);
  }
}

/** A zoom's source: one shared node (by resolved key) inside the stack the action changes. */
export function checkStackSources(resolved: readonly ResolvedKey[], references: readonly StackReference[]): void {
  for (const reference of references) {
    if (reference.source === null) continue;
    const matches = resolved.filter(({ key, record }) => key === reference.source && record.stacks.includes(reference.id)).length;
    if (matches !== 1) {
      const path = spellPath([...reference.path.slice(0, -1), 'source']);
      reject(path, `source ${JSON.stringify(reference.source)} names ${matches === 0 ? 'no' : matches} shared node${matches === 1 ? '' : 's'} in stack ${JSON.stringify(reference.id)}; it names the sharedKey of exactly one node in its screens, where the zoom grows from`);
    }
  }
}
