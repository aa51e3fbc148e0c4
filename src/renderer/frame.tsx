// The element every node draws into: its style as CSS, safe-area padding, the 48 dp touch target,
// press scale, visibility motion, container size animation and its accessibility node.
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { EffectView, RenderNode, SafeAreaPadding, SwipeView } from '../runtime/model.ts';
import { a11yAttributes, type A11yInfo } from './a11y.ts';
import { growsQuietly } from './withheld-rows.ts';
import { gestureActions, gestureHandlers } from './gestures.ts';
import { SwipeButtons, swipeActionNames, swipeHandlers } from './swipe.tsx';
import { ConsumedInsets, DragGuard, NO_EDGES, type Edges, type RenderEnv, type WindowInsets } from './env.ts';
import { DecorationLayers } from './decoration.tsx';
import { EffectDistortion, EffectOverlays, EffectUnderlay, effectsCss } from './effects.tsx';
import { effectOmission } from '../spec/effects.ts';
import { animateTransitionCss, containerCss, cssText, decorationCss, grownAxes, hasDecorationLayers, paddingCss, sharedDeclarationClass, sizeCss, withPropagatedFill, type Css, type ParentLayout } from './style-css.ts';

/** Padding a safeAreaPadding adds per edge: the union (max) of the selected inset types on the
 *  selected edges, minus what ancestors already consumed. */
export function safeAreaInsets(padding: SafeAreaPadding | null, insets: WindowInsets, consumed: Edges): Edges {
  if (!padding) return NO_EDGES;
  const applied: Edges = { top: 0, bottom: 0, start: 0, end: 0 };
  for (const edge of padding.edges) {
    const inset = Math.max(...padding.types.map((type) => insets[type][edge]));
    applied[edge] = Math.max(0, inset - consumed[edge]);
  }
  return applied;
}

function addEdges(a: Edges, b: Edges): Edges {
  return { top: a.top + b.top, bottom: a.bottom + b.bottom, start: a.start + b.start, end: a.end + b.end };
}

/** Motion state of the node being drawn, set by <Node> for its own frame. */
export interface NodeMotion {
  /** The node it belongs to: frames of descendants ignore it. */
  key: string;
  /** CSS class running the enter or exit animation, if any. */
  className: string | null;
  leaving: boolean;
  onAnimationEnd(): void;
}
export const NodeMotionContext = createContext<NodeMotion | null>(null);

export interface FrameProps {
  node: RenderNode;
  /** The environment its node component received from <Node>. */
  env: RenderEnv;
  parent: ParentLayout;
  /** The accessibility node this element reports; null reports none. */
  a11y: A11yInfo | null;
  /** What a tap does; the frame then reserves a 48 dp touch target around the drawn area. */
  onTap?: (() => void) | null;
  /** Arrange children as a row, column or stacked box. */
  layout?: 'row' | 'column' | 'box';
  class?: string;
  /** The component's own look; the node's style overrides it. */
  base?: Css;
  /** Plain nodes scale while pressed when their style asks for it. */
  pressable?: boolean;
  /** A row's or list item's swipe actions: a sideways drag slides the node to reveal them. */
  swipe?: SwipeView | null;
  /** Drawn at a fixed size, which a crowded row never squeezes (default: by the node's type). */
  fixed?: boolean;
  children?: ComponentChildren;
}

/** Default accessibility of a node: reported when tagged, tappable or labelled. */
export function defaultA11y(node: RenderNode, role: string | null, text = node.label): A11yInfo | null {
  if (node.testTag === null && !node.tappable && text === null) return null;
  return { id: node.key, testTag: node.testTag, role, text };
}

/** A node whose enabledWhen does not hold is reported disabled (a node of its own even without a tag or text). */
function disabledA11y(a11y: A11yInfo | null, node: RenderNode): A11yInfo | null {
  if (node.disabledBy === null) return a11y;
  return { ...(a11y ?? { id: node.key, testTag: node.testTag, role: null, text: node.label }), enabled: false };
}

/**
 * The accessibility node a frame reports, with what the node adds to its type's: a node taking a
 * long press, a double tap or swipe actions names them as its actions, and authored semantics
 * (prototype_semantics_v1) relabel it, make it a heading or a group, and give it a hint and traits.
 */
export function withAddedSemantics(a11y: A11yInfo | null, node: RenderNode, swipe: SwipeView | null): A11yInfo | null {
  const semantics = node.semantics;
  if (node.gestures === null && swipe === null && semantics === null) return a11y;
  const info: A11yInfo = { ...(a11y ?? { id: node.key, testTag: node.testTag, role: null, text: node.label }) };
  if (node.gestures !== null || swipe !== null) info.actions = [...(node.gestures ? gestureActions(node.gestures) : []), ...(swipe ? swipeActionNames(swipe) : [])];
  if (semantics === null) return info;
  if (semantics.label !== null) info.text = semantics.label;
  const role = semantics.heading || semantics.traits.includes('header') ? 'Heading' : TRAIT_ROLES.find(([trait]) => semantics.traits.includes(trait))?.[1];
  if (role !== undefined && (info.role === null || role === 'Heading')) info.role = role;
  if (semantics.traits.includes('selected')) info.selected = true;
  if (semantics.traits.includes('notEnabled')) info.enabled = false;
  if (semantics.hint !== null) info.hint = semantics.hint;
  if (semantics.liveRegion !== null) info.liveRegion = semantics.liveRegion;
  if (semantics.group) info.group = true;
  if (semantics.traits.length > 0) info.traits = semantics.traits;
  return info;
}

/** The role a trait gives a node that has none of its own. */
const TRAIT_ROLES: ReadonlyArray<[string, string]> = [['button', 'Button'], ['link', 'Link'], ['image', 'Image'], ['toggle', 'Switch']];

export function Frame(props: FrameProps) {
  const { node, parent, onTap, env } = props;
  // Which hooks a frame calls depends only on its node's type and spec (visibleWhen,
  // safeAreaPadding, container layout), which never change for a drawn node.
  const consumes = node.safeAreaPadding !== null;
  const consumed = consumes ? useContext(ConsumedInsets) : NO_EDGES;
  const drag = useContext(DragGuard);
  // Only a node with visibleWhen has motion of its own (<Node> provides it).
  const motion = node.animatesVisibility ? ownMotion(useContext(NodeMotionContext), node.key) : null;
  const style = withPropagatedFill(node as Parameters<typeof withPropagatedFill>[0]);
  // Only containers measure their element.
  const element = props.layout ? useContainerSizeAnimation(env.motion && !env.reducedMotion, node) : undefined;

  const inset = safeAreaInsets(node.safeAreaPadding, env.insets, consumed);
  // A new context value re-renders every descendant, so only a node with safeAreaPadding sets one
  // (always, so the tree keeps its shape when the keyboard or the insets change).
  const consumedBelow = consumes ? useConsumedBelow(consumed, inset) : consumed;
  const wrapped = !!onTap;
  const decoration = decorationCss(style, env.rtl);
  const translate = decoration.translate;
  if (wrapped) delete decoration.translate;
  const css: Css = Object.assign(
    {},
    props.base,
    sizeCss(wrapped ? touchTargetContentSize(style, parent) : style, wrapped ? 'plain' : parent),
    decoration,
    paddingCss(style.padding, inset),
    props.layout ? containerCss(props.layout, style, grownAxes(style, parent)) : undefined,
  );
  const effects = drawnEffects(style.effects, node.type);
  if (effects.length > 0) Object.assign(css, effectsCss(effects, style));
  if (node.animate) {
    const transition = animateTransitionCss(node.animate, { on: env.motion, reduced: env.reducedMotion, scheme: env.motionScheme });
    if (transition !== null) css.transition = transition;
  }
  // Pressing the touch target scales the drawn node (CSS :active, see renderer-css.ts).
  const pressScale = props.pressable && wrapped && style.pressScale !== undefined && style.pressScale < 1 ? style.pressScale : null;
  if (pressScale !== null) css['--ps-press-scale'] = String(pressScale);

  const fixed = props.fixed ?? FIXED_SIZE_TYPES.has(node.type);
  let classes = `ps-node ps-${node.type}`;
  if (fixed) classes += ' ps-fixed';
  if (parent === 'row' && !onTap) classes += ` ${IN_ROW_CLASS}`;
  if (props.class) classes += ` ${props.class}`;
  if (pressScale !== null) classes += ' ps-press';
  if (node.platformFeedback?.indication === 'none') classes += ' ps-no-indication';
  if (style.glass?.interactive) classes += ' ps-glass-interactive';
  if (node.platformFeedback?.hover) classes += ` ps-hover-${node.platformFeedback.hover}`;
  if (!wrapped && motion?.className) classes += ` ${motion.className}`;
  if (props.swipe) classes += wrapped ? ' ps-swipe-host' : ' ps-swipe-host ps-swipeable';
  if (node.disabledBy !== null) classes += ' ps-disabled';
  const ownClass = sharedClassOrStyle(css);
  if (ownClass.className) classes += ` ${ownClass.className}`;
  const leaving = motion?.leaving ? LEAVING : null;
  const guardedTap = onTap ? () => !drag?.dragged() && onTap() : null;
  const swipeContext = props.swipe ? { key: node.key, testTag: node.testTag, swipe: props.swipe, interact: env.interact, animate: env.motion && !env.reducedMotion } : null;
  // A long press, double tap or swipe is watched on the outermost element: the touch target, when there is one.
  const handlers = bothHandlers(node.gestures ? gestureHandlers(node.key, node.gestures, env.interact, guardedTap) : null, swipeContext ? swipeHandlers(swipeContext) : null);
  const a11y = disabledA11y(withAddedSemantics(props.a11y, node, props.swipe ?? null), node);
  const inner = (
    <div
      ref={element}
      class={classes}
      style={ownClass.style}
      {...(a11y ? a11yAttributes(a11y) : null)}
      {...(node.disabledBy !== null ? { 'data-ps-disabled-when': node.disabledBy } : null)}
      {...(node.id !== null ? { 'data-ps-id': node.id } : null)}
      {...(node.shared ? { 'data-ps-shared': node.shared.key, 'data-ps-shared-as': node.shared.as } : null)}
      {...(wrapped ? null : leaving)}
      {...(wrapped ? null : handlers)}
      onAnimationEnd={wrapped ? undefined : endOwnAnimation(motion)}
    >
      {effects.length > 0 ? <EffectUnderlay effects={effects} /> : null}
      {consumes ? <ConsumedInsets.Provider value={consumedBelow}>{props.children}</ConsumedInsets.Provider> : props.children}
      {effects.length > 0 ? <EffectDistortion effects={effects} nodeKey={node.key} moving={env.motion && !env.reducedMotion} /> : null}
      {hasDecorationLayers(style) ? <DecorationLayers style={style} rtl={env.rtl} /> : null}
      {effects.length > 0 ? <EffectOverlays effects={effects} moving={env.motion && !env.reducedMotion} /> : null}
      {swipeContext ? <SwipeButtons context={swipeContext} /> : null}
    </div>
  );
  if (!onTap) return inner;
  const outerCss: Css = sizeCss(touchTargetSize(style), parent);
  if (translate) outerCss.translate = translate;
  const outer = sharedClassOrStyle(outerCss);
  let outerClasses = outer.className ? `ps-touch ${outer.className}` : 'ps-touch';
  if (fixed) outerClasses += ' ps-fixed';
  if (parent === 'row') outerClasses += ` ${IN_ROW_CLASS}`;
  if (props.swipe) outerClasses += ' ps-swipeable';
  if (motion?.className) outerClasses += ` ${motion.className}`;
  const tap = (event: MouseEvent) => {
    event.stopPropagation();
    guardedTap!();
  };
  return (
    <div
      class={outerClasses}
      style={outer.style}
      {...leaving}
      onAnimationEnd={endOwnAnimation(motion)}
      onClick={tap}
      {...handlers}
    >
      {inner}
    </div>
  );
}

const LEAVING = { 'data-ps-leaving': '' };

/** Marks the element a row holds for each child, which the row's shrink order picks (renderer-css.ts). */
export const IN_ROW_CLASS = 'ps-in-row';

/** Node types drawn at a fixed size (with their labels), which a crowded row never squeezes. */
const FIXED_SIZE_TYPES: ReadonlySet<string> = new Set(['switch', 'checkbox', 'radioGroup', 'badge', 'icon', 'iconButton', 'castButton', 'fab']);

type Handlers = Record<string, ((event: never) => void) | undefined>;

/** The gesture and swipe handlers of one element: where both take an event, each gets it (the swipe's first). */
function bothHandlers(gestures: Handlers | null, swipe: Handlers | null): Handlers | null {
  if (!gestures || !swipe) return gestures ?? swipe;
  const merged: Handlers = { ...gestures };
  for (const [name, handler] of Object.entries(swipe)) {
    const other = gestures[name];
    merged[name] = other && handler ? (event: never) => {
      handler(event);
      other(event);
    } : handler;
  }
  return merged;
}

/** The motion <Node> provides for this very node (a descendant frame ignores its ancestor's). */
function ownMotion(nearest: NodeMotion | null, key: string): NodeMotion | null {
  return nearest?.key === key ? nearest : null;
}

/** The touch wrapper takes the node's fill and weight; the node inside fills the wrapper where weighted. */
function touchTargetSize(style: RenderNode['style']): RenderNode['style'] {
  return {
    width: style.width === 'fill' ? 'fill' : undefined,
    height: style.height === 'fill' ? 'fill' : undefined,
    weight: style.weight,
  };
}

/** The size of a node inside its touch wrapper: its own, unweighted; a weighted node fills the wrapper. */
function touchTargetContentSize(style: RenderNode['style'], parent: ParentLayout): RenderNode['style'] {
  const weighted = style.weight !== undefined;
  return {
    width: weighted && parent === 'row' ? 'fill' : style.width,
    height: weighted && parent === 'column' ? 'fill' : style.height,
    minWidth: style.minWidth,
    maxWidth: style.maxWidth,
    minHeight: style.minHeight,
    maxHeight: style.maxHeight,
    aspectRatio: style.aspectRatio,
  };
}

/** An element's own declarations: a shared class, or a style attribute past the class limit. */
function sharedClassOrStyle(css: Css): { className?: string; style?: string } {
  const text = cssText(css);
  if (text === '') return {};
  const className = sharedDeclarationClass(text);
  return className === null ? { style: text } : { className };
}

function endOwnAnimation(motion: NodeMotion | null) {
  if (!motion) return undefined;
  return (event: AnimationEvent) => {
    if (event.target === event.currentTarget) motion.onAnimationEnd();
  };
}

const SIZE_ANIMATION_MS = 180;

/**
 * animateContentSize: when a container's children change, its size glides to the new one. The old
 * size is read while rendering (Preact has not touched this subtree yet), never on first mount.
 */
function useContainerSizeAnimation(enabled: boolean, node: RenderNode): { current: HTMLDivElement | null } {
  const element = useRef<HTMLDivElement>(null);
  const children = 'children' in node ? node.children : null;
  const lastChildren = useRef(children);
  let before: { width: number; height: number } | null = null;
  // Rows a long list withheld from its first draw come in without a glide (withheld-rows.ts).
  if (enabled && element.current && lastChildren.current !== children && !growsQuietly(node)) {
    before = { width: element.current.offsetWidth, height: element.current.offsetHeight };
  }
  lastChildren.current = children;
  useLayoutEffect(() => {
    const target = element.current;
    if (!before || !target) return;
    const after = { width: target.offsetWidth, height: target.offsetHeight };
    if (before.width === after.width && before.height === after.height) return;
    target.animate(
      [
        { width: `${before.width}px`, height: `${before.height}px`, overflow: 'clip' },
        { width: `${after.width}px`, height: `${after.height}px`, overflow: 'clip' },
      ],
      { duration: SIZE_ANIMATION_MS, easing: 'cubic-bezier(0.2, 0, 0, 1)' },
    );
  }, [children]);
  return element;
}

/** The insets consumed below a safeAreaPadding node: the same object while they stay the same. */
function useConsumedBelow(consumed: Edges, inset: Edges): Edges {
  const below = addEdges(consumed, inset);
  return useMemo(() => below, [below.top, below.bottom, below.start, below.end]);
}

const NO_EFFECTS: readonly EffectView[] = [];

/** The node's effects the web device draws on it (those it leaves out are reported by the host). */
function drawnEffects(effects: readonly EffectView[] | undefined, nodeType: string): readonly EffectView[] {
  if (!effects) return NO_EFFECTS;
  return effects.filter((effect) => effectOmission(effect.type, nodeType) === null);
}
