// Off-screen rows of a long vertical scroll skip style, layout and paint (CSS content-visibility:
// auto) until they come near the screen, or until the first input. Only where skipping cannot
// change a picture:
//   - a skipped row draws nothing inside the screen: its subtree cannot draw further outside its
//     box than the clip margin (no vertical offsets, no fixed heights around content, bounded
//     shadows), and Chromium draws every row within one and a half screens of the viewport;
//   - a skipped row's estimated size moves nothing on screen: the rows are the children of a
//     column packed at the top of its scroll (skipped rows follow every drawn one, see
//     SkippedRows), and the column's width is fixed, or follows its rows where nothing shows it;
//   - a drawn row looks the same although it is contained: left to right, it starts on a whole pixel;
//   - the estimated scroll extent is never used: the first touch, key or wheel that could scroll a
//     list (one aimed inside it), or a reveal, draws its rows not drawn yet before anything scrolls
//     (see page.ts and revealPrototypeNode).
// A show's first draw also leaves most such rows out of the DOM till the page is idle (withheld-rows.ts).
import type { RenderNode, ScrollNode } from '../runtime/model.ts';
import { SKIPPABLE_ROW_CLASS } from './a11y.ts';
import { ChildrenAnswers, SomeChild } from './children-answers.ts';
import type { ParentWidth, RenderEnv } from './env.ts';
import { alignmentAxes, hasCorners, withPropagatedFill } from './style-css.ts';

/** Node types whose drawing stays inside their box (popups, pagers and inner scrolls are left out). */
const CONTAINED_TYPES = new Set([
  'box', 'row', 'column', 'card', 'text', 'image', 'icon', 'spacer', 'divider', 'badge', 'switch', 'checkbox',
  'button', 'radioGroup', 'listItem', 'chip', 'iconButton', 'castButton', 'pasteButton', 'fab', 'progress', 'slider',
  'chart', 'map', 'videoPlayer', 'cameraPreview',
]);

/** Types drawing no content of their own that could outgrow a fixed size. */
const FIXED_SIZE_LEAVES = new Set(['image', 'icon', 'spacer', 'divider', 'progress']);

/** Shadows reach about 1.75 × elevation beyond the box; the clip margin (100vw) covers far more. */
const MAX_ELEVATION = 64;

const staysInside = new WeakMap<RenderNode, boolean>();

/** Whether nothing in this subtree can draw above or below its box by more than a shadow. */
export function drawsInsideBox(node: RenderNode): boolean {
  let inside = staysInside.get(node);
  if (inside === undefined) staysInside.set(node, (inside = ownDrawingInside(node) && childrenInside(node)));
  return inside;
}

function ownDrawingInside(node: RenderNode): boolean {
  if (!CONTAINED_TYPES.has(node.type) || node.animatesVisibility || node.anchor !== null) return false;
  const style = node.style;
  if (style.offset && style.offset.y !== 0) return false;
  if ((style.elevation ?? 0) > MAX_ELEVATION) return false;
  const fixesHeight = typeof style.height === 'object' || style.maxHeight !== undefined || style.aspectRatio !== undefined;
  return !fixesHeight || FIXED_SIZE_LEAVES.has(node.type);
}

function childrenInside(node: RenderNode): boolean {
  if (!('children' in node)) return true;
  return !childOutside.some(node.key, node.children);
}

const childOutside = new SomeChild<RenderNode>((child) => child.visible && !drawsInsideBox(child));

/** Rows that may skip rendering while off screen (only inside a scroll that allows it). */
const skippableRows = new WeakSet<RenderNode>();

export function isSkippableRow(node: RenderNode): boolean {
  return skippableRows.has(node);
}

/** The answers as shared objects: a context value that stays the same re-renders nothing. */
const PARENT_WIDTHS = new Map<string, ParentWidth>();

function parentWidth(definite: boolean, free: boolean, atStart: boolean, stretches: boolean, wholeStart: boolean): ParentWidth {
  const key = `${+definite}${+free}${+atStart}${+stretches}${+wholeStart}`;
  let shared = PARENT_WIDTHS.get(key);
  if (!shared) PARENT_WIDTHS.set(key, (shared = { definite, free, atStart, stretches, wholeStart }));
  return shared;
}

/** Whether anything shows a node's own box: a background, border, shadow, rounded clip or accessibility node. */
function showsOwnBox(node: RenderNode): boolean {
  const style = node.style;
  if (style.background || style.gradient || (style.border && style.border.width > 0) || style.elevation || style.shadows || style.effects || hasCorners(style.cornerRadius)) return true;
  return node.type === 'card' || node.testTag !== null || node.label !== null || node.tappable;
}

/** Whether a node's width is fixed whatever its content, or may follow its content unseen. */
function ownWidth(node: RenderNode, parent: ParentWidth): { definite: boolean; free: boolean } {
  const width = withPropagatedFill(node).width;
  const fixed = typeof width === 'object';
  const fillsParent = width === 'fill' || (parent.stretches && !fixed);
  const definite = fixed || (fillsParent && parent.definite);
  const followsUnseen = fillsParent ? parent.free : parent.atStart && (parent.definite || parent.free);
  // A child that fills would change with it (a scroll's one child is the content, checked on its own).
  const childrenUnmoved = width !== 'fill' || parent.stretches || node.type === 'scroll';
  return { definite, free: !definite && followsUnseen && childrenUnmoved && !showsOwnBox(node) };
}

/**
 * Whether, left to right, the node's children start on a whole pixel: the node itself does (placed
 * at its parent's start, not centred in a touch target, moved by whole pixels) and its start padding
 * is whole. Rows in a long list are contained while they may skip, and containment draws a row's
 * content from a whole pixel: a row starting between pixels would draw its text a little apart.
 */
function childrenStartWhole(node: RenderNode, parent: ParentWidth): boolean {
  const fillsParent = withPropagatedFill(node).width === 'fill' || parent.stretches;
  const placedAtStart = parent.wholeStart && (fillsParent || parent.atStart);
  return placedAtStart && !node.tappable && Number.isInteger(node.style.offset?.x ?? 0) && Number.isInteger(node.style.padding?.start ?? 0);
}

/** What a container (or vertical scroll) on the way to a vertical scroll means for its children. */
export function widthForChildren(node: RenderNode, parent: ParentWidth): ParentWidth {
  const own = ownWidth(node, parent);
  const wholeStart = childrenStartWhole(node, parent);
  if (node.type === 'scroll') return parentWidth(own.definite, own.free, false, true, wholeStart);
  const atStart = node.type !== 'row' && alignmentAxes(node.style.alignment ?? 'topStart').horizontal === 'start';
  return parentWidth(own.definite, own.free, atStart, false, wholeStart && node.type !== 'row');
}

/**
 * Whether this scroll's content rows may skip rendering while off screen; marks those rows, and
 * the lists among them (and the content itself) that draw their rows in chunks.
 * `parent`: how the scroll's parent sizes it (skipped rows count as zero wide, so the content's
 * width may follow them only where nothing shows it).
 */
export function skipsOffscreenRows(scroll: ScrollNode, env: Pick<RenderEnv, 'floating' | 'rtl' | 'insets'>, parent: ParentWidth): boolean {
  const content = scroll.child;
  // Right to left, a row's left edge depends on its width, and rarely falls on a whole pixel.
  if (scroll.axis !== 'vertical' || env.floating || env.rtl || !content || !content.visible) return false;
  if (!Object.values(env.insets).every((edges) => Number.isInteger(edges.start))) return false;
  const column = widthForChildren(content, widthForChildren(scroll, parent));
  const list = listRows(content, column);
  if (list === null) return false;
  if (drawsInChunks(list)) chunkedLists.add(content);
  else for (const row of list.rows) skippableRows.add(row);
  // A list one level down (the rows of a repeat inside the content column) is drawn in chunks too.
  for (const row of list.rows) {
    if (row.type !== 'column' || row.children.length <= CHUNK_ROWS) continue;
    const nested = listRows(row, widthForChildren(row, column));
    if (nested !== null && drawsInChunks(nested)) chunkedLists.add(row);
  }
  return true;
}

/** A list's visible rows, and whether one of them shares the list's height (a weight, a filled height). */
interface ListRows {
  rows: RenderNode[];
  sharesHeight: boolean;
}

/**
 * The visible rows of a column whose rows may skip rendering, or null: rows packed from the top,
 * each drawing inside its box, whose widths do not follow skipped rows. `width` is how the column
 * sizes its children (widthForChildren). One pass over the rows, which a long list makes at every
 * draw: what each row is comes from rowFacts.
 */
function listRows(column: RenderNode, width: ParentWidth): ListRows | null {
  if (column.type !== 'column' || column.animatesVisibility || column.anchor !== null) return null;
  const style = column.style;
  // Rows packed from the top: a free height, or an arrangement, would place them by the total.
  if (style.height !== undefined || style.minHeight !== undefined || (style.arrangement ?? 'start') !== 'start') return null;
  if (style.alignment !== undefined && !style.alignment.startsWith('top')) return null;
  if ((!width.definite && !width.free) || !width.atStart || !width.wholeStart) return null;
  return rowsAnswers.answer(column.key, column.children, (before, start) => {
    if (before === null || before.width !== width) return { width, list: rowsAfter(NO_ROWS, column.children, 0, width) };
    return { width, list: before.list === null ? null : rowsAfter(before.list, column.children, start, width) };
  }).list;
}

const rowsAnswers = new ChildrenAnswers<{ width: ParentWidth; list: ListRows | null }>();
const NO_ROWS: ListRows = { rows: [], sharesHeight: false };

/** `list` with the visible rows of `children` from `start` on added, or null when one may not skip. */
function rowsAfter(list: ListRows, children: readonly RenderNode[], start: number, width: ParentWidth): ListRows | null {
  if (start === children.length) return list;
  const rows = list.rows.slice();
  let sharesHeight = list.sharesHeight;
  for (let i = start; i < children.length; i++) {
    const row = children[i]!;
    if (!row.visible) continue;
    const facts = rowFacts(row);
    // A row that may draw outside its box must not be placed by estimated rows before it; one that
    // fills the column takes its width from the widest row, skipped ones included.
    if (!facts.drawsInside || (facts.fillsWidth && !width.definite)) return null;
    sharesHeight ||= facts.sharesHeight;
    rows.push(row);
  }
  return { rows, sharesHeight };
}

/**
 * Rows a chunk of a long list holds. A chunk skips rendering as one while off screen, so a change
 * of rows (ten more at the end) lays out the chunks and the one chunk that changed, not every row:
 * a flex column lays out each of its items again when one is added (3.5 ms at 1,000 rows).
 */
export const CHUNK_ROWS = 32;

/** Lists drawn in chunks of CHUNK_ROWS rows (see drawsRowsInChunks). */
const chunkedLists = new WeakSet<RenderNode>();

/** Whether a list of these rows is long enough for chunks, and a chunk would place them as the list does. */
function drawsInChunks(list: ListRows): boolean {
  // A weight or a filled height shares the list's own height, which a chunk does not have.
  return list.rows.length > CHUNK_ROWS && !list.sharesHeight;
}

/** What the list checks ask of each row, kept while the row's node stays. */
const rowFactsKept = new WeakMap<RenderNode, { fillsWidth: boolean; sharesHeight: boolean; drawsInside: boolean }>();

function rowFacts(row: RenderNode): { fillsWidth: boolean; sharesHeight: boolean; drawsInside: boolean } {
  let facts = rowFactsKept.get(row);
  if (facts === undefined) {
    const style = withPropagatedFill(row);
    facts = { fillsWidth: style.width === 'fill', sharesHeight: row.style.weight !== undefined || style.height === 'fill', drawsInside: drawsInsideBox(row) };
    rowFactsKept.set(row, facts);
  }
  return facts;
}

/** Whether this column draws its rows in chunks, each skipping rendering as one while off screen. */
export function drawsRowsInChunks(column: RenderNode): boolean {
  return chunkedLists.has(column);
}

/** A copy of a list with part of its rows (a first draw that withholds some) is drawn as the list is. */
export function drawnLikeList(part: RenderNode, list: RenderNode): void {
  if (chunkedLists.has(list)) chunkedLists.add(part);
}

/** Which lists an input could scroll, judged by their scroll element. */
export type ListScope = (scroll: Element) => boolean;

/** Every list: before a reveal, and for a key with nothing focused, which scrolls what the browser picks. */
export const EVERY_LIST: ListScope = () => true;

/** The lists an input aimed at `target` could scroll: the ones around it (a drag chains outward). */
export function listsAround(target: EventTarget | null): ListScope {
  if (!(target instanceof Node) || target === document || target === document.body || target === document.documentElement) return EVERY_LIST;
  return (scroll) => scroll.contains(target);
}

/** The class of a scroll whose rows may skip rendering. */
export const SKIP_ROWS_CLASS = 'ps-skip-rows';

function inListOf(row: Element, scope: ListScope): boolean {
  const scroll = row.closest(`.${SKIP_ROWS_CLASS}`);
  return scroll !== null && scope(scroll);
}

/**
 * Follows which rows Chromium skips, and draws the skipped ones when asked: before anything
 * scrolls their list (a row never drawn has only an estimated size), before a node is revealed (a
 * skipped row's nodes have no boxes), and when a drawn row follows a skipped one (a scroll starting
 * far above the screen would place it by that row's estimated height). Rows drawn at the time stay
 * as they are, so a touch changes nothing on screen. The rows are compared at the next frame, once
 * all of a frame's changes have been reported.
 */
export class SkippedRows {
  readonly #skipped = new WeakMap<Element, boolean>();
  readonly #skippedNow = new Set<Element>();
  readonly #lists = new Set<Element>();
  readonly #container: Element;

  constructor(container: Element) {
    this.#container = container;
    container.addEventListener('contentvisibilityautostatechange', (event) => {
      const row = event.target as Element;
      const skipped = (event as ContentVisibilityAutoStateChangeEvent).skipped;
      this.#skipped.set(row, skipped);
      if (skipped) this.#skippedNow.add(row);
      else this.#skippedNow.delete(row);
      if (this.#lists.size === 0) requestAnimationFrame(() => this.#checkLists());
      if (row.parentElement) this.#lists.add(row.parentElement);
    });
  }

  /** Draws the rows of the lists in `scope` that are skipped now or not laid out yet. */
  drawAll(scope: ListScope = EVERY_LIST): void {
    this.#drawSkipped(scope);
    for (const row of this.#container.querySelectorAll(`.${SKIPPABLE_ROW_CLASS}:not(.${DRAWN_ROW_CLASS})`)) {
      if (!this.#skipped.has(row) && inListOf(row, scope)) row.classList.add(DRAWN_ROW_CLASS);
    }
  }

  #drawSkipped(scope: ListScope): void {
    for (const row of this.#skippedNow) {
      if (row.isConnected && !inListOf(row, scope)) continue;
      if (row.isConnected) row.classList.add(DRAWN_ROW_CLASS);
      this.#skippedNow.delete(row);
    }
  }

  #checkLists(): void {
    // Rows of a window that is gone are forgotten.
    for (const row of this.#skippedNow) if (!row.isConnected) this.#skippedNow.delete(row);
    for (const list of this.#lists) if (drawnAfterSkipped(list.children, this.#skipped)) this.#drawSkipped(EVERY_LIST);
    this.#lists.clear();
  }
}

/** A row drawn whatever its distance from the screen. */
const DRAWN_ROW_CLASS = 'ps-draw';

function drawnAfterSkipped(rows: HTMLCollection, skipped: WeakMap<Element, boolean>): boolean {
  let skippedBefore = false;
  for (const row of rows) {
    const state = skipped.get(row);
    if (state === true) skippedBefore = true;
    else if (state === false && skippedBefore) return true;
  }
  return false;
}
