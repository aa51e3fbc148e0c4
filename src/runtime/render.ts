/**
 * Builds the render model from the shown tree, the state, the pager pages and the resolved theme.
 *
 * Rebuilds are incremental: each node remembers which state keys (and pager pages) it read while
 * being built, and which its whole subtree read. After a change only the nodes that read a
 * changed key, and their ancestors, are rebuilt; every other subtree keeps its previous object.
 * Data reads are dependencies too (see data.ts), and so is each node itself: rows a data write
 * built again are rebuilt by naming their keys (`nodeDependency`).
 */
import type { PrototypeNode, Scalar, NodeOfType, Anchor, MenuItem, Semantics, SwipeActions, Animate } from '../spec/index.ts';
import { dialogScrim, modeForBackground, resolveColor, resolveColorArgb, resolveScrim, type ResolvedTheme } from '../theme/index.ts';
import type { AnimateView, IconEffectView, RenderNode, RenderNodeBase, ResolvedAnchor, ResolvedStyle, OptionView, MenuEntryView, SpanView, Gestures, SemanticsView, SwipeEntryView, SwipeView, NavItemView, AppBarButton, AdaptiveNode, WidthClass } from './model.ts';
import { COUNT_KEY_PREFIX, conditionHolds, type StateReader } from './conditions.ts';
import type { TextReader } from './text.ts';
import type { StringResolver } from './strings.ts';
import type { PlatformState } from './session.ts';
import { interpolate } from './text.ts';
import { mergedStyle, resolveStyle } from './style.ts';
import { pageCount, pagerId, type ShownTree, type TreeNode } from './tree.ts';
import { ownValue } from './record.ts';
import { readCount, readData, readDataValue, type JsonValue } from './data.ts';
import { screenNames, stackId, type Navigation } from './stacks.ts';

/** Dependency token of a pager's page (state keys cannot contain NUL). */
export function pageDependency(id: string): string {
  return '\u0000' + id;
}

/** Dependency token of a stack's screens. */
export function stackDependency(id: string): string {
  return '\u0004' + id;
}

/** Dependency token of the window's width class (adaptive layouts read it). */
export const WIDTH_CLASS_DEPENDENCY = '\u0000widthClass';

/** Dependency token of a node itself (built again from a new tree node). */
export function nodeDependency(key: string): string {
  return '\u0003' + key;
}

/** What a rebuild must redo: the changed dependency tokens, or everything. */
export type ChangeSet = ReadonlySet<string> | 'all';

export interface RenderInputs {
  state: Record<string, Scalar>;
  data: JsonValue;
  /** Settled page per pager id (already clamped). */
  pages: Map<string, number>;
  /** Each stack's screen names, root first, and how it last changed. */
  stacks: ReadonlyMap<string, readonly string[]>;
  navigations: ReadonlyMap<string, Navigation>;
  theme: ResolvedTheme;
  /** The device window's width class, which arranges adaptive layouts. */
  widthClass: WidthClass;
  /** The spec's string tables for this show's locale, or null without strings. */
  strings: StringResolver | null;
  /** The device's platform state ({platform:/connectivity/online}). */
  platform: PlatformState;
}

interface CacheEntry {
  render: RenderNode;
  /**
   * The node as its own fields were last built (its children may since have changed). Copies
   * are made from it: V8 gives each copy of a copy a new hidden class, which makes a chain of
   * them slow to copy, while every copy of one built object shares one.
   */
  built: RenderNode;
  /** The node's own dependency token (nodeDependency of its key), made once. */
  token: string;
  children: readonly CacheEntry[];
  deps: Set<string>;
  subtreeDeps: Set<string>;
  /** The tokens subtreeDeps grew by, in place, in the build that made this entry (see subtreeDepsFor). */
  added: readonly string[] | null;
}

/** The changed tokens as an array (read once per node visited; a Set's iterator costs more). */
type ChangedTokens = readonly string[] | 'all';

function touches(deps: Set<string>, changed: ChangedTokens): boolean {
  if (changed === 'all') return true;
  for (let i = 0; i < changed.length; i++) if (deps.has(changed[i]!)) return true;
  return false;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const token of a) if (!b.has(token)) return false;
  return true;
}

export class RenderBuilder {
  private cache = new Map<string, CacheEntry>();

  constructor(
    private readonly tree: ShownTree,
    private readonly inputs: () => RenderInputs,
  ) {}

  /** Rebuild what `changed` touches; returns the root render node. */
  build(changed: ChangeSet): RenderNode {
    if (changed === 'all') this.cache.clear();
    return this.buildEntry(this.tree.root, changed === 'all' ? 'all' : [...changed], this.inputs()).render;
  }

  /** The last built render node of a key. */
  rendered(key: string): RenderNode | undefined {
    return this.cache.get(key)?.render;
  }

  /** Drops what is cached for nodes no longer in the tree. */
  forget(keys: Iterable<string>): void {
    for (const key of keys) if (!this.tree.byKey.has(key)) this.cache.delete(key);
  }

  private buildEntry(treeNode: TreeNode, changed: ChangedTokens, inputs: RenderInputs): CacheEntry {
    const previous = this.cache.get(treeNode.key);
    if (previous && !touches(previous.subtreeDeps, changed)) return previous;
    const children = treeNode.children.length === 0 ? NO_ENTRIES : treeNode.children.map((child) => this.buildEntry(child, changed, inputs));
    const entry = previous && !touches(previous.deps, changed)
      ? this.reuseOwn(previous, children)
      : this.buildOwn(treeNode, children, inputs, previous);
    this.cache.set(treeNode.key, entry);
    return entry;
  }

  /** Only descendants changed: keep this node's own fields, swap in the new children. */
  private reuseOwn(previous: CacheEntry, children: readonly CacheEntry[]): CacheEntry {
    if (sameEntries(children, previous.children)) return previous;
    const render = withChildren(previous.built, children.map((child) => child.render));
    const { subtreeDeps, added } = subtreeDepsFor(previous.deps, children, previous);
    return { render, built: previous.built, token: previous.token, children, deps: previous.deps, subtreeDeps, added };
  }

  private buildOwn(treeNode: TreeNode, children: readonly CacheEntry[], inputs: RenderInputs, previous: CacheEntry | undefined): CacheEntry {
    const token = previous?.token ?? nodeDependency(treeNode.key);
    const deps = new Set<string>([token]);
    const read = nodeReader(treeNode, inputs, deps);
    // Without styleWhen a node's style depends on the theme only, and a theme change clears the cache.
    const keptStyle = previous && treeNode.node.styleWhen === undefined ? previous.render.style : null;
    const render = buildRenderNode(treeNode, read, children.map((child) => child.render), inputs, deps, keptStyle);
    const { subtreeDeps, added } = subtreeDepsFor(deps, children, previous);
    return { render, built: render, token, children, deps, subtreeDeps, added };
  }
}

const NO_ENTRIES: readonly CacheEntry[] = [];

function sameEntries(a: readonly CacheEntry[], b: readonly CacheEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The tokens a node's subtree reads. Where the node reads what it read before and its children are
 * the ones before (each the same entry, or one whose set is the same object, grown in place in this
 * build) with rows after them, the set before grows in place by the tokens new here, and the entry
 * tells its parent which (`added`): a list's set holds every row's tokens, and ten rows more add
 * theirs to it and to each ancestor's instead of making every set again. Anything else (a child
 * gone, one with another set, the node's own reads changed) makes the set anew. A set only ever
 * belongs to the entries of one node, of which the newest is the one in use.
 */
function subtreeDepsFor(deps: Set<string>, children: readonly CacheEntry[], previous: CacheEntry | undefined): { subtreeDeps: Set<string>; added: readonly string[] | null } {
  if (previous === undefined || children.length < previous.children.length || !sameSet(deps, previous.deps)) return { subtreeDeps: unionDeps(deps, children), added: null };
  const before = previous.children;
  const added: string[] = [];
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (i >= before.length) for (const token of child.subtreeDeps) added.push(token);
    else if (child === before[i]) continue;
    else if (child.subtreeDeps !== before[i]!.subtreeDeps) return { subtreeDeps: unionDeps(deps, children), added: null };
    else if (child.added !== null) added.push(...child.added);
  }
  if (added.length === 0) return { subtreeDeps: previous.subtreeDeps, added: null };
  for (const token of added) previous.subtreeDeps.add(token);
  return { subtreeDeps: previous.subtreeDeps, added };
}

/** A copy of a container render node with new children. */
function withChildren(render: RenderNode, children: RenderNode[]): RenderNode {
  const copy = { ...render } as RenderNode & { children?: RenderNode[]; child?: RenderNode | null };
  if ('children' in render) copy.children = children;
  if ('child' in render) copy.child = children[0] ?? null;
  return copy;
}

function unionDeps(own: Set<string>, children: readonly CacheEntry[]): Set<string> {
  const union = new Set(own);
  for (const child of children) for (const token of child.subtreeDeps) union.add(token);
  return union;
}

/** Reads state for one node, recording each key read in `deps` when given; inside a pager `page`
 *  and `pageCount` read that pager (page 1-based), inside a stack's screen `screen` and
 *  `stackDepth` read that stack (its top screen, how many screens it holds); a key starting with /
 *  reads the data. */
export function nodeReader(treeNode: TreeNode, inputs: Pick<RenderInputs, 'state' | 'pages' | 'stacks' | 'data'> & Partial<Pick<RenderInputs, 'strings' | 'platform'>>, deps?: Set<string>): TextReader {
  const read: TextReader = stateReader(treeNode, inputs, deps);
  const strings = inputs.strings;
  if (strings) read.translate = (key, count) => strings.translate(key, count);
  return read;
}

// The reader is returned as an anonymous arrow: a named one is wrapped to keep its name by the
// TypeScript loader, a cost paid on every node built.
function stateReader(treeNode: TreeNode, inputs: Pick<RenderInputs, 'state' | 'pages' | 'stacks' | 'data'> & Partial<Pick<RenderInputs, 'platform'>>, deps: Set<string> | undefined): TextReader {
  const pager = treeNode.pager;
  const screen = treeNode.screen;
  return (key) => {
    if (key.startsWith('/')) return readData(inputs.data, key, deps);
    if (key.startsWith(COUNT_KEY_PREFIX)) return readCount(inputs.data, key.slice(COUNT_KEY_PREFIX.length), deps);
    if (key.startsWith('platform:')) {
      deps?.add(key);
      return inputs.platform ? readData(inputs.platform as unknown as JsonValue, key.slice('platform:'.length)) : undefined;
    }
    if (screen && (key === 'screen' || key === 'stackDepth')) {
      const id = stackId(screen.stack.node as NodeOfType<'stack'>);
      deps?.add(stackDependency(id));
      const entries = inputs.stacks.get(id) ?? [];
      return key === 'screen' ? entries[entries.length - 1] : entries.length;
    }
    if (pager && (key === 'page' || key === 'pageCount')) {
      const id = pagerId(pager.node as NodeOfType<'pager'>);
      deps?.add(pageDependency(id));
      return key === 'page' ? (inputs.pages.get(id) ?? 0) + 1 : pageCount(pager);
    }
    deps?.add(key);
    return ownValue(inputs.state, key);
  };
}

function readPage(id: string, inputs: RenderInputs, deps: Set<string>): number {
  deps.add(pageDependency(id));
  return inputs.pages.get(id) ?? 0;
}

function resolveAnchor(anchor: Anchor | undefined): ResolvedAnchor | null {
  if (!anchor || anchor.type !== 'bounds') return null;
  return { bounds: anchor.bounds, alignment: anchor.alignment ?? 'cover', offset: anchor.offset ?? { x: 0, y: 0 } };
}

function asNumber(value: Scalar | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function clampIndex(index: number, count: number): number {
  return Math.max(0, Math.min(count - 1, Math.trunc(index)));
}

/** The icon name of a tappable container whose only content is one icon (e.g. a round button). */
function onlyIconName(children: RenderNode[]): string | null {
  return children.length === 1 && children[0]!.type === 'icon' ? children[0]!.name : null;
}

function buildRenderNode(
  treeNode: TreeNode,
  read: StateReader,
  children: RenderNode[],
  inputs: RenderInputs,
  deps: Set<string>,
  keptStyle: ResolvedStyle | null,
): RenderNode {
  const node = treeNode.node;
  const { theme } = inputs;
  // Each type's builder adds its own fields to `base` (Object.assign) rather than spreading it
  // into a new object: the spread of this many fields was most of the cost of a rebuild.
  const base: RenderNodeBase = {
    key: treeNode.key,
    id: node.id ?? null,
    testTag: node.testTag ?? null,
    visible: node.visibleWhen ? conditionHolds(node.visibleWhen, read) : true,
    disabledBy: node.enabledWhen && !conditionHolds(node.enabledWhen, read) ? JSON.stringify(node.enabledWhen) : null,
    // A shared node appears and goes at once: the morph between it and its partner is its motion.
    animatesVisibility: node.visibleWhen !== undefined && node.sharedKey === undefined && node.shared === undefined,
    transition: node.transition ?? null,
    style: keptStyle ?? resolveStyle(mergedStyle(node, read), theme, node.type === 'text'),
    label: null,
    tappable: node.onTap !== undefined,
    gestures: gesturesOf(node),
    semantics: node.semantics ? semanticsView(node.semantics, read) : null,
    platformFeedback: platformFeedbackOf(node),
    animate: animateOf(node.animate),
    anchor: resolveAnchor(node.anchor),
    safeAreaPadding: node.safeAreaPadding ?? null,
    shared: node.shared ? { key: node.shared.key, as: node.shared.as ?? 'bounds' } : node.sharedKey !== undefined ? { key: node.sharedKey, as: 'bounds' } : null,
  };
  const rendered = buildTyped(node, base, read, children, inputs, deps, treeNode.children);
  if (node.contentDescription !== undefined) rendered.label = interpolate(node.contentDescription, read);
  return rendered;
}

/** A secure field's text as it is drawn and reported: one bullet per character. */
export function maskedText(text: string): string {
  return '\u2022'.repeat([...text].length);
}

function buildTextField(node: NodeOfType<'textField'>, base: RenderNodeBase, read: StateReader): RenderNode {
  const raw = read(node.stateKey);
  const value = typeof raw === 'string' ? raw : '';
  const error = node.errorWhen !== undefined && conditionHolds(node.errorWhen, read);
  const supporting = error && node.errorText !== undefined ? node.errorText : node.supportingText;
  const multiline = node.multiline === true;
  const minLines = node.minLines ?? 1;
  return Object.assign(base, {
    type: 'textField' as const,
    stateKey: node.stateKey,
    value,
    placeholder: node.placeholder ?? '',
    variant: node.variant ?? 'filled',
    caption: node.label === undefined ? null : interpolate(node.label, read),
    maxLength: node.maxLength ?? null,
    lines: multiline ? { min: minLines, max: Math.max(minLines, node.maxLines ?? Math.max(minLines, 4)) } : null,
    secure: node.secure === true,
    keyboard: node.keyboard ?? 'text',
    supportingText: supporting === undefined ? null : interpolate(supporting, read),
    error,
    trailingIcon: node.trailingIcon ? appBarButton(node.trailingIcon, read) : null,
    leadingIcon: node.leadingIcon ?? null,
    imeAction: node.imeAction ?? null,
    submits: node.onSubmit !== undefined,
  });
}

function semanticsView(semantics: Semantics, read: StateReader): SemanticsView {
  return {
    heading: semantics.heading === true,
    liveRegion: semantics.liveRegion ?? null,
    group: semantics.group === true,
    label: semantics.label === undefined ? null : interpolate(semantics.label, read),
    hint: semantics.hint === undefined ? null : interpolate(semantics.hint, read),
    traits: semantics.traits ?? [],
  };
}

/** An icon's effect, with the trigger's value read now (a state key, or a scalar in data). */
function iconEffectOf(effect: NodeOfType<'icon'>['effect'], read: StateReader): IconEffectView | null {
  if (!effect) return null;
  const source = effect.trigger?.key ?? effect.trigger?.data;
  return { type: effect.type, repeat: effect.repeat ?? null, triggered: source !== undefined, trigger: source === undefined ? null : read(source) ?? null };
}

/** The scroll edge effect as a fade length (dp) at the edges with more content; fadeEdges wins over it. */
const EDGE_EFFECT_FADES: Record<'soft' | 'hard' | 'none', number | null> = { soft: 24, hard: 8, none: null };

/** A node's animate as the renderer runs it: easing spring without a tempo is the default tempo. */
function animateOf(animate: Animate | undefined): AnimateView | null {
  if (!animate) return null;
  if (animate.tempo !== undefined) return { kind: 'spring', tempo: animate.tempo };
  if (animate.easing === 'spring') return { kind: 'spring', tempo: 'default' };
  if (animate.durationMs === undefined && animate.easing === undefined) return null;
  return { kind: 'timed', durationMs: animate.durationMs ?? 300, easing: animate.easing ?? 'standard' };
}

/** android.indication and ios.hover, the namespace fields the web device honours. */
function platformFeedbackOf(node: PrototypeNode): RenderNodeBase['platformFeedback'] {
  const indication = node.android?.indication;
  const hover = node.ios?.hover;
  if (indication === undefined && hover === undefined) return null;
  return { indication: indication ?? 'ripple', hover: hover ?? null };
}

function gesturesOf(node: PrototypeNode): Gestures | null {
  const longPress = 'onLongPress' in node && node.onLongPress !== undefined;
  const doubleTap = 'onDoubleTap' in node && node.onDoubleTap !== undefined;
  return longPress || doubleTap ? { longPress, doubleTap } : null;
}

function options(node: NodeOfType<'radioGroup'> | NodeOfType<'segmentedButton'> | NodeOfType<'select'>, read: StateReader): OptionView[] {
  const selected = read(node.stateKey);
  return node.options.map((option) => ({ value: option.value, text: interpolate(option.label, read), selected: selected === option.value }));
}

function swipeView(actions: SwipeActions | undefined, read: StateReader, theme: ResolvedTheme): SwipeView | null {
  if (!actions) return null;
  const entry = (action: NonNullable<SwipeActions['start']>[number]): SwipeEntryView => {
    const destructive = action.role === 'destructive';
    const background = action.color ?? (destructive ? 'error' : 'secondaryContainer');
    const onDark = modeForBackground(resolveColorArgb(background, theme)) === 'dark';
    const foreground = action.color !== undefined ? (onDark ? '#FFFFFF' : '#000000') : destructive ? theme.css.onError : theme.css.onSecondaryContainer;
    return { text: interpolate(action.label, read), icon: action.icon ?? null, background: resolveColor(background, theme), foreground };
  };
  return { start: (actions.start ?? []).map(entry), end: (actions.end ?? []).map(entry), fullSwipe: actions.fullSwipe ?? false };
}

function menuEntry(item: MenuItem, read: StateReader): MenuEntryView {
  if (item.type === 'divider') return { type: 'divider' };
  return {
    type: 'item',
    text: interpolate(item.label!, read),
    icon: item.icon ?? null,
    trailingText: item.trailingText === undefined ? null : interpolate(item.trailingText, read),
    enabled: item.enabled ?? true,
  };
}

function navItems(node: NodeOfType<'tabBar'> | NodeOfType<'bottomNav'>, selectedIndex: number, inputs: RenderInputs): NavItemView[] {
  return node.items.map((item, i) => ({
    text: item.label,
    icon: item.icon ?? null,
    image: item.image === undefined ? null : typeof item.image === 'string' ? item.image : item.image[inputs.theme.mode],
    selected: i === selectedIndex,
  }));
}

function appBarButton(button: { icon: string; label: string; onTap?: unknown }, read: StateReader): AppBarButton {
  return { icon: button.icon, text: interpolate(button.label, read), tappable: button.onTap !== undefined };
}

/**
 * What each child of a list is across data writes: header, footer, a row's repeat key (with the
 * template node's place in the row), else its row index, or a literal row's id.
 */
function listItemKeys(node: NodeOfType<'list'>, children: readonly TreeNode[]): string[] {
  const lead = node.header ? 1 : 0;
  const rowEnd = children.length - (node.footer ? 1 : 0);
  const perRow = Math.max(1, node.children.length);
  const keyField = node.repeat?.key;
  const seen = new Set<string>();
  // Two rows with the same key (the data allows it) are told apart by their place.
  const unique = (key: string, i: number) => (seen.has(key) ? `${key}#${i}` : (seen.add(key), key));
  return children.map((child, i) => unique(itemKey(child, i), i));
  function itemKey(child: TreeNode, i: number): string {
    if (i < lead) return 'header';
    if (i >= rowEnd) return 'footer';
    if (!child.row) return child.node.id !== undefined ? `id:${child.node.id}` : `index:${i - lead}`;
    const place = (i - lead) % perRow;
    const value = keyField === undefined ? undefined : child.row.item[keyField];
    return value === undefined ? `index:${child.row.index}/${place}` : `key:${JSON.stringify(value)}/${place}`;
  }
}

function buildAdaptive(node: NodeOfType<'adaptive'>, base: RenderNodeBase, read: StateReader, children: RenderNode[], inputs: RenderInputs, deps: Set<string>): AdaptiveNode {
  deps.add(WIDTH_CLASS_DEPENDENCY);
  const selection = node.selectionKey !== undefined ? read(node.selectionKey) : '';
  const current = node.stateKey !== undefined ? read(node.stateKey) : undefined;
  const selected = typeof selection === 'string' && selection !== '';
  const open = node.openKey !== undefined && read(node.openKey) === true;
  return Object.assign(base, {
    type: 'adaptive' as const,
    layout: node.layout,
    widthClass: inputs.widthClass,
    selected,
    items: (node.items ?? []).map((item) => ({ value: item.value, label: item.label, icon: item.icon ?? null, selected: item.value === current })),
    open,
    scrim: resolveScrim(undefined, inputs.theme),
    panes: shownPanes(node.layout, inputs.widthClass, selected, open),
    children,
  });
}

/**
 * Which panes an adaptive layout shows, in child order: below expanded a list-detail shows its
 * list, or its detail while a selection is made; a supporting pane shows while open (beside main,
 * or in a sheet below expanded); a suite's content always shows.
 */
function shownPanes(layout: AdaptiveNode['layout'], widthClass: WidthClass, selected: boolean, open: boolean): boolean[] {
  switch (layout) {
    case 'listDetail':
      return widthClass === 'expanded' ? [true, true] : [!selected, selected];
    case 'supporting':
      return [true, open];
    case 'navigationSuite':
      return [true];
  }
}

function openState(node: { openWhen: { key: string; equals: boolean } }, read: StateReader): boolean {
  return read(node.openWhen.key) === node.openWhen.equals;
}

// One case per node type; each returns the type's render node with its accessible label.
function buildText(node: NodeOfType<'text'>, base: RenderNodeBase, read: StateReader, inputs: RenderInputs): RenderNode {
  const spans = node.spans?.map((span, index): SpanView => ({ index, text: interpolate(span.text, read), style: resolveStyle(span.style, inputs.theme, false), tappable: span.onTap !== undefined })) ?? null;
  // Rich text reads as its spans' texts run together.
  const value = spans ? spans.map((span) => span.text).join('') : interpolate(node.text!, read);
  return Object.assign(base, { type: 'text' as const, text: value, label: value, spans, contentTransition: node.contentTransition ?? 'none' });
}

function buildTyped(
  node: PrototypeNode,
  base: RenderNodeBase,
  read: StateReader,
  children: RenderNode[],
  inputs: RenderInputs,
  deps: Set<string>,
  treeChildren: readonly TreeNode[],
): RenderNode {
  switch (node.type) {
    case 'box':
    case 'row':
    case 'column':
      return Object.assign(base, { type: node.type, children, label: base.tappable ? onlyIconName(children) : null, swipe: node.type === 'row' ? swipeView(node.swipeActions, read, inputs.theme) : null });
    case 'flow':
      return Object.assign(base, { type: 'flow' as const, maxLines: node.maxLines ?? null, children });
    case 'grid':
      return Object.assign(base, { type: 'grid' as const, columns: node.columns, spans: treeChildren.map((child) => child.node.span ?? 1), children });
    case 'list':
      return Object.assign(base, { type: 'list' as const, hasHeader: node.header !== undefined, hasFooter: node.footer !== undefined, itemKeys: listItemKeys(node, treeChildren), children });
    case 'carousel':
      return Object.assign(base, { type: 'carousel' as const, itemWidth: node.itemWidth, variant: node.variant ?? 'multiBrowse', itemSpacing: node.itemSpacing ?? 8, children });
    case 'card':
      return Object.assign(base, { type: 'card' as const, variant: node.variant ?? 'filled', children });
    case 'text':
      return buildText(node, base, read, inputs);
    case 'image':
      return Object.assign(base, {
        type: 'image' as const,
        asset: keptAsset(node.assetKey, read) ?? (typeof node.asset === 'string' ? node.asset : node.asset[inputs.theme.mode]),
        contentScale: node.contentScale ?? 'fit',
        zoomable: node.zoomable === true,
        filter: node.filter ? { saturation: node.filter.saturation ?? 1, tint: node.filter.tint === undefined ? null : resolveColor(node.filter.tint, inputs.theme) } : null,
      });
    case 'icon':
      return Object.assign(base, { type: 'icon' as const, name: node.name, variant: node.variant ?? 'filled', label: base.tappable ? node.name : null, effect: iconEffectOf(node.effect, read) });
    case 'spacer':
      return Object.assign(base, { type: 'spacer' as const });
    case 'divider':
      return Object.assign(base, { type: 'divider' as const, orientation: node.orientation ?? 'horizontal' });
    case 'badge': {
      const value = node.text === undefined ? null : interpolate(node.text, read);
      return Object.assign(base, { type: 'badge' as const, text: value, label: value });
    }
    case 'textField':
      return buildTextField(node, base, read);
    case 'switch':
    case 'checkbox': {
      const label = node.label === undefined ? null : interpolate(node.label, read);
      return Object.assign(base, { type: node.type, stateKey: node.stateKey, checked: read(node.stateKey) === true, text: label, label });
    }
    case 'button': {
      const label = interpolate(node.label, read);
      return Object.assign(base, { type: 'button' as const, text: label, variant: node.variant ?? 'filled', icon: node.icon ?? null, label });
    }
    case 'radioGroup':
    case 'segmentedButton':
      return Object.assign(base, { type: node.type, stateKey: node.stateKey, options: options(node, read) });
    case 'listItem': {
      const headline = interpolate(node.headline, read);
      const supporting = node.supporting === undefined ? null : interpolate(node.supporting, read);
      const trailing = node.trailing === undefined
        ? null
        : node.trailing.type === 'icon'
          ? { type: 'icon' as const, name: node.trailing.name }
          : { type: node.trailing.type, stateKey: node.trailing.stateKey, checked: read(node.trailing.stateKey) === true };
      const label = supporting === null ? headline : `${headline}\n${supporting}`;
      return Object.assign(base, { type: 'listItem' as const, headline, supporting, leadingIcon: node.leadingIcon ?? null, trailing, label, swipe: swipeView(node.swipeActions, read, inputs.theme) });
    }
    case 'slider': {
      const label = node.label === undefined ? null : interpolate(node.label, read);
      const value = asNumber(read(node.stateKey), node.min);
      return Object.assign(base, { type: 'slider' as const, stateKey: node.stateKey, value, min: node.min, max: node.max, step: node.step ?? null, text: label, label });
    }
    case 'chip': {
      const label = interpolate(node.label, read);
      const stateKey = node.stateKey ?? null;
      const variant = node.variant ?? (stateKey === null ? 'assist' : 'filter');
      return Object.assign(base, { type: 'chip' as const, text: label, variant, stateKey, checked: stateKey === null ? null : read(stateKey) === true, label });
    }
    case 'iconButton': {
      const selected = node.selectedWhen === undefined ? null : conditionHolds(node.selectedWhen, read);
      const icon = selected === true && node.selectedIcon !== undefined ? node.selectedIcon : node.icon;
      return Object.assign(base, { type: 'iconButton' as const, icon, variant: node.variant ?? 'standard', selected, label: node.icon });
    }
    case 'chart':
      return buildChart(node, base, read, inputs, deps);
    case 'map': {
      const chosen = node.stateKey === undefined ? undefined : read(node.stateKey);
      const markers = (node.markers ?? []).map((marker) => ({
        id: marker.id,
        lat: marker.lat,
        lon: marker.lon,
        label: marker.label === undefined ? null : interpolate(marker.label, read),
        color: resolveColor(marker.color ?? 'primary', inputs.theme),
        selected: chosen === marker.id,
      }));
      const chosenLabel = markers.find((marker) => marker.selected)?.label;
      return Object.assign(base, { type: 'map' as const, center: node.center, zoom: node.zoom ?? 2, markers, label: chosenLabel ? `Map, ${chosenLabel}` : 'Map' });
    }
    case 'videoPlayer': {
      const playing = node.playingKey !== undefined && read(node.playingKey) === true;
      return Object.assign(base, {
        type: 'videoPlayer' as const,
        asset: node.asset,
        poster: node.poster === undefined ? null : typeof node.poster === 'string' ? node.poster : node.poster[inputs.theme.mode],
        autoplay: node.autoplay === true,
        loop: node.loop === true,
        controls: node.controls ?? true,
        contentScale: node.contentScale ?? 'fit',
        playingBound: node.playingKey !== undefined,
        playing,
        label: 'Video',
      });
    }
    case 'cameraPreview':
      return Object.assign(base, { type: 'cameraPreview' as const, facing: node.facing ?? 'back', shutter: node.shutter ?? true, label: 'Camera' });
    case 'castButton': {
      const casting = node.stateKey !== undefined && read(node.stateKey) === true;
      return Object.assign(base, { type: 'castButton' as const, stateKey: node.stateKey ?? null, casting, label: casting ? 'Casting' : 'Cast', tappable: true });
    }
    case 'pasteButton': {
      const text = node.label === undefined ? 'Paste' : interpolate(node.label, read);
      return Object.assign(base, { type: 'pasteButton' as const, text, label: text, tappable: true });
    }
    case 'fab': {
      const label = node.label === undefined ? null : interpolate(node.label, read);
      return Object.assign(base, { type: 'fab' as const, icon: node.icon, text: label, size: node.size ?? 'regular', label: label ?? node.icon });
    }
    case 'topAppBar': {
      const title = interpolate(node.title, read);
      return Object.assign(base, {
        type: 'topAppBar' as const,
        title,
        variant: node.variant ?? 'small',
        navigationIcon: node.navigationIcon ? appBarButton(node.navigationIcon, read) : null,
        actions: (node.actions ?? []).map((action) => appBarButton(action, read)),
        label: title,
      });
    }
    case 'progress':
      return Object.assign(base, {
        type: 'progress' as const,
        variant: node.variant ?? 'linear',
        value: node.stateKey === undefined ? null : asNumber(read(node.stateKey), 0),
        max: node.max ?? 1,
      });
    case 'dialog': {
      const title = node.title === undefined ? null : interpolate(node.title, read);
      return Object.assign(base, {
        type: 'dialog' as const,
        open: openState(node, read),
        title,
        text: node.text === undefined ? null : interpolate(node.text, read),
        icon: node.icon ?? null,
        confirm: { text: interpolate(node.confirm.label, read) },
        dismiss: node.dismiss ? { text: interpolate(node.dismiss.label, read) } : null,
        child: children[0] ?? null,
        scrim: dialogScrim(inputs.theme),
        label: title,
      });
    }
    case 'snackbar': {
      const value = interpolate(node.text, read);
      return Object.assign(base, { type: 'snackbar' as const, open: openState(node, read), text: value, action: node.action ? { text: interpolate(node.action.label, read) } : null, label: value });
    }
    case 'timePicker':
      return Object.assign(base, {
        type: 'timePicker' as const,
        hourKey: node.hourKey,
        minuteKey: node.minuteKey,
        hour: asNumber(read(node.hourKey), 0),
        minute: asNumber(read(node.minuteKey), 0),
        is24Hour: node.is24Hour ?? null,
      });
    case 'datePicker': {
      const value = read(node.stateKey);
      return Object.assign(base, { type: 'datePicker' as const, stateKey: node.stateKey, value: typeof value === 'string' ? value : '' });
    }
    case 'scroll':
      return Object.assign(base, { type: 'scroll' as const, axis: node.axis ?? 'vertical', child: children[0]!, fadeEdges: node.fadeEdges ?? EDGE_EFFECT_FADES[node.edgeEffect ?? 'none'], refresh: node.refresh ? { refreshing: read(node.refresh.stateKey) === true } : null });
    case 'pager': {
      const id = pagerId(node);
      return Object.assign(base, {
        type: 'pager' as const,
        pagerId: id,
        page: readPage(id, inputs, deps),
        pageCount: children.length,
        axis: node.axis ?? 'horizontal',
        pageSpacing: node.pageSpacing ?? 0,
        peek: { start: node.peek?.start ?? 0, end: node.peek?.end ?? 0 },
        pageSize: node.pageSize ?? 'fill',
        indicator: node.indicator ?? 'none',
        children,
      });
    }
    case 'stack': {
      const id = stackId(node);
      deps.add(stackDependency(id));
      const screens = screenNames(node);
      const entries = (inputs.stacks.get(id) ?? [node.initial]).map((name) => screens.indexOf(name));
      const navigation = inputs.navigations.get(id) ?? null;
      return Object.assign(base, { type: 'stack' as const, stackId: id, screens, entries, navigation, screenTransition: node.screenTransition ?? 'platform', children });
    }
    case 'tabBar':
    case 'bottomNav': {
      const raw = node.pager !== undefined ? readPage(node.pager, inputs, deps) : asNumber(read(node.stateKey!), 0);
      const selectedIndex = clampIndex(raw, node.items.length);
      const scrollable = node.type === 'tabBar' ? (node.scrollable ?? false) : false;
      return Object.assign(base, { type: node.type, items: navItems(node, selectedIndex, inputs), selectedIndex, scrollable });
    }
    case 'adaptive':
      return buildAdaptive(node, base, read, children, inputs, deps);
    case 'searchBar': {
      const value = read(node.stateKey);
      return Object.assign(base, {
        type: 'searchBar' as const,
        stateKey: node.stateKey,
        value: typeof value === 'string' ? value : '',
        placeholder: node.placeholder === undefined ? '' : interpolate(node.placeholder, read),
        leadingIcon: node.leadingIcon ?? null,
        trailingActions: (node.trailingActions ?? []).map((action) => appBarButton(action, read)),
        active: node.activeKey !== undefined && read(node.activeKey) === true,
        activeKey: node.activeKey ?? null,
        variant: node.variant ?? 'bar',
        submits: node.onSubmit !== undefined,
        child: children[0] ?? null,
      });
    }
    case 'tooltip': {
      const text = interpolate(node.text, read);
      return Object.assign(base, {
        type: 'tooltip' as const,
        open: openState(node, read),
        text,
        label: text,
        targetId: node.anchorTo ?? null,
        placement: node.placement ?? 'top',
        spotlight: node.spotlight ? { padding: node.spotlight.padding ?? 8, radius: node.spotlight.radius ?? 12, scrim: resolveScrim(undefined, inputs.theme) } : null,
      });
    }
    case 'drawer':
      return Object.assign(base, {
        type: 'drawer' as const,
        open: openState(node, read),
        edge: node.edge ?? 'start',
        scrim: resolveScrim(node.scrim, inputs.theme),
        dismissOnSwipe: node.dismissOnSwipe ?? true,
        child: children[0]!,
      });
    case 'menu':
      return Object.assign(base, { type: 'menu' as const, open: openState(node, read), entries: node.items.map((item) => menuEntry(item, read)) });
    case 'select': {
      const label = node.label === undefined ? null : interpolate(node.label, read);
      const choices = options(node, read);
      // Observe reads the chosen option's label (empty when none matches); a contentDescription overrides it.
      return Object.assign(base, { type: 'select' as const, stateKey: node.stateKey, text: label, options: choices, label: choices.find((option) => option.selected)?.text ?? '' });
    }
    case 'bottomSheet':
      return Object.assign(base, {
        type: 'bottomSheet' as const,
        open: openState(node, read),
        detents: node.detents,
        scrim: resolveScrim(node.scrim, inputs.theme),
        dragHandle: node.dragHandle ?? true,
        dismissOnSwipe: node.dismissOnSwipe ?? true,
        child: children[0]!,
      });
  }
}

/** Series and slice colours in order, when a spec names none: roles that stand out on a surface. */
const SERIES_COLORS = ['primary', 'tertiary', 'secondary', 'error', 'onPrimaryContainer', 'onTertiaryContainer', 'onSecondaryContainer', 'outline'] as const;

/** A chart's rows as drawn: literal, or read from the data (a pointer that names no array of rows draws no rows). */
function chartRows(node: NodeOfType<'chart'>, inputs: RenderInputs, deps: Set<string>): readonly Record<string, unknown>[] {
  const rows = typeof node.rows === 'string' ? readDataValue(inputs.data, node.rows, deps) : node.rows;
  if (!Array.isArray(rows)) return [];
  return rows.map((row) => (row !== null && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, unknown>) : {}));
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function buildChart(node: NodeOfType<'chart'>, base: RenderNodeBase, read: StateReader, inputs: RenderInputs, deps: Set<string>): RenderNode {
  const { theme } = inputs;
  const fields = node.series ? node.series.map((series) => series.field) : [node.value!];
  const rows = chartRows(node, inputs, deps).map((row) => ({
    label: typeof row[node.x] === 'string' || typeof row[node.x] === 'number' ? String(row[node.x]) : '',
    values: fields.map((field) => finiteOrNull(row[field])),
  }));
  const series = node.series
    ? node.series.map((entry, i) => ({ label: entry.label === undefined ? entry.field : interpolate(entry.label, read), color: resolveColor(entry.color ?? SERIES_COLORS[i % SERIES_COLORS.length]!, theme) }))
    : [{ label: node.value!, color: resolveColor('primary', theme) }];
  const held = node.stateKey === undefined ? undefined : read(node.stateKey);
  const selected = typeof held === 'number' && Number.isInteger(held) && held >= 0 && held < rows.length ? held : -1;
  const pie = node.kind === 'pie' || node.kind === 'donut';
  return Object.assign(base, {
    type: 'chart' as const,
    kind: node.kind,
    rows,
    series,
    sliceColors: pie ? rows.map((_, i) => resolveColor(SERIES_COLORS[i % SERIES_COLORS.length]!, theme)) : [],
    stacked: node.stacked === true,
    legend: node.legend ?? (pie || series.length > 1),
    yMin: node.yMin ?? null,
    yMax: node.yMax ?? null,
    selected,
    label: `${node.kind[0]!.toUpperCase() + node.kind.slice(1)} chart, ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`,
  });
}

/** The asset id an image's assetKey holds (a camera capture), or null while it holds none. */
function keptAsset(assetKey: string | undefined, read: StateReader): string | null {
  const held = assetKey === undefined ? undefined : read(assetKey);
  return typeof held === 'string' && held !== '' ? held : null;
}
