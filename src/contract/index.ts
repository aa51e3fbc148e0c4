/**
 * Typed access to schemas/prototype-spec-contract.json, the structural rule table of a
 * prototype spec. The validator interprets these rules; nothing here validates by itself.
 */
import contractJson from '../../schemas/prototype-spec-contract.json' with { type: 'json' };

/**
 * How a string field takes part in repeat/component placeholder binding: text (a label), a state
 * key, a scalar value (a lone placeholder keeps the item's type) or a data pointer (bound as text,
 * then a pointer again).
 */
export type Binds = 'text' | 'stateKey' | 'scalar' | 'pointer';

/** The state value a state-key field must name when the spec is shown. */
export interface BindingRule {
  /** `any` only records the key (setState); the value's type is checked against controls. */
  type: 'string' | 'boolean' | 'number' | 'integer' | 'date' | 'any';
  min?: number;
  max?: number;
  /** Sibling field holding the lower / upper bound (slider, progress). */
  minField?: string;
  maxField?: string;
  maxDefault?: number;
  /** Key need not exist; when it does, its value must have the type (openWhen). */
  ifPresent?: boolean;
  /** An action whose key must be declared in the spec's state (toggle, increment). */
  declared?: boolean;
  /** setState: the sibling field holding the value written to the key. */
  valueField?: string;
  /** A string key whose value must be the `value` of one entry of this sibling array (navigationSuite items). */
  oneOf?: string;
}

interface RuleBase {
  /** Capability a device needs for this entry; absent for the base vocabulary. */
  capability?: string;
}

export interface RefRule extends RuleBase {
  kind?: undefined;
  ref: string;
  /** This field names an existing pager id (checked after the structural walk). */
  pagerReference?: boolean;
}

export interface StringRule extends RuleBase {
  kind: 'string';
  /** A value of the repeat row the action runs in (dataValue.item): only inside a repeat template. */
  rowOperand?: boolean;
  nonempty?: boolean;
  nonblank?: boolean;
  pattern?: string;
  oneOf?: Array<{ pattern?: string; enum?: string }>;
  expected?: string;
  binds?: Binds;
  binding?: BindingRule;
  /** This field names an existing stack id; a `screen` beside it names one of that stack's screens. */
  stackReference?: boolean;
}

export interface NumberRule extends RuleBase {
  kind: 'number';
  integer?: boolean;
  /** At least the contract's MIN_POSITIVE. */
  positive?: boolean;
  min?: number;
  max?: number;
}

export interface EnumRule extends RuleBase {
  kind: 'enum';
  enum?: string;
  values?: string[];
  /** Values that need a capability of their own beyond the rule's (stack transition patterns). */
  valueCapabilities?: Record<string, string>;
}

export interface ObjectShape extends RuleBase {
  properties: Record<string, Rule>;
  required?: string[];
  /** Every value of this enum is a declared property with this rule (theme colour roles). */
  propertiesFromEnum?: { enum: string; rule: Rule };
  minProperties?: number;
  checks?: Check[];
  /** Limit name bounding how deep this object may nest in itself (selector containers). */
  depthLimit?: string;
  /** The capability depends on a field's value (request via "device"), else it is `capability`. */
  capabilityByValue?: { field: string; values: Record<string, string> };
  /** What messages call one such object ("menu item"), instead of the field holding it. */
  noun?: string;
  /** Field whose asset value counts as image uses at entry (image node, nav item). */
  imageUses?: string;
  /** A platform namespace block (android: {…}, ios: {…}), which the walk records for platformNotes. */
  namespace?: 'android' | 'ios';
}

export interface ObjectRule extends ObjectShape {
  kind: 'object';
}

export interface MapRule extends RuleBase {
  kind: 'map';
  keyPattern?: string;
  keyEnum?: string;
  values: Rule;
  minProperties?: number;
  maxProperties?: number;
}

export interface ArrayRule extends RuleBase {
  kind: 'array';
  items: Rule;
  minItems?: number;
  maxItems?: number;
  /** Items must be distinct JSON values. */
  unique?: boolean;
  /** Items must have distinct values of this field. */
  uniqueBy?: string;
  /** style.effects: the walk records each effect (for degradedEffects) and counts the animated ones. */
  recordEffects?: boolean;
}

/** An untagged union resolved by the JSON type of the value. */
export interface UnionRule extends RuleBase {
  kind: 'union';
  expected: string;
  array?: Rule;
  string?: Rule;
  number?: Rule;
  boolean?: Rule;
  object?: Rule;
}

export interface TaggedRule extends RuleBase {
  kind: 'tagged';
  tag: string;
  variants: Record<string, ObjectShape>;
}

export interface JsonRule extends RuleBase {
  kind: 'json';
  maxBytes: string;
  maxDepth: string;
  numberBytes: string;
  /** Data rather than an emit payload: depth counts from 1 and arrays are bounded by maxArrayItems. */
  data?: boolean;
  /** The value must be a JSON object (the data block itself). */
  object?: boolean;
  maxArrayItems?: string;
}

export interface SimpleRule extends RuleBase {
  kind: 'boolean' | 'scalar' | 'node' | 'action' | 'condition';
  binds?: Binds;
  /**
   * A node checked for its shape only (ios.bottomAccessory): what it holds gives the spec no
   * targets, references, bindings or capabilities.
   */
  inert?: boolean;
  /** dataValue.index: only inside a repeat template. */
  rowOperand?: boolean;
}

export type Rule =
  | RefRule
  | StringRule
  | NumberRule
  | EnumRule
  | ObjectRule
  | MapRule
  | ArrayRule
  | UnionRule
  | TaggedRule
  | JsonRule
  | SimpleRule;

/** Cross-field rules of one object, checked after its fields; each names the field it fails at. */
export type Check =
  | { rule: 'exactlyOne'; fields: string[]; at?: string }
  | { rule: 'atLeastOne'; fields: string[] }
  | { rule: 'less'; field: string; than: string; at: string }
  | { rule: 'dividesRange'; field: string; min: string; max: string; at: string }
  | { rule: 'requiredWhen'; field: string; when: string; in: Array<string | boolean>; at: string }
  | { rule: 'forbiddenWhen'; field: string; when: string; in: Array<string | boolean>; at: string; hint?: string }
  | { rule: 'forbiddenWith'; field: string; with: string; at: string }
  | { rule: 'forbiddenWithout'; field: string; without: string; at: string }
  | { rule: 'distinct'; fields: string[]; at: string }
  /** The string `field` is one of the keys of the map `of` (a stack's initial screen). */
  | { rule: 'keyOf'; field: string; of: string; at: string };

export interface NodeEntry extends ObjectShape {
  /** box/row/column: `repeat` turns `children` into a template. */
  repeatable?: boolean;
  /** May not appear inside a repeat template (pager). */
  templateForbidden?: boolean;
}

export interface ConditionRules {
  maxDepth: string;
  key: StringRule;
  /** A data pointer instead of a state key. */
  data: Rule;
  /** A pointer into the device's platform state (/connectivity/online) instead of a state key. */
  platform: StringRule;
  comparisons: Record<string, Rule>;
  groups: Record<string, { minItems: number; maxItems: number }>;
  negation: string;
}

export interface ComponentRules {
  namePattern: string;
  propPattern: string;
  maxUseDepth: string;
  component: ObjectRule;
  use: ObjectShape;
}

/** One spring of the motion token table: spring(dampingRatio, stiffness) with mass 1. */
export interface SpringToken {
  dampingRatio: number;
  stiffness: number;
}
export type MotionTempo = 'fast' | 'default' | 'slow';
export type MotionRole = 'spatial' | 'effects';
export type MotionScheme = 'standard' | 'expressive';

export interface Contract {
  limits: Record<string, number>;
  /** animate's springs by scheme, property role and tempo. */
  motionTokens: Record<MotionScheme, Record<MotionRole, Record<MotionTempo, SpringToken>>>;
  patterns: Record<string, string>;
  patternHints: Record<string, string>;
  dateRange: { minYear: number; maxYear: number };
  enums: Record<string, string[]>;
  definitions: Record<string, Rule>;
  envelope: ObjectRule;
  nodeCommon: ObjectShape;
  nodes: Record<string, NodeEntry>;
  actions: Record<string, ObjectShape>;
  conditions: ConditionRules;
  components: ComponentRules;
}

export const contract = contractJson as unknown as Contract;

/** A numeric limit by name; throws for a name the contract lacks (a programming error). */
export function limit(name: string): number {
  const value = contract.limits[name];
  if (value === undefined) throw new Error(`Contract has no limit ${name}`);
  return value;
}

export const limits = {
  specBytes: limit('MAX_PROTOTYPE_SPEC_BYTES'),
  nodes: limit('MAX_PROTOTYPE_NODES'),
  depth: limit('MAX_PROTOTYPE_DEPTH'),
  images: limit('MAX_PROTOTYPE_IMAGES'),
  emitPayloadBytes: limit('MAX_PROTOTYPE_EMIT_PAYLOAD_BYTES'),
  emitPayloadDepth: limit('MAX_PROTOTYPE_EMIT_PAYLOAD_DEPTH'),
  conditionDepth: limit('MAX_PROTOTYPE_CONDITION_DEPTH'),
  selectorDepth: limit('MAX_PROTOTYPE_SELECTOR_DEPTH'),
  componentDepth: limit('MAX_PROTOTYPE_COMPONENT_DEPTH'),
  jsonNesting: limit('MAX_JSON_NESTING'),
  dataBytes: limit('MAX_PROTOTYPE_DATA_WRITE_BYTES'),
  dataDepth: limit('MAX_PROTOTYPE_DATA_DEPTH'),
  dataArrayItems: limit('MAX_PROTOTYPE_DATA_ARRAY_ITEMS'),
  repeatPathCells: limit('MAX_PROTOTYPE_REPEAT_PATH_CELLS'),
  substitutedText: limit('MAX_PROTOTYPE_SUBSTITUTED_TEXT'),
  rebuiltText: limit('MAX_PROTOTYPE_REBUILT_TEXT'),
  /** The longest timer delay or interval, and the longest advanceClock: a day. */
  timerMs: limit('MAX_PROTOTYPE_TIMER_MS'),
  /** Screens a navigation stack holds at once; a push onto a full stack is refused. */
  stackDepth: limit('MAX_PROTOTYPE_STACK_DEPTH'),
  sharedKeys: limit('MAX_PROTOTYPE_SHARED_KEYS'),
  /** A 2xx response body read into data; a longer one fails too_large. */
  responseBytes: limit('MAX_PROTOTYPE_RESPONSE_BYTES'),
  requestsInFlight: limit('MAX_PROTOTYPE_REQUESTS_IN_FLIGHT'),
  /** Header and query entries of one request, each. */
  requestEntries: limit('MAX_PROTOTYPE_REQUEST_ENTRIES'),
  /** Characters of one header or query value, bound or not. */
  requestValueChars: limit('MAX_PROTOTYPE_REQUEST_VALUE_CHARS'),
  requestBodyBytes: limit('MAX_PROTOTYPE_REQUEST_BODY_BYTES'),
  requestTimeoutMs: limit('MAX_PROTOTYPE_REQUEST_TIMEOUT_MS'),
  defaultRequestTimeoutMs: limit('DEFAULT_PROTOTYPE_REQUEST_TIMEOUT_MS'),
  /** Action lists nest at most this deep: an onTap list is 1, a follow-up list of one of its actions 2. */
  actionDepth: limit('MAX_PROTOTYPE_ACTION_DEPTH'),
  animatedEffects: limit('MAX_PROTOTYPE_ANIMATED_EFFECTS'),
} as const;

/** Names of a closed list; throws for an unknown list name (a programming error). */
export function enumValues(name: string): readonly string[] {
  const values = contract.enums[name];
  if (values === undefined) throw new Error(`Contract has no enum ${name}`);
  return values;
}

const compiledPatterns = new Map<string, RegExp>();

/** The compiled regular expression of a named pattern. */
export function pattern(name: string): RegExp {
  let compiled = compiledPatterns.get(name);
  if (!compiled) {
    const source = contract.patterns[name];
    if (source === undefined) throw new Error(`Contract has no pattern ${name}`);
    compiled = new RegExp(source);
    compiledPatterns.set(name, compiled);
  }
  return compiled;
}

export const nodeTypes: readonly string[] = Object.keys(contract.nodes);
export const actionTypes: readonly string[] = Object.keys(contract.actions);
export const colorRoles = enumValues('colorRole');
export const textStyleRoles = enumValues('textStyleRole');
export const iconNames = enumValues('iconName');

/** Placement types of `window.placement`. */
export function placementTypes(): string[] {
  const placement = contract.definitions.placement as TaggedRule;
  return Object.keys(placement.variants);
}

/** Follows `{ref}` rules to the rule they name. */
export function resolveRule(rule: Rule): Exclude<Rule, RefRule> {
  let current: Rule = rule;
  for (let hops = 0; current.kind === undefined; hops++) {
    const target = contract.definitions[current.ref];
    if (!target || hops > 32) throw new Error(`Contract definition "${current.ref}" is missing or circular`);
    current = target;
  }
  return current;
}
