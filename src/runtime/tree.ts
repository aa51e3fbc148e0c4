/**
 * The shown tree: the spec's root with repeat templates expanded, each node under its stable key
 * (its path; repeat instances `<container>.repeat[<item>].children[<template>]`), plus the static
 * facts the runtime looks up by key: parents, the nearest enclosing pager and stack screen, pagers
 * and stacks by id, overlays and binding rules. A stack's screens are its children, in authored
 * order, keyed `<stack>.screens["<name>"]`.
 *
 * A repeat whose items are a data pointer draws the rows of that array in the data. When the data
 * changes, `refreshDataRepeats` builds again only the rows whose row object changed (writes copy
 * what they change, so an untouched row is the same object) and drops the rows that went.
 */
import type { PrototypeNode, NodeOfType } from '../spec/index.ts';
import { bindingSites, dataRepeatRows, hasRepeatPlaceholder, repeatBinder, rowInstances, tokenizePlaceholders } from '../expand/index.ts';
import { limits } from '../spec/vocabulary.ts';
import { boundTextLength, readsData } from '../validate/data-text.ts';
import { parsePointer, type JsonValue } from '../json/pointer.ts';
import { addBindings, type BindingTable } from './bindings.ts';
import { stackId } from './stacks.ts';

/** The repeat item an instance was built for. */
export interface RowContext {
  index: number;
  /** The item's fields (a data row that is not an object has none). */
  item: Readonly<Record<string, unknown>>;
  /** The row's segments in the data, for a data-path repeat; null for literal items. */
  pointer: readonly string[] | null;
}

export interface TreeNode {
  key: string;
  node: PrototypeNode;
  parent: TreeNode | null;
  /** Structural children in draw order (children, pages, or the single child). */
  children: TreeNode[];
  /** The nearest enclosing pager (not the node itself), for `{page}` / `{pageCount}`. */
  pager: TreeNode | null;
  /** The stack screen the node is in (a screen's own root included), for `{screen}` / `{stackDepth}`. */
  screen: { stack: TreeNode; name: string } | null;
  /** On the top node of a repeat instance: the item it was built for. */
  row?: RowContext;
}

export type OverlayNode = NodeOfType<'dialog'> | NodeOfType<'snackbar'> | NodeOfType<'bottomSheet'> | NodeOfType<'menu'> | NodeOfType<'drawer'> | NodeOfType<'tooltip'>;

const OVERLAY_TYPES: ReadonlySet<string> = new Set(['dialog', 'snackbar', 'bottomSheet', 'menu', 'drawer', 'tooltip']);

/** Dialogs, snackbars, bottom sheets, menus, drawers and tooltips: open while their openWhen holds. */
export function isOverlayNode(node: PrototypeNode): node is OverlayNode {
  return OVERLAY_TYPES.has(node.type);
}

/** The node types isOverlayNode accepts, for render nodes (which carry `open`). */
export function isOverlayType(type: string): boolean {
  return OVERLAY_TYPES.has(type);
}

function isSecureField(node: PrototypeNode): node is NodeOfType<'textField'> {
  return node.type === 'textField' && node.secure === true;
}

/** A repeat container whose items are a data pointer, and the rows it was last built from. */
export interface DataRepeat {
  container: TreeNode;
  pointer: string;
  segments: readonly string[];
  rows: ReadonlyArray<Record<string, unknown> | null>;
  /** Nodes of one row's instances (the template once). */
  templateSize: number;
  /** The template's text fields that a row fills (row fields or {data:…}), as authored. */
  textSites: string[];
  /**
   * The lengths of each row's text fields, kept by row object while the fields read nothing but
   * their row (and its place): a write of ten rows then binds only those ten (dataTextProblem).
   * null where a field reads the data beyond its row.
   */
  rowTextLengths?: WeakMap<object, { index: number; lengths: number[] }> | null;
}

export interface ShownTree {
  root: TreeNode;
  byKey: Map<string, TreeNode>;
  /** Pager nodes by pager id. */
  pagers: Map<string, TreeNode>;
  /** Stack nodes by stack id. */
  stacks: Map<string, TreeNode>;
  /** Adaptive layout nodes, in preorder (never inside a repeat). */
  adaptives: TreeNode[];
  /** Dialog, snackbar, bottomSheet, menu and drawer nodes in preorder. */
  overlays: TreeNode[];
  /** Nodes with onAppear, in preorder. */
  appearHandlers: TreeNode[];
  /** State keys of secure text fields: events and inspect carry them masked. */
  secureKeys: Set<string>;
  bindings: BindingTable;
  dataRepeats: DataRepeat[];
  /** A node has a shared key (set as rows come in, so a data repeat's later rows count too). */
  sharedElements: boolean;
  /** Text fields outside data repeats that read data, found on the first data write. */
  staticDataText?: string[];
}

type RepeatContainer = NodeOfType<'box'> | NodeOfType<'row'> | NodeOfType<'column'> | NodeOfType<'flow'> | NodeOfType<'grid'> | NodeOfType<'carousel'> | NodeOfType<'list'>;

function childEntries(node: PrototypeNode, key: string): [string, PrototypeNode][] {
  switch (node.type) {
    case 'box':
    case 'row':
    case 'column':
    case 'flow':
    case 'grid':
    case 'carousel':
      return node.children.map((child, i) => [`${key}.children[${i}]`, child]);
    case 'list':
      return [...listHeader(node, key), ...node.children.map((child, i): [string, PrototypeNode] => [`${key}.children[${i}]`, child]), ...listFooter(node, key)];
    case 'card':
    case 'pager':
      return node.children.map((child, i) => [`${key}.children[${i}]`, child]);
    case 'scroll':
    case 'bottomSheet':
    case 'drawer':
      return [[`${key}.child`, node.child]];
    case 'dialog':
    case 'searchBar':
      return node.child ? [[`${key}.child`, node.child]] : [];
    case 'adaptive':
      return ADAPTIVE_SLOTS[node.layout].flatMap((slot): [string, PrototypeNode][] => (node[slot] ? [[`${key}.${slot}`, node[slot]!]] : []));
    case 'stack':
      return Object.entries(node.screens).map(([name, screen]) => [`${key}.screens[${JSON.stringify(name)}]`, screen]);
    default:
      return [];
  }
}

/** The node slots of each adaptive layout, in draw order (the walker requires each). */
export const ADAPTIVE_SLOTS = {
  listDetail: ['list', 'detail'],
  navigationSuite: ['content'],
  supporting: ['main', 'supporting'],
} as const satisfies Record<NodeOfType<'adaptive'>['layout'], ReadonlyArray<keyof NodeOfType<'adaptive'>>>;

/** A list's header and footer are its first and last structural children, around its rows. */
function listHeader(node: NodeOfType<'list'>, key: string): [string, PrototypeNode][] {
  return node.header ? [[`${key}.header`, node.header]] : [];
}
function listFooter(node: NodeOfType<'list'>, key: string): [string, PrototypeNode][] {
  return node.footer ? [[`${key}.footer`, node.footer]] : [];
}

/** Structural children before a container's rows: a list's header. */
export function leadingChildren(node: PrototypeNode): number {
  return node.type === 'list' && node.header ? 1 : 0;
}

function repeatOf(node: PrototypeNode): RepeatContainer['repeat'] | undefined {
  const repeats = node.type === 'box' || node.type === 'row' || node.type === 'column' || node.type === 'flow' || node.type === 'grid' || node.type === 'carousel' || node.type === 'list';
  return repeats ? node.repeat : undefined;
}

export function buildTree(root: PrototypeNode, data: JsonValue = {}): ShownTree {
  const tree: ShownTree = { root: undefined as unknown as TreeNode, byKey: new Map(), pagers: new Map(), stacks: new Map(), adaptives: [], overlays: [], appearHandlers: [], secureKeys: new Set(), bindings: new Map(), dataRepeats: [], sharedElements: false };
  tree.root = visit(tree, root, 'root', null, data);
  return tree;
}

function visit(tree: ShownTree, node: PrototypeNode, key: string, parent: TreeNode | null, data: JsonValue, row?: RowContext): TreeNode {
  const pager = parent === null ? null : parent.node.type === 'pager' ? parent : parent.pager;
  // A stack's screens are visited in authored order, so the screen being visited is the next one.
  const screen = parent === null ? null : parent.node.type === 'stack' ? { stack: parent, name: Object.keys(parent.node.screens)[parent.children.length]! } : parent.screen;
  const treeNode: TreeNode = { key, node, parent, children: [], pager, screen, ...(row ? { row } : {}) };
  tree.byKey.set(key, treeNode);
  if (node.type === 'pager') tree.pagers.set(pagerId(node), treeNode);
  if (node.type === 'stack') tree.stacks.set(stackId(node), treeNode);
  if (node.type === 'adaptive') tree.adaptives.push(treeNode);
  if (isOverlayNode(node)) tree.overlays.push(treeNode);
  if (node.onAppear !== undefined) tree.appearHandlers.push(treeNode);
  if (isSecureField(node)) tree.secureKeys.add(node.stateKey);
  if (node.sharedKey !== undefined || node.shared !== undefined) tree.sharedElements = true;
  addBindings(tree.bindings, node);
  const repeat = repeatOf(node);
  const items = repeat?.items;
  if (node.type === 'list' && repeat) for (const [childKey, child] of listHeader(node, key)) treeNode.children.push(visit(tree, child, childKey, treeNode, data));
  if (typeof items === 'string') {
    const rows = dataRepeatRows(data, items);
    const dataRepeat: DataRepeat = { container: treeNode, pointer: items, segments: parsePointer(items) ?? [], rows, templateSize: templateSize(node), textSites: rowTextSites(node, repeat!.as) };
    tree.dataRepeats.push(dataRepeat);
    rows.forEach((item, index) => treeNode.children.push(...buildRow(tree, dataRepeat, item, index, data)));
  } else if (repeat && items) {
    items.forEach((item, index) => {
      const context: RowContext = { index, item, pointer: null };
      for (const instance of rowInstances(node, key, repeat.as, item, index)) treeNode.children.push(visit(tree, instance.node, instance.key, treeNode, data, context));
    });
  } else {
    for (const [childKey, child] of childEntries(node, key)) treeNode.children.push(visit(tree, child, childKey, treeNode, data));
  }
  if (node.type === 'list' && repeat) for (const [childKey, child] of listFooter(node, key)) treeNode.children.push(visit(tree, child, childKey, treeNode, data));
  return treeNode;
}

function buildRow(tree: ShownTree, repeat: DataRepeat, item: Record<string, unknown> | null, index: number, data: JsonValue): TreeNode[] {
  const container = repeat.container;
  const alias = repeatOf(container.node)!.as;
  const context: RowContext = { index, item: item ?? {}, pointer: [...repeat.segments, String(index)] };
  return rowInstances(container.node, container.key, alias, item ?? {}, index).map((instance) => visit(tree, instance.node, instance.key, container, data, context));
}

/** The template's text fields a row fills: those with its placeholders or a {data:…} one. */
function rowTextSites(node: PrototypeNode, alias: string): string[] {
  const sites: string[] = [];
  const stack: PrototypeNode[] = [...(node as RepeatContainer).children];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const site of bindingSites(current)) if (site.binds === 'text' && (readsData(site.value) || hasRepeatPlaceholder(site.value, alias))) sites.push(site.value);
    for (const [, child] of childEntries(current, '')) stack.push(child);
  }
  return sites;
}

/**
 * Why `data` would make the tree's text too long (one field past the per-field limit, or all text
 * built from data past the per-show total), or null.
 */
export function dataTextProblem(tree: ShownTree, data: JsonValue, textLimits: Pick<typeof limits, 'substitutedText' | 'rebuiltText'> = limits): string | null {
  tree.staticDataText ??= staticDataTextSites(tree);
  let total = 0;
  const charge = (length: number): string | null => {
    total += length;
    if (length > textLimits.substitutedText) return `a text field would show ${length} UTF-16 units; a field shows at most ${textLimits.substitutedText}`;
    return total > textLimits.rebuiltText ? `text built from data would pass ${textLimits.rebuiltText} UTF-16 units in all` : null;
  };
  for (const text of tree.staticDataText) {
    const problem = charge(boundTextLength(text, data, null));
    if (problem) return problem;
  }
  for (const repeat of tree.dataRepeats) {
    const alias = repeatOf(repeat.container.node)!.as;
    const rows = dataRepeatRows(data, repeat.pointer);
    const kept = (repeat.rowTextLengths ??= repeat.textSites.every(readsOnlyItsRow) ? new WeakMap() : null);
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] ?? null;
      let known = row === null || kept === null ? undefined : kept.get(row);
      if (known === undefined || known.index !== index) {
        const binder = repeatBinder(alias, row ?? {}, index);
        known = { index, lengths: repeat.textSites.map((text) => boundTextLength(text, data, binder)) };
        if (row !== null) kept?.set(row, known);
      }
      for (const length of known.lengths) {
        const problem = charge(length);
        if (problem) return problem;
      }
    }
  }
  return null;
}

/** Whether a text field's bound length depends on nothing but its row and the row's place. */
function readsOnlyItsRow(text: string): boolean {
  return tokenizePlaceholders(text).every((token) => token.kind !== 'data' && token.kind !== 'count');
}

/** Text fields reading data in the tree outside the rows of data repeats (those never change shape). */
function staticDataTextSites(tree: ShownTree): string[] {
  const rowsOf = new Set(tree.dataRepeats.map((repeat) => repeat.container));
  const sites: string[] = [];
  const stack = [tree.root];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const site of bindingSites(current.node)) if (site.binds === 'text' && readsData(site.value)) sites.push(site.value);
    // A data repeat's rows are counted apart; a list's header and footer (no row of their own) are not.
    stack.push(...(rowsOf.has(current) ? current.children.filter((child) => !child.row) : current.children));
  }
  return sites;
}

/** Nodes of one instance of each template child: what one row adds. */
function templateSize(node: PrototypeNode): number {
  let count = 0;
  const stack: PrototypeNode[] = [...(node as RepeatContainer).children];
  while (stack.length > 0) {
    const current = stack.pop()!;
    count++;
    for (const [, child] of childEntries(current, '')) stack.push(child);
  }
  return count;
}

/**
 * After the data changed (writes at `written`, pointer segments): rebuilds the rows of every data
 * repeat whose array the writes touch, keeping the instances of rows that are the same object.
 * Returns the keys of every node built or dropped, and of each container whose rows changed.
 */
export function refreshDataRepeats(tree: ShownTree, data: JsonValue, written: ReadonlyArray<readonly string[]>): Set<string> {
  const changed = new Set<string>();
  for (const repeat of tree.dataRepeats) {
    if (!written.some((path) => overlaps(path, repeat.segments))) continue;
    const rows = dataRepeatRows(data, repeat.pointer);
    const container = repeat.container;
    const perRow = (container.node as RepeatContainer).children.length;
    const lead = leadingChildren(container.node);
    const oldRows = container.children.slice(lead, lead + repeat.rows.length * perRow);
    const children: TreeNode[] = container.children.slice(0, lead);
    let rebuilt = rows.length !== repeat.rows.length;
    rows.forEach((row, index) => {
      const kept = index < repeat.rows.length && repeat.rows[index] === row;
      if (kept) children.push(...oldRows.slice(index * perRow, (index + 1) * perRow));
      else {
        rebuilt = true;
        if (index < repeat.rows.length) forget(tree, oldRows.slice(index * perRow, (index + 1) * perRow), changed);
        const built = buildRow(tree, repeat, row, index, data);
        for (const node of built) collectKeys(node, changed);
        children.push(...built);
      }
    });
    if (rows.length < repeat.rows.length) forget(tree, oldRows.slice(rows.length * perRow), changed);
    if (rebuilt) changed.add(container.key);
    children.push(...container.children.slice(lead + oldRows.length));
    container.children = children;
    repeat.rows = rows;
  }
  if (changed.size > 0) reindex(tree);
  return changed;
}

/** One path is a prefix of the other (segment by segment). */
function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function forget(tree: ShownTree, nodes: readonly TreeNode[], changed: Set<string>): void {
  for (const node of nodes) {
    collectKeys(node, changed);
    const stack = [node];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (tree.byKey.get(current.key) === current) tree.byKey.delete(current.key);
      stack.push(...current.children);
    }
  }
}

function collectKeys(node: TreeNode, keys: Set<string>): void {
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    keys.add(current.key);
    stack.push(...current.children);
  }
}

/** Overlays, onAppear nodes and binding rules again, in preorder, after rows were added or dropped. */
function reindex(tree: ShownTree): void {
  tree.overlays = [];
  tree.appearHandlers = [];
  tree.secureKeys = new Set();
  tree.bindings = new Map();
  const stack = [tree.root];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (isOverlayNode(current.node)) tree.overlays.push(current);
    if (current.node.onAppear !== undefined) tree.appearHandlers.push(current);
    if (isSecureField(current.node)) tree.secureKeys.add(current.node.stateKey);
    addBindings(tree.bindings, current.node);
    for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
  }
}

/** Rows times template nodes of every data repeat, were the data `data`. */
export function dataRepeatCells(tree: ShownTree, data: JsonValue): number {
  let cells = 0;
  for (const repeat of tree.dataRepeats) cells += dataRepeatRows(data, repeat.pointer).length * repeat.templateSize;
  return cells;
}

/** The repeat item a node was built for (its own, or its nearest instance ancestor's), or null. */
export function rowOf(treeNode: TreeNode): RowContext | null {
  for (let node: TreeNode | null = treeNode; node; node = node.parent) if (node.row) return node.row;
  return null;
}

/** Number of pages of a pager tree node. */
export function pageCount(pager: TreeNode): number {
  return pager.children.length;
}

/** The page of a pager kept in a state key: that key's number, clamped to the pages. */
export function boundPage(pager: TreeNode, value: unknown): number {
  const page = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
  return Math.max(0, Math.min(pageCount(pager) - 1, page));
}

/** A pager's id (always present in a validated spec). */
export function pagerId(node: NodeOfType<'pager'>): string {
  return node.id ?? '';
}
