/**
 * The editor schema: a JSON Schema (draft 2020-12) of a prototype spec, generated from the
 * contract's rule table so editors complete and check specs with the same vocabulary the
 * validator enforces: closed objects, enums, ranges, sizes, node/action/placement discriminators,
 * condition and selector depth, pagers and repeats barred from repeat templates. The rules it cannot
 * say are listed in the schema's description (see ./schema-limits.ts).
 *
 * A schema must never reject a spec the validator accepts, so two places are deliberately wide:
 * state-key fields inside a repeat template accept `{index}` / `{<as>.<field>}` placeholders, and
 * a component's `root` accepts any value (the validator checks it only where it is used).
 */
import { contract, enumValues, limit, type BindingRule, type Check, type NodeEntry, type ObjectShape, type Rule } from './index.ts';
import { actionPurposes, nodePurposes, topLevelPurposes } from './describe.ts';
import { unexpressedRules } from './schema-limits.ts';

type Schema = Record<string, unknown>;

/** Outside or inside a repeat template: the two differ in state keys, pagers and nested repeats. */
type Context = 'plain' | 'template';

const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_]*';
/**
 * A placeholder a repeat template can bind in a state key: `{index}` or `{<as>.<field>}` (the
 * grammar of src/expand/placeholders.ts; a parity test keeps the two in step).
 */
const KEY_PLACEHOLDER = `\\{(?:index|${IDENTIFIER}\\.${IDENTIFIER})\\}`;
/**
 * A templated state key: state-key characters and at least one placeholder. It may not start with
 * a digit or with `{index}`, which binds to a number: no item could make either a valid key.
 */
/** A data pointer inside a template: segments may hold placeholders ({index}, {item.id}). */
const TEMPLATED_POINTER = '^(/([^~/]|~[01])*)+$';
const TEMPLATED_STATE_KEY = `^(?![0-9]|\\{index\\})(?:[A-Za-z0-9_]|${KEY_PLACEHOLDER})*${KEY_PLACEHOLDER}(?:[A-Za-z0-9_]|${KEY_PLACEHOLDER})*$`;

const USE_TYPE = 'use';

/** The JSON Schema of a prototype spec, as an object ready for JSON.stringify. */
export function contractJsonSchema(): Schema {
  return new SchemaBuilder().build();
}

/** The schema file's text: two-space indented JSON with a final newline. */
export function contractJsonSchemaText(): string {
  return `${JSON.stringify(contractJsonSchema(), null, 2)}\n`;
}

class SchemaBuilder {
  private readonly defs: Record<string, Schema> = {};
  private readonly sensitivity = new Map<string, boolean>();

  build(): Schema {
    const envelope = this.objectShape(contract.envelope, 'plain');
    const properties = envelope.properties as Record<string, Schema>;
    properties.components = this.componentsSchema();
    for (const [name, purpose] of Object.entries(topLevelPurposes)) properties[name] = { description: purpose, ...properties[name] };
    this.addNodeDefs();
    this.addActionDefs();
    this.addConditionDefs();
    return {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Protostage prototype spec',
      description: unexpressedRules(),
      ...envelope,
      $defs: sortedKeys(this.defs),
    };
  }

  // --- rules ------------------------------------------------------------------------------------

  private rule(rule: Rule, context: Context): Schema {
    const schema = this.ruleBody(rule, context);
    if (!rule.capability) return schema;
    return { ...schema, description: [schema.description, capabilityNote(rule.capability)].filter(Boolean).join('. ') };
  }

  private ruleBody(rule: Rule, context: Context): Schema {
    if (rule.kind === undefined) return { $ref: `#/$defs/${this.definition(rule.ref, context)}` };
    switch (rule.kind) {
      case 'string':
        return this.stringSchema(rule, context);
      case 'number':
        return numberSchema(rule);
      case 'boolean':
        return { type: 'boolean' };
      case 'scalar':
        return scalarSchema();
      case 'json':
        return { description: `Any JSON value; its budget is checked by the validator (${limit(rule.maxBytes)} bytes, depth ${limit(rule.maxDepth)})` };
      case 'enum':
        return { type: 'string', enum: [...(rule.values ?? enumValues(rule.enum!))] };
      case 'object':
        return this.objectShape(rule, context);
      case 'map':
        return this.mapSchema(rule, context);
      case 'array':
        return this.arraySchema(rule, context);
      case 'union':
        return this.unionSchema(rule, context);
      case 'tagged':
        return this.taggedSchema(rule.tag, rule.variants, context);
      case 'node':
        return { $ref: `#/$defs/${nodeDef(context)}` };
      case 'action':
        return { $ref: `#/$defs/${withContext('action', context)}` };
      case 'condition':
        return { $ref: `#/$defs/${conditionDef(1, context)}` };
    }
  }

  private stringSchema(rule: Extract<Rule, { kind: 'string' }>, context: Context): Schema {
    const schema: Schema = { type: 'string' };
    if (rule.binding) schema.description = bindingDescription(rule.binding);
    if (rule.nonempty) schema.minLength = 1;
    const constraints: Schema[] = [];
    if (rule.nonblank) constraints.push({ pattern: '\\S' });
    if (rule.pattern) {
      const literal = contract.patterns[rule.pattern]!;
      const templated = (rule.binds === 'stateKey' || rule.binds === 'pointer') && context === 'template';
      const placeholderPattern = rule.binds === 'pointer' ? TEMPLATED_POINTER : TEMPLATED_STATE_KEY;
      constraints.push(templated ? { anyOf: [{ pattern: literal }, { pattern: placeholderPattern }] } : { pattern: literal });
    }
    if (rule.oneOf) {
      constraints.push({ anyOf: rule.oneOf.map((choice) => (choice.pattern ? { pattern: contract.patterns[choice.pattern] } : { enum: [...enumValues(choice.enum!)] })) });
    }
    return constraints.length > 1 ? { ...schema, allOf: constraints } : { ...schema, ...constraints[0] };
  }

  private objectShape(shape: ObjectShape, context: Context, extra: Record<string, Schema> = {}): Schema {
    const properties: Record<string, Schema> = { ...extra };
    if (shape.propertiesFromEnum) {
      for (const name of enumValues(shape.propertiesFromEnum.enum)) properties[name] = this.rule(shape.propertiesFromEnum.rule, context);
    }
    for (const [name, rule] of Object.entries(shape.properties)) properties[name] = this.rule(rule, context);
    const schema: Schema = { type: 'object', properties, additionalProperties: false };
    const required = [...new Set([...Object.keys(extra), ...(shape.required ?? [])])];
    if (required.length > 0) schema.required = required;
    if (shape.minProperties) schema.minProperties = shape.minProperties;
    return withChecks(schema, shape.checks ?? []);
  }

  private mapSchema(rule: Extract<Rule, { kind: 'map' }>, context: Context): Schema {
    const schema: Schema = { type: 'object', additionalProperties: this.rule(rule.values, context) };
    if (rule.keyPattern) schema.propertyNames = { pattern: contract.patterns[rule.keyPattern] };
    if (rule.keyEnum) schema.propertyNames = { enum: [...enumValues(rule.keyEnum)] };
    if (rule.minProperties) schema.minProperties = rule.minProperties;
    if (rule.maxProperties !== undefined) schema.maxProperties = rule.maxProperties;
    return schema;
  }

  private arraySchema(rule: Extract<Rule, { kind: 'array' }>, context: Context): Schema {
    const schema: Schema = { type: 'array', items: this.rule(rule.items, context) };
    if (rule.minItems) schema.minItems = rule.minItems;
    if (rule.maxItems !== undefined) schema.maxItems = rule.maxItems;
    if (rule.unique) schema.uniqueItems = true;
    return schema;
  }

  /** The branches of a union differ in JSON type, so at most one can match. */
  private unionSchema(rule: Extract<Rule, { kind: 'union' }>, context: Context): Schema {
    const branches = (['string', 'number', 'boolean', 'object', 'array'] as const).flatMap((type) => (rule[type] ? [this.rule(rule[type]!, context)] : []));
    return { description: rule.expected, anyOf: branches };
  }

  /**
   * A discriminated object: the tag picks one closed variant. if/then (rather than oneOf) gives
   * one precise error for the chosen variant instead of one per variant.
   */
  private taggedSchema(tag: string, variants: Record<string, ObjectShape>, context: Context): Schema {
    const names = Object.keys(variants);
    return {
      type: 'object',
      required: [tag],
      properties: { [tag]: { type: 'string', enum: names } },
      allOf: names.map((name) => ({
        if: { properties: { [tag]: { const: name } }, required: [tag] },
        then: this.objectShape(variants[name]!, context, { [tag]: { const: name } }),
      })),
    };
  }

  // --- named definitions ------------------------------------------------------------------------

  /** The $defs name of a contract definition in a context, generating it on first use. */
  private definition(name: string, context: Context, level = 1): string {
    const rule = contract.definitions[name];
    if (!rule) throw new Error(`Contract definition "${name}" is missing`);
    const effective: Context = this.isTemplateSensitive(rule) ? context : 'plain';
    const depthLimit = rule.kind === 'object' ? rule.depthLimit : undefined;
    const defName = withContext(depthLimit && level > 1 ? `${name}Depth${level}` : name, effective);
    if (defName in this.defs) return defName;
    this.defs[defName] = {}; // reserved, so a definition that refers to itself terminates
    this.defs[defName] = depthLimit && rule.kind === 'object' ? this.levelledObject(name, rule, effective, level, limit(depthLimit)) : this.rule(rule, effective);
    return defName;
  }

  /**
   * An object that may contain itself at most `max` deep (selector containers): one definition
   * per level, the last without the self-reference.
   */
  private levelledObject(name: string, shape: ObjectShape, context: Context, level: number, max: number): Schema {
    const selfKeys = Object.keys(shape.properties).filter((key) => refersTo(shape.properties[key]!, name));
    const others = Object.fromEntries(Object.entries(shape.properties).filter(([key]) => !selfKeys.includes(key)));
    const schema = this.objectShape({ ...shape, properties: others }, context);
    if (level < max) {
      const properties = schema.properties as Record<string, Schema>;
      for (const key of selfKeys) properties[key] = { $ref: `#/$defs/${this.definition(name, context, level + 1)}` };
    }
    return schema;
  }

  /** Whether a rule holds a state key, node, action or condition, which read differently in a template. */
  private isTemplateSensitive(rule: Rule): boolean {
    if (rule.kind === undefined) {
      const known = this.sensitivity.get(rule.ref);
      if (known !== undefined) return known;
      this.sensitivity.set(rule.ref, false); // a self-reference adds nothing
      const sensitive = this.isTemplateSensitive(contract.definitions[rule.ref]!);
      this.sensitivity.set(rule.ref, sensitive);
      return sensitive;
    }
    switch (rule.kind) {
      case 'string':
        return rule.binds === 'stateKey' || rule.binds === 'pointer';
      case 'node':
      case 'action':
      case 'condition':
        return true;
      case 'object':
        return this.shapeIsSensitive(rule);
      case 'tagged':
        return Object.values(rule.variants).some((variant) => this.shapeIsSensitive(variant));
      case 'array':
        return this.isTemplateSensitive(rule.items);
      case 'map':
        return this.isTemplateSensitive(rule.values);
      case 'union':
        return [rule.string, rule.number, rule.boolean, rule.object, rule.array].some((branch) => branch !== undefined && this.isTemplateSensitive(branch));
      default:
        return false;
    }
  }

  private shapeIsSensitive(shape: ObjectShape): boolean {
    return Object.values(shape.properties).some((rule) => this.isTemplateSensitive(rule));
  }

  // --- nodes ------------------------------------------------------------------------------------

  private addNodeDefs(): void {
    for (const context of ['plain', 'template'] as const) {
      const types = Object.entries(contract.nodes).filter(([, entry]) => context === 'plain' || !entry.templateForbidden);
      for (const [type, entry] of types) this.defs[nodeTypeDef(type, context)] = this.nodeSchema(type, entry, context);
      const names = [...types.map(([type]) => type), USE_TYPE];
      this.defs[nodeDef(context)] = {
        description: context === 'plain' ? 'A node: its type picks the closed set of properties it accepts' : 'A node of a repeat template: state keys may bind {index} and {<as>.<field>}; no pager and no nested repeat',
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string', enum: names } },
        allOf: names.map((type) => ({
          if: { properties: { type: { const: type } }, required: ['type'] },
          then: { $ref: `#/$defs/${type === USE_TYPE ? 'useNode' : nodeTypeDef(type, context)}` },
        })),
      };
    }
    this.defs.useNode = this.useNodeSchema();
  }

  private nodeSchema(type: string, entry: NodeEntry, context: Context): Schema {
    const repeatable = entry.repeatable && context === 'plain';
    const own = repeatable ? entry.properties : withoutKey(entry.properties, 'repeat');
    const shape: ObjectShape = { ...entry, properties: { ...contract.nodeCommon.properties, ...own } };
    const schema = this.objectShape(shape, context, { type: { const: type } });
    const description = [nodePurposes[type], entry.capability ? capabilityNote(entry.capability) : ''].filter(Boolean).join('. ');
    if (description) schema.description = description;
    if (!repeatable) return schema;
    // With `repeat`, the children are the template, instantiated once per item.
    const properties = schema.properties as Record<string, Schema>;
    properties.children = { type: 'array', description: 'Child nodes; with repeat, the template instantiated once per item' };
    const conditional = {
      if: requires(['repeat']),
      then: { properties: { children: { type: 'array', items: { $ref: `#/$defs/${nodeDef('template')}` } } } },
      else: { properties: { children: { type: 'array', items: { $ref: `#/$defs/${nodeDef('plain')}` } } } },
    };
    return { ...schema, allOf: [...((schema.allOf as Schema[] | undefined) ?? []), conditional] };
  }

  private useNodeSchema(): Schema {
    const { use } = contract.components;
    const schema = this.objectShape(use, 'plain', { type: { const: USE_TYPE } });
    schema.description = 'Places a component: a copy of components.<component>.root with {props.<field>} bound from props';
    return schema;
  }

  private componentsSchema(): Schema {
    const { namePattern, component } = contract.components;
    const definition = this.objectShape(component, 'plain');
    (definition.properties as Record<string, Schema>).root = {
      description: 'The node template a use places. The validator checks it where it is used (an unused component is never checked), so any value is accepted here',
    };
    return {
      description: 'Reusable node templates by name, placed with {"type": "use", "component": name, "props": {…}}',
      type: 'object',
      propertyNames: { pattern: contract.patterns[namePattern] },
      additionalProperties: definition,
    };
  }

  // --- actions and conditions -------------------------------------------------------------------

  private addActionDefs(): void {
    for (const context of ['plain', 'template'] as const) {
      const types = Object.keys(contract.actions);
      for (const type of types) {
        const shape = contract.actions[type]!;
        const effective: Context = this.shapeIsSensitive(shape) ? context : 'plain';
        const name = withContext(`${type}Action`, effective);
        if (!(name in this.defs)) this.defs[name] = { description: actionPurposes[type], ...this.objectShape(shape, effective, { type: { const: type } }) };
      }
      this.defs[withContext('action', context)] = {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string', enum: types } },
        allOf: types.map((type) => ({
          if: { properties: { type: { const: type } }, required: ['type'] },
          then: { $ref: `#/$defs/${withContext(`${type}Action`, this.shapeIsSensitive(contract.actions[type]!) ? context : 'plain')}` },
        })),
      };
    }
  }

  /** One definition per nesting level, so the condition depth limit holds; the last level has no groups. */
  private addConditionDefs(): void {
    const rules = contract.conditions;
    const max = limit(rules.maxDepth);
    for (const context of ['plain', 'template'] as const) {
      for (let depth = 1; depth <= max; depth++) {
        const key = this.rule(rules.key, context);
        const data = this.rule(rules.data, context);
        const platform = this.rule(rules.platform, context);
        const forms: Schema[] = Object.entries(rules.comparisons).flatMap(([name, rule]) => [
          closedObject({ key, [name]: this.rule(rule, context) }),
          closedObject({ data, [name]: this.rule(rule, context) }),
          closedObject({ platform, [name]: this.rule(rule, context) }),
        ]);
        if (depth < max) {
          const member = { $ref: `#/$defs/${conditionDef(depth + 1, context)}` };
          for (const [name, size] of Object.entries(rules.groups)) {
            forms.push(closedObject({ [name]: { type: 'array', minItems: size.minItems, maxItems: size.maxItems, items: member } }));
          }
          forms.push(closedObject({ [rules.negation]: member }));
        }
        this.defs[conditionDef(depth, context)] = {
          description: `A condition (nesting level ${depth} of at most ${max}): {key, data or platform, equals|notEquals|gt|lt}${depth < max ? ', {all: […]}, {any: […]} or {not: …}' : ''}`,
          type: 'object',
          oneOf: forms,
        };
      }
    }
  }
}

// --- helpers --------------------------------------------------------------------------------------

function numberSchema(rule: Extract<Rule, { kind: 'number' }>): Schema {
  const schema: Schema = { type: rule.integer ? 'integer' : 'number' };
  const minimums = [rule.min, rule.positive ? limit('MIN_POSITIVE') : undefined].filter((value): value is number => value !== undefined);
  if (minimums.length > 0) schema.minimum = Math.max(...minimums);
  if (rule.max !== undefined) schema.maximum = rule.max;
  return schema;
}

function scalarSchema(): Schema {
  return { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] };
}

function refersTo(rule: Rule, name: string): boolean {
  return rule.kind === undefined && rule.ref === name;
}

function closedObject(properties: Record<string, Schema>): Schema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** The cross-field checks a schema can say; the others are listed in the description. */
function withChecks(schema: Schema, checks: Check[]): Schema {
  const clauses: Schema[] = [];
  for (const check of checks) {
    switch (check.rule) {
      case 'exactlyOne':
        clauses.push({ oneOf: check.fields.map((field) => requires([field])) });
        break;
      case 'atLeastOne':
        clauses.push({ anyOf: check.fields.map((field) => requires([field])) });
        break;
      case 'requiredWhen':
        clauses.push({ if: whenIn(check.when, check.in), then: requires([check.field]) });
        break;
      case 'forbiddenWhen':
        clauses.push({ if: whenIn(check.when, check.in), then: { not: requires([check.field]) } });
        break;
      case 'forbiddenWith':
        clauses.push({ not: requires([check.field, check.with]) });
        break;
      case 'forbiddenWithout':
        schema.dependentRequired = { ...(schema.dependentRequired as Record<string, string[]> | undefined), [check.field]: [check.without] };
        break;
      default:
        break; // less, dividesRange, distinct and keyOf compare values: see schema-limits.ts
    }
  }
  return clauses.length > 0 ? { ...schema, allOf: clauses } : schema;
}

/** `required` with the fields named in `properties` too, as strict schema checkers expect. */
function requires(fields: string[]): Schema {
  return { properties: Object.fromEntries(fields.map((field) => [field, true])), required: fields };
}

function whenIn(field: string, values: Array<string | boolean>): Schema {
  return { properties: { [field]: { enum: values } }, required: [field] };
}

/** Hover text of a state-key field: the state value it names. */
function bindingDescription(binding: BindingRule): string {
  if (binding.type === 'any') return 'A state key; the value written keeps the type any control bound to the key needs';
  const which = binding.declared ? 'a key declared in state' : binding.ifPresent ? 'a state key (may be absent)' : 'a key of state';
  const value = binding.type === 'date' ? 'a YYYY-MM-DD date string' : binding.type === 'integer' ? 'an integer' : `a ${binding.type}`;
  return `Names ${which} holding ${value}`;
}

function capabilityNote(capability: string): string {
  return `Needs a device with capability ${capability}`;
}

function withContext(name: string, context: Context): string {
  return context === 'template' ? `${name}InTemplate` : name;
}

function nodeDef(context: Context): string {
  return withContext('node', context);
}

function nodeTypeDef(type: string, context: Context): string {
  return withContext(`${type}Node`, context);
}

function conditionDef(depth: number, context: Context): string {
  return withContext(depth === 1 ? 'condition' : `conditionDepth${depth}`, context);
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
