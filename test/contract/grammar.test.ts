// The guide's grammar: every shape the contract names has an entry, and every instance it shows
// (of a shape, a node, an action or a condition form) passes the validator in a spec.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contract, pattern, type ObjectShape, type Rule } from '../../src/contract/index.ts';
import {
  actionExample, exampleOf, EXAMPLE_STATE, grammarEntries, inlineObjectRules, nodeExample, PATTERN_SAMPLES,
} from '../../src/contract/grammar.ts';
import { authoringGuide } from '../../src/mcp/guide.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { specAround } from './grammar-spec.ts';

type Json = Record<string, unknown>;

/** Why `spec` is refused, or null when it is valid. */
function refusal(spec: Json | null, what: string): string | null {
  if (spec === null) return null;
  const result = validatePrototypeSpec(spec);
  return result.ok ? null : `${what}: ${result.path}: ${result.message}`;
}

function assertAllValid(specs: Array<[string, Json | null]>): void {
  assert.deepEqual(specs.map(([what, spec]) => refusal(spec, what)).filter((problem) => problem !== null), []);
}

const TAPPABLE_BOX = { type: 'box', children: [{ type: 'text', text: 'Tap' }] };

/** Where a definition is used: a property of a node, an action, the spec, a node's common fields, or another definition. */
interface UseSite {
  owner: 'node' | 'common' | 'action' | 'spec' | 'definition';
  name: string;
  field: string;
  /** The property holds an array of the definition. */
  inArray: boolean;
  /** For a tagged definition: the variant holding the field. */
  variant?: string;
}

function refersTo(rule: Rule, name: string): { inArray: boolean } | null {
  if (rule.kind === undefined) return rule.ref === name ? { inArray: false } : null;
  if (rule.kind === 'array') return refersTo(rule.items, name) ? { inArray: true } : null;
  if (rule.kind === 'union') {
    for (const form of [rule.string, rule.number, rule.boolean, rule.object]) if (form?.kind === undefined && form?.ref === name) return { inArray: false };
  }
  return null;
}

function useSiteOf(name: string): UseSite | null {
  const owners: Array<[UseSite['owner'], string, Record<string, Rule>, string?]> = [
    ['common', 'box', contract.nodeCommon.properties],
    ...Object.entries(contract.nodes).map(([type, shape]): [UseSite['owner'], string, Record<string, Rule>] => ['node', type, shape.properties]),
    ...Object.entries(contract.actions).map(([type, shape]): [UseSite['owner'], string, Record<string, Rule>] => ['action', type, shape.properties]),
    ['spec', 'spec', contract.envelope.properties],
  ];
  for (const [definition, rule] of Object.entries(contract.definitions)) {
    if (definition === name) continue;
    if (rule.kind === 'object') owners.push(['definition', definition, rule.properties]);
    if (rule.kind === 'tagged') for (const [variant, shape] of Object.entries(rule.variants)) owners.push(['definition', definition, shape.properties, variant]);
  }
  for (const [owner, ownerName, properties, variant] of owners) {
    for (const [field, rule] of Object.entries(properties)) {
      const found = refersTo(rule, name);
      if (found) return { owner, name: ownerName, field, variant, ...found };
    }
  }
  return null;
}

const grammarByName = new Map(grammarEntries().map((entry) => [entry.name, entry.example]));

function definitionValue(name: string, variant?: string): Json {
  const entryName = variant ? [...grammarByName.keys()].find((key) => key.startsWith(`${name} {`) && key.endsWith(`"${variant}"}`))! : name;
  return structuredClone(grammarByName.get(entryName)) as Json;
}

function shareSpec(args: Json): Json {
  const share = { type: 'platform', call: 'share.open', args: { text: 'Hi', ...args } };
  return specAround([{ ...TAPPABLE_BOX, onTap: [share] }], { requires: { platform: ['share'] } });
}

/** `owner` with `field` set to `value`, its rivals of an "exactly one of" check taken out. */
function withField(owner: Json, shape: ObjectShape | undefined, field: string, value: unknown): Json {
  const result: Json = { ...owner, [field]: value };
  for (const check of shape?.checks ?? []) {
    if (check.rule === 'exactlyOne' && check.fields.includes(field)) for (const rival of check.fields) if (rival !== field) delete result[rival];
  }
  return result;
}

/** Definitions used only deep inside an inline object, placed by hand. */
const PLACED_BY_HAND: Readonly<Record<string, (value: unknown) => Json>> = {
  suiteItem: (value) => specAround([{ type: 'adaptive', layout: 'navigationSuite', items: [value], stateKey: 'name', content: { type: 'text', text: 'x' } }], { state: { ...EXAMPLE_STATE, name: (value as Json).value } }),
  glassOptions: (value) => specAround([{ ...TAPPABLE_BOX, style: { surface: 'glass', glass: value } }]),
  platformArgs: (value) => shareSpec(value as Json),
  shareImage: (value) => shareSpec({ text: 'Hi', images: [value] }),
  shareFile: (value) => shareSpec({ text: 'Hi', files: [value] }),
  shareContact: (value) => shareSpec({ contact: value }),
  roleColorMap: (value) => specAround([], { theme: { colors: { light: value } } }),
  pluralForms: (value) => specAround([{ type: 'text', text: '{t:items|count}' }], { strings: { default: 'en', tables: { en: { items: value } } } }),
};

/** A spec in which `value` stands where the definition `name` is used; null for a name only patterns refer to. */
function specWithDefinition(name: string, value: unknown, depth = 0): Json | null {
  if (PLACED_BY_HAND[name]) return PLACED_BY_HAND[name](value);
  const site = useSiteOf(name);
  if (site === null) {
    assert.ok(['string', 'number', 'enum'].includes(contract.definitions[name]!.kind ?? ''), `no use of ${name} found`);
    return null;
  }
  assert.ok(depth < 8, `${name} is used too deep`);
  const shape = ownerShape(site);
  const rule = shape?.properties[site.field];
  // An array that takes several items gets as many distinct ones; its first is `value`.
  const several = rule?.kind === 'array' && (rule.minItems ?? 0) > 1 ? [value, ...(exampleOf(rule) as unknown[]).slice(1)] : null;
  const placed = several ?? (site.inArray ? [value] : value);
  switch (site.owner) {
    case 'common':
      return specAround([{ ...TAPPABLE_BOX, [site.field]: placed }]);
    case 'node':
      return specAround([withField(nodeExample(site.name), shape, site.field, placed)]);
    case 'action':
      return specAround([{ ...TAPPABLE_BOX, onTap: [withField(actionExample(site.name), shape, site.field, placed)] }]);
    case 'spec':
      return specAround([], { [site.field]: placed });
    case 'definition':
      return specWithDefinition(site.name, withField(definitionValue(site.name, site.variant), shape, site.field, placed), depth + 1);
  }
}

function ownerShape(site: UseSite): ObjectShape | undefined {
  if (site.owner === 'common') return contract.nodeCommon;
  if (site.owner === 'node') return contract.nodes[site.name];
  if (site.owner === 'action') return contract.actions[site.name];
  if (site.owner === 'spec') return contract.envelope;
  const rule = contract.definitions[site.name]!;
  return rule.kind === 'tagged' ? rule.variants[site.variant!] : rule.kind === 'object' ? rule : undefined;
}

test('every pattern sample matches its pattern', () => {
  for (const name of Object.keys(contract.patterns)) {
    assert.ok(PATTERN_SAMPLES[name] !== undefined, `no sample for pattern ${name}`);
    assert.match(PATTERN_SAMPLES[name]!, pattern(name));
  }
});

test('the guide has a grammar entry for every definition, variant, inline object and the conditions', () => {
  const guide = authoringGuide();
  const expected = ['condition', ...inlineObjectRules().map((inline) => inline.name)];
  for (const [name, rule] of Object.entries(contract.definitions)) {
    if (rule.kind === 'tagged') for (const variant of Object.keys(rule.variants)) expected.push(`${name} {${rule.tag}: "${variant}"}`);
    else expected.push(name);
  }
  for (const name of expected) assert.ok(guide.includes(`- **\`${name}\`**: `), `the guide's grammar has no entry for ${name}`);
  for (const name of ['scroll.refresh', 'spec.strings', 'node.semantics']) assert.ok(expected.includes(name), `inline object ${name} is not found`);
  for (const type of [...Object.keys(contract.nodes), ...Object.keys(contract.actions)]) assert.match(guide, new RegExp(`\\| \`${type}\` \\|.*\\| \`\\{"type":"${type}"`), `no smallest instance of ${type}`);
});

test('every node type\'s smallest instance is valid', () => {
  assertAllValid(Object.keys(contract.nodes).map((type) => [type, specAround([nodeExample(type)])]));
});

test('every action type\'s smallest instance is valid', () => {
  assertAllValid(Object.keys(contract.actions).map((type) => [type, specAround([{ ...TAPPABLE_BOX, onTap: [actionExample(type)] }])]));
});

test('every condition form shown is valid', () => {
  const condition = grammarEntries().find((entry) => entry.name === 'condition')!;
  assertAllValid([condition.example, ...(condition.more ?? [])].map((form) => [JSON.stringify(form), specAround([{ type: 'text', text: 'x', visibleWhen: form }])]));
});

test('every definition\'s smallest instance is valid where the contract uses it', () => {
  const specs: Array<[string, Json | null]> = [];
  for (const [name, rule] of Object.entries(contract.definitions)) {
    const variants = rule.kind === 'tagged' ? Object.keys(rule.variants) : [undefined];
    for (const variant of variants) specs.push([variant ? `${name} ${variant}` : name, specWithDefinition(name, definitionValue(name, variant))]);
  }
  assert.ok(specs.filter(([, spec]) => spec !== null).length > 60, 'most definitions are placed in a spec');
  assertAllValid(specs);
});

test('every inline object\'s smallest instance is valid', () => {
  const specs: Array<[string, Json]> = [];
  for (const { name } of inlineObjectRules()) {
    const [owner, ...fields] = name.split('.');
    const value = grammarByName.get(name);
    if (fields.length !== 1 || /[[{]/.test(fields[0]!)) continue;
    const field = fields[0]!;
    if (owner === 'spec') specs.push([name, specAround([], { [field]: value })]);
    else if (owner === 'node') specs.push([name, specAround([{ ...TAPPABLE_BOX, [field]: value }])]);
    else if (contract.nodes[owner!]) specs.push([name, specAround([{ ...nodeExample(owner!), [field]: value }])]);
    else specs.push([name, specAround([{ ...TAPPABLE_BOX, onTap: [{ ...actionExample(owner!), [field]: value }] }])]);
  }
  assert.ok(specs.length >= 8, 'the inline objects are placed in a spec');
  assertAllValid(specs);
});
