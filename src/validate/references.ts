/**
 * The cross-reference passes that follow the structural walk, in the contract's order:
 * duplicate pager ids (node preorder), node pager references (preorder), action pager references
 * (encounter order), state binding types (preorder), then the types of existing sheet/dialog/
 * snackbar `openWhen` keys (preorder); then duplicate stack ids (preorder) and the stacks and
 * screens actions name (encounter order); last shared keys (preorder) and the zoom sources of
 * push and replace (encounter order). After the state bindings come the setting keys
 * (theme.modeKey, then strings.localeKey).
 */
import { contract, pattern, type BindingRule } from '../contract/index.ts';
import { parsePath, propertyPath, spellPath } from '../expand/path.ts';
import type { ErrorCollector } from './collector.ts';
import { reject, Rejection } from './rejection.ts';
import type { Scalar } from '../spec/index.ts';
import { bindForItem, bindsInTemplate } from './repeat.ts';
import { describeValue, hasOwn, isPlainObject } from './values.ts';
import { checkSharedElements, checkStackSources, resolveSharedKeys } from './shared-elements.ts';
import type { BindingUse, PagerReference, PathSegments, StackRecord, StackReference, TooltipTarget, WalkResult } from './walker.ts';

export function checkReferences(spec: Record<string, unknown>, walk: WalkResult): void {
  const pagerIds = new Set<string>();
  for (const pagerId of walk.pagerIds) addPagerId(pagerId, pagerIds);
  for (const reference of walk.nodePagerReferences) checkPagerReference(reference, pagerIds);
  for (const reference of walk.actionPagerReferences) checkPagerReference(reference, pagerIds);
  const state = isPlainObject(spec.state) ? spec.state : {};
  const settings = settingKeys(spec);
  const controls = controlTypes(walk.bindings, settings, state);
  for (const use of walk.bindings) if (!use.rule.ifPresent) checkBinding(use, state, controls);
  for (const use of walk.bindings) if (use.rule.ifPresent) checkBinding(use, state, controls);
  checkPagerKeys(walk.bindings);
  for (const use of settings) checkSettingKey(use, state);
  const stacks = new Map<string, StackRecord>();
  for (const stack of walk.stacks) addStack(stack, stacks);
  for (const reference of walk.stackReferences) checkStackReference(reference, stacks);
  const sharedKeys = resolveSharedKeys(walk.sharedElements);
  checkSharedElements(sharedKeys);
  checkStackSources(sharedKeys, walk.stackReferences);
  for (const target of walk.tooltipTargets) checkTooltipTarget(target, walk.nodeIds);
}

/** A tooltip's anchorTo names exactly one other node's id. */
function checkTooltipTarget(target: TooltipTarget, ids: ReadonlyMap<string, number>): void {
  const count = ids.get(target.id) ?? 0;
  const path = spellPath(target.path);
  if (target.ownId === target.id) reject(path, `A tooltip cannot point at itself; anchorTo names the id of another node`);
  if (count === 0) reject(path, `No node has the id ${JSON.stringify(target.id)}; give the node the tooltip points at that id${knownIds(ids)}`);
  if (count > 1) reject(path, `${JSON.stringify(target.id)} is the id of more than one node (or of a node in a repeat template, one per row); a tooltip points at exactly one`);
}

function knownIds(ids: ReadonlyMap<string, number>): string {
  const known = [...ids.keys()].sort();
  return known.length === 0 ? '' : `; ids: ${known.slice(0, 20).map((name) => JSON.stringify(name)).join(', ')}`;
}

/**
 * The same passes in the same order, every error going to `collector`. A record made inside a
 * member whose walk failed is left out, and so is a check that reads what failed: pager
 * references when a pager or its id failed (they may name it), a binding to a state entry that
 * failed, or whose bounds or written value failed.
 */
export function collectReferenceErrors(spec: Record<string, unknown>, walk: WalkResult, collector: ErrorCollector): void {
  const intact = <T extends { path: PathSegments }>(records: T[]) => records.filter((record) => !collector.failedUnder(record.path));
  const pagerIds = new Set<string>();
  for (const pagerId of intact(walk.pagerIds)) collect(collector, () => addPagerId(pagerId, pagerIds));
  const pagerFailed = walk.pagers.some((pager) => collector.failedUnder([...pager, 'id']));
  const references = pagerFailed ? [] : intact([...walk.nodePagerReferences, ...walk.actionPagerReferences]);
  for (const reference of references) collect(collector, () => checkPagerReference(reference, pagerIds));
  const state = isPlainObject(spec.state) ? spec.state : {};
  const bindings = intact(walk.bindings).filter((use) => !bindingReadsFailure(use, collector));
  const settings = settingKeys(spec);
  const controls = controlTypes(bindings, settings, state);
  for (const use of bindings) if (!use.rule.ifPresent) collect(collector, () => checkBinding(use, state, controls));
  for (const use of bindings) if (use.rule.ifPresent) collect(collector, () => checkBinding(use, state, controls));
  collect(collector, () => checkPagerKeys(bindings));
  for (const use of settings) {
    if (!collector.failedAround(use.path) && !collector.failedAround(['state', use.key])) collect(collector, () => checkSettingKey(use, state));
  }
  const stacks = new Map<string, StackRecord>();
  for (const stack of intact(walk.stacks)) collect(collector, () => addStack(stack, stacks));
  // A stack whose id or screens failed may be the one a reference names.
  const stackFailed = walk.stacks.some((stack) => collector.failedAround(stack.path.slice(0, -1)));
  for (const reference of stackFailed ? [] : intact(walk.stackReferences)) collect(collector, () => checkStackReference(reference, stacks));
  const sharedKeys = resolveSharedKeys(intact(walk.sharedElements));
  collect(collector, () => checkSharedElements(sharedKeys));
  collect(collector, () => checkStackSources(sharedKeys, stackFailed ? [] : intact(walk.stackReferences)));
  for (const target of intact(walk.tooltipTargets)) collect(collector, () => checkTooltipTarget(target, walk.nodeIds));
}

function collect(collector: ErrorCollector, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
    collector.add(error, null);
  }
}

/**
 * Whether a binding would read a failed part: its control's bound or written value, the repeat
 * its keys and values are bound from, or the state entry it names.
 */
function bindingReadsFailure(use: BindingUse, collector: ErrorCollector): boolean {
  const ownerPath = use.path.slice(0, use.ownerDepth);
  const boundFields = [use.rule.minField, use.rule.maxField, use.rule.valueField].filter((field) => field !== undefined);
  if (boundFields.some((field) => collector.failedAround([...ownerPath, field]))) return true;
  if (use.template && collector.failedAround(parsePath(use.template.path) ?? [])) return true;
  return boundKeys(use).some(({ key }) => collector.failedAround(['state', key]));
}

function addPagerId(pagerId: PagerReference, ids: Set<string>): void {
  if (ids.has(pagerId.id)) reject(spellPath(pagerId.path), `Duplicate pager id ${JSON.stringify(pagerId.id)}; every pager needs its own id`);
  ids.add(pagerId.id);
}

function checkPagerReference(reference: PagerReference, ids: Set<string>): void {
  if (ids.has(reference.id)) return;
  const known = ids.size === 0 ? 'the spec has no pager' : `pager ids: ${[...ids].sort().map((id) => JSON.stringify(id)).join(', ')}`;
  reject(spellPath(reference.path), `No pager with id ${JSON.stringify(reference.id)}; ${known}`);
}

/** Two pagers cannot keep their page in one state key (a tab bar may share a pager's). */
function checkPagerKeys(bindings: readonly BindingUse[]): void {
  const pagers = new Map<string, BindingUse>();
  for (const use of bindings) {
    if (use.holder !== 'pager' || use.field !== 'stateKey') continue;
    if (pagers.has(use.key)) reject(spellPath(use.path), `Two pagers keep their page in state key "${use.key}" (the first at ${spellPath(pagers.get(use.key)!.path)}); give each pager its own key`);
    pagers.set(use.key, use);
  }
}

function addStack(stack: StackRecord, stacks: Map<string, StackRecord>): void {
  if (stacks.has(stack.id)) reject(spellPath(stack.path), `Duplicate stack id ${JSON.stringify(stack.id)}; every stack needs its own id`);
  stacks.set(stack.id, stack);
}

function checkStackReference(reference: StackReference, stacks: Map<string, StackRecord>): void {
  const stack = stacks.get(reference.id);
  if (!stack) {
    const known = stacks.size === 0 ? 'the spec has no stack node' : `stack ids: ${[...stacks.keys()].sort().map((id) => JSON.stringify(id)).join(', ')}`;
    reject(spellPath(reference.path), `No stack with id ${JSON.stringify(reference.id)}; ${known}`);
  }
  if (reference.screen !== null && !stack.screens.includes(reference.screen)) {
    const at = propertyPath(spellPath(reference.path.slice(0, -1)), 'screen');
    reject(at, `Stack ${JSON.stringify(stack.id)} has no screen ${JSON.stringify(reference.screen)}; its screens: ${[...stack.screens].sort().map((name) => JSON.stringify(name)).join(', ')}`);
  }
}

/** One concrete key a binding names: the literal key, or the key bound for one repeat item. */
interface BoundKey {
  key: string;
  /** The repeat item the key was bound for, or -1 for a literal key. */
  index: number;
}

function boundKeys(use: BindingUse): BoundKey[] {
  const { template } = use;
  if (!template || !use.keyBinds) return [{ key: use.key, index: -1 }];
  return template.items.map((_, index) => ({ key: String(bindForItem(use.key, template, index)), index }));
}

type ValueType = 'string' | 'boolean' | 'number';

/**
 * A state key that picks a device setting while the prototype runs: theme.modeKey (light, dark,
 * system or a boolean) and strings.localeKey (a locale tag or system).
 */
interface SettingKey {
  path: PathSegments;
  key: string;
  /** What the key's value must be, in words, and a value that is. */
  expected: string;
  example: string;
  accepts: (value: unknown) => boolean;
}

function settingKeys(spec: Record<string, unknown>): SettingKey[] {
  const keys: SettingKey[] = [];
  const { theme, strings } = spec;
  if (isPlainObject(theme) && typeof theme.modeKey === 'string') {
    const modes = contract.enums.themeMode!;
    const expected = `a string state value that is one of ${modes.map((mode) => JSON.stringify(mode)).join(', ')}, or a boolean (true is dark)`;
    keys.push({ path: ['theme', 'modeKey'], key: theme.modeKey, expected, example: '"system"', accepts: (value) => typeof value === 'boolean' || (typeof value === 'string' && modes.includes(value)) });
  }
  if (isPlainObject(strings) && typeof strings.localeKey === 'string') {
    const tag = pattern('localeTag');
    const expected = `a string state value that is "system" or ${contract.patternHints.localeTag}`;
    keys.push({ path: ['strings', 'localeKey'], key: strings.localeKey, expected, example: '"system"', accepts: (value) => typeof value === 'string' && (value === 'system' || tag.test(value)) });
  }
  return keys;
}

function checkSettingKey(use: SettingKey, state: Record<string, unknown>): void {
  const at = spellPath(use.path);
  const field = use.path.join('.');
  if (!hasOwn(state, use.key)) reject(at, `${field} names "${use.key}", which is not in state; declare it, e.g. "state": {"${use.key}": ${use.example}}`);
  const value = state[use.key];
  if (!use.accepts(value)) reject(at, `${field} must name ${use.expected}; state.${use.key} is ${describeValue(value)}`);
}

/** The scalar type each control-bound key must keep, so setState cannot break a control (or a setting key). */
function controlTypes(bindings: BindingUse[], settings: readonly SettingKey[], state: Record<string, unknown>): Map<string, ValueType> {
  const types = new Map<string, ValueType>();
  for (const { key } of settings) types.set(key, typeof state[key] === 'boolean' ? 'boolean' : 'string');
  for (const use of bindings) {
    const type = valueTypeOf(use.rule);
    if (!type || use.rule.declared) continue;
    for (const { key } of boundKeys(use)) if (!types.has(key)) types.set(key, type);
  }
  return types;
}

function valueTypeOf(rule: BindingRule): ValueType | null {
  if (rule.type === 'string' || rule.type === 'date') return 'string';
  if (rule.type === 'number' || rule.type === 'integer') return 'number';
  if (rule.type === 'boolean') return 'boolean';
  return null;
}

function checkBinding(use: BindingUse, state: Record<string, unknown>, controls: Map<string, ValueType>): void {
  for (const bound of boundKeys(use)) {
    const suffix = bound.index >= 0 ? ` (repeat item ${bound.index})` : '';
    if (use.rule.type === 'any') checkSetStateValue(use, bound, controls);
    else checkStateValue(use, bound, state, suffix);
  }
}

function checkStateValue(use: BindingUse, bound: BoundKey, state: Record<string, unknown>, suffix: string): void {
  const { rule } = use;
  const present = hasOwn(state, bound.key);
  if (!present && rule.ifPresent) return;
  if (!present) {
    reject(spellPath(use.path), `${requirement(use, suffix)}; "${bound.key}" is not in state — declare it, e.g. "state": {"${bound.key}": ${exampleValue(rule)}}`);
  }
  const value = state[bound.key];
  if (!fits(value, use)) reject(spellPath(use.path), `${requirement(use, suffix)}; state.${bound.key} is ${describeValue(value)}`);
}

function requirement(use: BindingUse, suffix: string): string {
  return `${use.holder} ${use.field} must name ${describeRequirement(use)}${suffix}`;
}

function fits(value: unknown, use: BindingUse): boolean {
  const { rule, owner } = use;
  switch (rule.type) {
    case 'string':
      return typeof value === 'string' && (rule.oneOf === undefined || entryValues(owner, rule.oneOf).includes(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && isRealDate(value);
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || (rule.type === 'integer' && !Number.isInteger(value))) return false;
      const [min, max] = bounds(rule, owner);
      return (min === undefined || value >= min) && (max === undefined || value <= max);
    }
    default:
      return true;
  }
}

/** The `value` fields of the entries of an owner's array field. */
function entryValues(owner: Record<string, unknown>, field: string): unknown[] {
  const entries = owner[field];
  // A collecting walk checks bindings even when an entry failed its own walk (null, say).
  return Array.isArray(entries) ? entries.map((entry) => (isPlainObject(entry) ? entry.value : undefined)) : [];
}

function bounds(rule: BindingRule, owner: Record<string, unknown>): [number | undefined, number | undefined] {
  const min = rule.minField ? (owner[rule.minField] as number) : rule.min;
  const max = rule.maxField && typeof owner[rule.maxField] === 'number' ? (owner[rule.maxField] as number) : (rule.max ?? rule.maxDefault);
  return [min, max];
}

function describeRequirement(use: BindingUse): string {
  const { rule, owner } = use;
  const existing = rule.declared ? 'a declared' : rule.ifPresent ? 'a' : 'an initialized';
  if (rule.type === 'date') {
    return `${existing} state value holding a real YYYY-MM-DD date from ${contract.dateRange.minYear} to ${contract.dateRange.maxYear}`;
  }
  if (rule.oneOf !== undefined) return `${existing} string state value that is one of the ${rule.oneOf}' values (${entryValues(owner, rule.oneOf).map((value) => JSON.stringify(value)).join(', ')})`;
  const [min, max] = bounds(rule, owner);
  const range = min !== undefined && max !== undefined ? ` within ${min}..${max}` : min !== undefined ? ` >= ${min}` : '';
  return `${existing} ${rule.type} state value${range}`;
}

function exampleValue(rule: BindingRule): string {
  if (rule.type === 'string') return '""';
  if (rule.type === 'boolean') return 'false';
  if (rule.type === 'date') return '"2026-01-01"';
  return String(rule.min ?? 0);
}

/** setState may not change the type a control bound to the same key needs. */
function checkSetStateValue(use: BindingUse, bound: BoundKey, controls: Map<string, ValueType>): void {
  const needed = controls.get(bound.key);
  if (!needed || !use.rule.valueField) return;
  for (const { value, index } of writtenValues(use, bound)) {
    // A {data: pointer} value is read when the action runs; the device checks that write then.
    if (typeof value === needed || (typeof value === 'object' && value !== null)) continue;
    const suffix = index >= 0 ? ` (repeat item ${index})` : '';
    reject(propertyPath(spellPath(use.path.slice(0, use.ownerDepth)), use.rule.valueField), `setState would write ${describeValue(value)} to "${bound.key}", which a control binds as a ${needed}${suffix}; write a ${needed}`);
  }
}

/** The values a setState writes: the authored scalar, or its binding for each item in a template. */
function writtenValues(use: BindingUse, bound: BoundKey): Array<{ value: Scalar; index: number }> {
  const authored = use.owner[use.rule.valueField!] as Scalar;
  const { template } = use;
  if (!template || typeof authored !== 'string' || !bindsInTemplate(authored, template)) return [{ value: authored, index: bound.index }];
  const indexes = bound.index >= 0 ? [bound.index] : template.items.map((_, index) => index);
  return indexes.map((index) => ({ value: bindForItem(authored, template, index), index }));
}


const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A YYYY-MM-DD string naming a real calendar day within the contract's years. */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < contract.dateRange.minYear || year > contract.dateRange.maxYear || month < 1 || month > 12) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const limit = month === 2 && leap ? 29 : daysInMonth[month - 1]!;
  return day >= 1 && day <= limit;
}
