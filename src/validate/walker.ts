/**
 * The structural walk: one depth-first pass over a (component-expanded) spec that interprets the
 * contract's rule table and stops at the first error, or, in collecting mode, records the error of
 * a member (an object's key, an array's item, a map's entry, a condition's key), skips the rest of
 * that member and goes on with the next; an object's rules between fields that read a failed field
 * are then skipped. Up to its first error a collecting walk does exactly what a first-error walk
 * does, so both meet that error first. At every object the union of present and
 * declared keys is visited in ascending UTF-16 order; tagged objects check their discriminator
 * first; arrays check their length first and uniqueness after each item; node count, depth and
 * image uses are checked at node entry. What later passes need (pager ids and references, state
 * bindings) is recorded on the way, in node preorder.
 */
import {
  contract,
  enumValues,
  limit,
  limits,
  pattern,
  type ArrayRule,
  type BindingRule,
  type Check,
  type EnumRule,
  type JsonRule,
  type MapRule,
  type NodeEntry,
  type NumberRule,
  type ObjectShape,
  type Rule,
  type StringRule,
  type TaggedRule,
  type UnionRule,
} from '../contract/index.ts';
import { exampleOfShape } from '../contract/grammar.ts';
import { checkEmitPayload } from './emit-payload.ts';
import { actionProblem } from './actions.ts';
import { indexPath, propertyPath, spellPath, type PathSegment } from '../expand/path.ts';
import { CollectionEnded, type ErrorCollector } from './collector.ts';
import { reject, rejectCount, Rejection } from './rejection.ts';
import { bindForItem, bindsInTemplate, dataRows, missingRepeatField, repeatContext, type RepeatContext } from './repeat.ts';
import { dataLimitProblem } from '../json/pointer.ts';
import { boundTextLength, readsData } from './data-text.ts';
import { placeholderFields, repeatBinder, tokenizePlaceholders } from '../expand/placeholders.ts';
import { conservativePayloadByteLength, isPlainJsonWithin, PAYLOAD_NUMBER_BYTES } from '../json/index.ts';
import {
  canonicalJson,
  closestWord,
  describeType,
  describeValue,
  hasOwn,
  isPlainObject,
  isScalar,
  jsonType,
  listWords,
} from './values.ts';

/** A path kept as its segments, spelled (`spellPath`) only when an error names it. */
export type PathSegments = readonly PathSegment[];

/** A state-key field that must name a state value of some type (checked after the walk). */
export interface BindingUse {
  path: PathSegments;
  key: string;
  /** The repeat template the field sits in, or null outside templates. */
  template: RepeatContext | null;
  /** Whether the key itself holds placeholders of that template (one key per item). */
  keyBinds: boolean;
  rule: BindingRule;
  /** The object holding the key field (for sibling bounds and setState values) and how many segments of `path` lead to it. */
  owner: Record<string, unknown>;
  ownerDepth: number;
  /** What holds the key and its field, for messages: `slider` `stateKey`, `toggle action` `key`. */
  holder: string;
  field: string;
}

/** A pager id, or a field naming one. */
export interface PagerReference {
  id: string;
  path: PathSegments;
}

/** A stack node: its id and the names of its screens. */
export interface StackRecord {
  id: string;
  screens: string[];
  path: PathSegments;
}

/** A field naming a stack (its path), and the screen named beside it, if any. */
export interface StackReference {
  id: string;
  screen: string | null;
  path: PathSegments;
  /** A push or replace's `source` (the shared key a zoom grows from), or null. */
  source: string | null;
}

/** What encloses the node being walked, for shared elements: they pair within one layer, never nest. */
export interface Surroundings {
  /** The nearest dialog or bottom sheet around the node (its path), or null for the window's own layer. */
  layer: string | null;
  /** The node with a shared key around this one (its path), or null. */
  sharedAncestor: string | null;
  /** Ids of the stacks whose screens hold the node, outermost first. */
  stacks: readonly string[];
  /** The nearest node with ios.glassGroup around this one (its path), or null. */
  glassGroup: string | null;
}

/** A node's shared key as authored (in a repeat template, once for all its rows). */
export interface SharedRecord {
  key: string;
  /** Path of the key field (sharedKey or shared.key). */
  path: PathSegments;
  template: RepeatContext | null;
  layer: string | null;
  stacks: readonly string[];
  /** The node is a glass surface (its style, or a styleWhen's, sets surface "glass"). */
  glass: boolean;
  /** The nearest ios.glassGroup around it: with glass, its key is a glass ID unique in that group. */
  glassGroup: string | null;
}

/** A tooltip's anchorTo and where it is. */
export interface TooltipTarget {
  id: string;
  path: PathSegments;
  ownId: string | null;
}

/** Nodes are counted in preorder as authored (a repeat template once). */
export interface WalkResult {
  /** Pager ids, in node preorder. */
  pagerIds: PagerReference[];
  /** Paths of the pager nodes, their id valid or not. */
  pagers: PathSegments[];
  /** Pager references of node fields, in node preorder. */
  nodePagerReferences: PagerReference[];
  /** Pager references of actions, in the order met. */
  actionPagerReferences: PagerReference[];
  /** State bindings, in node preorder (those of one node in the order met). */
  bindings: BindingUse[];
  /** Stack nodes with a string id, in node preorder, and the stack references of actions, in the order met. */
  stacks: StackRecord[];
  stackReferences: StackReference[];
  /** Every authored node id: how many nodes carry it, counting one inside a repeat template as many. */
  nodeIds: Map<string, number>;
  /** Tooltips' anchorTo, in node preorder, with the tooltip's own id. */
  tooltipTargets: TooltipTarget[];
  /** Nodes with a shared key, in node preorder. */
  sharedElements: SharedRecord[];
  /** Nodes of the repeat-expanded tree. */
  nodeCount: number;
  /** Device capabilities the authored features need (contract entries that name one), sorted. */
  capabilities: string[];
  /** Where each capability is first needed (a spec path). */
  capabilityPaths: Record<string, string>;
  /** Every android and ios block, in walk order: a device reports what it ignores of them. */
  namespaceBlocks: NamespaceBlock[];
  /** Every style effect, in walk order: a device reports those it cannot draw where they are. */
  effects: EffectRecord[];
}

/** One entry of style.effects (or of a styleWhen's), with the node type it is on. */
export interface EffectRecord {
  path: string;
  type: string;
  nodeType: string;
}

/** Effects that move on their own when they have animate: only these count against the budget. */
const ANIMATABLE_EFFECTS = new Set(['shimmer', 'wave', 'ripple']);

/** An android: {…} or ios: {…} block of a node, the window or the theme, with its fields. */
export interface NamespaceBlock {
  path: string;
  namespace: 'android' | 'ios';
  /** The node type it sits on, or the window or theme. */
  owner: string;
  fields: string[];
}

const DATA_MODEL_CAPABILITY = 'prototype_data_model_v1';
// {count:…} in text needs what the count comparisons need.
const COUNTS_CAPABILITY = contract.conditions.comparisons.count!.capability!;
const SHARED_ELEMENT_V2 = 'prototype_shared_element_v2';

const enumSets = new Map<string, Set<string>>();
function enumSet(name: string): Set<string> {
  let set = enumSets.get(name);
  if (!set) {
    set = new Set(enumValues(name));
    enumSets.set(name, set);
  }
  return set;
}

/** The values an enum rule accepts: its inline list or a named closed list, built once per rule. */
const inlineEnumSets = new WeakMap<EnumRule, ReadonlySet<string>>();
function acceptedValues(rule: EnumRule): ReadonlySet<string> {
  if (!rule.values) return enumSet(rule.enum!);
  let set = inlineEnumSets.get(rule);
  if (!set) {
    set = new Set(rule.values);
    inlineEnumSets.set(rule, set);
  }
  return set;
}

/** A declared property: its rule, and for a plain leaf rule a check that stands for its walk. */
interface Declared {
  rule: Rule;
  accepts: LeafCheck | null;
}

type LeafCheck = (value: unknown) => boolean;

/** Declared properties of a shape, built once per shape. */
const declaredCache = new WeakMap<object, Map<string, Declared>>();
function declaredProperties(shape: ObjectShape, extra?: ObjectShape, tag?: string): Map<string, Declared> {
  let declared = declaredCache.get(shape);
  if (!declared) {
    const rules = new Map<string, Rule>();
    if (extra) for (const [key, rule] of Object.entries(extra.properties)) rules.set(key, rule);
    if (tag) rules.set(tag, { kind: 'string' });
    if (shape.propertiesFromEnum) {
      for (const name of enumValues(shape.propertiesFromEnum.enum)) rules.set(name, shape.propertiesFromEnum.rule);
    }
    for (const [key, rule] of Object.entries(shape.properties)) rules.set(key, rule);
    declared = new Map();
    for (const [key, rule] of rules) {
      const target = followPlainRefs(rule);
      declared.set(key, { rule: target, accepts: pureCheck(target) });
    }
    declaredCache.set(shape, declared);
  }
  return declared;
}

/**
 * A plain check standing for a rule's walk where that walk would do nothing but judge the value (no
 * capability to note, no binding to record, no placeholder to bind, no reference or count to keep):
 * a value it accepts needs no walk; anything else (a refused value, or a member or union branch whose
 * walk does more) is walked, which names the error or does the rest. Leaves, and objects, arrays,
 * unions and tagged objects made of such rules (paddings, corner radii, text styles, offsets), so an
 * accepted subtree costs one call instead of a walk of its members.
 */
const pureChecks = new Map<Rule, LeafCheck | null>();
function pureCheck(rule: Rule): LeafCheck | null {
  if (pureChecks.has(rule)) return pureChecks.get(rule)!;
  // A rule that contains itself is walked: mark it impure while its parts are compiled.
  pureChecks.set(rule, null);
  const check = compilePureCheck(rule);
  pureChecks.set(rule, check);
  return check;
}

function compilePureCheck(rule: Rule): LeafCheck | null {
  if (rule.capability !== undefined || (rule as { rowOperand?: boolean }).rowOperand) return null;
  switch (rule.kind) {
    case undefined: {
      const target = followPlainRefs(rule);
      return target === rule ? null : pureCheck(target);
    }
    case 'string': {
      const stringRule = rule;
      return stringRule.binds || stringRule.binding || stringRule.stackReference ? null : (value) => typeof value === 'string' && stringFits(value, stringRule);
    }
    case 'number': {
      const numberRule = rule;
      return (value) => numberFits(value, numberRule);
    }
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'scalar':
      return rule.binds ? null : isScalar;
    case 'enum': {
      if (rule.valueCapabilities) return null;
      const accepted = acceptedValues(rule);
      return (value) => typeof value === 'string' && accepted.has(value);
    }
    case 'object':
      return pureObjectCheck(rule, declaredProperties(rule), undefined);
    case 'array':
      return pureArrayCheck(rule);
    case 'union':
      return pureUnionCheck(rule);
    case 'tagged':
      return pureTaggedCheck(rule);
    default:
      return null;
  }
}

/**
 * The checks of the members an object declares (null for a member that needs its walk, whose
 * presence sends the object to its walk), or null when no member has one.
 */
function memberChecks(declared: Map<string, Declared>, skip: string | undefined): Map<string, LeafCheck | null> | null {
  const checks = new Map<string, LeafCheck | null>();
  let anyCheck = false;
  for (const [key, { accepts }] of declared) {
    if (key === skip) continue;
    checks.set(key, accepts);
    if (accepts !== null) anyCheck = true;
  }
  return anyCheck ? checks : null;
}

function pureObjectCheck(shape: ObjectShape, declared: Map<string, Declared>, tag: string | undefined): LeafCheck | null {
  if (shape.capability || shape.depthLimit || shape.imageUses || shape.namespace || shape.capabilityByValue) return null;
  const members = memberChecks(declared, tag);
  if (members === null) return null;
  const required = (shape.required ?? []).filter((key) => key !== tag);
  const minProperties = shape.minProperties ?? 0;
  const checks = shape.checks ?? [];
  return (value) => {
    if (!isPlainObject(value)) return false;
    const keys = Object.keys(value);
    if (keys.length < minProperties) return false;
    for (const key of keys) {
      if (key === tag) continue;
      const accepts = members.get(key);
      if (accepts == null || !accepts(value[key])) return false;
    }
    for (const key of required) if (!hasOwn(value, key)) return false;
    for (const check of checks) if (!checkHolds(check, value)) return false;
    return true;
  };
}

function pureArrayCheck(rule: ArrayRule): LeafCheck | null {
  if (rule.unique || rule.uniqueBy || rule.recordEffects) return null;
  const item = pureCheck(rule.items);
  if (item === null) return null;
  const { minItems = 0, maxItems = Infinity } = rule;
  return (value) => Array.isArray(value) && value.length >= minItems && value.length <= maxItems && value.every(item);
}

/** A union whose branch for the value's JSON type has a check; the other types are walked. */
function pureUnionCheck(rule: UnionRule): LeafCheck | null {
  const branches: Partial<Record<'string' | 'number' | 'boolean' | 'object' | 'array', LeafCheck>> = {};
  let anyCheck = false;
  for (const type of ['string', 'number', 'boolean', 'object', 'array'] as const) {
    const branch = rule[type];
    const check = branch === undefined ? null : pureCheck(branch);
    if (check === null) continue;
    branches[type] = check;
    anyCheck = true;
  }
  if (!anyCheck) return null;
  return (value) => {
    const type = jsonType(value);
    const check = type === 'string' || type === 'number' || type === 'boolean' || type === 'object' || type === 'array' ? branches[type] : undefined;
    return check !== undefined && check(value);
  };
}

/** A tagged object whose variant has a check; the other variants are walked. */
function pureTaggedCheck(rule: TaggedRule): LeafCheck | null {
  const variants = new Map<string, LeafCheck>();
  for (const [name, variant] of Object.entries(rule.variants)) {
    const check = pureObjectCheck(variant, declaredProperties(variant, undefined, rule.tag), rule.tag);
    if (check !== null) variants.set(name, check);
  }
  if (variants.size === 0) return null;
  return (value) => {
    if (!isPlainObject(value)) return false;
    const name = value[rule.tag];
    const check = typeof name === 'string' ? variants.get(name) : undefined;
    return check !== undefined && check(value);
  };
}

/** The fields a node's walk handles itself (see walkNodeFields): walked always, never by a plain check. */
const NODE_WALKED_FIELDS = ['repeat', 'onAppear', 'children'];
const nodeDeclaredCache = new WeakMap<NodeEntry, Map<string, Declared>>();
function nodeDeclaredProperties(entry: NodeEntry): Map<string, Declared> {
  let declared = nodeDeclaredCache.get(entry);
  if (!declared) {
    declared = new Map(declaredProperties(entry, contract.nodeCommon, 'type'));
    for (const key of NODE_WALKED_FIELDS) {
      const property = declared.get(key);
      if (property) declared.set(key, { rule: property.rule, accepts: null });
    }
    nodeDeclaredCache.set(entry, declared);
  }
  return declared;
}

/** A `{ref}` with no capability or pager reference of its own walks exactly as its target does. */
function followPlainRefs(rule: Rule): Rule {
  let current = rule;
  for (let hops = 0; current.kind === undefined && current.capability === undefined && !current.pagerReference; hops++) {
    const target = definitions.get(current.ref);
    // The walk itself reports a missing definition when it gets there.
    if (!target || hops > definitions.size) break;
    current = target;
  }
  return current;
}

/** The comparison a condition key without one is reported missing at. */
const MISSING_COMPARISON = 'equals';

/** Present keys plus missing required ones, in ascending UTF-16 order. */
function keysToVisit(value: Record<string, unknown>, required?: readonly string[]): string[] {
  const keys = Object.keys(value);
  if (required) for (const key of required) if (!hasOwn(value, key)) keys.push(key);
  return keys.length > 16 ? keys.sort() : insertionSort(keys);
}

/** Ascending UTF-16 order in place; for the handful of keys an object has, cheaper than sort(). */
function insertionSort(keys: string[]): string[] {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

const definitions = new Map(Object.entries(contract.definitions));
/** `<type> node` and `<type> action` for each node and action type, as messages name them. */
const nodeNouns = new Map(Object.keys(contract.nodes).map((type) => [type, `${type} node`]));
const actionNouns = new Map(Object.keys(contract.actions).map((type) => [type, `${type} action`]));
function nodeNoun(type: string): string {
  return nodeNouns.get(type)!;
}
function actionNoun(type: string): string {
  return actionNouns.get(type) ?? `${type} action`;
}
const nodeTypeSet: ReadonlySet<string> = new Set(Object.keys(contract.nodes));
const actionTypeSet: ReadonlySet<string> = new Set(Object.keys(contract.actions));
const isComparison = (key: string) => hasOwn(contract.conditions.comparisons, key);
const isConditionGroup = (key: string) => hasOwn(contract.conditions.groups, key) || key === contract.conditions.negation;
const variantSets = new WeakMap<TaggedRule, ReadonlySet<string>>();
function variantSet(rule: TaggedRule): ReadonlySet<string> {
  let set = variantSets.get(rule);
  if (!set) {
    set = new Set(Object.keys(rule.variants));
    variantSets.set(rule, set);
  }
  return set;
}

export function walkSpec(spec: unknown): WalkResult {
  return new Walker(null).run(spec);
}

/**
 * The walk in collecting mode: every error goes to `collector` and the walk goes on with the next
 * member. Returns the records for the cross-reference passes, or null when the walk stopped early
 * (its records are then incomplete).
 */
export function collectWalkErrors(spec: unknown, collector: ErrorCollector): WalkResult | null {
  try {
    return new Walker(collector).run(spec);
  } catch (error) {
    if (error instanceof CollectionEnded) return null;
    if (!(error instanceof Rejection)) throw error;
    // The spec itself is not an object: nothing below it can be walked.
    collector.add(error, []);
    return null;
  }
}

/** Where the walk is, for the error of a rule checked outside the walker. */
interface Position {
  /** The path of the value being checked. */
  path(): string;
  /** The path of property `key` of that value. */
  pathTo(key: string): string;
}

/** The walker's state at the start of a member, restored when a collecting walk skips the member. */
interface Mark {
  segments: number;
  depth: number;
  currentType: string;
  currentNode: Record<string, unknown> | null;
  verticalScrolls: number;
  sidewaysDrags: number;
  surroundings: Surroundings;
  template: RepeatContext | null;
  actionDepth: number;
  owner: Record<string, unknown> | null;
  ownerDepth: number;
  nodePagerReferences: number;
  bindings: number;
  nesting: Array<[object, number]>;
}

class Walker implements Position {
  private nodeCount = 0;
  private imageCount = 0;
  private depth = 0;
  private readonly pagerIds: PagerReference[] = [];
  private readonly nodeIds = new Map<string, number>();
  private readonly tooltipTargets: TooltipTarget[] = [];
  private readonly pagers: PathSegments[] = [];
  private readonly nodePagerReferences = new PreorderRecords<PagerReference>();
  private readonly actionPagerReferences: PagerReference[] = [];
  private readonly bindings = new PreorderRecords<BindingUse>();
  private readonly stacks: StackRecord[] = [];
  /** Vertical scrolls around the node being walked (a vertical pager may not be in one). */
  private verticalScrolls = 0;
  /** Horizontal pagers and carousels around the node: their drag would fight a row's swipe actions. */
  private sidewaysDrags = 0;
  private surroundings: Surroundings = { layer: null, sharedAncestor: null, stacks: [], glassGroup: null };
  private readonly sharedElements: SharedRecord[] = [];
  private readonly stackReferences: StackReference[] = [];
  /** The type of the node being walked ('' outside nodes), and the node itself. */
  private currentType = '';
  private currentNode: Record<string, unknown> | null = null;
  private template: RepeatContext | null = null;
  /** requires.platform as authored (walked after the root, read before it). */
  private platform: string[] = [];
  /** The spec's string tables as authored (walked after the root, read before it), with its state for plural counts. */
  private strings: AuthoredStrings | null = null;
  /** How deep the walk is in actions: 0 outside any, 1 in an onTap list, 2 in a follow-up list of one of its actions. */
  private actionDepth = 0;
  private readonly nesting = new Map<object, number>();
  /** Each capability needed, with the path of its first use. */
  private readonly capabilities = new Map<string, string>();
  private readonly namespaceBlocks: NamespaceBlock[] = [];
  private readonly effects: EffectRecord[] = [];
  /** Animated effects in the repeat-expanded tree. */
  private animatedEffects = 0;
  /** The spec's data block, or null when it has none (every data binding then fails). */
  private data: Record<string, unknown> | null = null;
  /** Rows times template nodes of every data-path repeat so far. */
  private pathCells = 0;
  /** UTF-16 units of text with data bound so far (a data row's field once per row). */
  private rebuiltText = 0;
  /** Segments from the spec to the value being walked: paths are spelled only for errors and records. */
  private readonly segments: PathSegment[] = [];
  /** The object whose fields are being walked, and its path length, for bindings that read sibling fields. */
  private owner: Record<string, unknown> | null = null;
  private ownerDepth = 0;

  /** Null for a first-error walk; else where every error goes. */
  constructor(private readonly collector: ErrorCollector | null) {}

  run(spec: unknown): WalkResult {
    // The type, not the value: a file that holds one string may hold a secret.
    if (!isPlainObject(spec)) reject('', `A spec is a JSON object {id, window, root, …}; got ${describeType(spec)}`);
    this.data = isPlainObject(spec.data) ? spec.data : null;
    this.strings = stringsOf(spec);
    this.platform = isPlainObject(spec.requires) && Array.isArray(spec.requires.platform) ? spec.requires.platform.filter((entry): entry is string => typeof entry === 'string') : [];
    this.walkShape(spec, contract.envelope, 'the spec', declaredProperties(contract.envelope));
    this.checkStringTables(spec.strings);
    return {
      pagerIds: this.pagerIds,
      nodeIds: this.nodeIds,
      tooltipTargets: this.tooltipTargets,
      pagers: this.pagers,
      nodePagerReferences: this.nodePagerReferences.items,
      actionPagerReferences: this.actionPagerReferences,
      bindings: this.bindings.items,
      stacks: this.stacks,
      stackReferences: this.stackReferences,
      sharedElements: this.sharedElements,
      nodeCount: this.nodeCount,
      capabilities: [...this.capabilities.keys()].sort(),
      capabilityPaths: Object.fromEntries(this.capabilities),
      namespaceBlocks: this.namespaceBlocks,
      effects: this.effects,
    };
  }

  private recordNamespaceBlock(value: Record<string, unknown>, namespace: 'android' | 'ios'): void {
    const top = this.segments[0];
    const owner = top === 'window' || top === 'theme' ? top : this.currentType;
    this.namespaceBlocks.push({ path: this.path(), namespace, owner, fields: Object.keys(value) });
  }

  path(): string {
    return spellPath(this.segments);
  }

  pathTo(key: string): string {
    return propertyPath(this.path(), key);
  }

  // --- members: where a collecting walk records an error and goes on ------------------------------

  /**
   * Called at the start of a member's walk (its segment pushed). A first-error walk keeps nothing
   * (null); a collecting walk keeps the state to return to if the member fails.
   */
  private mark(): Mark | null {
    if (this.collector === null) return null;
    return {
      segments: this.segments.length,
      depth: this.depth,
      currentType: this.currentType,
      currentNode: this.currentNode,
      verticalScrolls: this.verticalScrolls,
      sidewaysDrags: this.sidewaysDrags,
      surroundings: this.surroundings,
      template: this.template,
      actionDepth: this.actionDepth,
      owner: this.owner,
      ownerDepth: this.ownerDepth,
      nodePagerReferences: this.nodePagerReferences.position(),
      bindings: this.bindings.position(),
      nesting: [...this.nesting],
    };
  }

  /**
   * The catch of a member's walk. A first-error walk passes the error on; a collecting walk
   * records it, skips the rest of the member and returns to where the member started.
   */
  private recover(error: unknown, mark: Mark | null): void {
    if (mark === null || !(error instanceof Rejection)) throw error;
    this.segments.length = mark.segments;
    this.depth = mark.depth;
    this.currentType = mark.currentType;
    this.currentNode = mark.currentNode;
    this.verticalScrolls = mark.verticalScrolls;
    this.sidewaysDrags = mark.sidewaysDrags;
    this.surroundings = mark.surroundings;
    this.template = mark.template;
    this.actionDepth = mark.actionDepth;
    this.setOwner(mark.owner, mark.ownerDepth);
    this.nodePagerReferences.leaveNode(mark.nodePagerReferences);
    this.bindings.leaveNode(mark.bindings);
    this.nesting.clear();
    for (const [shape, depth] of mark.nesting) this.nesting.set(shape, depth);
    this.collector!.add(error, this.segments);
  }

  /** Member walks that failed so far (always 0 in a first-error walk, which stops at one). */
  private failureCount(): number {
    return this.collector === null ? 0 : this.collector.failureCount;
  }

  private walk(value: unknown, rule: Rule, what: string): void {
    if (rule.capability) this.needs(rule.capability);
    if ('rowOperand' in rule && rule.rowOperand && !this.template) {
      reject(this.path(), `{${this.segments[this.segments.length - 1]}: …} reads the repeat row the action runs in; use it only inside a repeat template`);
    }
    if (rule.kind === undefined) {
      const target = definitions.get(rule.ref);
      if (!target) throw new Error(`Contract definition "${rule.ref}" is missing`);
      this.walk(value, target, what);
      if (rule.pagerReference) {
        if (this.actionDepth === 0 && this.template) reject(this.path(), `A node inside a repeat template cannot bind a pager; move it out of the template (${this.template.path}), or bind a state key`);
        this.recordPagerReference(value as string);
      }
      return;
    }
    switch (rule.kind) {
      case 'string':
        return this.walkString(value, rule, what);
      case 'number':
        return walkNumber(value, rule, this);
      case 'boolean':
        if (typeof value !== 'boolean') reject(this.path(), expectedMessage('true or false', value));
        return;
      case 'scalar':
        return this.walkScalar(value, rule.binds !== undefined);
      case 'enum':
        walkEnum(value, rule, this);
        if (rule.valueCapabilities && hasOwn(rule.valueCapabilities, value as string)) this.needs(rule.valueCapabilities[value as string]!);
        return;
      case 'object':
        return this.walkObject(value, rule, what);
      case 'map':
        return this.walkMap(value, rule, what);
      case 'array':
        return this.walkArray(value, rule, what);
      case 'union':
        return this.walkUnion(value, rule, what);
      case 'tagged':
        return this.walkTagged(value, rule, what);
      case 'json':
        return rule.data ? this.walkData(value, rule) : walkPayload(value, rule, this);
      case 'node':
        return rule.inert ? this.walkInertNode(value) : this.walkNode(value);
      case 'action':
        return this.walkAction(value);
      case 'condition':
        return this.walkCondition(value, 1);
    }
  }

  /** A node checked for its shape by a walker of its own, whose findings (ids, bindings, capabilities) are dropped. */
  private walkInertNode(value: unknown): void {
    const inner = new Walker(null);
    inner.data = this.data;
    inner.strings = this.strings;
    inner.platform = this.platform;
    inner.depth = this.depth;
    inner.segments.push(...this.segments);
    inner.walkNode(value);
  }

  // --- strings and scalars -------------------------------------------------------------------

  private walkString(value: unknown, rule: StringRule, what: string): void {
    if (typeof value !== 'string') reject(this.path(), expectedMessage(expectedString(rule), value));
    if (rule.binds === 'pointer') this.requireData('reads data');
    // Every placeholder opens with a brace: text without one has nothing to bind or charge.
    else if (rule.binds === 'text' && value.includes('{')) this.checkTextPlaceholders(value);
    if (rule.binds && this.template && bindsInTemplate(value, this.template)) {
      this.checkTemplateString(value, rule);
      if (rule.binding) this.recordBinding(value, true, rule.binding, what);
      return;
    }
    if (!stringFits(value, rule)) this.rejectString(value, rule, what);
    if (rule.binding) this.recordBinding(value, false, rule.binding, what);
    if (rule.stackReference) this.recordStackReference(value);
  }

  /** What the placeholders of a shown text need: data, counts, string tables, platform values, and room once bound. */
  private checkTextPlaceholders(value: string): void {
    if (readsData(value)) {
      this.needs(DATA_MODEL_CAPABILITY);
      this.requireData('has a {data:…} placeholder');
    }
    if (value.includes('{count:')) {
      this.needs(COUNTS_CAPABILITY);
      this.requireData('has a {count:…} placeholder');
    }
    this.chargeBoundText(value);
    if (value.includes('{t:')) this.checkStringReferences(value);
    if (value.includes('{platform:')) this.checkPlatformReferences(value);
  }

  /** The first rule of `rule` that `value` breaks (stringFits has refused it), as an error. */
  private rejectString(value: string, rule: StringRule, what: string): never {
    if (rule.nonempty && value.length === 0) reject(this.path(), `Expected a nonempty string for ${what}, got an empty string`);
    if (rule.nonblank && value.trim().length === 0) reject(this.path(), 'Expected text with at least one non-space character');
    if (rule.pattern && !pattern(rule.pattern).test(value)) {
      if (rule.binds === 'pointer' && /\{[^{}]*\}/.test(value)) {
        reject(this.path(), `Data pointer ${JSON.stringify(value)} holds a placeholder ${this.template ? 'this template does not bind; inside it use {index} or {' + this.template.alias + '.<field>}' : 'outside a repeat template; write a literal pointer such as /feed/0/title'}`);
      }
      if (rule.binds === 'stateKey' && /\{[^{}]*\}/.test(value)) {
        if (this.template) {
          reject(this.path(), `State key "${value}" holds a placeholder this template does not bind; inside it use {index} or {${this.template.alias}.<field>}`);
        }
        reject(this.path(), `State key placeholder outside a repeat template: "${value}"; placeholders such as {index} or {item.field} bind only inside a repeat template, elsewhere write a literal key (${contract.patternHints.stateKey})`);
      }
      reject(this.path(), `${JSON.stringify(value)} is not ${patternNoun(rule.pattern)}: ${contract.patternHints[rule.pattern] ?? contract.patterns[rule.pattern]}`);
    }
    // Only the choices are left to refuse it.
    reject(this.path(), `${JSON.stringify(value)} is not ${rule.expected ?? 'accepted here'}${didYouMean(value, rule.oneOf!)}`);
  }

  /** A template string: every item must have the fields it names, and what it binds to must fit. */
  private checkTemplateString(text: string, rule: StringRule | { binds: 'scalar' }): void {
    const template = this.template!;
    const fields = placeholderFields(text, template.alias);
    template.items.forEach((item, index) => {
      const missing = missingRepeatField(text, template, item, fields);
      if (missing !== null) {
        reject(this.path(), `Unknown repeat field "${missing}": repeat item ${index} has no scalar field of that name (fields: ${Object.keys(item).sort().join(', ') || 'none'})`);
      }
    });
    // Only a state key, a pointer or a nonempty value is checked once bound.
    if (rule.binds !== 'stateKey' && rule.binds !== 'pointer' && !('nonempty' in rule && rule.nonempty)) return;
    template.items.forEach((_, index) => {
      const bound = bindForItem(text, template, index);
      if (rule.binds === 'stateKey' && (typeof bound !== 'string' || !pattern('stateKey').test(bound))) {
        // Literal items are blamed at the item; rows of a data pointer live in data, so at the key.
        const at = template.pointer === null ? indexPath(`${template.path}.items`, index) : this.path();
        reject(at, `Bound state key "${String(bound)}" is invalid for row ${index}: a state key is ${contract.patternHints.stateKey}`);
      }
      if (rule.binds === 'pointer' && !pattern('dataPointer').test(String(bound))) {
        reject(this.path(), `Binds to "${String(bound)}" for repeat item ${index}, which is not a data pointer: ${contract.patternHints.dataPointer}`);
      }
      if ('nonempty' in rule && rule.nonempty && String(bound).length === 0) {
        reject(this.path(), `Binds to an empty string for repeat item ${index}; give every item a nonempty value`);
      }
    });
  }

  private walkScalar(value: unknown, binds: boolean): void {
    if (!isScalar(value)) reject(this.path(), expectedMessage('a string, a finite number or a boolean', value));
    if (binds && this.template && typeof value === 'string' && bindsInTemplate(value, this.template)) {
      this.checkTemplateString(value, { binds: 'scalar' });
    }
  }

  // --- objects, maps, arrays, unions ------------------------------------------------------------

  private walkObject(value: unknown, shape: ObjectShape, field: string): void {
    const what = shape.noun ?? field;
    if (!isPlainObject(value)) reject(this.path(), expectedMessage(`an object for ${what} such as ${shapeHint(shape, field)}`, value));
    if (shape.depthLimit) return this.walkNested(value, shape, what);
    if (shape.imageUses) this.countImageUses(value[shape.imageUses], shape.imageUses);
    this.walkShape(value, shape, what, declaredProperties(shape));
    if (shape.namespace) this.recordNamespaceBlock(value, shape.namespace);
  }

  /** An object that may contain itself (selector containers): its chain depth is checked at entry. */
  private walkNested(value: Record<string, unknown>, shape: ObjectShape, what: string): void {
    const depth = (this.nesting.get(shape) ?? 0) + 1;
    const max = limit(shape.depthLimit!);
    if (depth > max) reject(this.path(), `${capitalize(what)} chain deeper than ${max} (the first ${what} has depth 1); flatten it`);
    this.nesting.set(shape, depth);
    this.walkShape(value, shape, what, declaredProperties(shape));
    this.nesting.set(shape, depth - 1);
  }

  private walkShape(value: Record<string, unknown>, shape: ObjectShape, what: string, declared: Map<string, Declared>, skip?: string): void {
    const failedKeys = this.walkFields(value, shape, what, declared, skip, null);
    if (shape.minProperties && Object.keys(value).length < shape.minProperties) {
      reject(this.path(), `${capitalize(what)} needs at least one property: ${listWords([...declared.keys()])}`);
    }
    if (shape.checks) applyChecks(shape.checks, value, this, what, failedKeys);
  }

  /**
   * Walks the present and required fields of an object, in key order, with `walkField` (by default
   * the walk of the field's rule) for each one that is declared, present and not already accepted
   * by its plain check. In collecting mode a failed field is recorded and the walk goes on; returns
   * the failed keys (null when none).
   */
  private walkFields(value: Record<string, unknown>, shape: ObjectShape, what: string, declared: Map<string, Declared>, skip: string | undefined,
    walkField: ((key: string, rule: Declared['rule']) => void) | null): string[] | null {
    const outer = this.owner;
    const outerDepth = this.ownerDepth;
    this.setOwner(value, this.segments.length);
    let failedKeys: string[] | null = null;
    for (const key of keysToVisit(value, shape.required)) {
      if (key === skip) continue;
      const property = declared.get(key);
      // A leaf check accepts no missing value, so this skips only present, valid leaves.
      if (property !== undefined && property.accepts !== null && property.accepts(value[key])) continue;
      this.segments.push(key);
      const mark = this.mark();
      try {
        if (!property) reject(this.path(), unknownPropertyMessage(key, declared, what));
        if (value[key] === undefined && !hasOwn(value, key)) reject(this.path(), missingMessage(key, shape, what));
        if (walkField === null) this.walk(value[key], property.rule, key);
        else walkField(key, property.rule);
      } catch (error) {
        this.recover(error, mark);
        (failedKeys ??= []).push(key);
      }
      this.segments.pop();
    }
    this.setOwner(outer, outerDepth);
    return failedKeys;
  }

  private walkMap(value: unknown, rule: MapRule, what: string): void {
    if (!isPlainObject(value)) reject(this.path(), expectedMessage(`an object for ${what}`, value));
    const keys = keysToVisit(value);
    if (rule.minProperties && keys.length < rule.minProperties) {
      reject(this.path(), `${capitalize(what)} needs at least one entry`);
    }
    if (rule.maxProperties !== undefined && keys.length > rule.maxProperties) {
      reject(this.path(), `${capitalize(what)} has ${keys.length} entries; it takes at most ${rule.maxProperties}`);
    }
    for (const key of keys) {
      this.segments.push(key);
      const mark = this.mark();
      try {
        if (rule.keyPattern && !pattern(rule.keyPattern).test(key)) {
          reject(this.path(), `${JSON.stringify(key)} is not ${patternNoun(rule.keyPattern)}: ${contract.patternHints[rule.keyPattern]}`);
        }
        if (rule.keyEnum && !enumSet(rule.keyEnum).has(key)) {
          reject(this.path(), `Unknown ${enumNoun(rule.keyEnum)} "${key}"${didYouMeanWord(key, enumValues(rule.keyEnum))}; accepted: ${listWords(enumValues(rule.keyEnum), 40)}`);
        }
        this.walk(value[key], rule.values, key);
      } catch (error) {
        this.recover(error, mark);
      }
      this.segments.pop();
    }
  }

  private walkArray(value: unknown, rule: ArrayRule, what: string): void {
    if (!Array.isArray(value)) reject(this.path(), expectedMessage(`an array for ${what}`, value));
    const { minItems = 0, maxItems } = rule;
    if (value.length < minItems || (maxItems !== undefined && value.length > maxItems)) {
      const range = maxItems === undefined ? `at least ${minItems}` : minItems === maxItems ? `exactly ${minItems}` : `${minItems} to ${maxItems}`;
      reject(this.path(), `${what} has ${value.length} entries; it takes ${range}`);
    }
    const seen = rule.unique || rule.uniqueBy ? new Set<string>() : null;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      this.segments.push(index);
      const mark = this.mark();
      try {
        this.walk(item, rule.items, what);
        if (seen) this.checkUnique(item, rule, seen, what);
      } catch (error) {
        this.recover(error, mark);
      }
      this.segments.pop();
    }
    if (rule.recordEffects) this.recordEffects(value);
  }

  /** Records each effect of a style and counts the animated ones against the spec's budget. */
  private recordEffects(effects: unknown[]): void {
    effects.forEach((effect, index) => {
      if (!isPlainObject(effect) || typeof effect.type !== 'string') return;
      this.effects.push({ path: spellPath([...this.segments, index]), type: effect.type, nodeType: this.currentType });
      if (ANIMATABLE_EFFECTS.has(effect.type) && isPlainObject(effect.animate)) this.countAnimatedEffect([index, 'animate']);
    });
  }

  /** One more effect that moves on its own (an animated shimmer, wave or ripple, a repeating icon effect), at the path below the current one. */
  private countAnimatedEffect(below: (string | number)[]): void {
    this.animatedEffects++;
    if (this.animatedEffects > limits.animatedEffects) {
      rejectCount(spellPath([...this.segments, ...below]), `Animated effect limit exceeded: a spec animates at most ${limits.animatedEffects} effects (shimmer, wave or ripple with animate, icon effects with repeat), counting every repeat instance; give the others a phase or a trigger instead`);
    }
  }

  /** Adds the identity of the array item being walked to `seen`; fails if it is there already. */
  private checkUnique(item: unknown, rule: ArrayRule, seen: Set<string>, what: string): void {
    const identity = canonicalJson(rule.uniqueBy ? (item as Record<string, unknown>)[rule.uniqueBy] : item);
    if (seen.has(identity)) {
      const where = rule.uniqueBy ? this.pathTo(rule.uniqueBy) : this.path();
      reject(where, `Duplicate ${rule.uniqueBy ? `${rule.uniqueBy} ` : 'entry '}${identity} in ${what}; entries must be unique`);
    }
    seen.add(identity);
  }

  private walkUnion(value: unknown, rule: UnionRule, what: string): void {
    const type = jsonType(value);
    const branch = type === 'string' || type === 'number' || type === 'boolean' || type === 'object' || type === 'array' ? rule[type] : undefined;
    if (!branch) reject(this.path(), expectedMessage(rule.expected, value));
    this.walk(value, branch, what);
  }

  private walkTagged(value: unknown, rule: TaggedRule, what: string): void {
    if (!isPlainObject(value)) reject(this.path(), expectedMessage(`an object with "${rule.tag}" for ${what} such as ${taggedHint(rule, what)}`, value));
    const variantName = discriminator(value, rule.tag, variantSet(rule), this, what);
    const variant = rule.variants[variantName]!;
    this.walkShape(value, variant, `${what} "${variantName}"`, declaredProperties(variant, undefined, rule.tag), rule.tag);
  }

  // --- nodes ------------------------------------------------------------------------------------

  private walkNode(value: unknown): void {
    if (!isPlainObject(value)) reject(this.path(), expectedMessage('a node object {"type": …}', value));
    this.nodeCount++;
    if (this.nodeCount > limits.nodes) {
      rejectCount(this.path(), `Node limit exceeded: a spec has at most ${limits.nodes} nodes, counting every child, page and sheet child${this.template ? ' and every repeat instance' : ''}`);
    }
    this.depth++;
    if (this.depth > limits.depth) reject(this.path(), `Node depth limit exceeded: nodes nest at most ${limits.depth} deep (the root has depth 1)`);
    const type = typeof value.type === 'string' && hasOwn(contract.nodes, value.type) ? value.type : null;
    const entry = type === null ? null : contract.nodes[type]!;
    if (entry?.imageUses) this.countImageUses(value[entry.imageUses]);
    discriminator(value, 'type', nodeTypeSet, this, 'node');
    if (entry!.templateForbidden && this.template) {
      reject(this.path(), `A repeat template may not contain a ${type}; move it outside the repeating container (${this.template.path})`);
    }
    if (entry!.capability) this.needs(entry!.capability);
    if (type === 'icon' && isPlainObject(value.effect) && value.effect.repeat !== undefined) this.countAnimatedEffect(['effect', 'repeat']);
    // An id inside a repeat template is one per row: never the one node a tooltip can point at.
    if (typeof value.id === 'string') this.nodeIds.set(value.id, (this.nodeIds.get(value.id) ?? 0) + (this.template ? 2 : 1));
    if (type === 'tooltip' && typeof value.anchorTo === 'string') {
      this.tooltipTargets.push({ id: value.anchorTo, path: [...this.segments, 'anchorTo'], ownId: typeof value.id === 'string' ? value.id : null });
    }
    if (type === 'pager') {
      this.pagers.push([...this.segments]);
      if (typeof value.id === 'string') this.pagerIds.push({ id: value.id, path: [...this.segments, 'id'] });
    }
    if (type === 'stack' && typeof value.id === 'string') {
      this.stacks.push({ id: value.id, screens: isPlainObject(value.screens) ? Object.keys(value.screens) : [], path: [...this.segments, 'id'] });
    }
    const parentType = this.currentType;
    const parentNode = this.currentNode;
    const outerReferences = this.nodePagerReferences.enterNode();
    const outerBindings = this.bindings.enterNode();
    this.currentType = type!;
    this.currentNode = value;
    if (type === 'pager' && value.axis === 'vertical' && this.verticalScrolls > 0) {
      reject(this.pathTo('axis'), 'A vertical pager cannot be inside a vertical scroll (both would take the same drag); use a horizontal pager, or move it out of the scroll');
    }
    if (type === 'list' && this.verticalScrolls > 0) {
      reject(this.path(), 'A list scrolls itself and cannot be inside a vertical scroll (that would draw every row); take the scroll away, or use a column for a short list');
    }
    if (hasOwn(value, 'swipeActions') && this.sidewaysDrags > 0) {
      reject(this.pathTo('swipeActions'), 'Swipe actions cannot be inside a horizontal pager or carousel (both would take the same sideways drag); move the rows out of it, or use a vertical pager');
    }
    const scrollsVertically = (type === 'scroll' && value.axis !== 'horizontal') || type === 'list';
    const dragsSideways = (type === 'pager' && value.axis !== 'vertical') || type === 'carousel';
    if (scrollsVertically) this.verticalScrolls++;
    if (dragsSideways) this.sidewaysDrags++;
    const outerSurroundings = this.surroundings;
    this.enterSurroundings(value, type!);
    this.walkNodeFields(value, entry!, type!, parentType, parentNode);
    this.surroundings = outerSurroundings;
    if (scrollsVertically) this.verticalScrolls--;
    if (dragsSideways) this.sidewaysDrags--;
    this.currentType = parentType;
    this.currentNode = parentNode;
    this.nodePagerReferences.leaveNode(outerReferences);
    this.bindings.leaveNode(outerBindings);
    this.depth--;
  }

  private walkNodeFields(value: Record<string, unknown>, entry: NodeEntry, type: string, parentType: string, parentNode: Record<string, unknown> | null): void {
    const declared = nodeDeclaredProperties(entry);
    const ownTemplate = entry.repeatable && hasOwn(value, 'repeat') && !this.template ? repeatContext(value.repeat, this.pathTo('repeat'), this.data) : null;
    let templateNodes = 0;
    let templateImages = 0;
    let templateAnimated = 0;
    const what = nodeNoun(type);
    const failedKeys = this.walkFields(value, entry, what, declared, 'type', (key, rule) => {
      if (key === 'repeat' && entry.repeatable) {
        if (this.template) reject(this.path(), `A repeat template may not contain another repeat (template of ${this.template.path})`);
        const failures = this.failureCount();
        this.walk(value[key], rule, key);
        // Counting needs the items the walk has just proved (a collecting walk may go on past a failure in them).
        if (this.failureCount() !== failures) return;
        const items = (value.repeat as { items: unknown[] | string }).items;
        if (typeof items === 'string') this.checkDataRows(items, templateNodes, templateAnimated);
        else this.applyExpandedLimits(items.length, templateNodes, templateImages, templateAnimated);
      } else if (key === 'onAppear' && !(this.segments.length === 2 && this.segments[0] === 'root') && !hasOwn(value, 'visibleWhen')) {
        reject(this.path(), 'onAppear runs when a node appears: only the root and nodes with visibleWhen take it');
      } else if (key === 'children' && ownTemplate) {
        const nodesBefore = this.nodeCount;
        const imagesBefore = this.imageCount;
        const animatedBefore = this.animatedEffects;
        this.template = ownTemplate;
        this.walk(value[key], rule, key);
        this.template = null;
        templateNodes = this.nodeCount - nodesBefore;
        templateImages = this.imageCount - imagesBefore;
        templateAnimated = this.animatedEffects - animatedBefore;
      } else {
        this.walk(value[key], rule, key);
      }
    });
    if (entry.checks) applyChecks(entry.checks, value, this, what, failedKeys);
    this.checkLayoutFields(value, type, parentType, parentNode, failedKeys);
  }

  /**
   * The fields only flow and grid give a meaning: `span` on a direct grid child (at most a fixed
   * grid's columns), `style.runSpacing` (also in styleWhen) on a flow or grid itself.
   */
  private checkLayoutFields(value: Record<string, unknown>, type: string, parentType: string, parentNode: Record<string, unknown> | null, failedKeys: string[] | null): void {
    if (hasOwn(value, 'span') && !failedKeys?.includes('span')) {
      if (parentType !== 'grid') reject(this.pathTo('span'), 'span is how many columns a grid child takes: only a direct child of a grid takes it');
      const columns = parentNode?.columns;
      if (typeof columns === 'number' && (value.span as number) > columns) reject(this.pathTo('span'), `span ${String(value.span)} is more than the grid's ${columns} columns`);
    }
    if (type === 'flow' || type === 'grid') return;
    const runSpacing = 'runSpacing is the gap between the lines of a flow or the rows of a grid: only flow and grid take it';
    if (isPlainObject(value.style) && hasOwn(value.style, 'runSpacing') && !failedKeys?.includes('style')) reject(propertyPath(this.pathTo('style'), 'runSpacing'), runSpacing);
    if (Array.isArray(value.styleWhen) && !failedKeys?.includes('styleWhen')) {
      value.styleWhen.forEach((entry, index) => {
        if (isPlainObject(entry) && isPlainObject(entry.style) && hasOwn(entry.style, 'runSpacing')) reject(`${this.pathTo('styleWhen')}[${index}].style.runSpacing`, runSpacing);
      });
    }
  }

  /**
   * A data-path repeat: its rows are those of the data, objects, and its template counts once in
   * the node limit; rows times template nodes count against the repeat path cells instead.
   */
  private checkDataRows(pointer: string, templateNodes: number, templateAnimated: number): void {
    this.segments.push('items');
    const rows = dataRows(this.data, pointer);
    if (rows === null) reject(this.path(), `${pointer} names no array in data; point items at an array of rows (an empty one is fine)`);
    // The template's animated effects counted once; a data repeat draws one per row now in data.
    this.countExpandedAnimatedEffects(rows.length, templateAnimated);
    const row = rows.findIndex((item) => !isPlainObject(item));
    if (row >= 0) reject(this.path(), `Row ${row} of ${pointer} is ${describeValue(rows[row])}; every row of a repeat is an object`);
    this.pathCells += rows.length * templateNodes;
    if (this.pathCells > limits.repeatPathCells) {
      rejectCount(this.path(), `Repeat path cell limit exceeded: data-path repeats draw more than ${limits.repeatPathCells} nodes in all (rows × template nodes); show fewer rows`);
    }
    this.segments.pop();
  }

  /**
   * A text field that data fills (a {data:…} placeholder, or a row field of a data-path repeat):
   * each binding of it stays within the per-field limit, and all of them within the per-show total.
   */
  /** Each `{t:key|count}` names a key of the default string table and, with a count, a declared state key. */
  private checkStringReferences(text: string): void {
    for (const token of tokenizePlaceholders(text)) {
      if (token.kind !== 'string') continue;
      if (this.strings === null) reject(this.path(), `${token.raw} refers to a string table, but the spec has no strings; add "strings": {"default": "en", "tables": {"en": {"${token.key}": "…"}}}`);
      const table = this.strings.defaultTable;
      if (table !== null && !hasOwn(table, token.key)) {
        reject(this.path(), `${token.raw}: the default table "${this.strings.default}" has no string "${token.key}"${didYouMeanWord(token.key, Object.keys(table))}; every key text uses is in the default table`);
      }
      if (token.count !== null && !hasOwn(this.strings.state, token.count)) {
        reject(this.path(), `${token.raw} chooses its plural form by "${token.count}", which is not in state; declare it as a number, e.g. "state": {"${token.count}": 0}`);
      }
    }
  }

  /** Each `{platform:/pointer}` names platform state the device keeps, and needs its capability. */
  private checkPlatformReferences(text: string): void {
    for (const token of tokenizePlaceholders(text)) {
      if (token.kind !== 'platform') continue;
      this.needs(contract.conditions.platform.capability!);
      if (!pattern('platformPointer').test(token.pointer)) {
        reject(this.path(), `${token.raw} reads no platform state; it reads ${contract.patternHints.platformPointer}`);
      }
    }
  }

  /** The strings block's own cross-checks, once its fields have passed: default names a table, and no entry refers to another. */
  private checkStringTables(strings: unknown): void {
    if (!isPlainObject(strings) || !isPlainObject(strings.tables) || typeof strings.default !== 'string') return;
    const depth = this.segments.length;
    this.segments.push('strings');
    const mark = this.mark();
    try {
      if (!hasOwn(strings.tables, strings.default)) {
        this.segments.push('default');
        reject(this.path(), `"${strings.default}" names no table; default is one of tables' locales: ${Object.keys(strings.tables).sort().join(', ')}`);
      }
      for (const [locale, table] of Object.entries(strings.tables)) {
        if (!isPlainObject(table)) continue;
        for (const [key, entry] of Object.entries(table)) {
          const texts = typeof entry === 'string' ? [entry] : isPlainObject(entry) ? Object.values(entry) : [];
          if (texts.some((text) => typeof text === 'string' && text.includes('{t:'))) {
            this.segments.push('tables', locale, key);
            reject(this.path(), 'A string entry cannot refer to another entry ({t:…}); write its text out');
          }
        }
      }
    } catch (error) {
      this.recover(error, mark);
    }
    this.segments.length = depth;
  }

  private chargeBoundText(text: string): void {
    const template = this.template;
    const rowBound = template?.pointer !== null && template !== null && bindsInTemplate(text, template);
    if (!readsData(text) && !rowBound) return;
    const rows: Array<Record<string, unknown> | null> = template ? template.items : [null];
    rows.forEach((item, index) => {
      const length = boundTextLength(text, this.data as never, item ? repeatBinder(template!.alias, item, index) : null);
      const where = item ? ` for repeat item ${index}` : '';
      if (length > limits.substitutedText) reject(this.path(), `Text with its data bound is ${length} UTF-16 units${where}; a field shows at most ${limits.substitutedText}`);
      this.rebuiltText += length;
      if (this.rebuiltText > limits.rebuiltText) rejectCount(this.path(), `Text built from data passes ${limits.rebuiltText} UTF-16 units in all (every data row's fields counted); show fewer or shorter rows`);
    });
  }

  /** Notes a capability the spec needs, at the current path when it is the first use. */
  private needs(capability: string): void {
    if (!this.capabilities.has(capability)) this.capabilities.set(capability, this.path() || '$');
  }

  /** A data binding at the current path; the spec must have data. */
  private requireData(what: string): void {
    if (this.data === null) reject(this.path(), `This ${what}, but the spec has no data; add a root "data" object`);
  }

  private walkData(value: unknown, rule: JsonRule): void {
    if (rule.object && !isPlainObject(value)) reject(this.path(), expectedMessage('an object for data', value));
    const dataLimits = {
      maxBytes: contract.limits[rule.maxBytes]!,
      maxDepth: rule.object ? contract.limits[rule.maxDepth]! : contract.limits[rule.maxDepth]! - 1,
      maxArrayItems: contract.limits[rule.maxArrayItems!]!,
    };
    // The data object is level 1 to dataLimitProblem and level 0 to the walk: the same bound.
    if (isPlainJsonWithin(value, { ...dataLimits, numberBytes: () => PAYLOAD_NUMBER_BYTES, wellFormed: false })) return;
    const bytes = conservativePayloadByteLength(value);
    if (bytes === Infinity) reject(this.path(), 'Data holds a value JSON cannot represent; data is plain JSON');
    const problem = dataLimitProblem(value as never, bytes, dataLimits);
    if (!problem) return;
    const where = problem.pointer === '' ? '' : ` at ${problem.pointer}`;
    reject(this.path(), `Data over its limits${where}: ${problem.message}`);
  }

  /** The template was counted once while walking it (at its `repeat`); every further instance counts too. */
  private applyExpandedLimits(itemCount: number, templateNodes: number, templateImages: number, templateAnimated: number): void {
    this.countExpandedAnimatedEffects(itemCount, templateAnimated);
    this.nodeCount += (itemCount - 1) * templateNodes;
    if (this.nodeCount > limits.nodes) {
      rejectCount(this.path(), `Expanded node limit exceeded: ${itemCount} instances of a ${templateNodes}-node template pass ${limits.nodes} nodes in all; use fewer items or a smaller template`);
    }
    this.imageCount += (itemCount - 1) * templateImages;
    if (this.imageCount > limits.images) {
      rejectCount(this.path(), `Expanded image limit exceeded: ${itemCount} instances of the template pass ${limits.images} image uses in all`);
    }
  }

  /** A template's animated effects were counted once while walking it; each further instance counts too. */
  private countExpandedAnimatedEffects(itemCount: number, templateAnimated: number): void {
    if (templateAnimated === 0) return;
    this.animatedEffects += (itemCount - 1) * templateAnimated;
    if (this.animatedEffects > limits.animatedEffects) {
      rejectCount(this.path(), `Animated effect limit exceeded: ${itemCount} instances of a template with ${templateAnimated} animated effects pass ${limits.animatedEffects} in all; animate fewer, or give the others a phase instead`);
    }
  }

  /**
   * An asset id counts once, a {light, dark} pair once per distinct id. Fails at the current value,
   * or at its `key` property when given.
   */
  private countImageUses(asset: unknown, key?: string): void {
    if (asset === undefined) return;
    this.imageCount += isPlainObject(asset) && asset.light !== asset.dark ? 2 : 1;
    if (this.imageCount > limits.images) {
      rejectCount(key === undefined ? this.path() : this.pathTo(key), `Image limit exceeded: at most ${limits.images} image uses (image nodes and nav item images, hidden ones included; a {light, dark} pair of two different ids counts twice)`);
    }
  }

  // --- actions and conditions -------------------------------------------------------------------

  private walkAction(value: unknown): void {
    if (!isPlainObject(value)) reject(this.path(), expectedMessage('an action object {"type": …}', value));
    const type = discriminator(value, 'type', actionTypeSet, this, 'action');
    const shape = contract.actions[type]!;
    const byValue = shape.capabilityByValue;
    const chosen = byValue && typeof value[byValue.field] === 'string' && hasOwn(byValue.values, value[byValue.field] as string) ? byValue.values[value[byValue.field] as string] : shape.capability;
    if (chosen) this.needs(chosen);
    if (this.actionDepth >= limits.actionDepth) {
      reject(this.path(), `Actions nest at most ${limits.actionDepth} deep (an onTap list is depth 1, a follow-up list such as onSuccess or onFire adds one); flatten the chain`);
    }
    this.actionDepth++;
    this.walkShape(value, shape, actionNoun(type), declaredProperties(shape, undefined, 'type'), 'type');
    this.actionDepth--;
    const problem = actionProblem(type, value, { data: this.data, inTemplate: this.template !== null, platform: this.platform });
    if (problem) reject(spellPath([...this.segments, ...problem.at]), problem.message);
  }

  private walkCondition(value: unknown, depth: number): void {
    const rules = contract.conditions;
    if (depth > limits.conditionDepth) reject(this.path(), `Condition nesting deeper than ${limits.conditionDepth}; simplify the condition`);
    if (!isPlainObject(value)) reject(this.path(), expectedMessage('a condition object', value));
    const present = keysToVisit(value);
    if (present.length === 0) reject(this.path(), `Empty condition: use one of {key, equals|notEquals|gt|lt}, {all: […]}, {any: […]} or {not: …}`);
    const firstComparison = present.find(isComparison);
    const firstGroup = present.find(isConditionGroup);
    const hasKey = hasOwn(value, 'key') || hasOwn(value, 'data') || hasOwn(value, 'platform');
    // A key with no comparison misses one, reported where a missing required key is: at its name.
    const missesComparison = hasKey && firstComparison === undefined && firstGroup === undefined;
    const keys = missesComparison ? keysToVisit(value, [MISSING_COMPARISON]) : present;
    for (const key of keys) {
      this.segments.push(key);
      const mark = this.mark();
      try {
        if (missesComparison && key === MISSING_COMPARISON) {
          reject(this.path(), 'Missing comparison: a condition key needs exactly one of equals, notEquals, gt or lt');
        } else if (key === 'key' || key === 'data' || key === 'platform') {
          if (key === 'data' || key === 'platform') {
            const others = ['key', 'data', 'platform'].filter((other) => other !== key && hasOwn(value, other));
            if (others.length > 0) reject(this.path(), `A condition reads one of a state "key", a "data" pointer or a "platform" pointer; this one also has ${others.join(' and ')}`);
            if (key === 'data') this.walk(value.data, rules.data, 'condition data');
            else this.walk(value.platform, rules.platform, 'condition platform');
          } else {
            this.walkString(value.key, rules.key, 'condition key');
          }
          if (firstGroup !== undefined) reject(this.path(), `A condition has exactly one form; this one also has ${present.filter(isConditionGroup).join(', ')}`);
        } else if (isComparison(key)) {
          if (!hasKey) reject(this.path(), `Comparison "${key}" needs a state "key", a "data" pointer or a "platform" pointer beside it`);
          if ((key === 'count' || key === 'isEmpty') && !hasOwn(value, 'data')) reject(this.path(), `"${key}" counts the items of a data array: give it a "data" pointer to one, such as {"data": "/tasks", "${key}": ${key === 'count' ? '{"equals": 0}' : 'true'}}`);
          if (firstComparison !== key) reject(this.path(), `A condition key takes exactly one comparison; this one has ${present.filter(isComparison).join(', ')}`);
          this.walk(value[key], rules.comparisons[key]!, key);
        } else if (isConditionGroup(key)) {
          if (firstGroup !== key) reject(this.path(), `A condition has exactly one form; this one has ${present.filter(isConditionGroup).join(', ')}`);
          this.walkConditionGroup(value[key], key, depth);
        } else {
          reject(this.path(), `Unknown condition property "${key}"; a condition is {key, equals|notEquals|gt|lt}, {all: […]}, {any: […]} or {not: …}`);
        }
      } catch (error) {
        this.recover(error, mark);
      }
      this.segments.pop();
    }
  }

  private walkConditionGroup(members: unknown, key: string, depth: number): void {
    if (key === contract.conditions.negation) return this.walkCondition(members, depth + 1);
    const { minItems, maxItems } = contract.conditions.groups[key]!;
    if (!Array.isArray(members)) reject(this.path(), expectedMessage(`an array of ${minItems} to ${maxItems} conditions`, members));
    if (members.length < minItems || members.length > maxItems) {
      reject(this.path(), `"${key}" takes ${minItems} to ${maxItems} conditions; it has ${members.length}`);
    }
    for (let index = 0; index < members.length; index++) {
      this.segments.push(index);
      const mark = this.mark();
      try {
        this.walkCondition(members[index], depth + 1);
      } catch (error) {
        this.recover(error, mark);
      }
      this.segments.pop();
    }
  }

  // --- records for the later passes ---------------------------------------------------------------

  /**
   * Records the node's shared key (refusing both forms at once, one shared node inside another, a
   * key with placeholders outside a repeat template, and a template key that does not name its
   * row by the repeat's key) and what its children are inside of.
   */
  private enterSurroundings(value: Record<string, unknown>, type: string): void {
    const field = hasOwn(value, 'shared') ? 'shared' : hasOwn(value, 'sharedKey') ? 'sharedKey' : null;
    const outer = this.surroundings;
    let sharedAncestor = outer.sharedAncestor;
    if (field !== null) {
      if (hasOwn(value, 'shared') && hasOwn(value, 'sharedKey')) reject(this.pathTo('shared'), 'A node takes sharedKey or shared, not both (sharedKey "k" is shared {"key": "k", "as": "bounds"})');
      const keyPath = field === 'shared' ? [...this.segments, 'shared', 'key'] : [...this.segments, 'sharedKey'];
      const key = field === 'shared' ? (isPlainObject(value.shared) ? value.shared.key : undefined) : value.sharedKey;
      if (typeof key === 'string' && key !== '') {
        if (outer.sharedAncestor !== null) reject(spellPath(keyPath), `A shared element cannot be inside another (${outer.sharedAncestor}); give the key to one of them`);
        this.checkSharedKeyForm(key, keyPath, field);
        this.sharedElements.push({ key, path: keyPath, template: this.template, layer: outer.layer, stacks: outer.stacks, glass: isGlassNode(value), glassGroup: outer.glassGroup });
        sharedAncestor = this.path();
      }
    }
    const layer = type === 'dialog' || type === 'bottomSheet' ? this.path() : outer.layer;
    const stacks = type === 'stack' && typeof value.id === 'string' ? [...outer.stacks, value.id] : outer.stacks;
    const glassGroup = isPlainObject(value.ios) && value.ios.glassGroup === true ? this.path() : outer.glassGroup;
    if (layer !== outer.layer || stacks !== outer.stacks || sharedAncestor !== outer.sharedAncestor || glassGroup !== outer.glassGroup) {
      this.surroundings = { layer, sharedAncestor, stacks, glassGroup };
    }
  }

  private checkSharedKeyForm(key: string, keyPath: PathSegments, field: 'shared' | 'sharedKey'): void {
    const template = this.template;
    if (template === null) {
      if (/[{}]/.test(key)) reject(spellPath(keyPath), `A shared key outside a repeat template is literal; ${JSON.stringify(key)} has a placeholder`);
      return;
    }
    this.segments.push(field);
    this.needs(SHARED_ELEMENT_V2);
    this.segments.pop();
    if (template.keyField === null) reject(spellPath(keyPath), `A shared key in a repeat template needs the repeat's key (${template.path}.key), so each row's key stays with its row`);
    const rowKey = `{${template.alias}.${template.keyField}}`;
    if (!key.includes(rowKey)) reject(spellPath(keyPath), `A shared key in a repeat template names its row by ${rowKey}, e.g. "story-${rowKey}"`);
  }

  private recordPagerReference(id: string): void {
    const reference = { id, path: [...this.segments] };
    if (this.actionDepth > 0) this.actionPagerReferences.push(reference);
    else if (this.currentType !== '') this.nodePagerReferences.add(reference);
  }

  private recordStackReference(id: string): void {
    const screen = this.owner && typeof this.owner.screen === 'string' ? this.owner.screen : null;
    const source = this.owner && typeof this.owner.source === 'string' ? this.owner.source : null;
    this.stackReferences.push({ id, screen, path: [...this.segments], source });
  }

  private setOwner(value: Record<string, unknown> | null, depth: number): void {
    this.owner = value;
    this.ownerDepth = depth;
  }

  private recordBinding(key: string, keyBinds: boolean, rule: BindingRule, field: string): void {
    if (this.currentType === '' || !this.owner) return;
    this.bindings.add({
      path: [...this.segments],
      key,
      template: this.template,
      keyBinds,
      rule,
      owner: this.owner,
      ownerDepth: this.ownerDepth,
      holder: this.actionDepth > 0 ? actionNoun(String(this.owner.type)) : this.currentType,
      field,
    });
  }
}

/**
 * Records in node preorder, though the walk may meet them out of it: a node's own records go
 * before those of its children (its `onTap` sorts after its `children`), each in the order met.
 */
class PreorderRecords<T> {
  readonly items: T[] = [];
  /** Where the next record of the node being walked goes. */
  private end = 0;

  /** Starts a node; returns what `leaveNode` restores. */
  enterNode(): number {
    const outer = this.end;
    this.end = this.items.length;
    return outer;
  }

  leaveNode(outer: number): void {
    this.end = outer;
  }

  /** Where the next record goes, for `leaveNode` to return to. */
  position(): number {
    return this.end;
  }

  add(item: T): void {
    if (this.end === this.items.length) this.items.push(item);
    else this.items.splice(this.end, 0, item);
    this.end++;
  }
}

// --- leaf rules -------------------------------------------------------------------------------------

function walkNumber(value: unknown, rule: NumberRule, at: Position): void {
  if (!numberFits(value, rule)) reject(at.path(), expectedMessage(numberNoun(rule), value));
}

function numberFits(value: unknown, rule: NumberRule): boolean {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    (!rule.positive || value >= contract.limits.MIN_POSITIVE!) &&
    (rule.min === undefined || value >= rule.min) &&
    (rule.max === undefined || value <= rule.max)
  );
}

function walkEnum(value: unknown, rule: EnumRule, at: Position): void {
  if (typeof value === 'string' && acceptedValues(rule).has(value)) return;
  const values = rule.values ?? enumValues(rule.enum!);
  if (rule.enum === 'iconName') {
    reject(at.path(), `${typeof value === 'string' ? `Unknown icon name ${JSON.stringify(value)}` : expectedMessage('an icon name', value)}${typeof value === 'string' ? didYouMeanWord(value, values) : ''}; use a snake_case name of the material-icons-extended set such as home, add, close or favorite`);
  }
  const got = typeof value === 'string' ? `Unknown value ${JSON.stringify(value)}${didYouMeanWord(value, values)}` : `Got ${describeValue(value)}`;
  reject(at.path(), `${got}; accepted: ${listWords(values, 40)}`);
}

function walkPayload(value: unknown, rule: JsonRule, at: Position): void {
  const problem = checkEmitPayload(value, {
    maxBytes: contract.limits[rule.maxBytes]!,
    maxDepth: contract.limits[rule.maxDepth]!,
  });
  if (!problem) return;
  if (problem.problem === 'size') {
    reject(at.path(), `Emit payload over budget: more than ${contract.limits[rule.maxBytes]} bytes of compact JSON (each number counts ${contract.limits[rule.numberBytes]} bytes); send less data`);
  }
  if (problem.problem === 'depth') reject(at.path(), `Emit payload nests deeper than ${contract.limits[rule.maxDepth]} levels`);
  reject(at.path(), 'Emit payload holds a value JSON cannot represent; payloads are plain JSON');
}

/** Checks the discriminator of a tagged object and returns its value; fails at `<path>.<tag>`. */
function discriminator(value: Record<string, unknown>, tag: string, accepted: ReadonlySet<string>, at: Position, what: string): string {
  const name = value[tag];
  if (typeof name === 'string' && accepted.has(name)) return name;
  const words = [...accepted];
  if (!hasOwn(value, tag)) reject(at.pathTo(tag), `Missing "${tag}" of ${what}; one of: ${listWords(words, 40)}`);
  const shown = typeof name === 'string' ? `Unknown ${what} ${tag} ${JSON.stringify(name)}${didYouMeanWord(name, words)}` : `The ${tag} of ${what} must be a string, got ${describeValue(name)}`;
  reject(at.pathTo(tag), `${shown}; accepted: ${listWords(words, 40)}`);
}

/** Applies an object's checks; a collecting walk skips those that read a field whose walk failed. */
function applyChecks(checks: Check[], value: Record<string, unknown>, position: Position, what: string, failedKeys: string[] | null): void {
  for (const check of checks) {
    if (failedKeys !== null && checkedFields(check).some((field) => failedKeys.includes(field))) continue;
    applyCheck(check, value, position, what);
  }
}

/** The fields a check reads. */
function checkedFields(check: Check): string[] {
  switch (check.rule) {
    case 'exactlyOne':
    case 'atLeastOne':
    case 'distinct':
      return check.fields;
    case 'keyOf':
      return [check.field, check.of];
    case 'less':
      return [check.field, check.than];
    case 'dividesRange':
      return [check.field, check.min, check.max];
    case 'requiredWhen':
    case 'forbiddenWhen':
      return [check.field, check.when];
    case 'forbiddenWith':
      return [check.field, check.with];
    case 'forbiddenWithout':
      return [check.field, check.without];
  }
}

function applyCheck(check: Check, value: Record<string, unknown>, position: Position, what: string): void {
  if (!checkHolds(check, value)) reject(checkPath(check, position), checkMessage(check, value, what));
}

/** Whether an object meets one of its cross-field rules. */
function checkHolds(check: Check, value: Record<string, unknown>): boolean {
  // No local closures here: under tsx each named one is wrapped on every call, once per check of
  // every node.
  switch (check.rule) {
    case 'exactlyOne': {
      let present = 0;
      for (const field of check.fields) if (hasOwn(value, field)) present++;
      return present === 1;
    }
    case 'atLeastOne':
      for (const field of check.fields) if (hasOwn(value, field)) return true;
      return false;
    case 'less':
      return !hasOwn(value, check.field) || !hasOwn(value, check.than) || (value[check.field] as number) < (value[check.than] as number);
    case 'dividesRange': {
      if (!hasOwn(value, check.field)) return true;
      const steps = ((value[check.max] as number) - (value[check.min] as number)) / (value[check.field] as number);
      return Math.abs(steps - Math.round(steps)) <= 1e-9 * Math.max(1, Math.abs(steps));
    }
    case 'requiredWhen':
      return !check.in.includes(value[check.when] as string | boolean) || hasOwn(value, check.field);
    case 'forbiddenWhen':
      return !check.in.includes(value[check.when] as string | boolean) || !hasOwn(value, check.field);
    case 'forbiddenWith':
      return !hasOwn(value, check.field) || !hasOwn(value, check.with);
    case 'forbiddenWithout':
      return !hasOwn(value, check.field) || hasOwn(value, check.without);
    case 'keyOf': {
      const name = value[check.field];
      return typeof name !== 'string' || (isPlainObject(value[check.of]) && hasOwn(value[check.of] as Record<string, unknown>, name));
    }
    case 'distinct':
      return value[check.fields[0]!] !== value[check.fields[1]!];
  }
}

/** What a broken cross-field rule says. */
function checkMessage(check: Check, value: Record<string, unknown>, what: string): string {
  switch (check.rule) {
    case 'exactlyOne': {
      const present = check.fields.filter((field) => hasOwn(value, field));
      return `${capitalize(what)} takes exactly one of ${check.fields.join(' or ')}; ${present.length === 0 ? 'none is given' : `it has ${present.join(' and ')}`}`;
    }
    case 'atLeastOne':
      return `${capitalize(what)} needs at least one of ${check.fields.join(', ')}`;
    case 'less':
      return `${check.field} (${String(value[check.field])}) must be less than ${check.than} (${String(value[check.than])})`;
    case 'dividesRange':
      return `${check.field} ${String(value[check.field])} must divide ${check.max} - ${check.min} evenly`;
    case 'requiredWhen':
      return `${whenPhrase(value, check.when, what)} needs ${check.field}`;
    case 'forbiddenWhen':
      return `${whenPhrase(value, check.when, what)} cannot have ${check.field}${check.hint ? `; ${check.hint}` : ''}`;
    case 'forbiddenWith':
      return `${capitalize(what)} takes ${check.field} only without ${check.with}`;
    case 'forbiddenWithout':
      return `${capitalize(what)} takes ${check.field} only with ${check.without}`;
    case 'keyOf': {
      const keys = isPlainObject(value[check.of]) ? Object.keys(value[check.of] as object).sort() : [];
      const name = String(value[check.field]);
      return `${JSON.stringify(name)} is not one of ${check.of}${didYouMeanWord(name, keys)}; ${check.of}: ${listWords(keys.map((key) => JSON.stringify(key)), 40)}`;
    }
    case 'distinct': {
      const [first, second] = check.fields;
      return `${first} and ${second} must name different state keys`;
    }
  }
}

function checkPath(check: Check, position: Position): string {
  return 'at' in check && check.at !== undefined ? position.pathTo(check.at) : position.path();
}

// --- messages ---------------------------------------------------------------------------------------

/** A valid instance of `shape` and the keys it takes, for an error on a value of the wrong type. */
function shapeHint(shape: ObjectShape, field: string): string {
  const keys = Object.keys(shape.properties);
  return `${JSON.stringify(exampleOfShape(shape, field))}${keys.length > 0 ? ` (it takes ${listWords(keys, 16)})` : ''}`;
}

function taggedHint(rule: TaggedRule, what: string): string {
  return `${JSON.stringify(exampleOfShape(rule, what))} (${rule.tag}: ${listWords(Object.keys(rule.variants), 16)})`;
}

function expectedMessage(expected: string, got: unknown): string {
  const nullHint = got === null ? ' (omit an optional property instead of writing null)' : '';
  return `Expected ${expected}, got ${describeValue(got)}${nullHint}`;
}

function expectedString(rule: StringRule): string {
  if (rule.expected) return rule.expected;
  if (rule.pattern) return `a string: ${contract.patternHints[rule.pattern] ?? rule.pattern}`;
  return rule.nonempty ? 'a nonempty string' : 'a string';
}

function numberNoun(rule: NumberRule): string {
  const noun = rule.integer ? 'an integer' : 'a finite number';
  const low = rule.positive ? `> 0` : rule.min !== undefined ? `>= ${rule.min}` : '';
  if (rule.min !== undefined && rule.max !== undefined) return `${noun} from ${rule.min} to ${rule.max}`;
  if (rule.max !== undefined) return low ? `${noun} ${low} and <= ${rule.max}` : `${noun} <= ${rule.max}`;
  return low ? `${noun} ${low}` : noun;
}

interface AuthoredStrings {
  default: string;
  /** The default table, or null when default names none (the strings walk reports that). */
  defaultTable: Record<string, unknown> | null;
  state: Record<string, unknown>;
}

function stringsOf(spec: Record<string, unknown>): AuthoredStrings | null {
  const strings = spec.strings;
  if (!isPlainObject(strings)) return null;
  const name = typeof strings.default === 'string' ? strings.default : '';
  const table = isPlainObject(strings.tables) && hasOwn(strings.tables, name) ? strings.tables[name] : null;
  return { default: name, defaultTable: isPlainObject(table) ? table : null, state: isPlainObject(spec.state) ? spec.state : {} };
}

const PATTERN_NOUNS: Record<string, string> = {
  stateKey: 'a valid state key',
  hexColor: 'a hex colour',
  screenName: 'a valid screen name',
  requestUrl: 'an http or https URL',
  headerName: 'a valid header name',
  queryKey: 'a valid query key',
  localeTag: 'a language tag',
  stringKey: 'a valid string key',
  mimeType: 'a MIME type',
  platformPointer: 'a platform pointer',
};

function patternNoun(name: string): string {
  return PATTERN_NOUNS[name] ?? `a valid ${name}`;
}

function enumNoun(name: string): string {
  return name === 'colorRole' ? 'colour role' : name;
}

/** Whether a string meets every rule of `rule` (its placeholders aside). */
function stringFits(value: string, rule: StringRule): boolean {
  return (
    (!rule.nonempty || value.length > 0) &&
    (!rule.nonblank || value.trim().length > 0) &&
    (!rule.pattern || pattern(rule.pattern).test(value)) &&
    (!rule.oneOf || matchesOneOf(value, rule.oneOf))
  );
}

function matchesOneOf(value: string, choices: Array<{ pattern?: string; enum?: string }>): boolean {
  for (const choice of choices) if (matchesChoice(value, choice)) return true;
  return false;
}

function matchesChoice(value: string, choice: { pattern?: string; enum?: string }): boolean {
  if (choice.pattern) return pattern(choice.pattern).test(value);
  return enumSet(choice.enum!).has(value);
}

function didYouMean(value: string, choices: Array<{ pattern?: string; enum?: string }>): string {
  const words = choices.flatMap((choice) => (choice.enum ? enumValues(choice.enum) : []));
  return didYouMeanWord(value, words);
}

function didYouMeanWord(value: string, words: readonly string[]): string {
  const close = closestWord(value, words);
  return close ? ` (did you mean "${close}"?)` : '';
}

function missingMessage(key: string, shape: ObjectShape, what: string): string {
  return `Missing required property "${key}" of ${what} (required: ${(shape.required ?? []).join(', ')})`;
}

/** "A listDetail adaptive node", or for a boolean field "Textfield node with multiline: true". */
function whenPhrase(value: Record<string, unknown>, when: string, what: string): string {
  const chosen = value[when];
  return typeof chosen === 'boolean' ? `${capitalize(what)} with ${when}: ${chosen}` : `A ${String(chosen)} ${what}`;
}

function unknownPropertyMessage(key: string, declared: Map<string, Declared>, what: string): string {
  const names = [...declared.keys()];
  const elsewhere = Object.hasOwn(NODE_TYPES_TAKING, key) ? `; ${key} belongs on ${NODE_TYPES_TAKING[key]}` : '';
  return `Unknown property "${key}"${didYouMeanWord(key, names)}${elsewhere}; ${what} accepts: ${listWords(names, 40)}`;
}

/** Node fields only some node types take, and where they go instead (computed once from the contract). */
const NODE_TYPES_TAKING: Record<string, string> = Object.fromEntries(
  ['onLongPress', 'onDoubleTap', 'swipeActions'].map((field) => [field, listWords(Object.keys(contract.nodes).filter((type) => field in contract.nodes[type]!.properties))]),
);

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A glass surface: its style, or one of its styleWhen styles, sets surface "glass". */
function isGlassNode(node: Record<string, unknown>): boolean {
  const glassStyle = (style: unknown) => isPlainObject(style) && style.surface === 'glass';
  if (glassStyle(node.style)) return true;
  return Array.isArray(node.styleWhen) && node.styleWhen.some((entry) => isPlainObject(entry) && glassStyle(entry.style));
}
