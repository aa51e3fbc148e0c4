/**
 * The shown tree: the spec's root with repeat templates expanded, each node under its stable key
 * (its path; repeat instances `<container>.repeat[<item>].children[<template>]`), plus the static
 * facts the runtime looks up by key: parents, the nearest enclosing pager, pagers by id, overlays
 * and binding rules.
 */
import type { PrototypeNode, NodeOfType } from '../spec/index.ts';
import { addBindings, type BindingTable } from './bindings.ts';
import { expandRepeatChildren } from './repeat.ts';

export interface TreeNode {
  key: string;
  node: PrototypeNode;
  parent: TreeNode | null;
  /** Structural children in draw order (children, pages, or the single child). */
  children: TreeNode[];
  /** The nearest enclosing pager (not the node itself), for `{page}` / `{pageCount}`. */
  pager: TreeNode | null;
}

export type OverlayNode = NodeOfType<'dialog'> | NodeOfType<'snackbar'> | NodeOfType<'bottomSheet'>;

/** Dialogs, snackbars and bottom sheets: open while their openWhen holds. */
export function isOverlayNode(node: PrototypeNode): node is OverlayNode {
  return node.type === 'dialog' || node.type === 'snackbar' || node.type === 'bottomSheet';
}

export interface ShownTree {
  root: TreeNode;
  byKey: Map<string, TreeNode>;
  /** Pager nodes by pager id. */
  pagers: Map<string, TreeNode>;
  /** Dialog, snackbar and bottomSheet nodes in preorder. */
  overlays: TreeNode[];
  bindings: BindingTable;
}

function childEntries(node: PrototypeNode, key: string): [string, PrototypeNode][] {
  switch (node.type) {
    case 'box':
    case 'row':
    case 'column':
      if (node.repeat) return expandRepeatChildren(node, key);
      return node.children.map((child, i) => [`${key}.children[${i}]`, child]);
    case 'card':
    case 'pager':
      return node.children.map((child, i) => [`${key}.children[${i}]`, child]);
    case 'scroll':
    case 'bottomSheet':
      return [[`${key}.child`, node.child]];
    case 'dialog':
      return node.child ? [[`${key}.child`, node.child]] : [];
    default:
      return [];
  }
}

export function buildTree(root: PrototypeNode): ShownTree {
  const tree: ShownTree = { root: undefined as unknown as TreeNode, byKey: new Map(), pagers: new Map(), overlays: [], bindings: new Map() };
  const visit = (node: PrototypeNode, key: string, parent: TreeNode | null): TreeNode => {
    const pager = parent === null ? null : parent.node.type === 'pager' ? parent : parent.pager;
    const treeNode: TreeNode = { key, node, parent, children: [], pager };
    tree.byKey.set(key, treeNode);
    if (node.type === 'pager') tree.pagers.set(pagerId(node), treeNode);
    if (isOverlayNode(node)) tree.overlays.push(treeNode);
    addBindings(tree.bindings, node);
    for (const [childKey, child] of childEntries(node, key)) treeNode.children.push(visit(child, childKey, treeNode));
    return treeNode;
  };
  tree.root = visit(root, 'root', null);
  return tree;
}

/** Number of pages of a pager tree node. */
export function pageCount(pager: TreeNode): number {
  return pager.children.length;
}

/** A pager's id (always present in a validated spec). */
export function pagerId(node: NodeOfType<'pager'>): string {
  return node.id ?? '';
}
