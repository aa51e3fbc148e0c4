// Accessibility nodes: every element that reports one carries `data-ps-a11y` plus its testTag,
// role, text and state as attributes (and the matching ARIA), so hierarchy() is a plain DOM walk.

export type Range = { current: number; min: number; max: number; steps?: number } | 'indeterminate';

export interface A11yInfo {
  /** Node key (its path), plus `#<part>` for a node's parts. */
  id: string;
  testTag: string | null;
  role: string | null;
  text: string | null;
  checked?: boolean;
  selected?: boolean;
  enabled?: boolean;
  /** A select's options are showing. */
  expanded?: boolean;
  /** Accessibility actions beyond a tap: longPress, doubleTap. */
  actions?: string[];
  /** Authored semantics: a hint, a live region, one node for everything inside (group), traits. */
  hint?: string;
  liveRegion?: 'polite' | 'assertive';
  group?: boolean;
  traits?: string[];
  range?: Range;
  /** A lazy list's row count (its rows on screen are read from the page). */
  listRows?: number;
}

/** A lazy list's rows: how many there are, and the first and last at least partly on screen (-1 when none is). */
export interface ListRows {
  total: number;
  first: number;
  last: number;
}

export interface HierarchyNode {
  id: string;
  testTag: string | null;
  text: string | null;
  role: string | null;
  bounds: { x: number; y: number; width: number; height: number };
  checked?: boolean;
  selected?: boolean;
  enabled: boolean;
  focused: boolean;
  range?: Range;
  list?: ListRows;
  /** Accessibility actions beyond a tap: longPress and doubleTap, then the labels of swipe actions. */
  actions?: string[];
  /** Authored semantics (prototype_semantics_v1). */
  hint?: string;
  liveRegion?: 'polite' | 'assertive';
  traits?: string[];
  /** The on-screen keyboard is a window of its own, like an input method's. */
  layer: 'prototype' | 'keyboard';
  /**
   * The part of `bounds` a person can see and tap, when the node's own overlay panel lies over
   * its centre (a drawer's scrim beside its panel): tapOn aims at its centre.
   */
  visibleBounds?: { x: number; y: number; width: number; height: number };
  /** A node disabled by its enabledWhen: that condition (JSON), which does not hold now. */
  disabledWhen?: string;
}

/** The seed's role names mapped to ARIA, so the DOM is accessible as well as observable. */
const ARIA_ROLES: Record<string, string> = {
  Button: 'button',
  Checkbox: 'checkbox',
  Switch: 'switch',
  RadioButton: 'radio',
  Tab: 'tab',
  Image: 'img',
  TextField: 'textbox',
  Slider: 'slider',
  ProgressBar: 'progressbar',
  Dialog: 'dialog',
  Heading: 'heading',
  Link: 'link',
  Menu: 'menu',
  MenuItem: 'menuitem',
  DropdownList: 'combobox',
};

/** The spoken names of accessibility actions, as the seed names them. */
const ACTION_NAMES: Record<string, string> = { longPress: 'Long press', doubleTap: 'Double tap' };

/** A part's tag: `<testTag>.<part>`, or null when the node has no testTag. */
export function partTag(testTag: string | null, part: string): string | null {
  return testTag === null ? null : `${testTag}.${part}`;
}

const SEED_ROLES: Record<string, string> = Object.fromEntries(Object.entries(ARIA_ROLES).map(([seed, aria]) => [aria, seed]));

/** Attributes marking an element as one accessibility node: the ARIA role and state carry the
 *  seed's role and state, so each fact is written once. */
export function a11yAttributes(info: A11yInfo): Record<string, string> {
  const attributes: Record<string, string> = { 'data-ps-a11y': info.id };
  if (info.testTag !== null) attributes['data-testid'] = info.testTag;
  if (info.role !== null) attributes.role = ARIA_ROLES[info.role] ?? info.role;
  if (info.text !== null) attributes['aria-label'] = info.text;
  if (info.checked !== undefined) attributes['aria-checked'] = String(info.checked);
  if (info.selected !== undefined) attributes['aria-selected'] = String(info.selected);
  if (info.enabled === false) attributes['aria-disabled'] = 'true';
  if (info.expanded !== undefined) attributes['aria-expanded'] = String(info.expanded);
  if (info.actions !== undefined) attributes['data-ps-actions'] = JSON.stringify(info.actions);
  if (info.hint !== undefined) attributes['data-ps-hint'] = info.hint;
  // A screen reader reads the hint, then what else the node does (the web has no custom actions to offer).
  const description = [info.hint, ...(info.actions ?? []).map((action) => ACTION_NAMES[action] ?? action)].filter((part) => part !== undefined);
  if (description.length > 0) attributes['aria-description'] = description.join(', ');
  if (info.role === 'Heading') attributes['aria-level'] = '2';
  if (info.liveRegion !== undefined) attributes['aria-live'] = info.liveRegion;
  if (info.group) {
    attributes['data-ps-group'] = '';
    if (info.role === null) attributes.role = 'group';
  }
  if (info.traits !== undefined) attributes['data-ps-traits'] = JSON.stringify(info.traits);
  if (info.range !== undefined) attributes['data-ps-range'] = JSON.stringify(info.range);
  if (info.listRows !== undefined) attributes['data-ps-list-rows'] = String(info.listRows);
  return attributes;
}

/** Dp to the hundredth, as every reported bound is. */
export function rounded(value: number): number {
  return Math.round(value * 100) / 100;
}

function roleOf(element: Element): string | null {
  const aria = element.getAttribute('role');
  return aria === null ? null : SEED_ROLES[aria] ?? aria;
}

/** A rectangle by its edges, in dp from the screen's top-left. */
interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * What each element lets its descendants show: the screen, narrowed by every element that clips
 * its overflow (a scroll's viewport, a pager, a sheet, the window). One walk per hierarchy read,
 * so each element's style and box are read once.
 */
class VisibleAreas {
  readonly #areas = new Map<Element, Area>();
  readonly #screen: Area = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };

  /** The area `element`'s ancestors leave visible to it. */
  around(element: Element): Area {
    const parent = element.parentElement;
    return parent === null ? this.#screen : this.#inside(parent);
  }

  #inside(element: Element): Area {
    let area = this.#areas.get(element);
    if (area !== undefined) return area;
    area = this.around(element);
    const style = getComputedStyle(element);
    const clipsX = style.overflowX !== 'visible';
    const clipsY = style.overflowY !== 'visible';
    if (clipsX || clipsY) {
      const box = element.getBoundingClientRect();
      area = {
        left: clipsX ? Math.max(area.left, box.left) : area.left,
        right: clipsX ? Math.min(area.right, box.right) : area.right,
        top: clipsY ? Math.max(area.top, box.top) : area.top,
        bottom: clipsY ? Math.min(area.bottom, box.bottom) : area.bottom,
      };
    }
    this.#areas.set(element, area);
    return area;
  }
}

/**
 * The part of `rect` that is visible in `area`, or null when none of it is. A rectangle with no
 * size (a collapsed node) counts as visible where it lies inside the area.
 */
export function visiblePart(rect: { x: number; y: number; width: number; height: number }, area: Area): { x: number; y: number; width: number; height: number } | null {
  const left = Math.max(rect.x, area.left);
  const top = Math.max(rect.y, area.top);
  const right = Math.min(rect.x + rect.width, area.right);
  const bottom = Math.min(rect.y + rect.height, area.bottom);
  if (rect.width > 0 && rect.height > 0 ? right <= left || bottom <= top : right < left || bottom < top) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Reads one marked element back into a hierarchy node; its bounds are the part the user sees. */
export function hierarchyNodeOf(element: Element, bounds: { x: number; y: number; width: number; height: number }): HierarchyNode {
  const node: HierarchyNode = {
    id: element.getAttribute('data-ps-a11y')!,
    testTag: element.getAttribute('data-testid'),
    text: element.getAttribute('aria-label'),
    role: roleOf(element),
    bounds: { x: rounded(bounds.x), y: rounded(bounds.y), width: rounded(bounds.width), height: rounded(bounds.height) },
    enabled: element.getAttribute('aria-disabled') !== 'true',
    focused: document.activeElement !== document.body && element.contains(document.activeElement),
    layer: element.closest('[data-ps-layer="keyboard"]') === null ? 'prototype' : 'keyboard',
  };
  const checked = element.getAttribute('aria-checked');
  if (checked !== null) node.checked = checked === 'true';
  const selected = element.getAttribute('aria-selected');
  if (selected !== null) node.selected = selected === 'true';
  const range = element.getAttribute('data-ps-range');
  if (range !== null) node.range = JSON.parse(range) as Range;
  const listRows = element.getAttribute('data-ps-list-rows');
  if (listRows !== null) node.list = { total: Number(listRows), ...rowsOnScreen(element, bounds) };
  const actions = element.getAttribute('data-ps-actions');
  if (actions !== null) node.actions = JSON.parse(actions) as string[];
  const hint = element.getAttribute('data-ps-hint');
  if (hint !== null) node.hint = hint;
  const live = element.getAttribute('aria-live');
  if (live === 'polite' || live === 'assertive') node.liveRegion = live;
  const traits = element.getAttribute('data-ps-traits');
  if (traits !== null) node.traits = JSON.parse(traits) as string[];
  // A group is one node: without a label of its own it reads as what is inside it.
  if (node.text === null && element.hasAttribute('data-ps-group')) node.text = groupText(element);
  const disabledWhen = element.getAttribute('data-ps-disabled-when');
  if (disabledWhen !== null) node.disabledWhen = disabledWhen;
  if (element.hasAttribute('data-ps-beside-panel')) {
    const panel = element.parentElement?.querySelector(':scope > [data-ps-panel]');
    const visible = panel ? besidePanel(node.bounds, panel.getBoundingClientRect()) : null;
    if (visible !== null) node.visibleBounds = visible;
  }
  return node;
}

type Box = { x: number; y: number; width: number; height: number };

/** The widest strip of `bounds` left uncovered by a panel over its centre, or null when the centre is clear. */
function besidePanel(bounds: Box, panel: DOMRect): Box | null {
  const centre = { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 };
  if (centre.x < panel.left || centre.x > panel.right || centre.y < panel.top || centre.y > panel.bottom) return null;
  const right = bounds.x + bounds.width;
  const bottom = bounds.y + bounds.height;
  const strips: Box[] = [
    { x: bounds.x, y: bounds.y, width: panel.left - bounds.x, height: bounds.height },
    { x: panel.right, y: bounds.y, width: right - panel.right, height: bounds.height },
    { x: bounds.x, y: bounds.y, width: bounds.width, height: panel.top - bounds.y },
    { x: bounds.x, y: panel.bottom, width: bounds.width, height: bottom - panel.bottom },
  ].filter((strip) => strip.width >= 1 && strip.height >= 1);
  if (strips.length === 0) return null;
  const widest = strips.reduce((best, strip) => (strip.width * strip.height > best.width * best.height ? strip : best));
  return { x: rounded(widest.x), y: rounded(widest.y), width: rounded(widest.width), height: rounded(widest.height) };
}

/** The drawn rows of a lazy list (marked with their row index) that overlap its visible part. */
function rowsOnScreen(list: Element, bounds: { y: number; height: number }): { first: number; last: number } {
  let first = -1;
  let last = -1;
  for (const row of list.querySelectorAll(':scope > .ps-lazy-track > [data-ps-row]')) {
    const rect = row.getBoundingClientRect();
    if (rect.bottom <= bounds.y || rect.top >= bounds.y + bounds.height) continue;
    const index = Number(row.getAttribute('data-ps-row'));
    if (first < 0 || index < first) first = index;
    last = Math.max(last, index);
  }
  return { first, last };
}

/**
 * What a press at (x, y) lands on: the prototype node (the innermost marked element under the
 * topmost element there, with the bounds the user sees), `app` when the app frame is topmost, or
 * null for a part of the prototype that lists no node.
 */
export function prototypeNodeAt(root: Element, x: number, y: number): HierarchyNode | 'app' | null {
  const top = document.elementFromPoint(x, y);
  if (top?.id === 'ps-app') return 'app';
  const owner = top !== null && root.contains(top) ? top.closest('[data-ps-a11y]') : null;
  if (owner === null || owner.closest('[data-ps-a11y-hidden], [data-ps-leaving]')) return null;
  const bounds = visiblePart(owner.getBoundingClientRect(), new VisibleAreas().around(owner));
  return bounds === null ? null : hierarchyNodeOf(owner, bounds);
}

/** What a group without a label reads as: the texts of the nodes inside it, in order. */
function groupText(group: Element): string | null {
  const texts = [...group.querySelectorAll('[data-ps-a11y][aria-label]')].map((inner) => inner.getAttribute('aria-label')!);
  return texts.length > 0 ? texts.join(', ') : null;
}

/**
 * Every accessibility node under `root` in document order, with the bounds the user sees, as
 * Android reports visible-to-user bounds: clipped to the viewports of scrolling ancestors, the
 * window and the screen. Skipped: nodes inside a subtree removed from accessibility (the page
 * behind an open dialog), nodes leaving with an exit animation, nodes that draw nothing (no box)
 * and nodes scrolled or clipped entirely out of view (rows skipped far off screen among them).
 */
export function collectHierarchy(root: Element): HierarchyNode[] {
  const nodes: HierarchyNode[] = [];
  const areas = new VisibleAreas();
  // One walk down the tree: what an ancestor decides (hidden, leaving, a group, a skipped row)
  // is decided once for its whole subtree.
  const visit = (parent: Element): void => {
    for (let element = parent.firstElementChild; element !== null; element = element.nextElementSibling) {
      if (element.hasAttribute('data-ps-a11y-hidden') || element.hasAttribute('data-ps-leaving')) continue;
      if (element.hasAttribute('data-ps-a11y')) {
        const box = drawnBox(element);
        const bounds = box === null ? null : visiblePart(box, areas.around(element));
        if (bounds !== null) nodes.push(hierarchyNodeOf(element, bounds));
        // The nodes inside a group are the group's.
        if (element.hasAttribute('data-ps-group')) continue;
      }
      // A row skipped while far off screen draws none of its content (reading it would lay it out).
      if (element.classList.contains(SKIPPABLE_ROW_CLASS) && contentSkipped(element)) continue;
      visit(element);
    }
  };
  visit(root);
  return nodes;
}

/** What a tap or a typed text aims at: a node's testTag, or its text. */
export type NodeTarget = { testTag: string } | { text: string };

/**
 * The nodes collectHierarchy lists that match `target`, in document order. A testTag is looked up
 * directly and only its elements are measured, so aiming at one node on a long screen does not
 * measure every other; a text (a group's reads as the texts inside it) is matched on the whole walk.
 */
export function findHierarchyNodes(root: Element, target: NodeTarget): HierarchyNode[] {
  if (!('testTag' in target)) return collectHierarchy(root).filter((node) => node.text === target.text);
  const nodes: HierarchyNode[] = [];
  const areas = new VisibleAreas();
  for (const element of root.querySelectorAll(`[data-ps-a11y][data-testid="${CSS.escape(target.testTag)}"]`)) {
    if (!reachedByWalk(root, element)) continue;
    const box = drawnBox(element);
    const bounds = box === null ? null : visiblePart(box, areas.around(element));
    if (bounds !== null) nodes.push(hierarchyNodeOf(element, bounds));
  }
  return nodes;
}

/** Whether collectHierarchy's walk from `root` comes to `element` (see its skip rules). */
function reachedByWalk(root: Element, element: Element): boolean {
  if (element.hasAttribute('data-ps-a11y-hidden') || element.hasAttribute('data-ps-leaving')) return false;
  for (let ancestor = element.parentElement; ancestor !== null && ancestor !== root; ancestor = ancestor.parentElement) {
    if (ancestor.hasAttribute('data-ps-a11y-hidden') || ancestor.hasAttribute('data-ps-leaving')) return false;
    if (ancestor.hasAttribute('data-ps-a11y') && ancestor.hasAttribute('data-ps-group')) return false;
    if (ancestor.classList.contains(SKIPPABLE_ROW_CLASS) && contentSkipped(ancestor)) return false;
  }
  return true;
}

/** The class of a long list's row that may skip rendering while off screen (offscreen.ts). */
export const SKIPPABLE_ROW_CLASS = 'ps-skippable';

function contentSkipped(row: Element): boolean {
  const content = row.firstElementChild;
  return content !== null && !content.checkVisibility({ contentVisibilityAuto: true });
}

/** The element's border box on screen, or null when it draws no box (display none or contents). */
function drawnBox(element: Element): DOMRect | null {
  const boxes = element.getClientRects();
  if (boxes.length === 0) return null;
  // One box is the bounding box itself; several (text wrapped across lines) are joined.
  return boxes.length === 1 ? boxes[0]! : element.getBoundingClientRect();
}
