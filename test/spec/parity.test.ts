/**
 * Parity of the two rule sources seeds/000 "Envelope and limits" names: the contract JSON the
 * walker interprets and the Zod schema of the typed decode. The comparison walks both side by side
 * and checks node types, fields, required fields, every enum, array bounds and number ranges. The
 * Zod side may only be looser where the contract checks context (patterns, cross-field checks).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { contract, pattern, resolveRule, type ObjectShape, type Rule } from '../../src/contract/index.ts';
import {
  actionSchema,
  conditionFieldsSchema,
  conditionSchema,
  nodeSchemas,
  nodeTypes,
  OWN_RECORD_VALUES,
  prototypeNodeSchema,
  prototypeSpecSchema,
} from '../../src/spec/index.ts';

type Schema = z.ZodType;
// Zod's introspection surface: the definition object of a schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const def = (schema: Schema): any => (schema as any)._zod.def;

function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const d = def(current);
    if (d.type === 'optional') current = d.innerType;
    else if (d.type === 'lazy') current = (current as unknown as { _zod: { innerType: Schema } })._zod.innerType; // cached, unlike d.getter()
    else return current;
  }
}

const isOptional = (schema: Schema) => def(schema).type === 'optional';

function check(schema: Schema, name: string): { [k: string]: unknown } | undefined {
  return (def(schema).checks ?? []).map((c: Schema) => def(c)).find((d: { check: string }) => d.check === name);
}

/** The string values a schema accepts as literals: an enum, a literal, or a union of them. */
function stringLiterals(schema: Schema): string[] | null {
  const d = def(unwrap(schema));
  if (d.type === 'enum') return Object.values(d.entries as Record<string, string>);
  if (d.type === 'literal') return d.values.filter((v: unknown) => typeof v === 'string');
  if (d.type === 'union') {
    const parts = (d.options as Schema[]).map(stringLiterals);
    return parts.every((part) => part !== null) ? parts.flat() as string[] : null;
  }
  return null;
}

class Parity {
  readonly problems: string[] = [];
  readonly enumsSeen = new Set<string>();
  private readonly seen = new Map<object, Set<Schema>>();

  fail(path: string, message: string): void {
    this.problems.push(`${path}: ${message}`);
  }

  compare(rule: Rule, schema: Schema, path: string): void {
    const resolved = resolveRule(rule);
    const zod = unwrap(schema);
    const pairs = this.seen.get(resolved) ?? new Set();
    // A self-nesting object (selector containers) is unrolled to its depth limit in Zod: compare its first level.
    if (pairs.has(zod) || (resolved.kind === 'object' && resolved.depthLimit && pairs.size > 0)) return;
    this.seen.set(resolved, pairs.add(zod));
    const type = def(zod).type;
    switch (resolved.kind) {
      case 'node':
        // A node checked for its shape only (ios.bottomAccessory) is left to the walker.
        if (resolved.inert) return void this.expectType(type, 'unknown', path);
        return this.expectSame(zod, prototypeNodeSchema, path, 'the node union');
      case 'action':
        // A timer's onFire checks its actions with the union through a custom step (see spec/schema.ts).
        if (def(zod).type === 'custom' && def(zod).fn({ type: 'dismiss' }) === true && def(zod).fn({ type: 'nope' }) === false) return;
        return this.expectSame(zod, actionSchema, path, 'the action union');
      case 'condition':
        return this.expectCondition(zod, path);
      case 'enum':
        return this.compareEnum(resolved.values ?? contract.enums[resolved.enum!]!, resolved.enum, zod, path);
      case 'string':
        return this.compareString(resolved, zod, path);
      case 'number':
        return this.compareNumber(resolved, zod, path);
      case 'boolean':
      case 'json':
        this.expectType(type, resolved.kind === 'json' ? 'unknown' : 'boolean', path);
        return;
      case 'scalar': {
        const options = type === 'union' ? (def(zod).options as Schema[]).map((o) => def(unwrap(o)).type).sort() : [type];
        if (options.join() !== 'boolean,number,string') this.fail(path, `scalar expected, Zod has ${options.join('|')}`);
        return;
      }
      case 'object':
        if (this.expectType(type, 'object', path)) this.compareShape(resolved, zod, path);
        return;
      case 'map':
        return this.compareMap(resolved, zod, path);
      case 'array':
        return this.compareArray(resolved, zod, path);
      case 'union':
        return this.compareUnion(resolved, zod, path);
      case 'tagged':
        return this.compareTagged(resolved, zod, path);
    }
  }

  compareShape(shape: ObjectShape, zod: Schema, path: string, tag?: string): void {
    if (def(zod).catchall === undefined || def(def(zod).catchall).type !== 'never') this.fail(path, 'Zod object is not strict');
    const properties: Record<string, Rule> = { ...shape.properties };
    if (shape.propertiesFromEnum) {
      this.enumsSeen.add(shape.propertiesFromEnum.enum);
      for (const name of contract.enums[shape.propertiesFromEnum.enum]!) properties[name] = shape.propertiesFromEnum.rule;
    }
    const zodShape = def(zod).shape as Record<string, Schema>;
    const contractKeys = Object.keys(properties).concat(tag ? [tag] : []).sort();
    const zodKeys = Object.keys(zodShape).sort();
    if (contractKeys.join() !== zodKeys.join()) {
      const missing = contractKeys.filter((k) => !zodKeys.includes(k));
      const extra = zodKeys.filter((k) => !contractKeys.includes(k));
      this.fail(path, `fields differ: Zod lacks [${missing}] and adds [${extra}]`);
    }
    for (const [key, rule] of Object.entries(properties)) {
      const field = zodShape[key];
      if (!field) continue;
      const required = (shape.required ?? []).includes(key);
      if (required === isOptional(field)) this.fail(`${path}.${key}`, `required ${required} in the contract, optional ${isOptional(field)} in Zod`);
      this.compare(rule, field, `${path}.${key}`);
    }
  }

  private expectSame(zod: Schema, expected: Schema, path: string, what: string): void {
    if (zod !== unwrap(expected)) this.fail(path, `expected ${what}`);
  }

  /** Conditions are unrolled to their depth limit: any level is one strict object of condition fields. */
  private expectCondition(zod: Schema, path: string): void {
    const rules = contract.conditions;
    const all = ['key', 'data', 'platform', ...Object.keys(rules.comparisons), ...Object.keys(rules.groups), rules.negation];
    const keys = def(zod).type === 'object' ? Object.keys(def(zod).shape) : [];
    // An if's condition is checked through a custom step (see spec/schema.ts).
    const step = def(zod).type === 'custom' && def(zod).fn({ key: 'k', equals: true }) === true && def(zod).fn({ key: 'k' }) === false;
    const isCondition = step || zod === unwrap(conditionSchema) || (keys.includes('key') && keys.every((key) => all.includes(key)));
    if (!isCondition) this.fail(path, 'expected a condition');
  }

  private expectType(actual: string, expected: string, path: string): boolean {
    if (actual !== expected) this.fail(path, `expected a Zod ${expected}, found ${actual}`);
    return actual === expected;
  }

  private compareEnum(values: readonly string[], name: string | undefined, zod: Schema, path: string): void {
    const literals = stringLiterals(zod);
    if (literals === null) return this.fail(path, `expected an enum of ${values.length} values`);
    this.compareLiterals(values, name, literals, path);
  }

  private compareLiterals(values: readonly string[], name: string | undefined, literals: string[], path: string): void {
    if (name) this.enumsSeen.add(name);
    if ([...literals].sort().join() !== [...values].sort().join()) this.fail(path, `enum values differ: contract [${values}], Zod [${literals}]`);
  }

  private compareString(rule: Extract<Rule, { kind: 'string' }>, zod: Schema, path: string): void {
    if (rule.oneOf) {
      // A string of several spellings (hex or role): compare the enum parts with Zod's literals.
      const options = def(zod).type === 'union' ? (def(zod).options as Schema[]) : [zod];
      const literals = options.flatMap((option) => stringLiterals(option) ?? []);
      const enumValues = rule.oneOf.flatMap((part) => (part.enum ? (this.enumsSeen.add(part.enum), contract.enums[part.enum]!) : []));
      if ([...literals].sort().join() !== [...enumValues].sort().join()) this.fail(path, 'the enum spellings of the string differ');
      return;
    }
    if (!this.expectType(def(zod).type, 'string', path)) return;
    const regex = check(zod, 'string_format')?.pattern as RegExp | undefined;
    const minLength = Math.max((check(zod, 'min_length')?.minimum as number | undefined) ?? 0, regex && !regex.test('') ? 1 : 0);
    // A pattern that refuses the empty string (a state key) makes the string nonempty too.
    const contractMin = rule.nonempty || rule.nonblank || (rule.pattern !== undefined && !pattern(rule.pattern).test('')) ? 1 : 0;
    if (minLength !== contractMin) this.fail(path, `minimum length ${contractMin} in the contract, ${minLength} in Zod`);
  }

  private compareNumber(rule: Extract<Rule, { kind: 'number' }>, zod: Schema, path: string): void {
    if (!this.expectType(def(zod).type, 'number', path)) return;
    const number = zod as z.ZodNumber;
    const min = rule.min ?? (rule.positive ? contract.limits.MIN_POSITIVE : -Infinity);
    const max = rule.max ?? Infinity;
    if ((number.minValue ?? -Infinity) !== min) this.fail(path, `minimum ${min} in the contract, ${number.minValue} in Zod`);
    if ((number.maxValue ?? Infinity) !== max) this.fail(path, `maximum ${max} in the contract, ${number.maxValue} in Zod`);
    if (Boolean(rule.integer) !== Boolean(number.isInt)) this.fail(path, `integer ${Boolean(rule.integer)} in the contract`);
  }

  private compareMap(rule: Extract<Rule, { kind: 'map' }>, zod: Schema, path: string): void {
    // Authored names are kept as own keys ("__proto__" included) by ownRecord, a checked transform.
    const ownValues = OWN_RECORD_VALUES.get(zod);
    if (ownValues !== undefined) return this.compare(rule.values, ownValues, `${path}{value}`);
    if (!this.expectType(def(zod).type, 'record', path)) return;
    if (rule.keyEnum) this.compareEnum(contract.enums[rule.keyEnum]!, rule.keyEnum, def(zod).keyType, `${path}{key}`);
    this.compare(rule.values, def(zod).valueType, `${path}{value}`);
  }

  private compareArray(rule: Extract<Rule, { kind: 'array' }>, zod: Schema, path: string): void {
    if (!this.expectType(def(zod).type, 'array', path)) return;
    const min = (check(zod, 'min_length')?.minimum as number | undefined) ?? 0;
    const max = (check(zod, 'max_length')?.maximum as number | undefined) ?? Infinity;
    if (min !== (rule.minItems ?? 0) || max !== (rule.maxItems ?? Infinity)) {
      this.fail(path, `length ${rule.minItems ?? 0}..${rule.maxItems ?? '∞'} in the contract, ${min}..${max} in Zod`);
    }
    this.compare(rule.items, def(zod).element, `${path}[]`);
  }

  private compareUnion(rule: Extract<Rule, { kind: 'union' }>, zod: Schema, path: string): void {
    const options = def(zod).type === 'union' ? (def(zod).options as Schema[]).map(unwrap) : [zod];
    const byJsonType = (types: string[]) => options.filter((option) => types.includes(def(option).type));
    const branches: Array<[Rule | undefined, string[], string]> = [
      [rule.string, ['string', 'enum', 'literal'], 'string'],
      [rule.number, ['number'], 'number'],
      [rule.boolean, ['boolean'], 'boolean'],
      [rule.object, ['object', 'record', 'union'], 'object'],
      [rule.array, ['array'], 'array'],
    ];
    for (const [branch, jsonTypes, name] of branches) {
      // Any JSON value (a request body's object or array) is one Zod unknown.
      const types = branch && resolveRule(branch).kind === 'json' ? [...jsonTypes, 'unknown'] : jsonTypes;
      const matching = byJsonType(types).filter((option) => name !== 'string' || def(option).type !== 'literal' || typeof def(option).values[0] === 'string');
      if (!branch) {
        if (matching.length > 0 && name !== 'object') this.fail(path, `Zod accepts a ${name} the contract refuses`);
        continue;
      }
      if (matching.length === 0) {
        this.fail(path, `Zod lacks the ${name} branch`);
      } else if (name === 'string' && matching.length > 1) {
        // Zod spells one string branch as several options (literals, a pattern and an enum).
        const resolved = resolveRule(branch);
        const literals = matching.flatMap((option) => stringLiterals(option) ?? []);
        if (resolved.kind === 'enum') this.compareLiterals(resolved.values ?? contract.enums[resolved.enum!]!, resolved.enum, literals, `${path}<string>`);
        else this.compare(branch, zod, `${path}<string>`);
      } else {
        this.compare(branch, matching[0]!, `${path}<${name}>`);
      }
    }
  }

  private compareTagged(rule: Extract<Rule, { kind: 'tagged' }>, zod: Schema, path: string): void {
    if (def(zod).discriminator !== rule.tag) return this.fail(path, `expected a Zod union discriminated on ${rule.tag}`);
    const options = new Map<string, Schema>();
    for (const option of def(zod).options as Schema[]) options.set(def(def(option).shape[rule.tag]).values[0], option);
    assert.deepEqual([...options.keys()].sort(), Object.keys(rule.variants).sort(), `${path}: variants`);
    for (const [tag, variant] of Object.entries(rule.variants)) {
      const option = options.get(tag);
      if (option) this.compareShape(variant, option, `${path}<${tag}>`, rule.tag);
    }
  }
}

function nodeShape(type: string): ObjectShape {
  const entry = contract.nodes[type]!;
  return { properties: { ...contract.nodeCommon.properties, ...entry.properties }, required: entry.required ?? [] };
}

test('the node types of the contract and of the typed model are the same', () => {
  assert.deepEqual([...nodeTypes].sort(), Object.keys(contract.nodes).sort());
});

test('every node type has the same fields, required fields and value rules', () => {
  const parity = new Parity();
  for (const type of Object.keys(contract.nodes)) {
    const schema = nodeSchemas[type as keyof typeof nodeSchemas];
    if (schema) parity.compareShape(nodeShape(type), schema, `nodes.${type}`, 'type');
  }
  assert.deepEqual(parity.problems, []);
});

test('the envelope, actions and conditions agree', () => {
  const parity = new Parity();
  parity.compare(contract.envelope, prototypeSpecSchema, 'envelope');
  const actions = new Map((def(actionSchema).options as Schema[]).map((option) => [def(def(option).shape.type).values[0] as string, option]));
  assert.deepEqual([...actions.keys()].sort(), Object.keys(contract.actions).sort());
  for (const [type, shape] of Object.entries(contract.actions)) parity.compareShape(shape, actions.get(type)!, `actions.${type}`, 'type');
  assert.deepEqual(parity.problems, []);
});

test('the condition fields agree: key, every comparison, groups with their bounds, negation', () => {
  const parity = new Parity();
  const rules = contract.conditions;
  const groups = Object.fromEntries(
    Object.entries(rules.groups).map(([name, bounds]): [string, Rule] => [
      name,
      { kind: 'array', minItems: bounds.minItems, maxItems: bounds.maxItems, items: { kind: 'condition' } },
    ]),
  );
  const fields: ObjectShape = {
    properties: { key: rules.key, data: rules.data, platform: rules.platform, ...rules.comparisons, ...groups, [rules.negation]: { kind: 'condition' } },
  };
  parity.compareShape(fields, conditionFieldsSchema, 'conditions');
  assert.deepEqual(parity.problems, []);
});

test('every enum of the contract is compared somewhere', () => {
  const parity = new Parity();
  parity.compare(contract.envelope, prototypeSpecSchema, 'envelope');
  for (const type of Object.keys(contract.nodes)) parity.compareShape(nodeShape(type), nodeSchemas[type as keyof typeof nodeSchemas], type, 'type');
  const actions = def(actionSchema).options as Schema[];
  for (const option of actions) {
    const type = def(def(option).shape.type).values[0] as string;
    parity.compareShape(contract.actions[type]!, option, type, 'type');
  }
  assert.deepEqual([...parity.enumsSeen].sort(), Object.keys(contract.enums).sort());
});

test('the comparison notices a disagreement', () => {
  const parity = new Parity();
  parity.compare({ kind: 'enum', values: ['a', 'b'] }, nodeSchemas.divider.shape.orientation, 'probe');
  parity.compare({ kind: 'number', min: 0 }, nodeSchemas.slider.shape.min, 'probe');
  parity.compareShape({ properties: { extra: { kind: 'boolean' } } }, nodeSchemas.spacer, 'probe', 'type');
  assert.equal(parity.problems.length, 3, parity.problems.join('\n'));
});
