// A long list whose rows may skip rendering (offscreen.ts) also leaves most of them out of the
// first draw of a show: it builds the rows of its first screens, and the rest in the page's idle
// moments from a little after the show, or at once when something needs them (a touch, a key or
// a wheel that could scroll it, before anything scrolls; a reveal: drawWithheldRows). Nothing on
// screen differs: the rows left out start more than DRAWN_SCREENS screens below the list's
// visible top, below the window's bottom edge, and the list is at least that tall without them,
// so nothing beside it moves.
import type { Ref } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { RenderNode } from '../runtime/model.ts';
import { drawnLikeList, EVERY_LIST, type ListScope } from './offscreen.ts';
import { flushRenders } from './render-queue.ts';

/** A quarter of a screen past the window's bottom edge for a list at the top (2.5 drew twice the
 *  rows of a 2,000-node list in a show, for rows no one sees: 5–6 ms of its show → settled). */
const DRAWN_SCREENS = 1.25;
/** The height of a touch target: rows at least this tall reach DRAWN_SCREENS in the first draw. */
const ROW_HEIGHT_GUESS = 48;
/** Rows added in each idle moment after that, so no one step keeps the page busy for long. */
const IDLE_ROWS = 60;
/**
 * The first idle step waits this long after the show: a show that follows at once (an agent's next
 * version of the screen) replaces the list before it built rows nobody saw, and does not wait for
 * them to be built and taken down.
 */
const FIRST_IDLE_STEP_DELAY_MS = 300;
/** At the latest this long after the last step the next one runs, idle or not. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * The window's height, read when the window changes: a list reads it while a draw has the DOM half
 * built, and reading innerHeight then lays out the whole page first (0.7 ms of a 2,000-node show).
 */
let windowHeight = typeof window === 'object' ? innerHeight : 0;
if (typeof window === 'object') addEventListener('resize', () => (windowHeight = innerHeight));

/** Rows a list draws first; more, twice as many each time, till they reach DRAWN_SCREENS. */
function firstRows(): number {
  return Math.ceil((DRAWN_SCREENS * windowHeight) / ROW_HEIGHT_GUESS);
}

/** What draws the rest of each list that holds rows back, with the list's scroll element. */
const withholding = new Map<() => void, () => Element | null>();

/** Column nodes whose change of rows is a withheld part coming in: no size animation for them. */
const quietColumns = new WeakSet<RenderNode>();

/** Whether this column's rows changed only because withheld rows came in (or were left out). */
export function growsQuietly(node: RenderNode): boolean {
  return quietColumns.has(node);
}

/** Draws every row the lists in `scope` still withhold, now. */
export function drawWithheldRows(scope: ListScope = EVERY_LIST): void {
  let released = false;
  for (const [release, scroll] of [...withholding]) {
    const element = scroll();
    if (element !== null && !scope(element)) continue;
    release();
    released = true;
  }
  if (released) flushRenders();
}

/**
 * The content a scroll draws: while it may skip rows (`skips`) and the show's first draw withholds
 * some, a copy of the column with its first rows; and a probe to put after it (a <template>, which
 * takes no room) by which the list measures how far its rows reach.
 */
export function useWithheldRows(content: RenderNode, skips: boolean): { drawn: RenderNode; probe: Ref<HTMLTemplateElement> | null } {
  const [limit, setLimit] = useState(firstRows);
  // Only the first draw of a show withholds: once every row is in, the list draws as any other.
  const phase = useRef<'first' | 'withheld' | 'done'>('first');
  const probe = useRef<HTMLTemplateElement>(null);
  const rows = content.type === 'column' ? content.children : null;
  const withholds = phase.current !== 'done' && skips && rows !== null && limit < rows.length;
  if (withholds) phase.current = 'withheld';
  else {
    if (phase.current === 'withheld') quietColumns.add(content);
    phase.current = 'done';
  }
  const drawn = useMemo(() => {
    if (!withholds || rows === null) return content;
    const part = { ...content, children: rows.slice(0, limit) } as RenderNode;
    quietColumns.add(part);
    drawnLikeList(part, content);
    return part;
  }, [content, limit, withholds]);
  // Till the drawn rows reach far enough, each draw measures them and doubles them if short; then
  // each idle moment adds some, and anything that needs them all draws them at once.
  const reached = useRef(false);
  useLayoutEffect(() => {
    if (!withholds) return;
    if (!reached.current && !reachesFarEnough(probe.current)) {
      setLimit(limit * 2);
      return;
    }
    const firstIdleStep = !reached.current;
    reached.current = true;
    const release = () => setLimit(Infinity);
    withholding.set(release, () => probe.current?.parentElement ?? null);
    let idle = 0;
    const askForIdleStep = () => {
      idle = requestIdleCallback(() => setLimit(limit + IDLE_ROWS), { timeout: IDLE_TIMEOUT_MS });
    };
    const delay = firstIdleStep ? setTimeout(askForIdleStep, FIRST_IDLE_STEP_DELAY_MS) : undefined;
    if (!firstIdleStep) askForIdleStep();
    return () => {
      withholding.delete(release);
      clearTimeout(delay);
      cancelIdleCallback(idle);
    };
  }, [withholds, limit]);
  return { drawn, probe: withholds ? probe : null };
}

/** Whether the drawn rows (before the probe) reach DRAWN_SCREENS screens below the list's visible top. */
function reachesFarEnough(probe: HTMLTemplateElement | null): boolean {
  const scroll = probe?.parentElement;
  const drawn = probe?.previousElementSibling;
  if (!scroll || !drawn) return true;
  const visibleTop = Math.max(scroll.getBoundingClientRect().top, 0);
  return drawn.getBoundingClientRect().bottom - visibleTop >= DRAWN_SCREENS * windowHeight;
}
