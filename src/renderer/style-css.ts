// The Style table as CSS: a pure mapping from a resolved style (and where the node sits) to the
// inline declarations of its element. Layout follows Compose: rows and columns are flex boxes, a box
// stacks its children in one grid cell, start/end follow the layout direction.
import type { Alignment, AnimateView, Corners, Dimension, ResolvedShadow, ResolvedStyle } from '../runtime/model.ts';
import type { MotionRole, MotionScheme } from '../spec/index.ts';
import { springToken, springTransition } from '../theme/motion.ts';
import { SomeChild } from './children-answers.ts';
import { gradientToCss, withAlpha } from './color.ts';
import { FONT_STACKS, assetFontFamily, px, sp } from './tokens.ts';

const kebabNames = new Map<string, string>();

/** Declarations as one `style` attribute string: the browser parses it once instead of taking
 *  every property through its own call. */
export function cssText(css: Css): string {
  let text = '';
  for (const name in css) {
    let property = kebabNames.get(name);
    if (property === undefined) {
      property = name.startsWith('--') ? name : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      if (property.startsWith('webkit-')) property = `-${property}`;
      kebabNames.set(name, property);
    }
    text += `${property}:${css[name]};`;
  }
  return text;
}

/** Beyond this many distinct declaration strings a node keeps its declarations inline, so state
 *  that yields ever new values (a bound offset, say) cannot grow the stylesheet without bound. */
const MAX_SHARED_DECLARATIONS = 4096;
const sharedClasses = new Map<string, string>();
let sharedSheet: CSSStyleSheet | null = null;

/**
 * The class carrying these declarations, shared by every element with the same ones (null past
 * the limit: use a style attribute). A large tree parses each distinct declaration string once
 * instead of a style attribute per element. The rule's body is set as a declaration list, parsed
 * exactly like a style attribute (nothing in it can open another rule). Browser only.
 */
export function sharedDeclarationClass(declarations: string): string | null {
  let name = sharedClasses.get(declarations);
  if (name !== undefined) return name;
  if (sharedClasses.size >= MAX_SHARED_DECLARATIONS) return null;
  sharedSheet ??= declarationSheet();
  name = `ps-d${sharedClasses.size}`;
  const index = sharedSheet.insertRule(`.${name} {}`, sharedSheet.cssRules.length);
  (sharedSheet.cssRules[index] as CSSStyleRule).style.cssText = declarations;
  sharedClasses.set(declarations, name);
  return name;
}

/**
 * Called at a new show, when nothing drawn uses the classes any more: forgets them once they fill
 * half the room. Till then the next show reuses what it shares with the last one (a show of the
 * same spec adds no rule), since emptying the sheet makes the browser restyle every element.
 */
export function clearSharedDeclarations(): void {
  if (sharedClasses.size < MAX_SHARED_DECLARATIONS / 2) return;
  sharedClasses.clear();
  sharedSheet?.replaceSync('');
}

function declarationSheet(): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return sheet;
}

/** How the parent lays this node out. `plain` is a block (scroll content, pager page, window). */
export type ParentLayout = 'row' | 'column' | 'box' | 'plain';

export type Css = Record<string, string>;

const EDGE_ALIGN = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;
type AxisAlign = keyof typeof EDGE_ALIGN;

/** Splits an alignment into its vertical and horizontal parts. */
export function alignmentAxes(alignment: Alignment): { vertical: AxisAlign; horizontal: AxisAlign } {
  const vertical = alignment.startsWith('top') ? 'start' : alignment.startsWith('bottom') ? 'end' : 'center';
  const horizontal = alignment.endsWith('Start') ? 'start' : alignment.endsWith('End') ? 'end' : 'center';
  return { vertical, horizontal };
}

const ARRANGEMENT = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  spaceBetween: 'space-between',
  spaceAround: 'space-around',
  spaceEvenly: 'space-evenly',
} as const;

/** The axes on which a min bound grew the node past its content: a min, no authored size (or wrap), no weight. */
export interface GrownAxes {
  x: boolean;
  y: boolean;
}

export function grownAxes(style: ResolvedStyle, parent: ParentLayout): GrownAxes {
  const weighted = style.weight !== undefined ? (parent === 'row' ? 'width' : parent === 'column' ? 'height' : null) : null;
  const grown = (axis: 'width' | 'height', min: number | undefined) =>
    min !== undefined && (style[axis] === undefined || style[axis] === 'wrap') && weighted !== axis;
  return { x: grown('width', style.minWidth), y: grown('height', style.minHeight) };
}

/**
 * Declarations a container sets on itself so its children are arranged as the style asks. On an
 * axis a min bound grew, the content is centred in the grown box (Compose's wrapContentWidth and
 * wrapContentHeight after widthIn/heightIn); an authored size keeps the alignment.
 */
export function containerCss(kind: 'row' | 'column' | 'box', style: ResolvedStyle, grown: GrownAxes = { x: false, y: false }): Css {
  const axes = alignmentAxes(style.alignment ?? 'topStart');
  if (kind === 'box') {
    const track = (centred: boolean) => (centred ? 'fit-content(100%)' : 'minmax(0, 1fr)');
    return {
      display: 'grid',
      gridTemplate: `${track(grown.y)} / ${track(grown.x)}`,
      justifyItems: gridAlign(axes.horizontal),
      alignItems: gridAlign(axes.vertical),
      ...(grown.x ? { justifyContent: 'center' } : {}),
      ...(grown.y ? { alignContent: 'center' } : {}),
    };
  }
  const mainAxis = kind === 'row' ? axes.horizontal : axes.vertical;
  const crossAxis = kind === 'row' ? axes.vertical : axes.horizontal;
  const [mainGrown, crossGrown] = kind === 'row' ? [grown.x, grown.y] : [grown.y, grown.x];
  const css: Css = {
    display: 'flex',
    flexDirection: kind,
    alignItems: crossGrown ? 'center' : EDGE_ALIGN[crossAxis],
    justifyContent: mainGrown ? 'center' : style.arrangement ? ARRANGEMENT[style.arrangement] : EDGE_ALIGN[mainAxis],
  };
  if (style.spacing) css.gap = px(style.spacing);
  return css;
}

function gridAlign(axis: AxisAlign): string {
  return axis === 'center' ? 'center' : axis;
}

/** Width/height/weight/bounds of a node inside its parent. */
export function sizeCss(style: ResolvedStyle, parent: ParentLayout): Css {
  const css: Css = {};
  const mainAxis = parent === 'row' ? 'width' : parent === 'column' ? 'height' : null;
  // A weight takes exactly its share of the main axis: it beats that axis's size and bounds.
  const weighted = style.weight !== undefined ? mainAxis : null;
  applyDimension(css, 'width', weighted === 'width' ? undefined : style.width, parent, mainAxis === 'width');
  applyDimension(css, 'height', weighted === 'height' ? undefined : style.height, parent, mainAxis === 'height');
  if (style.minWidth !== undefined && weighted !== 'width') css.minWidth = px(style.minWidth);
  if (style.maxWidth !== undefined && weighted !== 'width') css.maxWidth = px(style.maxWidth);
  if (style.minHeight !== undefined && weighted !== 'height') css.minHeight = px(style.minHeight);
  if (style.maxHeight !== undefined && weighted !== 'height') css.maxHeight = px(style.maxHeight);
  if (weighted) {
    css.flex = `${style.weight} ${style.weight} 0px`;
    css[weighted === 'width' ? 'minWidth' : 'minHeight'] = '0px';
  }
  if (style.aspectRatio !== undefined) css.aspectRatio = String(style.aspectRatio);
  return css;
}

function applyDimension(
  css: Css,
  axis: 'width' | 'height',
  dimension: Dimension | undefined,
  parent: ParentLayout,
  isMainAxis: boolean,
): void {
  if (dimension === undefined || dimension === 'wrap') return;
  if (dimension !== 'fill') {
    css[axis] = px(dimension.dp);
    css.flexShrink = '0';
    return;
  }
  if (isMainAxis) {
    // Fill on a row/column's main axis takes the space the siblings leave.
    css.flex = '1 1 0px';
    css[axis === 'width' ? 'minWidth' : 'minHeight'] = '0px';
  } else if (parent === 'row' || parent === 'column' || parent === 'box') {
    css[parent === 'box' ? (axis === 'width' ? 'justifySelf' : 'alignSelf') : 'alignSelf'] = 'stretch';
    css[axis] = '100%';
  } else {
    css[axis] = '100%';
  }
}

/** Per-corner radii; start/end are logical so they flip in RTL. */
export function cornersCss(corners: Corners): Css {
  return {
    borderStartStartRadius: px(corners.topStart),
    borderStartEndRadius: px(corners.topEnd),
    borderEndEndRadius: px(corners.bottomEnd),
    borderEndStartRadius: px(corners.bottomStart),
  };
}

export function hasCorners(corners: Corners | undefined): corners is Corners {
  return !!corners && (corners.topStart > 0 || corners.topEnd > 0 || corners.bottomEnd > 0 || corners.bottomStart > 0);
}

/** A Material-like two-layer shadow for an elevation in dp, tinted by shadowColor. */
export function elevationShadow(elevation: number, shadowColor = '#000000'): string {
  if (elevation <= 0) return 'none';
  const key = `0px ${px(elevation / 2)} ${px(elevation)} 0px ${withAlpha(shadowColor, 0.3)}`;
  const ambient = `0px ${px(elevation / 3)} ${px(elevation * 1.5)} ${px(elevation / 4)} ${withAlpha(shadowColor, 0.15)}`;
  return `${key}, ${ambient}`;
}

/**
 * Authored shadow layers of one group (outer or inner) as a CSS box-shadow, or null when there are
 * none. CSS paints the first shadow listed on top and the seed paints in authored order, so the list
 * is reversed. Blur is CSS's (a Gaussian of half that radius); spread grows an outer shadow and
 * shrinks an inner one's hole; x points to the end edge, so it mirrors in RTL as style.offset does.
 */
export function shadowLayersCss(shadows: readonly ResolvedShadow[] | undefined, inner: boolean, rtl: boolean): string | null {
  const layers = (shadows ?? []).filter((layer) => layer.inner === inner);
  if (layers.length === 0) return null;
  return layers
    .map((layer) => `${inner ? 'inset ' : ''}${px(rtl ? -layer.x : layer.x)} ${px(layer.y)} ${px(layer.blur)} ${px(layer.spread)} ${layer.color}`)
    .reverse()
    .join(', ');
}

/** Whether the node draws its border and inner shadows in layers of their own: inner shadows paint
 *  above the border, and a gradient border is a masked layer. */
export function hasDecorationLayers(style: ResolvedStyle): boolean {
  return (style.shadows?.some((layer) => layer.inner) ?? false) || (style.border !== undefined && style.border.width > 0 && 'gradient' in style.border);
}

/** Background, gradient, corners, border, elevation, offset, alpha and press scale. */
export function decorationCss(style: ResolvedStyle, rtl: boolean): Css {
  const css: Css = {};
  if (style.background) css.backgroundColor = style.background;
  if (style.gradient) css.backgroundImage = gradientToCss(style.gradient);
  if (hasCorners(style.cornerRadius)) {
    Object.assign(css, cornersCss(style.cornerRadius));
    css.overflow = 'clip';
  }
  const layered = hasDecorationLayers(style);
  if (style.border && style.border.width > 0 && 'color' in style.border && !layered) {
    // Drawn inside the bounds without taking layout room, over the content, like Compose's border.
    css.outline = `${px(style.border.width)} solid ${style.border.color}`;
    css.outlineOffset = px(-style.border.width);
  }
  // The border and inner shadows of a layered node are drawn by <DecorationLayers> inside it.
  if (layered) css.position = 'relative';
  const outer = [shadowLayersCss(style.shadows, false, rtl), style.elevation ? elevationShadow(style.elevation, style.shadowColor) : null].filter((shadow) => shadow !== null);
  if (outer.length > 0) css.boxShadow = outer.join(', ');
  if (style.cornerStyle === 'continuous') css.cornerShape = 'squircle';
  if (style.glass) {
    const glass = glassCss(style.glass, !hasCorners(style.cornerRadius));
    glass.boxShadow = css.boxShadow ? `${glass.boxShadow}, ${css.boxShadow}` : glass.boxShadow!;
    Object.assign(css, glass);
  }
  if (style.scale !== undefined && style.scale !== 1) css.scale = String(style.scale);
  if (style.rotation) css.rotate = `${style.rotation}deg`;
  if (style.offset && (style.offset.x !== 0 || style.offset.y !== 0)) {
    css.translate = `${px(rtl ? -style.offset.x : style.offset.x)} ${px(style.offset.y)}`;
  }
  if (style.alpha !== undefined && style.alpha < 1) css.opacity = String(style.alpha);
  return css;
}

/** Authored padding plus safe-area insets (already computed per edge). */
export function paddingCss(
  padding: ResolvedStyle['padding'],
  insets: { top: number; bottom: number; start: number; end: number } = { top: 0, bottom: 0, start: 0, end: 0 },
): Css {
  const edges = {
    top: (padding?.top ?? 0) + insets.top,
    bottom: (padding?.bottom ?? 0) + insets.bottom,
    start: (padding?.start ?? 0) + insets.start,
    end: (padding?.end ?? 0) + insets.end,
  };
  const css: Css = {};
  if (edges.top) css.paddingTop = px(edges.top);
  if (edges.bottom) css.paddingBottom = px(edges.bottom);
  if (edges.start) css.paddingInlineStart = px(edges.start);
  if (edges.end) css.paddingInlineEnd = px(edges.end);
  return css;
}

const DECORATION = {
  none: 'none',
  underline: 'underline',
  lineThrough: 'line-through',
  underlineLineThrough: 'underline line-through',
} as const;

/** Text properties. Sizes are sp, scaled by the device font scale through `--ps-font-scale`. */
export function textCss(style: ResolvedStyle): Css {
  const css: Css = {};
  if (style.color) css.color = style.color;
  if (style.textSize !== undefined) css.fontSize = sp(style.textSize);
  if (style.lineHeight !== undefined) css.lineHeight = sp(style.lineHeight);
  if (style.fontWeight !== undefined) css.fontWeight = String(style.fontWeight);
  if (style.letterSpacing !== undefined) css.letterSpacing = sp(style.letterSpacing);
  if (style.fontStyle) css.fontStyle = style.fontStyle;
  if (style.textDecoration) css.textDecorationLine = DECORATION[style.textDecoration];
  if (style.textAlign) css.textAlign = style.textAlign;
  if (style.fontFamily) {
    css.fontFamily =
      typeof style.fontFamily === 'string'
        ? FONT_STACKS[style.fontFamily]
        : `'${assetFontFamily(style.fontFamily.asset)}', ${FONT_STACKS.sans}`;
  }
  const overflow = style.overflow ?? 'clip';
  const limited = style.maxLines !== undefined && style.maxLines < 100000;
  if (limited && overflow === 'ellipsis') {
    css.display = '-webkit-box';
    css.webkitBoxOrient = 'vertical';
    css.webkitLineClamp = String(style.maxLines);
    css.overflow = 'hidden';
  } else if (limited && overflow === 'clip') {
    // Without an authored line height, the type role's own (1lh) counts the lines.
    css.maxHeight = style.lineHeight !== undefined ? sp(style.lineHeight * style.maxLines!) : `${style.maxLines}lh`;
    css.overflow = 'hidden';
  } else if (overflow === 'ellipsis') {
    css.overflow = 'hidden';
    css.textOverflow = 'ellipsis';
  }
  return css;
}

/** Components that fill the width they are given by default, as their Compose counterparts do. */
const FILL_WIDTH_TYPES = new Set(['tabBar', 'bottomNav', 'topAppBar', 'listItem', 'slider', 'pager', 'grid', 'carousel', 'list']);

interface SizedNode {
  /** The render node's key; without one (a bare style) nothing is kept by it. */
  key?: string;
  type: string;
  visible: boolean;
  style: ResolvedStyle;
  orientation?: string;
  axis?: string;
  children?: SizedNode[];
  child?: SizedNode | null;
}

const fillCache = { width: new WeakMap<object, boolean>(), height: new WeakMap<object, boolean>() };
/** A long list drawn again with rows added at its end looks at the new rows alone. */
const shownAndFills = {
  width: (child: SizedNode) => child.visible && fillsAxis(child, 'width'),
  height: (child: SizedNode) => child.visible && fillsAxis(child, 'height'),
};
const childFills = { width: new SomeChild(shownAndFills.width), height: new SomeChild(shownAndFills.height) };

/**
 * Whether a node fills its incoming constraint on an axis. Compose measures a wrap-content
 * container with its parent's maximum, so a container whose child fills grows to that maximum too;
 * CSS percentages cannot see through a shrink-to-fit parent, so the fill is propagated up here.
 */
export function fillsAxis(node: SizedNode, axis: 'width' | 'height'): boolean {
  const dimension = node.style[axis];
  if (dimension !== undefined) return dimension === 'fill';
  if (axis === 'width' && (FILL_WIDTH_TYPES.has(node.type) || (node.type === 'divider' && node.orientation !== 'vertical'))) return true;
  const isContainer = node.type === 'box' || node.type === 'row' || node.type === 'column' || node.type === 'card' || node.type === 'pager' || node.type === 'stack';
  if (!isContainer && !(node.type === 'scroll' && node.child)) return false;
  // Only the answers that look at descendants are worth keeping.
  const cached = fillCache[axis].get(node);
  if (cached !== undefined) return cached;
  let fills: boolean;
  if (isContainer) {
    const children = node.children ?? [];
    fills = node.key === undefined ? children.some(shownAndFills[axis]) : childFills[axis].some(node.key, children);
  } else {
    // A scroll passes its cross-axis constraint to its content; along its axis content is unbounded.
    const scrollsAlong = (node.axis ?? 'vertical') === 'vertical' ? 'height' : 'width';
    fills = axis !== scrollsAlong && node.child!.visible && fillsAxis(node.child!, axis);
  }
  fillCache[axis].set(node, fills);
  return fills;
}

/** The style with wrap dimensions widened to fill where a child (or the component) fills. */
export function withPropagatedFill<T extends SizedNode>(node: T): ResolvedStyle {
  const width = node.style.width === undefined && fillsAxis(node, 'width') ? 'fill' : node.style.width;
  const height = node.style.height === undefined && fillsAxis(node, 'height') ? 'fill' : node.style.height;
  if (width === node.style.width && height === node.style.height) return node.style;
  return { ...node.style, width, height };
}

/** object-fit of an image's or a video's contentScale. */
export const OBJECT_FIT: Record<'fit' | 'crop' | 'fill', string> = { fit: 'contain', crop: 'cover', fill: 'fill' };

/** A layer drawn inside a node over its whole box, following its corners, taking no input and no room. */
export const INSIDE_LAYER = 'position:absolute;inset:0;border-radius:inherit;corner-shape:inherit;pointer-events:none;';

/** CSS properties animate moves with the spatial springs: place, size, shape and depth. */
const SPATIAL_PROPERTIES = [
  'translate', 'scale', 'rotate', 'width', 'height', 'padding', 'border-radius', 'box-shadow', 'outline-width', 'outline-offset',
];
/** CSS properties animate moves with the effects springs: colour and alpha. */
const EFFECTS_PROPERTIES = ['opacity', 'background-color', 'color', 'outline-color'];

/** The easing curves of animate's named easings (Material 3's). */
const EASINGS: Record<Extract<AnimateView, { kind: 'timed' }>['easing'], string> = {
  standard: 'cubic-bezier(0.2, 0, 0, 1)',
  emphasized: 'cubic-bezier(0.3, 0, 0, 1)',
  decelerate: 'cubic-bezier(0, 0, 0, 1)',
  accelerate: 'cubic-bezier(0.3, 0, 1, 1)',
  linear: 'linear',
};

/**
 * The CSS transition animate asks for, or null for none. Motion off animates nothing; the reduced
 * profile snaps spatial properties and still animates colour and alpha.
 */
export function animateTransitionCss(animate: AnimateView, motion: { on: boolean; reduced: boolean; scheme: MotionScheme }): string | null {
  if (!motion.on) return null;
  const timing = (role: MotionRole) => {
    if (animate.kind === 'timed') return `${animate.durationMs}ms ${EASINGS[animate.easing]}`;
    const spring = springTransition(springToken(motion.scheme, role, animate.tempo));
    return `${spring.durationMs}ms ${spring.easing}`;
  };
  const spatialTiming = timing('spatial');
  const effectsTiming = timing('effects');
  const spatial = motion.reduced ? [] : SPATIAL_PROPERTIES.map((property) => `${property} ${spatialTiming}`);
  const effects = EFFECTS_PROPERTIES.map((property) => `${property} ${effectsTiming}`);
  return [...spatial, ...effects].join(', ');
}

/** How much of the backdrop a glass surface lets through: blur (dp) and the tint's share. */
const GLASS = { regular: { blur: 16, tint: 40 }, clear: { blur: 4, tint: 12 } } as const;

/**
 * A glass surface: the backdrop blurred and saturated through the node, a tint over it, and a fine
 * light edge. Without a corner radius the shape is a capsule.
 */
function glassCss(glass: NonNullable<ResolvedStyle['glass']>, capsule: boolean): Css {
  const look = GLASS[glass.variant];
  const tint = glass.tint ?? 'var(--md-sys-color-surface)';
  const css: Css = {
    backdropFilter: `blur(${look.blur}px) saturate(180%)`,
    backgroundColor: `color-mix(in srgb, ${tint} ${look.tint}%, transparent)`,
    boxShadow: 'inset 0 1px 0 rgb(255 255 255 / 0.45), inset 0 0 0 1px rgb(255 255 255 / 0.18), 0 4px 16px rgb(0 0 0 / 0.12)',
  };
  if (capsule) css.borderRadius = '9999px';
  return css;
}
