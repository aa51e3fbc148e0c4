// The lazy list (prototype_lazy_list_v1): a vertical list that scrolls itself and draws only the
// rows near its viewport, measuring each drawn row (TanStack Virtual keeps the sizes by row key).
// Across data writes the first row on screen keeps its place, at the same offset, even when rows
// are prepended above it; a row that went leaves the scroll where it was.
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'preact/hooks';
import { Virtualizer, defaultRangeExtractor, elementScroll, observeElementOffset, observeElementRect, measureElement } from '@tanstack/virtual-core';
import type { LazyListNode, RenderNode } from '../../runtime/model.ts';
import { isOverlayType } from '../../runtime/tree.ts';
import { Frame, defaultA11y } from '../frame.tsx';
import { Node, type NodeProps } from '../node.tsx';
import { registerList, type ListTarget } from '../list-registry.ts';

/** Rows drawn beyond each edge of the viewport, so a fling shows drawn rows. */
const OVERSCAN_ROWS = 6;
/** A row's height before it is drawn and measured (a one-line list item). */
const ESTIMATED_ROW_DP = 56;

/** The first row (not header or footer) on screen, and how far the viewport starts below its top. */
interface Anchor {
  key: string;
  offset: number;
}

export function LazyList({ node, parent, env }: NodeProps<LazyListNode>) {
  const track = useRef<HTMLDivElement>(null);
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const anchor = useRef<Anchor | null>(null);
  const keys = useRef(node.itemKeys);
  const current = useRef(node);
  current.current = node;
  const virtualizer = useMemo(
    () =>
      new Virtualizer<HTMLElement, HTMLElement>({
        count: 0,
        getScrollElement: () => track.current?.parentElement ?? null,
        estimateSize: () => ESTIMATED_ROW_DP,
        scrollToFn: elementScroll,
        observeElementRect,
        observeElementOffset,
        measureElement,
        initialRect: { width: innerWidth, height: innerHeight },
        onChange: () => redraw(0),
      }),
    [],
  );
  // A row whose template holds an open overlay (a dialog, a sheet) is drawn wherever it is, so the
  // overlay shows even when the row is scrolled far away.
  const holdingOverlays = useMemo(() => rowsHoldingOpenOverlays(node), [node.children]);
  virtualizer.setOptions({
    ...virtualizer.options,
    count: node.children.length,
    getItemKey: (index) => current.current.itemKeys[index] ?? index,
    overscan: OVERSCAN_ROWS,
    gap: node.style.spacing ?? 0,
    rangeExtractor: (range) => withRows(defaultRangeExtractor(range), holdingOverlays),
  });

  useLayoutEffect(() => {
    const unmount = virtualizer._didMount();
    // The anchor follows the person's scrolling; a render with new rows reads it as it was before.
    const scroller = track.current!.parentElement!;
    const follow = () => (anchor.current = firstRowOnScreen(virtualizer, current.current));
    scroller.addEventListener('scroll', follow, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', follow);
      unmount();
    };
  }, []);
  useLayoutEffect(() => {
    virtualizer._willUpdate();
    if (keys.current !== node.itemKeys) {
      keys.current = node.itemKeys;
      keepAnchor(virtualizer, node, anchor.current);
    }
    anchor.current = firstRowOnScreen(virtualizer, node);
  });
  useEffect(() => registerList(listTarget(virtualizer, current)), []);

  const items = virtualizer.getVirtualItems();
  const lead = node.hasHeader ? 1 : 0;
  return (
    <Frame env={env} node={node} parent={parent} a11y={listA11y(node)}>
      <div ref={track} class="ps-lazy-track" style={{ height: `${virtualizer.getTotalSize()}px` }}>
        {items.map((item) => (
          <div key={item.key} class="ps-lazy-row" data-index={item.index} data-ps-row={isRow(node, item.index) ? item.index - lead : undefined} ref={virtualizer.measureElement} style={{ transform: `translateY(${item.start}px)` }}>
            <Node node={node.children[item.index]!} parent="column" />
          </div>
        ))}
      </div>
    </Frame>
  );
}

function rowsHoldingOpenOverlays(node: LazyListNode): number[] {
  const holds = (rendered: RenderNode): boolean =>
    (isOverlayType(rendered.type) && (rendered as { open?: boolean }).open === true) ||
    ('children' in rendered && rendered.children.some(holds)) ||
    ('child' in rendered && rendered.child !== null && holds(rendered.child));
  return node.children.flatMap((child, index) => (holds(child) ? [index] : []));
}

function withRows(drawn: number[], more: readonly number[]): number[] {
  if (more.length === 0) return drawn;
  return [...new Set([...drawn, ...more])].sort((a, b) => a - b);
}

function isRow(node: LazyListNode, index: number): boolean {
  return !(node.hasHeader && index === 0) && !(node.hasFooter && index === node.children.length - 1);
}

function rowCount(node: LazyListNode): number {
  return node.children.length - (node.hasHeader ? 1 : 0) - (node.hasFooter ? 1 : 0);
}

function firstRowOnScreen(virtualizer: Virtualizer<HTMLElement, HTMLElement>, node: LazyListNode): Anchor | null {
  const top = virtualizer.scrollOffset ?? 0;
  const item = virtualizer.getVirtualItems().find((candidate) => isRow(node, candidate.index) && candidate.end > top);
  return item ? { key: String(item.key), offset: top - item.start } : null;
}

/** After the rows changed: scrolls so the anchored row is where it was, if it is still there. */
function keepAnchor(virtualizer: Virtualizer<HTMLElement, HTMLElement>, node: LazyListNode, anchor: Anchor | null): void {
  if (anchor === null) return;
  const index = node.itemKeys.indexOf(anchor.key);
  if (index < 0) return;
  // Rows drawn in this very commit are measured already; the offset counts their real sizes.
  const start = virtualizer.getOffsetForIndex(index, 'start')?.[0];
  if (start !== undefined) virtualizer.scrollToOffset(start + anchor.offset);
}

/** Every list is an accessibility node, reporting its row count (observe adds the rows on screen). */
function listA11y(node: LazyListNode) {
  const info = defaultA11y(node, null) ?? { id: node.key, testTag: null, role: null, text: null };
  return { ...info, listRows: rowCount(node) };
}

/** Lets a tap or type find a row not drawn: scrolls to the first row whose subtree matches. */
function listTarget(virtualizer: Virtualizer<HTMLElement, HTMLElement>, node: { current: LazyListNode }): ListTarget {
  return {
    reveal(target) {
      const index = node.current.children.findIndex((child) => subtreeMatches(child, target));
      if (index < 0) return false;
      virtualizer.scrollToIndex(index, { align: 'auto' });
      return true;
    },
  };
}

function subtreeMatches(node: RenderNode, target: { testTag: string } | { text: string }): boolean {
  if (!node.visible) return false;
  if ('testTag' in target ? node.testTag === target.testTag : node.label === target.text) return true;
  return 'children' in node && node.children.some((child) => subtreeMatches(child, target));
}
