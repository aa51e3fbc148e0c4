// The lazy lists on screen, so a tap or type aimed at a row they have not drawn can scroll to it.
import type { NodeTarget } from './a11y.ts';

export interface ListTarget {
  /** Scrolls to the first row whose nodes match, if any; returns whether one did. */
  reveal(target: NodeTarget): boolean;
}

const lists = new Set<ListTarget>();

/** Adds a mounted list; the returned function removes it. */
export function registerList(list: ListTarget): () => void {
  lists.add(list);
  return () => lists.delete(list);
}

/** Scrolls every list holding a matching row not drawn yet; returns whether any did. */
export function revealInLists(target: NodeTarget): boolean {
  let revealed = false;
  for (const list of lists) revealed = list.reveal(target) || revealed;
  return revealed;
}
