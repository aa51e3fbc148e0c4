// Element anchors are resolved by the host, once, at show: against a fresh app hierarchy with the
// prototype left out, with unique selection. The device only ever receives bounds anchors.
import { resolveElementSelector, type ElementSelector } from '../device/element-selector.ts';
import type { AppHierarchyNode } from '../device/hierarchy.ts';
import type { Bounds, HierarchyNode } from '../protocol/messages.ts';
import { fail } from './errors.ts';
import { isObject, visitObjects, type JsonObject } from './spec-walk.ts';

export interface ElementAnchorSite {
  /** Path of the anchored node, e.g. `root.children[2]`. */
  path: string;
  node: JsonObject;
  anchor: JsonObject & { selector: ElementSelector };
}

export interface ResolvedAnchorReport {
  path: string;
  elementId: string;
  /** Screen-space dp; the web device's hierarchy is already in dp, so no density conversion. */
  bounds: Bounds;
}

/** Every node whose anchor is an element anchor, in preorder. */
export function findElementAnchors(spec: unknown): ElementAnchorSite[] {
  const sites: ElementAnchorSite[] = [];
  visitObjects(spec, '$', (object, path) => {
    const anchor = object.anchor;
    if (isObject(anchor) && anchor.type === 'element' && isObject(anchor.selector)) {
      sites.push({ path: path.replace(/^\$\./, ''), node: object, anchor: anchor as ElementAnchorSite['anchor'] });
    }
  });
  return sites;
}

/** A floating window moves onto its anchored root; an anchor below the root cannot be honoured. */
export function checkFloatingAnchors(spec: unknown, sites: readonly ElementAnchorSite[]): void {
  const placement = isObject(spec) && isObject(spec.window) && isObject(spec.window.placement) ? spec.window.placement : undefined;
  if (placement?.type !== 'floating') return;
  const below = sites.find((site) => site.path !== 'root');
  if (below) fail(`${below.path}.anchor`, 'a floating window can only anchor its root node', 'Move the anchor to root, or use a fullscreen or sheet window.');
}

/**
 * Resolves each site against the hierarchy and rewrites it in place as a bounds anchor keeping
 * its alignment and offset. Throws a HostFailureError (with candidates) for the first site that
 * does not resolve to exactly one on-screen element.
 */
export function resolveElementAnchors(
  sites: readonly ElementAnchorSite[],
  hierarchy: readonly HierarchyNode[],
  screen: { width: number; height: number },
): ResolvedAnchorReport[] {
  const app = appLayer(hierarchy);
  return sites.map((site) => {
    const resolution = resolveElementSelector(site.anchor.selector, app, screen);
    if (!resolution.ok) {
      const candidates = resolution.candidates.map((c) => JSON.stringify({ elementId: c.id, testTag: c.testTag, text: c.text })).join(', ');
      fail(
        `${site.path}.anchor.selector`,
        `${resolution.message}${candidates ? `. Candidates: ${candidates}` : ''}`,
        'Pick a selector that matches exactly one visible app element (observe lists them), then show again.',
      );
    }
    const { alignment, offset } = site.anchor;
    site.node.anchor = { type: 'bounds', bounds: resolution.bounds, ...(alignment !== undefined ? { alignment } : {}), ...(offset !== undefined ? { offset } : {}) };
    return { path: site.path, elementId: resolution.node.id, bounds: resolution.bounds };
  });
}

function appLayer(hierarchy: readonly HierarchyNode[]): AppHierarchyNode[] {
  return hierarchy
    .filter((node) => node.layer === 'app')
    .map((node) => ({ ...node, layer: 'app' as const, parentId: node.parentId ?? null, clickable: node.clickable ?? false }));
}
