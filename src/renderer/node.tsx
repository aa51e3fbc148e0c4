// <Node> draws any render node: it runs the visibleWhen enter/exit motion, lifts anchored nodes
// into the window's anchor layer, and hands the node to the component drawing its type.
import { createPortal, type Component, type ComponentType, type VNode } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { RenderNode, ResolvedAnchor } from '../runtime/model.ts';
import { Env, ParentWidthContext, UNKNOWN_WIDTH, useEnv, type RenderEnv } from './env.ts';
import { Frame, IN_ROW_CLASS, NodeMotionContext, type FrameProps, type NodeMotion } from './frame.tsx';
import { SKIPPABLE_ROW_CLASS } from './a11y.ts';
import { isSkippableRow } from './offscreen.ts';
import type { ParentLayout } from './style-css.ts';

export interface NodeProps<T extends RenderNode = RenderNode> {
  node: T;
  parent: ParentLayout;
  /** The window's environment, read once by <Node> and handed down (one context subscription per node). */
  env: RenderEnv;
}

/** What a parent hands to <Node>. The environment comes from the parent <Node> (see handEnv),
 *  or from context for a node drawn by anything else. */
type NodeDrawProps = Omit<NodeProps, 'env'> & { env?: RenderEnv };

type Components = { [K in RenderNode['type']]: ComponentType<NodeProps<Extract<RenderNode, { type: K }>>> };

let components: Components | undefined;

/** Registers the component of every node type (see nodes/index.ts). */
export function registerComponents(all: Components): void {
  components = all;
}

/** Overlay types draw in the window's overlay layer, above the author tree. */
const OVERLAY_TYPES = new Set(['dialog', 'snackbar', 'bottomSheet', 'drawer']);

/** Re-render for a new node object (the runtime keeps an unchanged subtree's identity) or for the
 *  node's own state (its motion). */
function nodeChanged(this: Component<NodeDrawProps>, next: NodeDrawProps, nextState: unknown): boolean {
  return next.node !== this.props.node || next.parent !== this.props.parent || next.env !== this.props.env || nextState !== this.state;
}

/**
 * Draws one node, and re-renders only when its node object changes, so after an interaction only
 * the path to what changed renders again.
 */
export function Node(this: Component<NodeDrawProps>, { node, parent, env: handed }: NodeDrawProps) {
  this.shouldComponentUpdate = nodeChanged;
  // A drawn node is always handed its environment, or never (its parent's type decides).
  const env = handed ?? useEnv();
  // Cover sizes a node to its anchor's bounds, ignoring its own width and height.
  if (node.anchor?.alignment === 'cover') node = filled(node);
  const Component = components![node.type] as ComponentType<NodeProps>;
  const placedIn = node.anchor ? 'plain' : parent;
  let drawn;
  // Whether a node has a visibleWhen never changes for a drawn node (a new show mounts anew),
  // so only those pay for the motion hooks.
  if (node.animatesVisibility) {
    const motion = useVisibilityMotion(node, env.motion);
    if (!motion) return null;
    drawn = <NodeMotionContext.Provider value={motion.state}><Component node={motion.node} parent={placedIn} env={env} /></NodeMotionContext.Provider>;
  } else {
    if (!node.visible) return null;
    drawn = drawInline(Component, { node, parent: placedIn, env });
  }
  if (node.anchor && env.anchorLayer && !(env.floating && node.key === env.rootKey)) {
    return createPortal(<AnchorBox anchor={node.anchor}><ParentWidthContext.Provider value={UNKNOWN_WIDTH}>{drawn}</ParentWidthContext.Provider></AnchorBox>, env.anchorLayer);
  }
  if (OVERLAY_TYPES.has(node.type) && env.overlayLayer) return createPortal(<ParentWidthContext.Provider value={UNKNOWN_WIDTH}>{drawn}</ParentWidthContext.Provider>, env.overlayLayer);
  return drawn;
}

/**
 * Draws the type component, and the <Frame> it returns, as plain calls inside <Node>: one
 * component instance per node instead of three. Their hooks live on this <Node>, in a stable
 * order: a node key is the node's path in the shown spec, so a <Node> always draws one type, and
 * a frame's hooks depend only on its type and spec.
 */
function drawInline(Component: ComponentType<NodeProps>, props: NodeProps) {
  const drawn = (Component as (props: NodeProps) => VNode | null)(props);
  const framed = drawn?.type === Frame;
  const element = framed ? Frame(drawn.props as FrameProps) : drawn;
  handEnv(element, props.env);
  if (element && isSkippableRow(props.node)) element.props.class = `${element.props.class ?? ''} ${SKIPPABLE_ROW_CLASS}`;
  // A frame marks itself; what a type draws without one is marked here.
  if (element && !framed && props.parent === 'row') element.props.class = `${element.props.class ?? ''} ${IN_ROW_CLASS}`;
  return element;
}

/**
 * Hands this node's environment to the child <Node>s it draws, so they need no context
 * subscription of their own (a memoised child still re-renders when the environment changes,
 * since its parent then re-renders). A provider of another environment keeps its subtree.
 */
function handEnv(drawn: unknown, env: RenderEnv): void {
  if (Array.isArray(drawn)) {
    for (const child of drawn) handEnv(child, env);
    return;
  }
  if (drawn === null || typeof drawn !== 'object') return;
  const vnode = drawn as VNode<{ env?: RenderEnv; children?: unknown }>;
  if (vnode.type === Node) vnode.props.env = env;
  else if (vnode.type !== Env.Provider) handEnv(vnode.props?.children, env);
}

/**
 * Keeps a node drawn while it leaves (exit animation) and marks its enter animation. Only nodes
 * with visibleWhen animate, only on a change after the first draw, and never without motion.
 */
function useVisibilityMotion(node: RenderNode, motionOn: boolean): { node: RenderNode; state: NodeMotion } | null {
  const lastVisible = useRef<RenderNode | null>(node.visible ? node : null);
  const wasVisible = useRef(node.visible);
  const [, rerender] = useState(0);
  const phase = useRef<'idle' | 'entering' | 'leaving' | 'gone'>(node.visible ? 'idle' : 'gone');
  const animated = motionOn && node.animatesVisibility && node.transition !== 'none';
  if (node.visible !== wasVisible.current) {
    wasVisible.current = node.visible;
    phase.current = node.visible ? (animated ? 'entering' : 'idle') : animated && lastVisible.current ? 'leaving' : 'gone';
  }
  if (node.visible) lastVisible.current = node;
  if (phase.current === 'gone' || !lastVisible.current) return null;
  const transition = node.transition ?? 'expand';
  const state: NodeMotion = {
    key: node.key,
    className: phase.current === 'entering' ? `ps-enter-${transition}` : phase.current === 'leaving' ? `ps-exit-${transition}` : null,
    leaving: phase.current === 'leaving',
    onAnimationEnd: () => {
      phase.current = phase.current === 'leaving' ? 'gone' : 'idle';
      rerender((n) => n + 1);
    },
  };
  return { node: node.visible ? node : lastVisible.current, state };
}

const filledNodes = new WeakMap<RenderNode, RenderNode>();

/** The node with width and height fill: the same copy for the same node, so it still skips re-rendering. */
export function filled(node: RenderNode): RenderNode {
  let copy = filledNodes.get(node);
  if (!copy) filledNodes.set(node, (copy = { ...node, style: { ...node.style, width: 'fill', height: 'fill' } } as RenderNode));
  return copy;
}

/**
 * Places an anchored node at its screen rectangle, relative to the window's content origin. Cover
 * fills the target; an edge alignment puts the node's same edge on the target's edge (start and
 * end follow the layout direction), centred along the other axis, keeping the node's own size.
 */
function AnchorBox({ anchor, children }: { anchor: ResolvedAnchor; children: preact.ComponentChildren }) {
  const env = useEnv();
  const { x, y, width, height } = anchor.bounds;
  const left = x - env.contentOrigin.x + anchor.offset.x;
  const top = y - env.contentOrigin.y + anchor.offset.y;
  if (anchor.alignment === 'cover') {
    const style = { position: 'absolute', display: 'flex', left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px`, alignItems: 'stretch', justifyContent: 'stretch' };
    return <div class="ps-anchor ps-anchor-cover" style={style}>{children}</div>;
  }
  const [point, translate] = edgePlacement(anchor.alignment, { left, top, width, height }, env.rtl);
  const style = { position: 'absolute', display: 'flex', left: `${point.x}px`, top: `${point.y}px`, translate };
  return <div class={`ps-anchor ps-anchor-edge ps-anchor-${anchor.alignment}`} style={style}>{children}</div>;
}

/** The point of the target an edge alignment pins, and how the node's own box moves from it. */
function edgePlacement(alignment: 'top' | 'bottom' | 'start' | 'end', target: { left: number; top: number; width: number; height: number }, rtl: boolean): [{ x: number; y: number }, string] {
  const centre = { x: target.left + target.width / 2, y: target.top + target.height / 2 };
  if (alignment === 'top') return [{ x: centre.x, y: target.top }, '-50% 0'];
  if (alignment === 'bottom') return [{ x: centre.x, y: target.top + target.height }, '-50% -100%'];
  const leftEdge = (alignment === 'start') !== rtl;
  return leftEdge ? [{ x: target.left, y: centre.y }, '0 -50%'] : [{ x: target.left + target.width, y: centre.y }, '-100% -50%'];
}
