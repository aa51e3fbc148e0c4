/**
 * One shown prototype: its tree, state, pages, resolved appearance and render model. The
 * controller (index.ts) owns sessions, event sequences and timers; a session only changes when
 * the controller commits a unit or the device settings change.
 */
import type { NodeOfType, PrototypeNode, PrototypeSpec, Scalar } from '../spec/index.ts';
import { pickSide, resolveScrim, resolveTheme, type ResolvedTheme } from '../theme/index.ts';
import { openModals, type Appearance, type RenderModel, type RenderNode, type ResolvedStyle, type ResolvedWindow, type Mode, type MotionProfile, type WidthClass } from './model.ts';
import { leadingChainMode, resolveMode, type AppearanceOverride } from './appearance.ts';
import { nodeDependency, nodeReader, pageDependency, RenderBuilder, stackDependency, WIDTH_CLASS_DEPENDENCY, type ChangeSet } from './render.ts';
import { initialEntries, stackId, stacksRecord, type Navigation } from './stacks.ts';
import { boundPage, buildTree, isOverlayType, pageCount, refreshDataRepeats, type ShownTree, type TreeNode } from './tree.ts';
import { conservativePayloadByteLength } from '../json/index.ts';
import type { JsonObject } from './data.ts';
import { changed, entryBytes, Unit, type CommittedState } from './unit.ts';
import { ownValue, setOwn } from './record.ts';
import { canonicalLocale, DEFAULT_LOCALE, StringResolver } from './strings.ts';

export interface DeviceSettings {
  dark: boolean;
  /** The device's dynamic colour seed (`colors.source: "device"`); the web device has none. */
  dynamicColor?: string | null;
  /** Motion off, as with an animator duration scale of 0. */
  reducedMotion?: boolean;
  rtl?: boolean;
  fontScale?: number;
  /** The device window's width in dp, which picks the width class adaptive layouts follow (412 if unknown). */
  windowWidth?: number;
  /** The device's language (a BCP 47 tag); a show's own locale wins over it. */
  locale?: string;
  /** The device has no network (its connectivity reads offline). */
  offline?: boolean;
}

/** The device's platform state a spec reads with {platform:/pointer}. */
export interface PlatformState {
  connectivity: { online: boolean; type: 'wifi' | 'none' };
}

export function platformStateOf(device: DeviceSettings): PlatformState {
  const online = device.offline !== true;
  return { connectivity: { online, type: online ? 'wifi' : 'none' } };
}

/** Material's width classes: compact under 600 dp, medium under 840 dp, expanded from 840 dp. */
export function widthClassOf(width: number | undefined): WidthClass {
  const dp = width ?? 412;
  return dp < 600 ? 'compact' : dp < 840 ? 'medium' : 'expanded';
}

export class Session implements CommittedState {
  readonly id: string;
  readonly tree: ShownTree;
  state: Record<string, Scalar>;
  pages = new Map<string, number>();
  /** Each stack's screen names, root first. */
  stacks = new Map<string, readonly string[]>();
  /** How each stack last changed, for the renderer's transition (session-only, never reported). */
  navigations = new Map<string, Navigation>();
  stateBytes = 0;
  /** Agent-owned JSON, changed only by data actions (and patches). */
  data: JsonObject;
  dataCost: number;
  /** The prototype's revision (see CommittedState); the controller carries it across shows. */
  revision: number;
  appearance!: Appearance;
  model!: RenderModel;
  private theme!: ResolvedTheme;
  private builder: RenderBuilder;
  private modelRevision = 0;
  private motion: MotionProfile = 'full';
  widthClass: WidthClass;
  /** The spec's string tables for this show's locale (null without strings). */
  strings: StringResolver | null = null;
  /** The locale strings.localeKey's state key held when the strings were last chosen. */
  private chosenStateLocale: string | null = null;
  /** What {platform:/…} reads. */
  platform: PlatformState;

  constructor(
    readonly spec: PrototypeSpec,
    readonly override: AppearanceOverride,
    device: DeviceSettings,
    keptPages: ReadonlyMap<string, number>,
    revision = 1,
    keptStacks: ReadonlyMap<string, readonly string[]> = new Map(),
    /** The show's locale, which beats the device's for this show. */
    readonly showLocale: string | null = null,
  ) {
    this.id = spec.id;
    this.revision = revision;
    this.data = (spec.data ?? {}) as JsonObject;
    this.dataCost = conservativePayloadByteLength(this.data);
    this.tree = buildTree(spec.root, this.data);
    this.state = { ...(spec.state ?? {}) };
    for (const [key, value] of Object.entries(this.state)) this.stateBytes += entryBytes(key, value);
    for (const [id, pager] of this.tree.pagers) {
      const kept = keptPages.get(id) ?? 0;
      this.pages.set(id, Math.max(0, Math.min(pageCount(pager) - 1, kept)));
    }
    // A pager that keeps its page in a state key starts where the state says, kept page or not.
    this.syncBoundPages(null);
    for (const [id, stack] of this.tree.stacks) this.stacks.set(id, initialEntries(stack.node as NodeOfType<'stack'>, keptStacks.get(id)));
    this.widthClass = widthClassOf(device.windowWidth);
    this.platform = platformStateOf(device);
    this.builder = new RenderBuilder(this.tree, () => ({ state: this.state, pages: this.pages, stacks: this.stacks, navigations: this.navigations, data: this.data, theme: this.theme, widthClass: this.widthClass, strings: this.strings, platform: this.platform }));
    this.strings = this.resolveStrings(device);
    this.retheme(device);
  }

  newUnit(): Unit {
    return new Unit(this.tree, this);
  }

  /** Apply an accepted unit's writes and rebuild what they touched. */
  commit(unit: Unit): void {
    const touched = new Set<string>();
    for (const [key, value] of unit.writes) {
      if (changed(ownValue(this.state, key), value)) touched.add(key);
      setOwn(this.state, key, value);
    }
    const stateMoved = touched.size > 0;
    for (const [id, page] of unit.pageWrites) {
      if (this.pages.get(id) !== page) touched.add(pageDependency(id));
      this.pages.set(id, page);
    }
    if (stateMoved) this.syncBoundPages(touched);
    for (const [id, change] of unit.stackWrites) {
      touched.add(stackDependency(id));
      this.stacks.set(id, change.entries);
      this.navigations.set(id, { serial: (this.navigations.get(id)?.serial ?? 0) + 1, op: change.op, transition: change.transition, source: change.source });
    }
    this.stateBytes = unit.stateBytes;
    let rebuiltRows: Set<string> | null = null;
    if (unit.data !== this.data) {
      this.data = unit.data;
      this.dataCost = unit.dataCost;
      for (const token of unit.dataTokens) touched.add(token);
      rebuiltRows = refreshDataRepeats(this.tree, this.data, unit.dataWritten);
      // A node new to the tree is built when its container is (whose key is among these); only
      // what was built before can be stale, and each token more is looked up at every row.
      for (const key of rebuiltRows) if (this.builder.rendered(key) !== undefined) touched.add(nodeDependency(key));
    }
    this.revision = unit.revision + (stateMoved ? 1 : 0);
    if (touched.size > 0) this.rebuild(touched);
    if (rebuiltRows) this.builder.forget(rebuiltRows);
  }

  /** Pagers with a stateKey show the page their key holds (clamped); `touched` gets each that moved. */
  private syncBoundPages(touched: Set<string> | null): void {
    for (const [id, pager] of this.tree.pagers) {
      const key = pager.node.type === 'pager' ? pager.node.stateKey : undefined;
      if (key === undefined) continue;
      const page = boundPage(pager, ownValue(this.state, key));
      if (this.pages.get(id) !== page) touched?.add(pageDependency(id));
      this.pages.set(id, page);
    }
  }

  /** The window changed width: rebuild the adaptive layouts when its width class changed. */
  resize(device: DeviceSettings): void {
    const widthClass = widthClassOf(device.windowWidth);
    if (widthClass === this.widthClass) return;
    this.widthClass = widthClass;
    this.rebuild(new Set([WIDTH_CLASS_DEPENDENCY]));
  }

  /** The device's network came or went: what reads it is drawn again at once. */
  setPlatform(device: DeviceSettings): void {
    const platform = platformStateOf(device);
    if (platform.connectivity.online === this.platform.connectivity.online) return;
    this.platform = platform;
    this.rebuild(new Set(['platform:/connectivity/online', 'platform:/connectivity/type']));
  }

  /** The device's language changed: a spec with strings draws from the table it now chooses. */
  relocale(device: DeviceSettings): void {
    const strings = this.resolveStrings(device);
    if (strings?.locale === this.strings?.locale) return;
    this.strings = strings;
    this.rebuild('all');
  }

  /** After a commit: a new value in strings.localeKey's state key re-translates at once. */
  refreshLocale(device: DeviceSettings): void {
    if (this.spec.strings?.localeKey === undefined || this.stateLocale() === this.chosenStateLocale) return;
    this.relocale(device);
  }

  private resolveStrings(device: DeviceSettings): StringResolver | null {
    this.chosenStateLocale = this.stateLocale();
    return this.spec.strings ? new StringResolver(this.spec.strings, this.chosenStateLocale ?? this.showLocale ?? device.locale ?? DEFAULT_LOCALE) : null;
  }

  /** The locale strings.localeKey's state key holds, or null when it holds "system" (or no tag). */
  private stateLocale(): string | null {
    const key = this.spec.strings?.localeKey;
    const value = key === undefined ? undefined : ownValue(this.state, key);
    return typeof value === 'string' && value !== 'system' && canonicalLocale(value) !== null ? value : null;
  }

  /** Re-theme for the device settings: resolve the mode, rebuild every colour. Returns the new
   *  appearance when the mode changed. */
  retheme(device: DeviceSettings): Appearance | null {
    const previous = this.appearance;
    this.appearance = this.resolveAppearance(device);
    this.theme = resolveTheme(this.spec.theme, this.appearance.mode, device.dynamicColor ?? null);
    this.motion = this.spec.motion === 'none' ? 'off' : this.spec.motion === 'reduced' || device.reducedMotion === true ? 'reduced' : 'full';
    this.rebuild('all');
    return previous && previous.mode !== this.appearance.mode ? this.appearance : null;
  }

  /** After a commit: state or pages may move the inferred background. Re-themes only when the
   *  mode changes (returning the new appearance); a new source alone is just recorded. */
  refreshAppearance(device: DeviceSettings): Appearance | null {
    const resolved = this.resolveAppearance(device);
    if (resolved.mode !== this.appearance.mode) return this.retheme(device);
    if (resolved.source !== this.appearance.source) {
      this.appearance = resolved;
      this.model = { ...this.model, appearance: resolved };
    }
    return null;
  }

  private resolveAppearance(device: DeviceSettings): Appearance {
    const modeKey = this.spec.theme?.modeKey;
    const resolved = resolveMode({
      theme: this.spec.theme,
      stateMode: modeKey === undefined ? undefined : ownValue(this.state, modeKey),
      override: this.override,
      deviceDark: device.dark,
      authoredBackground: () => this.authoredBackgroundMode(),
    });
    return { ...resolved, deviceDark: device.dark };
  }

  private authoredBackgroundMode(): Mode | null {
    const readerFor = (node: TreeNode) => nodeReader(node, this);
    return leadingChainMode(this.tree.root, readerFor, (id) => this.pages.get(id) ?? 0);
  }

  private rebuild(changes: ChangeSet): void {
    const root = this.builder.build(changes);
    this.modelRevision += 1;
    this.model = {
      id: this.id,
      revision: this.modelRevision,
      window: this.resolveWindow(root),
      appearance: this.appearance,
      scheme: this.theme.css,
      typography: { fontFamily: this.theme.fontFamily, roles: this.theme.typeRoles },
      shapes: this.theme.shapes,
      motion: this.motion !== 'off',
      motionProfile: this.motion,
      motionScheme: this.spec.motion === 'expressive' ? 'expressive' : 'standard',
      // The renderer looks for morphs around each draw only when a drawn node has a shared key.
      sharedElements: this.tree.sharedElements,
      locale: this.strings?.locale ?? null,
      direction: this.strings?.direction ?? 'ltr',
      root,
      openOverlays: this.openOverlays(),
    };
  }

  private resolveWindow(root: RenderNode): ResolvedWindow {
    const window = this.spec.window;
    const placement = window.placement;
    const authoredScrim = placement.type === 'fullscreen' ? placement.scrim : undefined;
    const scrim = authoredScrim === undefined ? null : resolveScrim(authoredScrim, this.theme);
    // The scrim role in a scrim slot is drawn translucent, so it never counts.
    const scrimOpaque = scrim !== null && isOpaqueCss(scrim) && pickSide(authoredScrim!, this.theme.mode) !== 'scrim';
    const opacity = (window.opacity ?? 100) / 100;
    const rootOpaque = root.style.background !== undefined && isOpaqueCss(root.style.background) && drawsOverWholeWindow(this.spec.root, root);
    return {
      placement: placement.type === 'fullscreen' ? { type: 'fullscreen', scrim } : placement,
      opacity,
      layer: window.layer ?? 'system',
      persistence: window.persistence ?? 'session',
      chrome: window.chrome ?? 'bar',
      deadTaps: window.deadTaps === true,
      opaque: opacity === 1 && (rootOpaque || scrimOpaque),
    };
  }

  /** A node is shown when it and every ancestor is visible and every enclosing overlay is open. */
  isShown(treeNode: TreeNode): boolean {
    for (let node: TreeNode | null = treeNode; node; node = node.parent) {
      const rendered = this.builder.rendered(node.key);
      if (!rendered || !rendered.visible) return false;
      if (node !== treeNode && isClosedOverlay(rendered)) return false;
      if (node !== treeNode && rendered.type === 'searchBar' && !rendered.active) return false;
      if (node.parent?.node.type === 'stack' && !this.isTopScreen(node)) return false;
      if (node.parent?.node.type === 'adaptive' && !this.isPaneShown(node)) return false;
    }
    return true;
  }

  /** Whether the node with this authored id is drawn (ids are unique once repeats are expanded). */
  private isIdShown(id: string): boolean {
    for (const treeNode of this.tree.byKey.values()) if (treeNode.node.id === id) return this.isShown(treeNode);
    return false;
  }

  /** The last built render node of a tree node. */
  rendered(key: string): RenderNode | undefined {
    return this.builder.rendered(key);
  }

  /** Whether the adaptive layout around this pane shows it now. */
  private isPaneShown(pane: TreeNode): boolean {
    const layout = this.builder.rendered(pane.parent!.key);
    return layout?.type !== 'adaptive' || layout.panes[pane.parent!.children.indexOf(pane)] !== false;
  }

  /** Whether a stack's screen is the one on top (the screens under it stay mounted, hidden). */
  private isTopScreen(screen: TreeNode): boolean {
    const entries = this.stacks.get(stackId(screen.screen!.stack.node as NodeOfType<'stack'>)) ?? [];
    return entries[entries.length - 1] === screen.screen!.name;
  }

  /**
   * Whether an open modal covers the node: while a dialog is open only that dialog takes
   * interactions; while a bottom sheet is open only the sheet and an open snackbar (drawn above
   * the author tree) do.
   */
  isCoveredByModal(treeNode: TreeNode): boolean {
    const { snackbars, sheets } = this.model.openOverlays;
    const modals = openModals(this.model.openOverlays);
    if (modals.length > 0) return !isInside(treeNode, modals);
    if (sheets.length === 0 || isInside(treeNode, snackbars)) return false;
    return !isInside(treeNode, sheets);
  }

  private openOverlays(): RenderModel['openOverlays'] {
    const open: RenderModel['openOverlays'] = { dialogs: [], snackbars: [], sheets: [], menus: [], drawers: [], spotlights: [] };
    for (const overlay of this.tree.overlays) {
      const rendered = this.builder.rendered(overlay.key);
      if (!rendered || isClosedOverlay(rendered) || !this.isShown(overlay)) continue;
      if (rendered.type === 'dialog') open.dialogs.push(overlay.key);
      else if (rendered.type === 'snackbar') open.snackbars.push(overlay.key);
      else if (rendered.type === 'menu') open.menus.push(overlay.key);
      else if (rendered.type === 'drawer') open.drawers.push(overlay.key);
      else if (rendered.type === 'tooltip') {
        // A tooltip whose target is not drawn draws nothing, so its spotlight holds nothing modal.
        if (rendered.spotlight && (rendered.targetId === null || this.isIdShown(rendered.targetId))) open.spotlights.push(overlay.key);
      }
      else open.sheets.push(overlay.key);
    }
    return open;
  }

  /** Every stack's screens as a plain record, for events, status and inspect (none without stacks). */
  stacksRecord(): { stacks?: Record<string, string[]> } {
    return this.stacks.size === 0 ? {} : { stacks: stacksRecord(this.stacks) };
  }

  /** A copy of the pages as a plain record. */
  pagesRecord(): Record<string, number> {
    return Object.fromEntries(this.pages);
  }
}

/** A CSS colour from the theme (`#rrggbb`, or `#rrggbbaa` with alpha below ff) is fully opaque. */
function isOpaqueCss(color: string): boolean {
  return color.length === 7;
}

/**
 * The root covers the whole window (#11408): both sizes fill (the default), no anchor, no max
 * size or aspect ratio, no offset, no rounded corner and no press scale below one.
 */
function drawsOverWholeWindow(node: PrototypeNode, root: RenderNode): boolean {
  const style = root.style;
  const fills = (size: ResolvedStyle['width']) => size === undefined || size === 'fill';
  const corners = style.cornerRadius;
  const square = corners === undefined || (corners.topStart === 0 && corners.topEnd === 0 && corners.bottomEnd === 0 && corners.bottomStart === 0);
  const offset = style.offset;
  return (
    fills(style.width) && fills(style.height) && node.anchor === undefined && style.maxWidth === undefined &&
    style.maxHeight === undefined && style.aspectRatio === undefined && (offset === undefined || (offset.x === 0 && offset.y === 0)) &&
    square && (style.pressScale === undefined || style.pressScale >= 1)
  );
}

function isInside(treeNode: TreeNode, keys: readonly string[]): boolean {
  for (let node: TreeNode | null = treeNode; node; node = node.parent) if (keys.includes(node.key)) return true;
  return false;
}

function isClosedOverlay(rendered: RenderNode): boolean {
  return isOverlayType(rendered.type) && !(rendered as { open: boolean }).open;
}
