/**
 * Repeat templates (seeds/000 "List templates"): a box, row or column with `repeat: {items, as}`
 * renders its children once per item, in item order, as siblings in the same container. Each
 * instance is keyed `<container key>.repeat[<item>].children[<template>]`, which is also its
 * identity while it keeps its index.
 *
 * With `items` a data pointer the items are the rows of that array in the prototype's data, bound
 * like literal items; the runtime builds a row's instances again when its row object changes.
 */
import { parsePointer, valueAt, type JsonValue } from '../json/pointer.ts';
import type { PrototypeNode } from '../spec/index.ts';
import { rewriteBindingSites } from './bindings.ts';
import { indexPath, propertyPath } from './path.ts';
import { bindPlaceholders, bindPlaceholdersAsText, repeatBinder, type PlaceholderBinder } from './placeholders.ts';

export interface KeyedNode {
  key: string;
  node: PrototypeNode;
}

export interface RepeatExpansion {
  /** The tree with every repeat container's children replaced by its instances. */
  root: PrototypeNode;
  /** The key of every node of `root`: its path, or its instance key and the path below it. */
  keys: Map<PrototypeNode, string>;
}

/** The rows a data-path repeat draws: the objects of the array at `pointer` (others draw nothing). */
export function dataRepeatRows(data: JsonValue | undefined, pointer: string): Array<Record<string, unknown> | null> {
  const segments = parsePointer(pointer);
  const rows = segments === null || data === undefined ? undefined : valueAt(data, segments);
  if (!Array.isArray(rows)) return [];
  return rows.map((row) => (typeof row === 'object' && row !== null && !Array.isArray(row) ? row : null));
}

/**
 * The instances of one repeat container, item by item, each template child in order. A data-path
 * repeat reads its rows from `data` (a row that is not an object binds no fields).
 */
export function repeatInstances(container: PrototypeNode, containerKey: string, data?: JsonValue): KeyedNode[] {
  if (!('repeat' in container) || container.repeat === undefined) return [];
  const { items, as } = container.repeat;
  const rows = typeof items === 'string' ? dataRepeatRows(data, items) : items;
  return rows.flatMap((item, itemIndex) => rowInstances(container, containerKey, as, item ?? {}, itemIndex));
}

/** The instances of one item: each template child bound for it. */
export function rowInstances(container: PrototypeNode, containerKey: string, alias: string, item: Readonly<Record<string, unknown>>, itemIndex: number): KeyedNode[] {
  const binder = repeatBinder(alias, item, itemIndex);
  return (container as { children: PrototypeNode[] }).children.map((template, templateIndex) => ({
    key: `${containerKey}.repeat[${itemIndex}].children[${templateIndex}]`,
    node: bindTree(template, binder),
  }));
}

/** The whole tree with repeats expanded, and the key of every node in it. */
export function expandRepeats(root: PrototypeNode, rootKey = 'root'): RepeatExpansion {
  const keys = new Map<PrototypeNode, string>();
  return { root: expandNode(root, rootKey, keys), keys };
}

function expandNode(node: PrototypeNode, key: string, keys: Map<PrototypeNode, string>): PrototypeNode {
  const copy = { ...node } as PrototypeNode & { repeat?: unknown; child?: PrototypeNode; children?: PrototypeNode[] };
  if ('repeat' in node && node.repeat !== undefined) {
    delete copy.repeat;
    copy.children = repeatInstances(node, key).map((instance) => expandNode(instance.node, instance.key, keys));
  } else {
    if ('child' in node && node.child !== undefined) copy.child = expandNode(node.child, propertyPath(key, 'child'), keys);
    if ('children' in node) {
      copy.children = node.children.map((child, index) => expandNode(child, indexPath(propertyPath(key, 'children'), index), keys));
    }
    if (node.type === 'stack') {
      const screensKey = propertyPath(key, 'screens');
      (copy as typeof node).screens = Object.fromEntries(Object.entries(node.screens).map(([name, screen]) => [name, expandNode(screen, propertyPath(screensKey, name), keys)]));
    }
  }
  keys.set(copy, key);
  return copy;
}

/** A copy of a template subtree with every binding site bound for one item. */
function bindTree(node: PrototypeNode, binder: PlaceholderBinder): PrototypeNode {
  const bound = rewriteBindingSites(node, (value, binds) =>
    binds === 'scalar' ? bindPlaceholders(value, binder) : bindPlaceholdersAsText(value, binder),
  );
  const copy = { ...bound } as Record<string, unknown>;
  if (Object.hasOwn(bound, 'child')) copy.child = bindTree(copy.child as PrototypeNode, binder);
  if (Array.isArray(copy.children)) copy.children = (copy.children as PrototypeNode[]).map((child) => bindTree(child, binder));
  return copy as unknown as PrototypeNode;
}
