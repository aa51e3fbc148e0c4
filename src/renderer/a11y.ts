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
  range?: Range;
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
  layer: 'prototype';
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
};

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
  if (info.range !== undefined) attributes['data-ps-range'] = JSON.stringify(info.range);
  return attributes;
}

function rounded(value: number): number {
  return Math.round(value * 100) / 100;
}

function roleOf(element: Element): string | null {
  const aria = element.getAttribute('role');
  return aria === null ? null : SEED_ROLES[aria] ?? aria;
}

/** Reads one marked element back into a hierarchy node. */
export function hierarchyNodeOf(element: Element): HierarchyNode {
  const rect = element.getBoundingClientRect();
  const node: HierarchyNode = {
    id: element.getAttribute('data-ps-a11y')!,
    testTag: element.getAttribute('data-testid'),
    text: element.getAttribute('aria-label'),
    role: roleOf(element),
    bounds: { x: rounded(rect.x), y: rounded(rect.y), width: rounded(rect.width), height: rounded(rect.height) },
    enabled: element.getAttribute('aria-disabled') !== 'true',
    focused: document.activeElement !== document.body && element.contains(document.activeElement),
    layer: 'prototype',
  };
  const checked = element.getAttribute('aria-checked');
  if (checked !== null) node.checked = checked === 'true';
  const selected = element.getAttribute('aria-selected');
  if (selected !== null) node.selected = selected === 'true';
  const range = element.getAttribute('data-ps-range');
  if (range !== null) node.range = JSON.parse(range) as Range;
  return node;
}

/**
 * Every accessibility node under `root` in document order. Skipped: nodes inside a subtree removed
 * from accessibility (the page behind an open dialog), nodes leaving with an exit animation, and
 * nodes that draw nothing (no box).
 */
export function collectHierarchy(root: Element): HierarchyNode[] {
  const nodes: HierarchyNode[] = [];
  for (const element of root.querySelectorAll('[data-ps-a11y]')) {
    if (element.closest('[data-ps-a11y-hidden], [data-ps-leaving]')) continue;
    if (element.getClientRects().length === 0) continue;
    nodes.push(hierarchyNodeOf(element));
  }
  return nodes;
}
