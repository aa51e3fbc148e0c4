import type { InputTarget } from '../protocol/messages.ts';
import type { NodeTarget, HierarchyNode as RendererHierarchyNode } from '../renderer/a11y.ts';

/** A prototype node as the renderer reports it from `window.protostage.hierarchy()` (dp, page coordinates). */
export type PrototypeHierarchyNode = RendererHierarchyNode;
export type Bounds = PrototypeHierarchyNode['bounds'];

/**
 * An element of the app beneath the prototype, described like a prototype node. `parentId` and
 * `clickable` let a text match be promoted to the element that owns the tap, as a phone's tap
 * resolution does.
 */
export interface AppHierarchyNode extends Omit<PrototypeHierarchyNode, 'layer'> {
  layer: 'app';
  parentId: string | null;
  clickable: boolean;
  /** The prototype covers the node's centre, so a press there reaches the prototype instead. */
  covered?: boolean;
}

export type HierarchyNode = PrototypeHierarchyNode | AppHierarchyNode;

export function centreOf(bounds: Bounds): { x: number; y: number } {
  return { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 };
}

/**
 * Collects the app layer's elements. Runs inside the app frame (it is serialised by
 * `frame.evaluate`), so it may only use what it declares itself. Bounds are relative to
 * the frame's viewport; the caller adds the frame's offset on the screen.
 */
export function collectAppHierarchy(): Omit<AppHierarchyNode, 'layer'>[] {
  const CLICKABLE_TAGS = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY', 'LABEL']);
  const CLICKABLE_ROLES = new Set(['button', 'link', 'checkbox', 'switch', 'radio', 'tab', 'menuitem', 'option', 'slider']);
  const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE']);
  const INPUT_ROLES: Record<string, string> = {
    checkbox: 'Checkbox', radio: 'RadioButton', range: 'Slider', button: 'Button', submit: 'Button', reset: 'Button', image: 'Button',
  };
  const TAG_ROLES: Record<string, string> = {
    BUTTON: 'Button', TEXTAREA: 'TextField', SELECT: 'DropdownList', IMG: 'Image',
    H1: 'Heading', H2: 'Heading', H3: 'Heading', H4: 'Heading', H5: 'Heading', H6: 'Heading',
  };
  const ARIA_ROLES: Record<string, string> = {
    button: 'Button', link: 'Link', checkbox: 'Checkbox', switch: 'Switch', radio: 'RadioButton', tab: 'Tab',
    img: 'Image', heading: 'Heading', slider: 'Slider', textbox: 'TextField', progressbar: 'ProgressBar',
  };
  const generatedIds = new Map<Element, string>();

  const roleOf = (element: Element): string | null => {
    const explicit = element.getAttribute('role');
    if (explicit !== null) return ARIA_ROLES[explicit] ?? explicit;
    if (element instanceof HTMLInputElement) return INPUT_ROLES[element.type] ?? 'TextField';
    if (element instanceof HTMLAnchorElement && element.hasAttribute('href')) return 'Link';
    return TAG_ROLES[element.tagName] ?? null;
  };
  const ownText = (element: Element): string | null => {
    const label = element.getAttribute('aria-label')?.trim() || null;
    // A field reads as what is typed in it, and as its label or placeholder while empty.
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      return element.value !== '' ? element.value : label ?? (element.placeholder || null);
    }
    if (label !== null) return label;
    if (element instanceof HTMLImageElement) return element.alt || null;
    let text = '';
    for (const child of element.childNodes) if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
    text = text.replace(/\s+/g, ' ').trim();
    return text === '' ? null : text;
  };
  const isClickable = (element: Element): boolean => {
    if (CLICKABLE_TAGS.has(element.tagName)) return true;
    const role = element.getAttribute('role');
    if (role !== null && CLICKABLE_ROLES.has(role)) return true;
    return element.hasAttribute('onclick') || (element as HTMLElement).tabIndex >= 0;
  };
  const isMeaningful = (element: Element, text: string | null): boolean =>
    text !== null || element.id !== '' || element.hasAttribute('data-testid') || element.hasAttribute('role') ||
    isClickable(element) || element.tagName === 'IMG';
  const idOf = (element: Element): string => {
    if (element.id !== '') return element.id;
    let id = generatedIds.get(element);
    if (id === undefined) {
      id = `app:${generatedIds.size}`;
      generatedIds.set(element, id);
    }
    return id;
  };
  const isHidden = (element: Element): boolean => {
    const style = getComputedStyle(element);
    return style.display === 'none' || style.visibility === 'hidden' || element.getAttribute('aria-hidden') === 'true';
  };

  const nodes: Omit<AppHierarchyNode, 'layer'>[] = [];
  const visit = (element: Element, parentId: string | null): void => {
    if (SKIPPED_TAGS.has(element.tagName) || isHidden(element)) return;
    const text = ownText(element);
    let ownId = parentId;
    if (isMeaningful(element, text)) {
      const rect = element.getBoundingClientRect();
      const node: Omit<AppHierarchyNode, 'layer'> = {
        id: idOf(element),
        testTag: element.getAttribute('data-testid'),
        text,
        role: roleOf(element),
        bounds: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
        enabled: !(element as HTMLButtonElement).disabled && element.getAttribute('aria-disabled') !== 'true',
        focused: document.activeElement === element,
        parentId,
        clickable: isClickable(element),
      };
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        node.checked = element.checked;
      } else if (element.hasAttribute('aria-checked')) {
        node.checked = element.getAttribute('aria-checked') === 'true';
      }
      if (element.hasAttribute('aria-selected')) node.selected = element.getAttribute('aria-selected') === 'true';
      nodes.push(node);
      ownId = node.id;
    }
    for (const child of element.children) visit(child, ownId);
  };
  if (document.body !== null) visit(document.body, null);
  return nodes;
}

/**
 * Scrolls the one prototype node matching `target` into view when it is scrolled out (observe
 * leaves such nodes out), as a phone's accessibility "show on screen" action does: every
 * scrolling ancestor, innermost first, scrolls just far enough to show it (a lazy list first
 * scrolls to a row it has not drawn). Returns whether it scrolled anything. Runs inside the
 * device page (serialised by `page.evaluate`), so it may only
 * use what it declares itself.
 */
export async function revealPrototypeNode(target: { testTag: string } | { text: string }): Promise<boolean> {
  const [attribute, value] = 'testTag' in target ? ['data-testid', target.testTag] : ['aria-label', target.text];
  // Rows skipped (or not built yet) while far off screen are drawn first, so the scroll moves by their real heights.
  window.protostage.drawOffscreen();
  const findCandidates = () => [...document.querySelectorAll('[data-ps-a11y]')].filter((element) =>
    element.getAttribute(attribute) === value && element.closest('[data-ps-a11y-hidden], [data-ps-leaving]') === null && element.getClientRects().length > 0);
  let candidates = findCandidates();
  // A lazy list draws a row only near its viewport: it scrolls to the row, drawn within a few frames.
  const listScrolled = candidates.length === 0 && window.protostage.revealInLists(target);
  for (let frame = 0; listScrolled && frame < 30 && candidates.length === 0; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    candidates = findCandidates();
  }
  if (candidates.length !== 1) return listScrolled;
  const element = candidates[0]!;
  /** How far a viewport spanning [start, end] scrolls to show [from, to]: nearest edge first. */
  const shift = (from: number, to: number, start: number, end: number): number => {
    if (from < start) return from - start;
    if (to > end) return Math.min(to - end, from - start);
    return 0;
  };
  let scrolled = listScrolled;
  for (let scroller = element.parentElement; scroller !== null; scroller = scroller.parentElement) {
    const style = getComputedStyle(scroller);
    const scrollsX = style.overflowX === 'auto' || style.overflowX === 'scroll';
    const scrollsY = style.overflowY === 'auto' || style.overflowY === 'scroll';
    if (!scrollsX && !scrollsY) continue;
    const box = scroller.getBoundingClientRect();
    const rect = element.getBoundingClientRect();
    const dx = scrollsX ? shift(rect.left, rect.right, box.left, box.right) : 0;
    const dy = scrollsY ? shift(rect.top, rect.bottom, box.top, box.bottom) : 0;
    if (dx === 0 && dy === 0) continue;
    const before = [scroller.scrollLeft, scroller.scrollTop];
    scroller.scrollBy({ left: dx, top: dy, behavior: 'instant' });
    scrolled ||= scroller.scrollLeft !== before[0] || scroller.scrollTop !== before[1];
  }
  return scrolled;
}

/** What an input landed on, as the wire's input_result reports it. */
export function inputTargetOf(node: HierarchyNode): InputTarget {
  return { layer: node.layer, testTag: node.testTag, role: node.role, text: node.text, bounds: node.bounds };
}

/**
 * Runs in the page: for each probe (a node and a point of it), what a press there would reach
 * instead, or null when the press reaches the node. An app node is reached when the app frame is
 * the topmost element at the point; a prototype node when the topmost element is inside it (or
 * it is inside the topmost element). The answer names the covering node, or the prototype window.
 */
export function coverAt(probes: Array<{ layer: 'app' | 'prototype' | 'keyboard'; id: string; x: number; y: number }>): Array<string | null> {
  const describe = (element: Element): string => {
    if (element.closest('.ps-scrim, .ps-scrim-fill') !== null) return 'a scrim';
    if (element.closest('.ps-popup-catcher') !== null) return 'an open menu (a tap outside or pressBack closes it)';
    const owner = element.closest('[data-ps-a11y]');
    if (owner === null) return 'the prototype window';
    const tag = owner.getAttribute('data-testid');
    const role = owner.getAttribute('role');
    const label = owner.getAttribute('aria-label');
    const what = role === 'dialog' ? 'a dialog' : role !== null ? `a ${role}` : 'a prototype node';
    return tag !== null ? `${what} (testTag "${tag}")` : label !== null ? `${what} ("${label}")` : `${what} of the prototype`;
  };
  return probes.map((probe) => {
    const top = document.elementFromPoint(probe.x, probe.y);
    if (top === null) return null;
    if (probe.layer === 'app') return top.id === 'ps-app' ? null : describe(top);
    const target = document.querySelector(`[data-ps-a11y="${CSS.escape(probe.id)}"]`);
    if (target === null || target.contains(top) || top.contains(target)) return null;
    return describe(top);
  });
}

/** The prototype nodes a target matches, and where a tap would aim at the one match and what covers it there. */
export interface Matches {
  nodes: PrototypeHierarchyNode[];
  aim: { x: number; y: number; cover: string | null } | null;
}

/**
 * Where a tap aims at a node: its centre, or, for a part whose own overlay panel lies over its
 * centre (a drawer's scrim), the centre of the part it shows. Runs in Node and in the page.
 */
export function aimPointOf(node: { bounds: Bounds; visibleBounds?: Bounds }): { x: number; y: number } {
  const box = node.visibleBounds ?? node.bounds;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Runs in the page: the prototype nodes matching `target` (null while something moves, when
 * `atRest` asks for a screen at rest), and, for exactly one match, the point a tap aims at
 * (`aimPoint`) with `coverAt`'s answer there, so a tap on a screen at rest finds and checks its
 * node in one round trip.
 */
export function findMatches(target: NodeTarget, cover: typeof coverAt, aimPoint: typeof aimPointOf, atRest: boolean): Matches | null {
  const page = window.protostage;
  if (atRest && page.moving()) return null;
  const nodes = page.find(target);
  if (nodes.length !== 1) return { nodes, aim: null };
  const node = nodes[0]!;
  const point = aimPoint(node);
  return { nodes, aim: { ...point, cover: cover([{ layer: node.layer, id: node.id, ...point }])[0] ?? null } };
}

/**
 * Runs in the page: when the node a target names is drawn but left out of the hierarchy because
 * an open dialog hides the page behind it (or the prototype covers the keyboard), what hides it
 * and what to do; otherwise null.
 */
export function hiddenBehind(target: { testTag: string } | { text: string }): { layer: 'prototype' | 'keyboard'; cover: string; hint: string } | null {
  const [attribute, value] = 'testTag' in target ? ['data-testid', target.testTag] : ['aria-label', target.text];
  const hidden = [...document.querySelectorAll('[data-ps-a11y]')].find(
    (element) => element.getAttribute(attribute) === value && element.closest('[inert][data-ps-a11y-hidden]') !== null && element.getClientRects().length > 0,
  );
  if (hidden === undefined) return null;
  if (hidden.closest('[data-ps-layer="keyboard"]') !== null) {
    return {
      layer: 'keyboard',
      cover: "the prototype's fullscreen window (a system-layer window draws over the keyboard, as on Android)",
      hint: 'type with sendKeys instead, or show the prototype with window.layer "app" to put the keyboard above it',
    };
  }
  const close = 'close the dialog first (observe lists its buttons)';
  const dialog = [...document.querySelectorAll('[role="dialog"]')].find((element) => element.closest('[data-ps-a11y-hidden]') === null);
  const tag = dialog?.getAttribute('data-testid');
  return { layer: 'prototype', cover: tag ? `the open dialog (testTag "${tag}")` : 'an open dialog', hint: close };
}

/**
 * Runs in the page: the one drawn span of rich text showing exactly `text`, as a node tapOn can aim
 * at (the span's bounds, the id and testTag of its text node), or null when none or several do.
 */
export function richTextSpan(text: string): HierarchyNode | null {
  const spans = [...document.querySelectorAll('[data-ps-span]')].filter(
    (span) => span.getAttribute('data-ps-span') === text && span.getClientRects().length > 0 && span.closest('[data-ps-a11y-hidden], [aria-hidden="true"]') === null,
  );
  const owner = spans.length === 1 ? spans[0]!.closest('[data-ps-a11y]') : null;
  if (owner === null) return null;
  const box = spans[0]!.getBoundingClientRect();
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    id: owner.getAttribute('data-ps-a11y')!,
    testTag: owner.getAttribute('data-testid'),
    text,
    role: 'Link',
    bounds: { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) },
    enabled: true,
    focused: false,
    layer: 'prototype',
  };
}
