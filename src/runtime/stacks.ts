/**
 * Navigation stacks: each stack node holds an ordered list of its screen names, the first the
 * root and the last the screen on top. The four navigation actions change one stack's list; a
 * change that would do nothing (a pop of the root alone, a push of a screen already in the stack,
 * a push onto a full stack) changes and emits nothing. How the change was made (the transition)
 * is kept by the session for the renderer only; the lists are what events, status and inspect
 * report.
 */
import type { NodeOfType, SourcedTransition } from '../spec/index.ts';
import { limits } from '../spec/vocabulary.ts';
import type { TreeNode } from './tree.ts';

export type StackOp = 'push' | 'pop' | 'replace' | 'popToRoot';

/** One stack action as the runtime runs it (an edge-swipe pop arrives as a pop with no transition of its own). */
export interface StackAction {
  type: StackOp;
  stack: string;
  screen?: string;
  transition?: SourcedTransition;
  /** push / replace: the shared key a zoom grows the screen from. */
  source?: string;
}

/** How the last change of a stack was made: the renderer animates it once per serial. */
export interface Navigation {
  serial: number;
  op: StackOp;
  /** The transition to draw: the action's override, else the stack's screenTransition, else platform. */
  transition: SourcedTransition;
  /** A zoom's source: the shared key of the node the screen grows from; null otherwise. */
  source: string | null;
}

/** A stack's id (always present in a validated spec). */
export function stackId(node: NodeOfType<'stack'>): string {
  return node.id ?? '';
}

/** The screen names of a stack node, in authored order (tree children follow this order). */
export function screenNames(node: NodeOfType<'stack'>): string[] {
  return Object.keys(node.screens);
}

/** The screen list after `action`, or null when it changes nothing. */
export function nextEntries(entries: readonly string[], action: StackAction): string[] | null {
  const top = entries[entries.length - 1];
  switch (action.type) {
    case 'push':
      if (entries.includes(action.screen!) || entries.length >= limits.stackDepth) return null;
      return [...entries, action.screen!];
    case 'pop':
      return entries.length > 1 ? entries.slice(0, -1) : null;
    case 'replace':
      if (top === action.screen || entries.includes(action.screen!)) return null;
      return [...entries.slice(0, -1), action.screen!];
    case 'popToRoot':
      return entries.length > 1 ? entries.slice(0, 1) : null;
  }
}

/** The entries a stack starts with: those kept from a same-id show that still name screens, else the initial screen. */
export function initialEntries(node: NodeOfType<'stack'>, kept: readonly string[] | undefined): string[] {
  const names = new Set(screenNames(node));
  const surviving = (kept ?? []).filter((name) => names.has(name));
  return surviving.length > 0 ? surviving : [node.initial];
}

/** How deep a node sits (the root is 0). */
export function treeDepth(node: TreeNode): number {
  let depth = 0;
  for (let current = node.parent; current; current = current.parent) depth++;
  return depth;
}

/** A plain record of every stack's entries, for events, status and inspect. */
export function stacksRecord(stacks: ReadonlyMap<string, readonly string[]>): Record<string, string[]> {
  const record: Record<string, string[]> = {};
  for (const [id, entries] of stacks) record[id] = [...entries];
  return record;
}
