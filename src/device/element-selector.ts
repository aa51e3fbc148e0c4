import type { AppHierarchyNode, Bounds } from './hierarchy.ts';

/** Narrows a selector to the descendants of one container element (the tap container shape). */
export interface ContainerSelector {
  elementId?: string;
  text?: string;
  index?: number;
  selectionStrategy?: 'unique';
  container?: ContainerSelector;
}

/** An app element selector: every supplied field must match. */
export interface ElementSelector {
  elementId?: string;
  text?: string;
  testTag?: string;
  container?: ContainerSelector;
}

export interface ElementCandidate {
  id: string;
  testTag: string | null;
  text: string | null;
  role: string | null;
  bounds: Bounds;
}

export type ElementResolution =
  | { ok: true; node: AppHierarchyNode; bounds: Bounds }
  | { ok: false; reason: 'missing' | 'ambiguous' | 'empty' | 'offscreen'; message: string; candidates: ElementCandidate[] };

const MAX_LISTED_CANDIDATES = 10;

/**
 * Resolves a selector against the app layer with unique selection: exactly one element
 * must match, it must have an area, and it must be on the screen. A text match is
 * promoted to its nearest clickable ancestor, so "Buy" finds the button around the label.
 */
export function resolveElementSelector(
  selector: ElementSelector,
  appHierarchy: readonly AppHierarchyNode[],
  screen: { width: number; height: number },
): ElementResolution {
  const byId = new Map(appHierarchy.map((node) => [node.id, node]));
  let scope: readonly AppHierarchyNode[] = appHierarchy;
  if (selector.container !== undefined) {
    const container = resolveContainer(selector.container, appHierarchy, byId);
    if (!container.ok) return container;
    scope = appHierarchy.filter((node) => isDescendant(node, container.node, byId));
  }
  const matches = findTargets(scope, selector, byId);
  if (matches.length === 0) {
    return failure('missing', `no app element matches ${describeSelector(selector)}`, listedTargets(scope));
  }
  if (matches.length > 1) {
    return failure('ambiguous', `${matches.length} app elements match ${describeSelector(selector)}; add testTag, elementId or a container to pick one`, matches);
  }
  const node = matches[0]!;
  if (node.bounds.width <= 0 || node.bounds.height <= 0) {
    return failure('empty', `the app element matching ${describeSelector(selector)} has no area`, matches);
  }
  if (!intersectsScreen(node.bounds, screen)) {
    return failure('offscreen', `the app element matching ${describeSelector(selector)} is off the screen; scroll the app and show again`, matches);
  }
  return { ok: true, node, bounds: node.bounds };
}

type ContainerResolution = { ok: true; node: AppHierarchyNode } | Extract<ElementResolution, { ok: false }>;

function resolveContainer(
  container: ContainerSelector,
  appHierarchy: readonly AppHierarchyNode[],
  byId: ReadonlyMap<string, AppHierarchyNode>,
): ContainerResolution {
  let scope: readonly AppHierarchyNode[] = appHierarchy;
  if (container.container !== undefined) {
    const outer = resolveContainer(container.container, appHierarchy, byId);
    if (!outer.ok) return outer;
    scope = appHierarchy.filter((node) => isDescendant(node, outer.node, byId));
  }
  const matches = scope.filter((node) => matchesSelector(node, container));
  const described = `container ${describeSelector(container)}`;
  if (container.index !== undefined) {
    const picked = matches[container.index];
    if (picked === undefined) {
      return failure('missing', `${described} has ${matches.length} matches, so index ${container.index} does not exist`, matches);
    }
    return { ok: true, node: picked };
  }
  if (matches.length === 0) return failure('missing', `no app element matches ${described}`, listedTargets(scope));
  if (matches.length > 1) return failure('ambiguous', `${matches.length} app elements match ${described}; add an index`, matches);
  return { ok: true, node: matches[0]! };
}

function matchesSelector(
  node: AppHierarchyNode,
  selector: { elementId?: string | undefined; text?: string | undefined; testTag?: string | undefined },
): boolean {
  if (selector.elementId !== undefined && node.id !== selector.elementId) return false;
  if (selector.testTag !== undefined && node.testTag !== selector.testTag) return false;
  if (selector.text !== undefined && node.text !== selector.text) return false;
  return true;
}

/**
 * Text is matched on the element that shows it and then promoted to its clickable owner;
 * elementId and testTag may name either of the two, since a web button often holds its
 * label in a child element.
 */
function findTargets(
  scope: readonly AppHierarchyNode[],
  selector: ElementSelector,
  byId: ReadonlyMap<string, AppHierarchyNode>,
): AppHierarchyNode[] {
  if (selector.text === undefined) return scope.filter((node) => matchesSelector(node, selector));
  const identity = { elementId: selector.elementId, testTag: selector.testTag };
  const targets = new Set<AppHierarchyNode>();
  for (const node of scope) {
    if (node.text !== selector.text) continue;
    const owner = clickableOwner(node, byId) ?? node;
    if (matchesSelector(node, identity) || matchesSelector(owner, identity)) targets.add(owner);
  }
  return [...targets];
}

function clickableOwner(node: AppHierarchyNode, byId: ReadonlyMap<string, AppHierarchyNode>): AppHierarchyNode | undefined {
  for (let current: AppHierarchyNode | undefined = node; current !== undefined; current = parentOf(current, byId)) {
    if (current.clickable) return current;
  }
  return undefined;
}

function parentOf(node: AppHierarchyNode, byId: ReadonlyMap<string, AppHierarchyNode>): AppHierarchyNode | undefined {
  return node.parentId === null ? undefined : byId.get(node.parentId);
}

function isDescendant(node: AppHierarchyNode, ancestor: AppHierarchyNode, byId: ReadonlyMap<string, AppHierarchyNode>): boolean {
  for (let current = parentOf(node, byId); current !== undefined; current = parentOf(current, byId)) {
    if (current === ancestor) return true;
  }
  return false;
}

function intersectsScreen(bounds: Bounds, screen: { width: number; height: number }): boolean {
  return bounds.x < screen.width && bounds.y < screen.height && bounds.x + bounds.width > 0 && bounds.y + bounds.height > 0;
}

function listedTargets(scope: readonly AppHierarchyNode[]): AppHierarchyNode[] {
  return scope.filter((node) => node.testTag !== null || node.text !== null).slice(0, MAX_LISTED_CANDIDATES);
}

function describeSelector(selector: ElementSelector | ContainerSelector): string {
  const fields = Object.entries(selector)
    .filter(([key]) => key === 'elementId' || key === 'text' || key === 'testTag')
    .map(([key, value]) => `${key} ${JSON.stringify(value)}`);
  return `{${fields.join(', ')}}`;
}

function failure(
  reason: Extract<ElementResolution, { ok: false }>['reason'],
  message: string,
  nodes: readonly AppHierarchyNode[],
): Extract<ElementResolution, { ok: false }> {
  const candidates = nodes.slice(0, MAX_LISTED_CANDIDATES).map(({ id, testTag, text, role, bounds }) => ({ id, testTag, text, role, bounds }));
  return { ok: false, reason, message, candidates };
}
