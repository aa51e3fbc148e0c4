// flow, grid and carousel (seeds/001 "Flow and grid contract", "Carousel and pager indicator"):
// a row that wraps onto further lines, children placed row by row in columns, and a sideways
// scrolling row of fixed-width items that snaps to an item. Both keep every child in the hierarchy: a flow's lines
// past maxLines are clipped, not removed, and a grid never scrolls (wrap it in a scroll).
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { CarouselNode, FlowNode, GridNode } from '../../runtime/model.ts';
import { Frame, defaultA11y } from '../frame.tsx';
import { Node, type NodeProps } from '../node.tsx';
import { alignmentAxes } from '../style-css.ts';

const JUSTIFY = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;
const ARRANGEMENT = { start: 'flex-start', center: 'center', end: 'flex-end', spaceBetween: 'space-between', spaceAround: 'space-around', spaceEvenly: 'space-evenly' } as const;

function tapOf(node: FlowNode | GridNode | CarouselNode, env: NodeProps<FlowNode>['env']) {
  return node.tappable ? () => env.interact({ type: 'tap', key: node.key }) : null;
}

/** The gap between lines (rows) and between items: runSpacing, else spacing, for rows. */
function gaps(node: FlowNode | GridNode): string {
  const spacing = node.style.spacing ?? 0;
  return `${node.style.runSpacing ?? (node.type === 'grid' ? spacing : 0)}px ${spacing}px`;
}

export function Flow({ node, parent, env }: NodeProps<FlowNode>) {
  const lines = useRef<HTMLDivElement>(null);
  const axes = alignmentAxes(node.style.alignment ?? 'topStart');
  useLayoutEffect(() => {
    const element = lines.current;
    if (element && (node.maxLines !== null || element.style.maxHeight !== '')) clipToLines(element, node.maxLines);
  });
  const style = {
    justifyContent: node.style.arrangement ? ARRANGEMENT[node.style.arrangement] : JUSTIFY[axes.horizontal],
    alignItems: JUSTIFY[axes.vertical],
    gap: gaps(node),
  };
  return (
    <Frame env={env} node={node} parent={parent} class="ps-flow" a11y={defaultA11y(node, node.tappable ? 'Button' : null)} onTap={tapOf(node, env)}>
      <div ref={lines} class="ps-flow-lines" style={style}>
        {node.children.map((child) => <Node key={child.key} node={child} parent="plain" />)}
      </div>
    </Frame>
  );
}

/** Clips a flow after its `maxLines`-th line (its children keep their places beyond the clip). */
function clipToLines(element: HTMLElement, maxLines: number | null): void {
  element.style.maxHeight = '';
  if (maxLines === null) return;
  const tops: number[] = [];
  let bottom = 0;
  for (const child of Array.from(element.children) as HTMLElement[]) {
    const top = child.offsetTop;
    if (!tops.includes(top)) tops.push(top);
    if (tops.length > maxLines) {
      element.style.maxHeight = `${bottom}px`;
      return;
    }
    bottom = Math.max(bottom, top + child.offsetHeight);
  }
}

export function Grid({ node, parent, env }: NodeProps<GridNode>) {
  const cells = useRef<HTMLDivElement>(null);
  const axes = alignmentAxes(node.style.alignment ?? 'topStart');
  const template = typeof node.columns === 'number'
    ? `repeat(${node.columns}, minmax(0, 1fr))`
    : `repeat(auto-fill, minmax(min(100%, ${node.columns.minWidth}px), 1fr))`;
  // A span is clamped to the columns there are; with minWidth columns that count is the layout's.
  const minWidth = typeof node.columns === 'number' ? null : node.columns.minWidth;
  const spacing = node.style.spacing ?? 0;
  useLayoutEffect(() => {
    const element = cells.current;
    if (!element || minWidth === null) return;
    const clamp = () => clampSpans(element, node.spans, minWidth, spacing);
    clamp();
    const observer = new ResizeObserver(clamp);
    observer.observe(element);
    return () => observer.disconnect();
  }, [node.spans, minWidth, spacing]);
  const fixed = typeof node.columns === 'number' ? node.columns : Infinity;
  return (
    <Frame env={env} node={node} parent={parent} class="ps-grid" a11y={defaultA11y(node, node.tappable ? 'Button' : null)} onTap={tapOf(node, env)}>
      <div ref={cells} class="ps-grid-cells" style={{ gridTemplateColumns: template, gap: gaps(node) }}>
        {node.children.map((child, index) => (
          <div key={child.key} class="ps-grid-cell" style={{ gridColumn: `span ${Math.min(node.spans[index] ?? 1, fixed)}`, justifyItems: axes.horizontal, alignItems: axes.vertical }}>
            <Node node={child} parent="box" />
          </div>
        ))}
      </div>
    </Frame>
  );
}

/**
 * Every variant draws fixed-width items (itemWidth dp, itemSpacing apart) in a row that scrolls
 * sideways and snaps: to an item's start for multiBrowse and uncontained, to its centre for hero.
 * Items in view are observable and tappable; the others are scrolled out of view.
 */
export function Carousel({ node, parent, env }: NodeProps<CarouselNode>) {
  const snap = node.variant === 'hero' ? 'center' : 'start';
  return (
    <Frame env={env} node={node} parent={parent} class={`ps-carousel ps-carousel-${node.variant}`} base={{ gap: `${node.itemSpacing}px` }} a11y={defaultA11y(node, null)} onTap={tapOf(node, env)}>
      {node.children.map((child) => (
        <div key={child.key} class="ps-carousel-item" style={{ flex: `0 0 ${node.itemWidth}px`, width: `${node.itemWidth}px`, scrollSnapAlign: snap }}>
          <Node node={child} parent="box" />
        </div>
      ))}
    </Frame>
  );
}

/** The columns of at least `minWidth` that fit (as auto-fill counts them), and each span kept within them. */
function clampSpans(element: HTMLElement, spans: readonly number[], minWidth: number, gap: number): void {
  const count = Math.max(1, Math.floor((element.clientWidth + gap) / (minWidth + gap)));
  (Array.from(element.children) as HTMLElement[]).forEach((cell, index) => {
    cell.style.gridColumn = `span ${Math.min(spans[index] ?? 1, count)}`;
  });
}
