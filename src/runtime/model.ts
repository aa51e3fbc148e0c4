/**
 * The render model: everything the renderer needs to draw a shown prototype, already resolved.
 *
 * The runtime controller rebuilds it after every accepted show, interaction, timer or device
 * change. Nothing here needs the spec, the state map or the theme to be read again: conditions are
 * evaluated (`visible`, `open`), styleWhen entries are merged, every colour slot is a CSS colour,
 * `{key}` / `{page}` / `{pageCount}` placeholders are interpolated, and accessible labels follow the
 * spec's "Accessible labels" rule. Unchanged subtrees keep their previous object identity between
 * rebuilds, so a renderer can skip them by reference equality.
 *
 * The renderer answers with `Interaction` values (bottom of this file), each naming the `key` of
 * the node it happened on.
 */

/** A CSS colour string: `#rrggbb` or `#rrggbbaa` (alpha last, as CSS reads 8-digit hex). */
export type CssColor = string;

/** A node's animate: one duration and easing for every property, or the motion tokens' springs by role at a tempo. */
export type AnimateView =
  | { kind: 'timed'; durationMs: number; easing: 'standard' | 'emphasized' | 'decelerate' | 'accelerate' | 'linear' }
  | { kind: 'spring'; tempo: 'fast' | 'default' | 'slow' };

/** One resolved style effect, every default filled in and every colour a CSS colour. */
export type EffectView =
  | { type: 'noise'; amount: number; scale: number }
  | { type: 'gradientMesh'; colors: CssColor[] }
  | { type: 'shimmer'; color: CssColor; angle: number; width: number; phase: number; durationMs: number | null }
  | { type: 'glow'; color: CssColor; radius: number; intensity: number }
  | { type: 'vignette'; color: CssColor; intensity: number; radius: number }
  | { type: 'blur'; radius: number }
  | { type: 'pixelate'; size: number }
  | { type: 'chromaticAberration'; offset: number }
  | { type: 'wave' | 'ripple'; amplitude: number; wavelength: number; phase: number; durationMs: number | null };

/** One resolved layer of style.shadows, in dp. */
export interface ResolvedShadow {
  x: number;
  y: number;
  blur: number;
  spread: number;
  color: CssColor;
  inner: boolean;
}

import { colorRoles, textStyleRoles, type ColorRole, type TextStyleRole } from '../spec/vocabulary.ts';

/** The 36 Material 3 colour roles a spec may name. */
export const COLOR_ROLES = colorRoles;
export type { ColorRole, TextStyleRole };
/** The 15 Material 3 type roles (`style.textStyle`). */
export const TEXT_STYLE_ROLES = textStyleRoles;

/** Shape tokens of `style.cornerRadius`, resolved to dp in `RenderModel.shapes`. */
export const SHAPE_TOKENS = ['none', 'extraSmall', 'small', 'medium', 'large', 'extraLarge', 'full'] as const;
export type ShapeToken = (typeof SHAPE_TOKENS)[number];

export type Mode = 'light' | 'dark';
export type AppearanceSource = 'modeKey' | 'explicit' | 'override' | 'roleLuminance' | 'authoredBackground' | 'system';
export interface Appearance {
  mode: Mode;
  source: AppearanceSource;
  /** The device's own dark setting, whatever decided the mode. */
  deviceDark: boolean;
}

/** The prototype's own window entry of a hierarchy capture (the seed's prototype window metadata). */
export interface PrototypeWindowReport {
  id: string;
  /** Where the window is drawn, in dp. */
  bounds: { x: number; y: number; width: number; height: number };
  prototypePlacement: 'fullscreen' | 'sheet' | 'floating';
  /** What is drawn hides the app beneath completely. */
  prototypeOpaque: boolean;
  prototypeAppearance: Appearance;
}

/** A resolved type role: sizes in sp, already multiplied by `theme.typography.scale`. */
export interface TypeRole {
  size: number;
  lineHeight: number;
  weight: number;
  letterSpacing: number;
}

/** Text family: a system family or an uploaded font asset id. */
export type FontFamily = 'sans' | 'serif' | 'mono' | { asset: string };

export type Alignment =
  | 'topStart' | 'topCenter' | 'topEnd' | 'centerStart' | 'center' | 'centerEnd'
  | 'bottomStart' | 'bottomCenter' | 'bottomEnd';
export type Dimension = 'fill' | 'wrap' | { dp: number };

export interface ResolvedWindow {
  placement:
    | { type: 'fullscreen'; /** null: no scrim drawn */ scrim: CssColor | null }
    | { type: 'sheet'; edge: 'top' | 'bottom'; height: number }
    | { type: 'floating'; gravity: Alignment; offset: { x: number; y: number } };
  /** 0..1 (the spec's percentage / 100); applies to content and scrims. */
  opacity: number;
  layer: 'system' | 'app';
  persistence: 'session' | 'device';
  /** A fullscreen window's chrome: the host's dismiss row, or none (the pill a two-finger hold reveals). */
  chrome: 'bar' | 'none';
  /** Taps nothing handled are reported (prototype_dead_tap events). */
  deadTaps: boolean;
  /** prototypeOpaque: what is drawn hides the app completely — a fully opaque root background
   *  drawn over the whole window, or an opaque fullscreen scrim (the scrim role never counts),
   *  at full window opacity, all in the resolved mode. Always set by the runtime. */
  opaque?: boolean;
}

/** Per-corner radii in dp (start/end follow layout direction). A pill is `PILL_RADIUS`. */
export interface Corners {
  topStart: number;
  topEnd: number;
  bottomEnd: number;
  bottomStart: number;
}
/** The dp radius used for the `full` shape token: large enough that CSS draws a pill. */
export const PILL_RADIUS = 9999;

export interface ResolvedGradient {
  type: 'linear' | 'radial';
  /** Degrees clockwise from left-to-right; linear only. */
  angle?: number;
  /** Stop positions are final: authored when every stop had one (made non-decreasing), else even. */
  stops: { color: CssColor; position: number }[];
}

/**
 * A node's style after styleWhen merging, with every colour resolved for the current mode and
 * every token resolved against the theme. Absent fields mean "component / platform default".
 * For text nodes `color`, `textSize`, `fontWeight` and `fontFamily` are always filled (textStyle
 * role, else the 14 sp / 400 plain default; the theme family; onSurface), and a textStyle role also
 * fills `lineHeight` and `letterSpacing` unless the node sets them.
 */
export interface ResolvedStyle {
  width?: Dimension;
  height?: Dimension;
  weight?: number;
  minWidth?: number;
  maxWidth?: number;
  minHeight?: number;
  maxHeight?: number;
  padding?: { top: number; bottom: number; start: number; end: number };
  background?: CssColor;
  color?: CssColor;
  cornerRadius?: Corners;
  /** A solid border (color) or, with prototype_style_polish_v2, a gradient one. */
  border?: { width: number; color: CssColor } | { width: number; gradient: ResolvedGradient };
  /** Authored shadow layers in order (first painted first); inner ones draw inside the shape, above the border. */
  shadows?: ResolvedShadow[];
  /** A glass surface: the backdrop blurred through the node, clear or regular, tinted, answering presses when interactive. */
  glass?: { variant: 'regular' | 'clear'; tint: CssColor | null; interactive: boolean };
  /** Style effects in authored order (prototype_effects_v1). */
  effects?: EffectView[];
  /** Scale about the centre (1 as drawn) and rotation in degrees: drawn only, never laid out. */
  scale?: number;
  rotation?: number;
  /** continuous: squircle corners (full radii still clamp to half the short side). */
  cornerStyle?: 'circular' | 'continuous';
  elevation?: number;
  shadowColor?: CssColor;
  gradient?: ResolvedGradient;
  aspectRatio?: number;
  offset?: { x: number; y: number };
  alpha?: number;
  pressScale?: number;
  alignment?: Alignment;
  arrangement?: 'start' | 'center' | 'end' | 'spaceBetween' | 'spaceAround' | 'spaceEvenly';
  spacing?: number;
  /** The gap between a flow's lines or a grid's rows. */
  runSpacing?: number;
  /** sp; scaled by the device font scale by the renderer. */
  textSize?: number;
  fontWeight?: number;
  textAlign?: 'start' | 'center' | 'end' | 'justify';
  maxLines?: number;
  overflow?: 'clip' | 'ellipsis' | 'visible';
  lineHeight?: number;
  letterSpacing?: number;
  textDecoration?: 'none' | 'underline' | 'lineThrough' | 'underlineLineThrough';
  fontStyle?: 'normal' | 'italic';
  fontFamily?: FontFamily;
}

export interface SafeAreaPadding {
  edges: ('top' | 'bottom' | 'start' | 'end')[];
  types: ('systemBars' | 'cutout' | 'ime')[];
}

/** A resolved bounds anchor (element anchors are resolved by the host before a show). */
export interface ResolvedAnchor {
  bounds: { x: number; y: number; width: number; height: number };
  alignment: 'cover' | 'top' | 'bottom' | 'start' | 'end';
  offset: { x: number; y: number };
}

/** Fields every render node carries. */
export interface RenderNodeBase {
  /** Stable identity: the node's path (`root.children[1]`; repeat instances
   *  `<container>.repeat[<item>].children[<template>]`). Interactions name it. */
  key: string;
  /** Authored `id` (pagers always have one). */
  id: string | null;
  testTag: string | null;
  /** False when the node's visibleWhen does not hold. Hidden nodes stay in the tree (for exit
   *  motion); the renderer draws neither them nor their subtree. */
  visible: boolean;
  /** The node's enabledWhen as JSON text while it does not hold: the node is drawn disabled and
   *  takes no input. Null when it is enabled. */
  disabledBy: string | null;
  /** True when the node has a visibleWhen and no shared key (only those get an enter/exit animation). */
  animatesVisibility: boolean;
  transition: 'none' | 'fade' | 'expand' | 'slide' | 'slideStart' | 'slideEnd' | 'scale' | null;
  style: ResolvedStyle;
  /** The accessible label ("Accessible labels"): contentDescription, else text, else icon name. */
  label: string | null;
  /** The node has an onTap list (a tap sends `{type: 'tap', key}`). */
  tappable: boolean;
  /** Which of onLongPress and onDoubleTap the node has, or null for neither. */
  gestures: Gestures | null;
  /** The platform feedback its android / ios block asks for that the web device draws (no press
   *  ripple, a hover lift or highlight), or null for the default. */
  platformFeedback: { indication: 'ripple' | 'none'; hover: 'lift' | 'highlight' | null } | null;
  /** How changes of its style animate (animate), or null: they are instant. */
  animate: AnimateView | null;
  /** The node's authored semantics (label and hint interpolated), or null. */
  semantics: SemanticsView | null;
  anchor: ResolvedAnchor | null;
  safeAreaPadding: SafeAreaPadding | null;
  /** The node's shared key (sharedKey is shared as bounds), or null. */
  shared: { key: string; as: 'element' | 'bounds' } | null;
}

export interface SemanticsView {
  heading: boolean;
  liveRegion: 'polite' | 'assertive' | null;
  /** One accessibility node for the node and everything in it. */
  group: boolean;
  label: string | null;
  hint: string | null;
  traits: string[];
}

export interface Gestures {
  longPress: boolean;
  doubleTap: boolean;
}

export interface ContainerNode extends RenderNodeBase {
  type: 'box' | 'row' | 'column';
  children: RenderNode[];
  /** A row's swipe actions, or null. */
  swipe: SwipeView | null;
}

/** One button a swipe reveals, its colours resolved. */
export interface SwipeEntryView {
  text: string;
  icon: string | null;
  background: CssColor;
  foreground: CssColor;
}
/** Start entries are revealed by a swipe right, end ones by a swipe left (physical sides); buttons are tagged `<testTag>.swipe.<index>`, start first. */
export interface SwipeView {
  start: SwipeEntryView[];
  end: SwipeEntryView[];
  fullSwipe: boolean;
}
/** A row that wraps its children onto further lines (seeds/001 "Flow and grid contract"). */
export interface FlowNode extends RenderNodeBase {
  type: 'flow';
  /** Lines drawn; the rest are clipped but stay in the hierarchy. Null: every line. */
  maxLines: number | null;
  children: RenderNode[];
}
/** Children placed row by row in columns; a child spanning more than is left starts a new row. */
export interface GridNode extends RenderNodeBase {
  type: 'grid';
  /** A fixed column count, or as many columns of at least minWidth dp as fit. */
  columns: number | { minWidth: number };
  /** Columns each child takes, in child order (1 unless it sets span). */
  spans: number[];
  children: RenderNode[];
}
/** A horizontally scrolling row of fixed-width items that snaps to an item (no page of its own). */
export interface CarouselNode extends RenderNodeBase {
  type: 'carousel';
  itemWidth: number;
  variant: 'multiBrowse' | 'hero' | 'uncontained';
  itemSpacing: number;
  children: RenderNode[];
}
/**
 * A long vertical list that draws only the rows near the screen. Its children are its header (if
 * any), its rows, then its footer (if any); `itemKeys` names each child as it stays across data
 * writes (a row's repeat key, else its index), so the first row on screen stays put.
 */
export interface LazyListNode extends RenderNodeBase {
  type: 'list';
  hasHeader: boolean;
  hasFooter: boolean;
  itemKeys: string[];
  children: RenderNode[];
}
/** How much a prototype moves (seeds/001 Motion: profiles full, reduced and off). */
export type MotionProfile = 'full' | 'reduced' | 'off';

/** Material's window width classes: under 600 dp, under 840 dp, and wider. */
export type WidthClass = 'compact' | 'medium' | 'expanded';

export interface SuiteItemView {
  value: string;
  label: string;
  icon: string | null;
  selected: boolean;
}

/**
 * An adaptive layout (seeds/001 "Adaptive layouts") as the window's width class arranges it.
 * listDetail: children [list, detail]; one pane at a time below expanded (the detail while a
 * selection is made), side by side at expanded. navigationSuite: children [content] with a bar
 * (compact) or a rail. supporting: children [main, supporting]; the supporting pane beside main
 * at expanded, in a bottom sheet below it, while open.
 */
export interface AdaptiveNode extends RenderNodeBase {
  type: 'adaptive';
  layout: 'listDetail' | 'navigationSuite' | 'supporting';
  widthClass: WidthClass;
  /** listDetail: the selection key holds a nonempty string. */
  selected: boolean;
  /** navigationSuite: its destinations, the one its state key names selected. */
  items: SuiteItemView[];
  /** supporting: the open key holds true. */
  open: boolean;
  /** supporting: the scrim behind its bottom sheet. */
  scrim: CssColor;
  /** Whether each child pane is shown now (a pane not shown stays built, hidden). */
  panes: boolean[];
  children: RenderNode[];
}
export interface CardNode extends RenderNodeBase {
  type: 'card';
  variant: 'filled' | 'elevated' | 'outlined';
  children: RenderNode[];
}
export interface TextNode extends RenderNodeBase {
  type: 'text';
  /** Interpolated text (rich text: its spans' texts run together). */
  text: string;
  /** Rich text's spans, or null for plain text. */
  spans: SpanView[] | null;
  /** How a change of the text is drawn: rolling changed digits, a crossfade, or at once. */
  contentTransition: 'numeric' | 'crossfade' | 'none';
}
export interface ImageNode extends RenderNodeBase {
  type: 'image';
  /** Asset id for the resolved mode. */
  asset: string;
  contentScale: 'fit' | 'crop' | 'fill';
  /** A pinch or a double tap zooms into the picture. */
  zoomable: boolean;
  /** Saturation (1 keeps the colours), then a tint multiplied in; null draws the image as it is. */
  filter: { saturation: number; tint: CssColor | null } | null;
}
export interface IconNode extends RenderNodeBase {
  type: 'icon';
  name: string;
  variant: 'filled' | 'outlined' | 'rounded' | 'sharp' | 'twoTone';
  /** Its symbol effect: played on appear, repeated, or replayed whenever the trigger's value changes. */
  effect: IconEffectView | null;
}
export interface IconEffectView {
  type: 'bounce' | 'pulse' | 'scale.up' | 'variableColor' | 'replace' | 'wiggle' | 'rotate' | 'breathe' | 'drawOn';
  repeat: 'infinite' | number | null;
  /** Whether a trigger replays it; its value now (a change replays the effect). */
  triggered: boolean;
  trigger: Scalar | null;
}
export interface SpacerNode extends RenderNodeBase {
  type: 'spacer';
}
export interface DividerNode extends RenderNodeBase {
  type: 'divider';
  orientation: 'horizontal' | 'vertical';
}
export interface BadgeNode extends RenderNodeBase {
  type: 'badge';
  /** Null draws a small dot. */
  text: string | null;
}
/** One span of rich text; a tappable one runs its onTap (a `span` interaction). */
export interface SpanView {
  index: number;
  text: string;
  style: ResolvedStyle;
  tappable: boolean;
}
export type KeyboardType = 'text' | 'number' | 'decimal' | 'phone' | 'email' | 'url';
export type ImeAction = 'done' | 'next' | 'search' | 'send' | 'go';
export interface TextFieldNode extends RenderNodeBase {
  type: 'textField';
  stateKey: string;
  value: string;
  placeholder: string;
  variant: 'filled' | 'outlined';
  /** The floating label, or null. */
  caption: string | null;
  maxLength: number | null;
  /** Lines shown by a multiline field (it grows from min to max, then scrolls); null: one line. */
  lines: { min: number; max: number } | null;
  /** Drawn masked, with a reveal toggle tagged `<testTag>.reveal`; observe and events see the mask. */
  secure: boolean;
  keyboard: KeyboardType;
  /** The text under the field (the error text while in error, when there is one), or null. */
  supportingText: string | null;
  /** errorWhen holds. */
  error: boolean;
  /** Tagged `<testTag>.trailingIcon`; a plain glyph unless tappable. */
  trailingIcon: AppBarButton | null;
  leadingIcon: string | null;
  imeAction: ImeAction | null;
  /** Enter runs onSubmit (a `submit` interaction). */
  submits: boolean;
}
export interface ToggleNode extends RenderNodeBase {
  type: 'switch' | 'checkbox';
  stateKey: string;
  checked: boolean;
  /** Interpolated label, or null. */
  text: string | null;
}
export interface ButtonNode extends RenderNodeBase {
  type: 'button';
  text: string;
  variant: 'filled' | 'tonal' | 'elevated' | 'outlined' | 'text';
  icon: string | null;
}
export interface OptionView {
  value: string;
  text: string;
  selected: boolean;
}
export interface RadioGroupNode extends RenderNodeBase {
  type: 'radioGroup';
  stateKey: string;
  /** Each option is its own accessibility node, tagged `<testTag>.<value>`. */
  options: OptionView[];
}
export interface SegmentedButtonNode extends RenderNodeBase {
  type: 'segmentedButton';
  stateKey: string;
  options: OptionView[];
}
export interface ListItemNode extends RenderNodeBase {
  type: 'listItem';
  headline: string;
  supporting: string | null;
  leadingIcon: string | null;
  /** A trailing switch/checkbox makes the whole row toggleable (`{type: 'toggle', key}`). */
  trailing:
    | { type: 'switch' | 'checkbox'; stateKey: string; checked: boolean }
    | { type: 'icon'; name: string }
    | null;
  swipe: SwipeView | null;
}
export interface SliderNode extends RenderNodeBase {
  type: 'slider';
  stateKey: string;
  value: number;
  min: number;
  max: number;
  step: number | null;
  text: string | null;
}
export interface ChipNode extends RenderNodeBase {
  type: 'chip';
  text: string;
  variant: 'assist' | 'filter' | 'input' | 'suggestion';
  /** Filter chips (with a stateKey) only; null otherwise. */
  stateKey: string | null;
  checked: boolean | null;
}
export interface IconButtonNode extends RenderNodeBase {
  type: 'iconButton';
  /** The icon drawn now: selectedIcon while selected (when it has one). */
  icon: string;
  variant: 'standard' | 'filled' | 'tonal' | 'outlined';
  /** A toggle's selectedWhen holds; null for a plain icon button. */
  selected: boolean | null;
}
/** One row of a chart: its category label and a value per series (null where the row has no number). */
export interface ChartRowView {
  label: string;
  values: (number | null)[];
}
/** A chart, resolved: its rows, its series' labels and colours, and the selected row. */
export interface ChartNode extends RenderNodeBase {
  type: 'chart';
  kind: 'line' | 'bar' | 'area' | 'pie' | 'donut';
  rows: ChartRowView[];
  series: { label: string; color: CssColor }[];
  /** Pie and donut: one colour per slice (row). */
  sliceColors: CssColor[];
  stacked: boolean;
  legend: boolean;
  yMin: number | null;
  yMax: number | null;
  /** The row index held by stateKey, or -1. */
  selected: number;
}
/** A map, resolved: the view it opens on, its markers and the chosen one. */
export interface MapNode extends RenderNodeBase {
  type: 'map';
  center: { lat: number; lon: number };
  zoom: number;
  markers: { id: string; lat: number; lon: number; label: string | null; color: CssColor; selected: boolean }[];
}
/** A video player: its video and poster asset ids, how it plays, and whether it is playing. */
export interface VideoPlayerNode extends RenderNodeBase {
  type: 'videoPlayer';
  asset: string;
  /** Poster asset id for the resolved mode, or null. */
  poster: string | null;
  autoplay: boolean;
  loop: boolean;
  controls: boolean;
  contentScale: 'fit' | 'crop' | 'fill';
  /** The spec binds playing to a state key (playingKey); without one the player keeps it itself. */
  playingBound: boolean;
  /** What playingKey holds (false without one). */
  playing: boolean;
}
/** The camera's live picture and its shutter. */
export interface CameraPreviewNode extends RenderNodeBase {
  type: 'cameraPreview';
  facing: 'back' | 'front';
  shutter: boolean;
}
/** A cast button: casting (its state key true) shows the connected icon. */
export interface CastButtonNode extends RenderNodeBase {
  type: 'castButton';
  stateKey: string | null;
  casting: boolean;
}
/** A paste button: a tap writes the device's clipboard text to its state key. */
export interface PasteButtonNode extends RenderNodeBase {
  type: 'pasteButton';
  text: string;
}
export interface FabNode extends RenderNodeBase {
  type: 'fab';
  icon: string;
  text: string | null;
  size: 'small' | 'regular' | 'large';
}
export interface AppBarButton {
  icon: string;
  text: string;
  tappable: boolean;
}
export interface TopAppBarNode extends RenderNodeBase {
  type: 'topAppBar';
  title: string;
  variant: 'small' | 'centerAligned' | 'medium' | 'large';
  /** Tagged `<testTag>.navigation`; a tap sends `{type: 'appBar', key, target: 'navigation'}`. */
  navigationIcon: AppBarButton | null;
  /** Tagged `<testTag>.actions.<index>`; a tap sends `{type: 'appBar', key, target: index}`. */
  actions: AppBarButton[];
}
export interface ProgressNode extends RenderNodeBase {
  type: 'progress';
  variant: 'linear' | 'circular';
  /** Null: indeterminate. */
  value: number | null;
  max: number;
}
export interface DialogNode extends RenderNodeBase {
  type: 'dialog';
  open: boolean;
  title: string | null;
  text: string | null;
  icon: string | null;
  /** Tagged `<testTag>.confirm` / `<testTag>.dismiss`. */
  confirm: { text: string };
  dismiss: { text: string } | null;
  child: RenderNode | null;
  /** The fixed dialog scrim: the scrim role at 32 %. */
  scrim: CssColor;
}
export interface SnackbarNode extends RenderNodeBase {
  type: 'snackbar';
  open: boolean;
  text: string;
  /** Tagged `<testTag>.action`. */
  action: { text: string } | null;
}
export interface TimePickerNode extends RenderNodeBase {
  type: 'timePicker';
  hourKey: string;
  minuteKey: string;
  hour: number;
  minute: number;
  /** Null: follow the device setting. */
  is24Hour: boolean | null;
}
export interface DatePickerNode extends RenderNodeBase {
  type: 'datePicker';
  stateKey: string;
  /** YYYY-MM-DD. */
  value: string;
}
export interface ScrollNode extends RenderNodeBase {
  type: 'scroll';
  axis: 'vertical' | 'horizontal';
  child: RenderNode;
  /** dp over which the edges with more content fade out, or null. */
  fadeEdges: number | null;
  /** Pull-to-refresh: whether the scroll takes a pull, and whether its key is true (the indicator shows). */
  refresh: { refreshing: boolean } | null;
}
export interface PagerNode extends RenderNodeBase {
  type: 'pager';
  /** Pager id (unique among pagers). */
  pagerId: string;
  /** Settled page, zero-based, already clamped to the page count. */
  page: number;
  pageCount: number;
  axis: 'horizontal' | 'vertical';
  /** dp between pages, and of the neighbouring pages shown at the start and end edges. */
  pageSpacing: number;
  peek: { start: number; end: number };
  /** Each page's length along the axis: the viewport less the peeks, or fixed dp. */
  pageSize: 'fill' | { dp: number };
  indicator: 'none' | 'dots';
  children: RenderNode[];
}
export interface NavItemView {
  text: string;
  icon: string | null;
  /** Asset id for the resolved mode, or null. */
  image: string | null;
  selected: boolean;
}
export interface NavBarNode extends RenderNodeBase {
  type: 'tabBar' | 'bottomNav';
  items: NavItemView[];
  /** Selected item index, clamped to the item range. */
  selectedIndex: number;
  scrollable: boolean;
}
export type Detent = 'half' | 'full' | { dp: number };
export interface BottomSheetNode extends RenderNodeBase {
  type: 'bottomSheet';
  open: boolean;
  detents: Detent[];
  scrim: CssColor;
  dragHandle: boolean;
  dismissOnSwipe: boolean;
  child: RenderNode;
}

/** One menu row: an item, or a divider (neither focusable nor tappable). */
export type MenuEntryView =
  | { type: 'item'; text: string; icon: string | null; trailingText: string | null; enabled: boolean }
  | { type: 'divider' };
/** A search field (role SearchField): its text is the state key's; its child shows while active. */
export interface SearchBarNode extends RenderNodeBase {
  type: 'searchBar';
  stateKey: string;
  value: string;
  placeholder: string;
  leadingIcon: string | null;
  /** Tagged `<testTag>.actions.<index>`. */
  trailingActions: AppBarButton[];
  /** The active key's value (false without one). */
  active: boolean;
  activeKey: string | null;
  /** bar grows to fill its parent while active; docked stays in place with the results under it. */
  variant: 'bar' | 'docked';
  submits: boolean;
  child: RenderNode | null;
}
/** A bubble pointing at the node with id `targetId`; with a spotlight, modal over a scrim tagged `<testTag>.close`. */
export interface TooltipNode extends RenderNodeBase {
  type: 'tooltip';
  open: boolean;
  text: string;
  /** The id of the node it points at, or null when it points at its anchor's bounds. */
  targetId: string | null;
  /** The caret's side of the bubble: top is a bubble below its target (start and end mirror right to left). */
  placement: 'top' | 'bottom' | 'start' | 'end';
  spotlight: { padding: number; radius: number; scrim: CssColor } | null;
}
/** A modal side panel (width min(320, window − 56) dp) over a scrim tagged `<testTag>.close`. */
export interface DrawerNode extends RenderNodeBase {
  type: 'drawer';
  open: boolean;
  /** The window edge it slides from (start and end mirror right to left). */
  edge: 'start' | 'end';
  scrim: CssColor;
  dismissOnSwipe: boolean;
  child: RenderNode;
}
export interface MenuNode extends RenderNodeBase {
  type: 'menu';
  open: boolean;
  /** Rows tagged `<testTag>.<index>`, dividers counted. */
  entries: MenuEntryView[];
}
export interface SelectNode extends RenderNodeBase {
  type: 'select';
  stateKey: string;
  /** The field's caption (the authored label), or null. */
  text: string | null;
  /** Rows tagged `<testTag>.<value>`, drawn while the field is expanded (the renderer's own state). */
  options: OptionView[];
}

export interface StackNode extends RenderNodeBase {
  type: 'stack';
  stackId: string;
  /** Screen names, in the order of `children` (authored order). */
  screens: string[];
  /** Indexes into `children` of the screens in the stack, root first: the last is on top. */
  entries: number[];
  /** How the stack last changed (a new serial is a change to animate), or null before any. */
  navigation: { serial: number; op: 'push' | 'pop' | 'replace' | 'popToRoot'; transition: StackTransitionName | 'zoom'; source: string | null } | null;
  /** The stack's own transition (screenTransition, default platform): a back swipe scrubs it. */
  screenTransition: StackTransitionName;
  /** Every screen, drawn or not. */
  children: RenderNode[];
}
export type StackTransitionName = 'platform' | 'slide' | 'fade' | 'none' | 'sharedAxisX' | 'sharedAxisY' | 'fadeThrough';

export type RenderNode =
  | ContainerNode | FlowNode | GridNode | LazyListNode | AdaptiveNode | CarouselNode | CardNode | TextNode | ImageNode | IconNode | SpacerNode | DividerNode | BadgeNode
  | TextFieldNode | ToggleNode | ButtonNode | RadioGroupNode | SegmentedButtonNode | ListItemNode
  | SliderNode | ChipNode | IconButtonNode | FabNode | ChartNode | MapNode | VideoPlayerNode | CameraPreviewNode | CastButtonNode | PasteButtonNode | TopAppBarNode | ProgressNode | DialogNode
  | SnackbarNode | TimePickerNode | DatePickerNode | ScrollNode | PagerNode | NavBarNode
  | BottomSheetNode | StackNode | MenuNode | SelectNode | DrawerNode | SearchBarNode | TooltipNode;

export interface RenderModel {
  /** Prototype id. */
  id: string;
  /** Increases with every rebuild; lets a renderer skip an unchanged model. */
  revision: number;
  window: ResolvedWindow;
  appearance: Appearance;
  /** The final scheme for the resolved mode: every role as a CSS colour. */
  scheme: Record<ColorRole, CssColor>;
  typography: {
    /** Family every type role uses (theme.typography.fontFamily, default sans). */
    fontFamily: 'sans' | 'serif' | 'mono';
    roles: Record<TextStyleRole, TypeRole>;
  };
  /** Corner radius per shape token in dp, after theme.shapes.corner. */
  shapes: Record<ShapeToken, number>;
  /** False for `motion: "none"`: every change is instant. */
  motion: boolean;
  /**
   * full; reduced for `motion: "reduced"` or a device that reduces motion (spatial motion becomes
   * crossfades, sizes and presses snap, indicators rest, fades and colours still animate); off for
   * `motion: "none"`.
   */
  motionProfile: MotionProfile;
  /** The motion tokens' scheme animate springs come from: expressive for `motion: "expressive"`. */
  motionScheme: 'standard' | 'expressive';
  /** Some node has a shared key: a draw may morph one into another. */
  sharedElements: boolean;
  /** The string table drawn from (null without strings). */
  locale: string | null;
  /** The prototype's layout direction by its locale: rtl for a table of a right-to-left language (the device's RTL setting turns any prototype RTL). */
  direction: 'ltr' | 'rtl';
  root: RenderNode;
  /** Keys of overlay nodes currently open, in tree order. A dialog is modal: while one is open
   *  the page behind it leaves the accessibility tree and takes no interactions. An open bottom
   *  sheet takes the window's touches too, except an open snackbar's. */
  openOverlays: { dialogs: string[]; snackbars: string[]; sheets: string[]; menus: string[]; drawers: string[]; spotlights: string[] };
}

/** The open overlays that are modal (dialogs, drawers, spotlight tooltips): while any is, only what is inside one takes input, and the page behind leaves accessibility. */
export function openModals(open: RenderModel['openOverlays']): string[] {
  return [...open.dialogs, ...open.drawers, ...open.spotlights];
}

/** The testTag of the host's dismiss control (the row of a fullscreen window, or its pill without chrome). */
export const HOST_DISMISS_TAG = 'protostage.dismiss';
/** A press held this long (ms) is a long press, on the page and in the live viewer (Android's default). */
export const LONG_PRESS_MS = 400;
/** Dispatched on a chromeless window to reveal its dismiss pill (the device does, before tapOn presses it). */
export const REVEAL_DISMISS_EVENT = 'protostage-reveal-dismiss';

/**
 * What the renderer reports back. `key` is the `RenderNode.key` of the node involved.
 * The controller applies each as one atomic unit (the control's own write, then its onTap list).
 */
export type Interaction =
  /** Tap on a node with onTap (button, card, chip without stateKey, iconButton, fab, listItem
   *  without trailing toggle, any plain tappable node). On a switch, checkbox, filter chip or a
   *  listItem with a trailing toggle it is the same as `toggle`. */
  | { type: 'tap'; key: string }
  /** Flip a switch, checkbox, filter chip or a listItem with a trailing switch/checkbox. */
  | { type: 'toggle'; key: string }
  /** Choose a radioGroup option, a segmentedButton segment, a select option or a map marker (by id) by value. */
  | { type: 'select'; key: string; value: string }
  /** A text field's new full text. */
  | { type: 'edit'; key: string; text: string }
  /** A video started (true) or stopped (false) playing; `ended` when it stopped at its end (then onEnded runs). */
  | { type: 'playback'; key: string; playing: boolean; ended: boolean }
  /** A camera's shutter: the frame was kept as the image asset `asset`, whose id goes to captureKey (then onCapture runs). */
  | { type: 'capture'; key: string; asset: string }
  /** A paste button pressed: the device's clipboard text goes to its state key. */
  | { type: 'paste'; key: string; text: string }
  /** Focus on a search bar with an activeKey: writes true to it. */
  | { type: 'activate'; key: string }
  /** A search bar's trailing action (by index): runs its onTap. */
  | { type: 'searchAction'; key: string; index: number }
  /** Enter (the keyboard's action key) in a text field or search bar with onSubmit: runs it. */
  | { type: 'submit'; key: string }
  /** A text field's tappable trailing icon: runs its onTap. */
  | { type: 'trailingIcon'; key: string }
  /** A slider moved to `value` (the controller snaps it to the step grid and clamps it). */
  | { type: 'slide'; key: string; value: number }
  | { type: 'pickTime'; key: string; hour: number; minute: number }
  /** YYYY-MM-DD. */
  | { type: 'pickDate'; key: string; date: string }
  /** Select a tabBar / bottomNav item, or a chart's row (its point, bar or slice), by index. */
  | { type: 'selectIndex'; key: string; index: number }
  /** A pager's scroll settled on `page` (user swipe, or the end of a setPage animation). */
  | { type: 'pageSettled'; key: string; page: number }
  /** Close a dialog (scrim tap), a bottom sheet (swipe or scrim tap), a snackbar, a menu (a tap outside it) or a drawer (scrim, swipe). */
  | { type: 'close'; key: string }
  /** A tappable span of rich text (by index): runs its onTap. */
  | { type: 'span'; key: string; index: number }
  /** A revealed swipe button (start entries first, then end) or a full swipe: runs that entry's onTap. */
  | { type: 'swipeAction'; key: string; index: number }
  /** A long press or a double tap on a node with onLongPress / onDoubleTap: runs that list. */
  | { type: 'longPress' | 'doubleTap'; key: string }
  /** A menu item (its index among the menu's rows, dividers counted): closes the menu, then runs the item's onTap. */
  | { type: 'menuItem'; key: string; index: number }
  /** A dialog's confirm or dismiss button: closes the dialog, then runs the button's onTap. */
  | { type: 'dialogButton'; key: string; button: 'confirm' | 'dismiss' }
  /** A snackbar's action: closes the snackbar, then runs the action's onTap. */
  | { type: 'snackbarAction'; key: string }
  /** A top app bar's navigation icon or action (by index). */
  | { type: 'appBar'; key: string; target: 'navigation' | number }
  /** A pull on the scroll `key` with refresh: writes true to its key and runs onRefresh (ignored while true). */
  | { type: 'refresh'; key: string }
  /**
   * An edge swipe popped the stack `key`. `scrubbed`: the renderer already animated the pop, so it
   * is drawn at once; otherwise (fades and the composed patterns) the pop draws its own motion.
   */
  | { type: 'swipeBack'; key: string; scrubbed?: boolean };

export type InteractionResult =
  | { ok: true }
  | { ok: false; reason: string };

/** A state value. */
export type Scalar = string | number | boolean;

export type DismissReason = 'user' | 'agent' | 'disconnect' | 'ttl' | 'teardown';

/** One event as it travels to the host: sequences start at 1 per prototype id and continue
 *  across re-shows of that id. */
export interface PrototypeEvent {
  timestamp: number;
  id: string;
  sequence: number;
  kind: 'change' | 'emit' | 'page_changed' | 'screen_changed' | 'dismissed' | 'appearance_changed';
  /** emit: the action name; page_changed: the pager id; screen_changed: the stack id; otherwise null. */
  name: string | null;
  /** change: `{key, value}` or `{keys, values}`; emit: the authored payload or null;
   *  page_changed: the page index; screen_changed: `{op, screen, from, screens}`; dismissed:
   *  `{reason}`; appearance_changed: `{mode, source}`. */
  payload: unknown;
  state: Record<string, Scalar>;
  pages: Record<string, number>;
  /** Each stack's screens, root first (only when the spec has stacks). */
  stacks?: Record<string, string[]>;
}
