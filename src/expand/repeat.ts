/**
 * Repeat templates (seeds/000 "List templates"): a box, row or column with `repeat: {items, as}`
 * renders its children once per item, in item order, as siblings in the same container. Each
 * instance is keyed `<container key>.repeat[<item>].children[<template>]`, which is also its
 * identity while it keeps its index.
 */
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

/** The instances of one repeat container, item by item, each template child in order. */
export function repeatInstances(container: PrototypeNode, containerKey: string): KeyedNode[] {
  if (!('repeat' in container) || container.repeat === undefined) return [];
  const { items, as } = container.repeat;
  const instances: KeyedNode[] = [];
  items.forEach((item, itemIndex) => {
    const binder = repeatBinder(as, item, itemIndex);
    container.children.forEach((template, templateIndex) => {
      const key = `${containerKey}.repeat[${itemIndex}].children[${templateIndex}]`;
      instances.push({ key, node: bindTree(template, binder) });
    });
  });
  return instances;
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
