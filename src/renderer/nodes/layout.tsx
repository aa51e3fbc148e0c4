// Layout and content nodes: box, row, column, card, scroll, pager, text, image, icon, spacer,
// divider and badge.
import { createContext, type Component, type ComponentChildren } from 'preact';
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type {
  BadgeNode, CardNode, ContainerNode, DividerNode, IconNode, ImageNode, PagerNode, RenderNode, ScrollNode,
  SpacerNode, SpanView, TextNode,
} from '../../runtime/model.ts';
import { SomeChild } from '../children-answers.ts';
import { DragGuard, ParentWidthContext, UNKNOWN_WIDTH, type RenderEnv } from '../env.ts';
import { Frame, defaultA11y } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { Node, type NodeProps } from '../node.tsx';
import { cssText, grownAxes, OBJECT_FIT, textCss } from '../style-css.ts';
import { useAssetUrl, useImageLoad } from '../loading.ts';
import { CHUNK_ROWS, drawsRowsInChunks, SKIP_ROWS_CLASS, skipsOffscreenRows, widthForChildren } from '../offscreen.ts';
import { SKIPPABLE_ROW_CLASS } from '../a11y.ts';
import { useWithheldRows } from '../withheld-rows.ts';
import { PullToRefresh } from './refresh.tsx';
import { ScrollFades, useImageFilter } from '../polish.tsx';
import { useImageZoom } from '../zoom.ts';
import { IconEffect } from '../icon-effects.tsx';
import { TransitionText } from '../content-transition.tsx';

/** What a tap on a plain node does: run its onTap list, if it has one. */
function nodeTap(node: RenderNode, env: RenderEnv) {
  return node.tappable ? () => env.interact({ type: 'tap', key: node.key }) : null;
}

/** A container's children, handed to its element as they are (no component or fragment of their own). */
function childNodes(nodes: RenderNode[], parent: 'row' | 'column' | 'box') {
  return nodes.map((child) => <Node key={child.key} node={child} parent={parent} />);
}

/** A long list's rows in chunks of CHUNK_ROWS (see offscreen.ts); a chunk is keyed by its first row's place. */
function rowChunks(nodes: RenderNode[]) {
  const chunks = [];
  for (let start = 0; start < nodes.length; start += CHUNK_ROWS) chunks.push(<RowChunk key={start} rows={nodes.slice(start, start + CHUNK_ROWS)} />);
  return chunks;
}

type RowChunkProps = { rows: RenderNode[] };

/** Re-render a chunk only when one of its rows is a new node: the other chunks of a long list make no elements for their rows. */
function chunkChanged(this: Component<RowChunkProps>, next: RowChunkProps): boolean {
  const before = this.props.rows;
  return next.rows.length !== before.length || next.rows.some((row, index) => row !== before[index]);
}

/** A flex column inside the list's own column, with its gap and alignment; it skips rendering as one row. */
function RowChunk(this: Component<RowChunkProps>, { rows }: RowChunkProps) {
  this.shouldComponentUpdate = chunkChanged;
  return <div class={`ps-chunk ${SKIPPABLE_ROW_CLASS}`}>{childNodes(rows, 'column')}</div>;
}

const scrollHolders = new WeakMap<RenderNode, boolean>();

/** Whether a vertical scroll lies inside this node, through containers, pager pages and stack screens. */
export function holdsVerticalScroll(node: RenderNode): boolean {
  if (node.type === 'scroll') return node.axis === 'vertical';
  if (node.type === 'list') return true;
  if (node.type !== 'box' && node.type !== 'row' && node.type !== 'column' && node.type !== 'card' && node.type !== 'pager' && node.type !== 'stack') return false;
  let holds = scrollHolders.get(node);
  if (holds === undefined) scrollHolders.set(node, (holds = childHolder.some(node.key, node.children)));
  return holds;
}

const childHolder = new SomeChild<RenderNode>((child) => child.visible && holdsVerticalScroll(child));

/**
 * Compose measures a vertical scroll within the maximum height its ancestors pass down, so it
 * scrolls wherever it sits; CSS gives a flex item its content's height as its least height, which
 * would grow every container around the scroll to the scroll's whole content. Containers on the
 * way to a vertical scroll therefore have no least height.
 */
function shrinkableAroundScroll(node: RenderNode): { minHeight: string } | undefined {
  return holdsVerticalScroll(node) ? SHRINKABLE : undefined;
}
const SHRINKABLE = { minHeight: '0px' };

/** A container on the way to a vertical scroll tells its children how it sizes them (see offscreen.ts). */
function toldParentWidth(node: RenderNode, children: ComponentChildren) {
  return holdsVerticalScroll(node) ? <TellParentWidth node={node}>{children}</TellParentWidth> : children;
}

function TellParentWidth({ node, children }: { node: RenderNode; children: ComponentChildren }) {
  return <ParentWidthContext.Provider value={widthForChildren(node, useContext(ParentWidthContext))}>{children}</ParentWidthContext.Provider>;
}

/** box stacks its children, row and column lay them out along an axis. */
export function Container({ node, parent, env }: NodeProps<ContainerNode>) {
  return (
    <Frame env={env} node={node} parent={parent} layout={node.type} base={shrinkableAroundScroll(node)} a11y={defaultA11y(node, node.tappable ? 'Button' : null)} onTap={nodeTap(node, env)} pressable swipe={node.swipe}>
      {toldParentWidth(node, drawsRowsInChunks(node) ? rowChunks(node.children) : childNodes(node.children, node.type))}
    </Frame>
  );
}

const CARD_LOOK = {
  filled: { backgroundColor: 'var(--md-sys-color-surface-container-highest)' },
  elevated: {
    backgroundColor: 'var(--md-sys-color-surface-container-low)',
    boxShadow: '0px 1px 2px 0px rgba(0,0,0,0.3), 0px 1px 3px 1px rgba(0,0,0,0.15)',
  },
  outlined: { backgroundColor: 'var(--md-sys-color-surface)' },
};

/** A Material card: a column of children in a medium-rounded container. No label of its own. */
export function Card({ node, parent, env }: NodeProps<CardNode>) {
  const base = { ...CARD_LOOK[node.variant], borderRadius: 'var(--ps-shape-medium)', overflow: 'clip', ...shrinkableAroundScroll(node) };
  const a11y = node.testTag !== null || node.tappable
    ? { id: node.key, testTag: node.testTag, role: node.tappable ? 'Button' : null, text: node.label }
    : null;
  return (
    <Frame env={env} node={node} parent={parent} layout="column" class={node.variant === 'outlined' ? 'ps-card-outlined' : undefined} base={base} a11y={a11y} onTap={nodeTap(node, env)}>
      {toldParentWidth(node, childNodes(node.children, 'column'))}
    </Frame>
  );
}

/** A text's characters (or its spans), through its contentTransition when it has one. */
function textContent(node: TextNode, env: RenderEnv) {
  if (node.spans) return <RichText node={node} env={env} />;
  if (node.contentTransition === 'none') return node.text;
  return <TransitionText text={node.text} mode={node.contentTransition} animate={env.motion} reduced={env.reducedMotion} />;
}

/** The drawn spans of rich text: each in its own style, a tappable one as a link running its actions. */
function drawSpans(node: TextNode, spans: readonly SpanView[], env: RenderEnv) {
  return spans.map((span) => {
    const css = { ...textCss(span.style), ...(span.style.background ? { backgroundColor: span.style.background } : null) };
    return (
      <span
        key={span.index}
        class={span.tappable ? 'ps-span ps-span-link' : 'ps-span'}
        style={cssText(css)}
        data-ps-span={span.text}
        onClick={span.tappable ? (event) => {
          event.stopPropagation();
          env.interact({ type: 'span', key: node.key, index: span.index });
        } : undefined}
      >
        {span.text}
      </span>
    );
  });
}

/** Rich text; with a contentTransition a change crossfades the spans as a whole (nothing opens a URL). */
function RichText({ node, env }: { node: TextNode; env: RenderEnv }) {
  const last = useRef<{ text: string; spans: readonly SpanView[]; serial: number } | null>(null);
  const previous = last.current;
  const changed = previous !== null && previous.text !== node.text;
  const serial = (previous?.serial ?? 0) + (changed ? 1 : 0);
  last.current = { text: node.text, spans: node.spans!, serial };
  if (node.contentTransition === 'none' || !env.motion || !changed) return <>{drawSpans(node, node.spans!, env)}</>;
  return (
    <span class="ps-content-swap" key={serial}>
      <span class="ps-content-old ps-spans-fade" aria-hidden="true">{drawSpans(node, previous.spans, env)}</span>
      <span class="ps-content-new ps-spans-fade">{drawSpans(node, node.spans!, env)}</span>
    </span>
  );
}

export function Text({ node, parent, env }: NodeProps<TextNode>) {
  const a11y = { id: node.key, testTag: node.testTag, role: null, text: node.label ?? node.text };
  const show = node.text !== '' || node.testTag !== null || node.tappable;
  const own = textCss(node.style);
  // On an axis a min bound grew, the text's own box is centred in it (wrapContentWidth / Height).
  const grown = grownAxes(node.style, parent);
  const centred = grown.x || grown.y;
  // Unclipped text draws the same straight inside its node's element (one element fewer);
  // clipped or centred text keeps its own box, so the clip leaves the node's padding out.
  if (!centred && !('display' in own || 'overflow' in own || 'maxHeight' in own)) {
    return (
      <Frame env={env} node={node} parent={parent} class="ps-text-content" base={own} a11y={show ? a11y : null} onTap={nodeTap(node, env)} pressable>
        {textContent(node, env)}
      </Frame>
    );
  }
  return (
    <Frame env={env} node={node} parent={parent} a11y={show ? a11y : null} onTap={nodeTap(node, env)} pressable layout={centred ? 'box' : undefined}>
      <span class="ps-text-content" style={cssText(own)}>{textContent(node, env)}</span>
    </Frame>
  );
}

/** An uploaded image: grey while loading, a broken-image glyph when missing or undecodable. */
export function Image({ node, parent, env }: NodeProps<ImageNode>) {
  const url = useAssetUrl(env.assets, node.asset);
  const status = useImageLoad(url);
  const fit = OBJECT_FIT[node.contentScale];
  const a11y = defaultA11y(node, 'Image');
  const filter = useImageFilter(node.filter);
  const zoom = useImageZoom(node.zoomable, node.gestures?.doubleTap === true);
  const base: Record<string, string> = node.zoomable ? { minWidth: '24px', minHeight: '24px', overflow: 'hidden', touchAction: 'none' } : { minWidth: '24px', minHeight: '24px' };
  return (
    <Frame env={env} node={node} parent={parent} a11y={a11y} onTap={nodeTap(node, env)} pressable base={base}>
      {filter.defs}
      {status === 'loaded' && url ? (
        <img
          class={zoom.zoomed ? 'ps-image-content ps-image-zoomed' : 'ps-image-content'}
          src={url}
          alt=""
          draggable={false}
          style={{ objectFit: fit, filter: filter.css, transform: zoom.transform, transformOrigin: '0 0' }}
          {...zoom.handlers}
        />
      ) : (
        <div class={`ps-image-placeholder ps-image-${status}`} data-ps-image-status={status}>
          {status === 'broken' ? <Icon name="broken_image" size={24} /> : null}
        </div>
      )}
    </Frame>
  );
}

export function IconNodeView({ node, parent, env }: NodeProps<IconNode>) {
  const color = node.style.color ?? 'currentColor';
  const size = typeof node.style.width === 'object' ? node.style.width.dp : 24;
  return (
    <Frame env={env} node={node} parent={parent} a11y={defaultA11y(node, node.tappable ? 'Button' : 'Image')} onTap={nodeTap(node, env)} pressable base={{ color: 'var(--md-sys-color-on-surface-variant)', display: 'flex' }}>
      <IconEffect effect={node.effect} name={node.name} nodeKey={node.key} moving={env.motion && !env.reducedMotion} reduced={env.motion && env.reducedMotion}>
        <Icon name={node.name} variant={node.variant} size={size} color={color} />
      </IconEffect>
    </Frame>
  );
}

export function Spacer({ node, parent, env }: NodeProps<SpacerNode>) {
  return <Frame env={env} node={node} parent={parent} a11y={defaultA11y(node, node.tappable ? 'Button' : null)} onTap={nodeTap(node, env)} pressable />;
}

/** A divider's line is drawn inside its padding, so padding insets it, as Compose's does. */
export function Divider({ node, parent, env }: NodeProps<DividerNode>) {
  const horizontal = node.orientation === 'horizontal';
  const base: Record<string, string> = { [horizontal ? 'width' : 'height']: '100%', alignSelf: 'stretch', flexShrink: '0' };
  const line = { ...(horizontal ? { height: '1px', width: '100%' } : { width: '1px', height: '100%' }), backgroundColor: node.style.color ?? 'var(--md-sys-color-outline-variant)' };
  const a11y = node.testTag !== null ? { id: node.key, testTag: node.testTag, role: null, text: node.label } : null;
  return (
    <Frame env={env} node={node} parent={parent} a11y={a11y} onTap={nodeTap(node, env)} base={base}>
      <div class="ps-divider-line" style={line} />
    </Frame>
  );
}

export function Badge({ node, parent, env }: NodeProps<BadgeNode>) {
  const dot = node.text === null;
  const a11y = { id: node.key, testTag: node.testTag, role: null, text: node.label ?? node.text };
  return (
    <Frame env={env} node={node} parent={parent} class={dot ? 'ps-badge-dot' : 'ps-badge-large'} a11y={dot && node.testTag === null && !node.label ? null : a11y} onTap={nodeTap(node, env)}>
      {dot ? null : node.text}
    </Frame>
  );
}

/**
 * True inside a bottom sheet: a finger's vertical drag there belongs to the sheet, which scrolls
 * the content itself once it can move no further (Material's nested scrolling), so a scroll leaves
 * only sideways panning to the browser.
 */
export const SheetScrolling = createContext(false);

/** Free scrolling on one axis; mouse drags scroll too, as a finger would. */
export function Scroll({ node, parent, env }: NodeProps<ScrollNode>) {
  const vertical = node.axis === 'vertical';
  const inSheet = useContext(SheetScrolling);
  const parentWidth = useContext(ParentWidthContext);
  const skipsRows = skipsOffscreenRows(node, env, parentWidth);
  const { drawn: content, probe } = useWithheldRows(node.child, skipsRows);
  const base: Record<string, string> = { overflowX: vertical ? 'hidden' : 'auto', overflowY: vertical ? 'auto' : 'hidden', display: 'flex', flexDirection: vertical ? 'column' : 'row' };
  if (inSheet) base.touchAction = 'pan-x';
  // Across a row a scroll is as tall as the row lets it be (stretched), but no taller than its content.
  if (vertical && parent === 'row') Object.assign(base, { alignSelf: 'stretch', maxHeight: 'max-content' });
  return (
    <Frame env={env} node={node} parent={parent} class={`ps-scroll-${node.axis}${skipsRows ? ` ${SKIP_ROWS_CLASS}` : ''}`} base={base} a11y={defaultA11y(node, null)} onTap={nodeTap(node, env)}>
      {node.refresh ? <PullToRefresh node={node} env={env} /> : null}
      {node.fadeEdges !== null ? <ScrollFades length={node.fadeEdges} vertical={vertical} rtl={env.rtl} /> : null}
      <ParentWidthContext.Provider value={vertical ? widthForChildren(node, parentWidth) : UNKNOWN_WIDTH}>
        <Node node={content} parent={vertical ? 'column' : 'row'} />
      </ParentWidthContext.Provider>
      {probe ? <template ref={probe} /> : null}
    </Frame>
  );
}

const PAGE_ANIMATION_MS = 250;
const SWIPE_DISTANCE = 0.2;

/**
 * A pager: one page per child along its axis. Each page is the viewport's length less the peeks
 * (or fixed dp), pageSpacing apart, the current one starting after the start peek. A swipe (pointer
 * drag) settles on the nearest page; a new page from the model (setPage, its state key) slides
 * there. Each settle the model did not already show is reported. Pages wholly outside the
 * viewport leave the accessibility tree; every page partly in view stays in it.
 */
export function Pager({ node, parent, env }: NodeProps<PagerNode>) {
  const viewport = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ start: number; delta: number; pointer: number } | null>(null);
  const [shown, setShown] = useState(node.page);
  const [animating, setAnimating] = useState(false);
  const dragged = useRef(false);
  const dragState = useMemo(() => ({ dragged: () => dragged.current }), []);
  const vertical = node.axis === 'vertical';

  useLayoutEffect(() => {
    if (node.page === shown) return;
    setAnimating(env.motion && !env.reducedMotion);
    setShown(node.page);
  }, [node.page]);

  useEffect(() => {
    if (!animating) return;
    const timer = setTimeout(() => setAnimating(false), PAGE_ANIMATION_MS + 50);
    return () => clearTimeout(timer);
  }, [animating, shown]);

  useLayoutEffect(() => {
    if (viewport.current) hidePagesOutOfView(viewport.current, node, shown);
  });

  const settle = (page: number) => {
    setAnimating(env.motion && !env.reducedMotion && page !== shown);
    setShown(page);
    if (page !== node.page) env.interact({ type: 'pageSettled', key: node.key, page });
  };

  const along = (event: PointerEvent) => (vertical ? event.clientY : event.clientX);
  const length = () => (vertical ? viewport.current?.clientHeight : viewport.current?.clientWidth) || 1;
  const onPointerDown = (event: PointerEvent) => {
    dragged.current = false;
    setDrag({ start: along(event), delta: 0, pointer: event.pointerId });
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const delta = along(event) - drag.start;
    if (!dragged.current && Math.abs(delta) > 8) {
      dragged.current = true;
      viewport.current?.setPointerCapture(event.pointerId);
    }
    if (dragged.current) setDrag({ ...drag, delta });
  };
  const onPointerUp = () => {
    if (!drag) return;
    const forward = (vertical ? -1 : env.rtl ? 1 : -1) * drag.delta;
    setDrag(null);
    if (!dragged.current) return;
    const step = forward > length() * SWIPE_DISTANCE ? 1 : forward < -length() * SWIPE_DISTANCE ? -1 : 0;
    settle(Math.min(Math.max(shown + step, 0), node.pageCount - 1));
    setTimeout(() => (dragged.current = false), 0);
  };

  const { start, end } = node.peek;
  // Percentages of the track are the viewport's length: the track is exactly as long.
  const pageLength = node.pageSize === 'fill' ? `(100% - ${start + end}px)` : `${node.pageSize.dp}px`;
  const direction = vertical || !env.rtl ? -1 : 1;
  const offset = drag && dragged.current ? drag.delta : 0;
  const travel = `calc(${direction} * (${shown} * (${pageLength} + ${node.pageSpacing}px) - ${start}px) + ${offset}px)`;
  const trackStyle = {
    translate: vertical ? `0px ${travel}` : `${travel} 0px`,
    transition: animating && !drag ? `translate ${PAGE_ANIMATION_MS}ms cubic-bezier(0.2, 0, 0, 1)` : 'none',
    gap: `${node.pageSpacing}px`,
  };
  const pageStyle = { flex: `0 0 calc(${pageLength})`, [vertical ? 'height' : 'width']: `calc(${pageLength})` };
  return (
    <Frame env={env} node={node} parent={parent} class={`ps-pager ps-pager-${node.axis}${node.indicator === 'dots' ? ' ps-pager-dotted' : ''}`} base={{ overflow: 'clip', minWidth: '0px', ...shrinkableAroundScroll(node) }} a11y={defaultA11y(node, null)} onTap={nodeTap(node, env)}>
      <div
        ref={viewport}
        class="ps-pager-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div class="ps-pager-track" style={trackStyle}>
          <DragGuard.Provider value={dragState}><ParentWidthContext.Provider value={UNKNOWN_WIDTH}>
            {node.children.map((child) => (
              <div key={child.key} class="ps-pager-page" style={pageStyle}>
                <Node node={child} parent="box" />
              </div>
            ))}
          </ParentWidthContext.Provider></DragGuard.Provider>
        </div>
      </div>
      {node.indicator === 'dots' ? (
        <div class="ps-pager-dots" aria-hidden="true">
          {node.children.map((child, index) => <span key={child.key} class={index === shown ? 'ps-pager-dot ps-on' : 'ps-pager-dot'} />)}
        </div>
      ) : null}
    </Frame>
  );
}

/**
 * Pages wholly outside the viewport once it rests on page `shown` leave the accessibility tree (set
 * on the elements: the drawing does not change), so a hierarchy read mid-slide already has them.
 */
function hidePagesOutOfView(viewport: HTMLElement, node: PagerNode, shown: number): void {
  const track = viewport.firstElementChild;
  if (!track) return;
  // Pages that fill the viewport without peeks show exactly the current one: no need to read the
  // viewport's length, which would lay the page out in the middle of a draw.
  const wholePages = node.pageSize === 'fill' && node.peek.start === 0 && node.peek.end === 0;
  const length = wholePages ? 0 : node.axis === 'vertical' ? viewport.clientHeight : viewport.clientWidth;
  const pageLength = node.pageSize === 'fill' ? length - node.peek.start - node.peek.end : node.pageSize.dp;
  Array.from(track.children).forEach((page, index) => {
    const from = node.peek.start + (index - shown) * (pageLength + node.pageSpacing);
    const inView = wholePages ? index === shown : from + pageLength > 0.5 && from < length - 0.5;
    page.toggleAttribute('data-ps-a11y-hidden', !inView);
    if (inView) page.removeAttribute('aria-hidden');
    else page.setAttribute('aria-hidden', 'true');
  });
}
