/**
 * The editor schema, checked with a standard JSON Schema validator (ajv, draft 2020-12) against
 * the project's own validator: it accepts every valid spec, rejects every invalid fixture whose
 * rule a schema can express, and is the committed file byte for byte.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { contract, limits } from '../../src/contract/index.ts';
import { contractJsonSchema, contractJsonSchemaText } from '../../src/contract/json-schema.ts';
import { judgeForDevice } from '../../src/cli/commands/conformance.ts';
import { BASE_VOCABULARY_CAPABILITIES } from '../../src/protocol/constants.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { mutate, mutation, seeds } from '../validate/mutations.ts';

const schemaPath = 'schemas/prototype-spec.schema.json';
const fixtures = 'test/fixtures/prototype-spec';
const corpus = '../shared/conformance/automobile';

// strict: true turns on every ajv strict check (unknown keywords, types, required, tuples).
const ajv = new Ajv2020({ strict: true, allErrors: false });
const schemaAccepts = ajv.compile(contractJsonSchema());

function jsonFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')).sort().map((name) => join(dir, name)) : [];
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function schemaErrors(): string {
  return JSON.stringify(schemaAccepts.errors?.slice(0, 3));
}

/**
 * Rules the schema leaves to the validator (src/contract/schema-limits.ts lists them), told
 * apart by the validator's message for the fixture's first error.
 */
const validatorOnlyRules: Array<{ rule: string; message: RegExp }> = [
  { rule: 'state binding types', message: / must name (a|an) .*state value/ },
  { rule: 'setState keeps a control type', message: /^setState would write/ },
  { rule: 'emit payload budget', message: /^Emit payload/ },
  { rule: 'tree limits', message: /^(Node|Node depth|Image|Expanded node|Expanded image|Expanded spec byte|Component nesting depth|Animated effect) limit exceeded/ },
  { rule: 'pager ids and references', message: /^(Duplicate pager id|No pager with id|Two pagers keep their page|A node inside a repeat template cannot bind a pager|A vertical pager cannot be inside)/ },
  { rule: 'stack ids, screens and references', message: /^(Duplicate stack id|No stack with id|Stack .* has no screen|".*" is not one of screens)/ },
  { rule: 'distinct option values, series fields and marker ids', message: /^Duplicate (value|field|id) .* entries must be unique/ },
  { rule: 'value comparisons', message: /must be less than|must divide .* evenly|must name different state keys/ },
  { rule: 'repeat fields and bound keys', message: /^(Unknown repeat field|Bound state key)/ },
  { rule: 'component references', message: /^(Component cycle|Unknown component|Missing component prop|Unused component prop)/ },
  { rule: 'where onAppear goes', message: /^onAppear runs when a node appears/ },
  { rule: 'where a list goes', message: /^A list scrolls itself/ },
  { rule: 'where swipe actions go', message: /^Swipe actions cannot be inside/ },
  { rule: 'tooltip targets', message: /^(No node has the id|A tooltip cannot point at itself|".*" is the id of more than one node)/ },
  { rule: 'shared element pairs and zoom sources', message: /^(A shared element cannot be inside|A shared key|The glass ID|A node takes sharedKey or shared|The shared key|The nodes sharing|Two rows of one repeat resolve|Shared key limit|source .* names)/ },
  { rule: 'flow and grid fields', message: /^(span is how many columns|span \d+ is more than|runSpacing is the gap)/ },
  { rule: 'a base device lacks the capability', message: /which a device with the base vocabulary does not advertise/ },
  { rule: 'request rules', message: /^(A (GET|HEAD) request has no body|Header .* (cannot be set|may not hold|is \d+ characters)|Query value .* (may not hold|is \d+ characters)|A URL may not hold|into names a member|The emit name "prototype_(request|platform)" is reserved|Actions nest at most|share\.open (needs the spec to opt in|shares something)|[a-z]+\.[a-z]+ (takes .* in args|needs args\.))/ },
  { rule: 'platform pointers in text', message: /reads no platform state/ },
  { rule: 'string tables', message: /(refers to a string table, but the spec has no strings|the default table .* has no string|chooses its plural form by|names no table; default is one of|A string entry cannot refer to another entry)/ },
  { rule: 'data bindings', message: /the spec has no data|names no array in data|Data over its limits|Repeat path cell limit|Text with its data bound|Text built from data/ },
];

/** Why only the validator can reject this failure, or null when the schema must reject it too. */
function validatorOnlyReason(failure: { path: string; message: string }): string | null {
  // A component root is checked where it is used, after expansion; the schema accepts any root.
  if (failure.path.includes(' (use ')) return 'inside a component root';
  return validatorOnlyRules.find(({ message }) => message.test(failure.message))?.rule ?? null;
}

interface InvalidCase {
  file: string;
  spec: unknown;
}

function invalidCases(dir: string): InvalidCase[] {
  return jsonFiles(dir).map((file) => ({ file, spec: (readJson(file) as { spec: unknown }).spec }));
}

/**
 * Asserts the schema rejects every case whose rule it can express; returns the counts. The shared
 * corpus is judged as a device with the base vocabulary would judge it (`vocabulary`).
 */
function checkInvalid(cases: InvalidCase[], vocabulary: ReadonlySet<string> | null = null): { expressible: number; rejected: number; validatorOnly: number } {
  let expressible = 0;
  let rejected = 0;
  for (const { file, spec } of cases) {
    const result = judgeForDevice(spec, vocabulary);
    assert.equal(result.ok, false, `${file} is an invalid fixture`);
    if (result.ok) continue;
    const accepted = schemaAccepts(spec);
    if (!accepted) rejected++;
    if (validatorOnlyReason(result) !== null) continue;
    expressible++;
    assert.equal(accepted, false, `${file}: the schema accepts it, but its error (${result.path}: ${result.message}) is one a schema can express`);
  }
  return { expressible, rejected, validatorOnly: cases.length - expressible };
}

describe('editor JSON Schema', () => {
  test('compiles in ajv strict mode and is a valid draft 2020-12 schema', () => {
    assert.equal(ajv.validateSchema(contractJsonSchema()), true, JSON.stringify(ajv.errors));
    assert.equal(typeof schemaAccepts, 'function');
  });

  test('the description lists the rules only the validator checks, read from the contract', () => {
    const description = String(contractJsonSchema().description);
    for (const [type, entry] of Object.entries(contract.nodes)) {
      for (const [name, rule] of Object.entries(entry.properties)) {
        if (rule.kind === 'string' && rule.binding) assert.ok(description.includes(`${type}.${name} (`), `binding ${type}.${name}`);
        if (rule.kind === 'array' && rule.uniqueBy) assert.ok(description.includes(`${type}.${name}[].${rule.uniqueBy}`), `distinct ${type}.${name}`);
        if (rule.kind === undefined && rule.pagerReference) assert.ok(description.includes(`${type}.${name}`), `pager reference ${type}.${name}`);
      }
      for (const check of entry.checks ?? []) {
        if (check.rule === 'less' || check.rule === 'dividesRange' || check.rule === 'distinct') assert.ok(description.includes(`${type}.${'field' in check ? check.field : check.fields[0]}`), `${check.rule} of ${type}`);
      }
    }
    for (const [type, shape] of Object.entries(contract.actions)) {
      for (const [name, rule] of Object.entries(shape.properties)) if (rule.kind === 'string' && rule.binding) assert.ok(description.includes(`${type} action.${name}`), `binding ${type}.${name}`);
    }
    for (const value of [limits.specBytes, limits.nodes, limits.depth, limits.images, limits.emitPayloadBytes, limits.componentDepth]) assert.ok(description.includes(String(value)), `limit ${value}`);
  });

  test('the committed schema file is the generator output, byte for byte', () => {
    assert.equal(readFileSync(schemaPath, 'utf8'), contractJsonSchemaText(), `regenerate with: protostage schema -o ${schemaPath}`);
  });

  test('accepts every valid fixture and every example', () => {
    const files = [...jsonFiles(`${fixtures}/valid`), ...jsonFiles('examples')];
    assert.ok(files.length >= 7, 'the valid fixtures are there');
    for (const file of files) {
      const spec = readJson(file);
      assert.equal(validatePrototypeSpec(spec).ok, true, `${file} is valid`);
      assert.equal(schemaAccepts(spec), true, `${file}: ${schemaErrors()}`);
    }
    console.log(`schema accepts ${files.length} valid specs (fixtures and examples)`);
  });

  test('accepts every valid spec of the conformance corpus', { skip: !existsSync(corpus) && 'no conformance corpus here' }, () => {
    const files = [...jsonFiles(`${corpus}/valid`), ...jsonFiles(`${corpus}/components`)];
    assert.ok(files.length > 0);
    for (const file of files) assert.equal(schemaAccepts(readJson(file)), true, `${file}: ${schemaErrors()}`);
    console.log(`schema accepts ${files.length} valid conformance specs`);
  });

  test('rejects every invalid fixture whose rule a schema can express', () => {
    const cases = invalidCases(`${fixtures}/invalid`);
    const counts = checkInvalid(cases);
    console.log(`invalid fixtures: ${counts.rejected} of ${cases.length} rejected by the schema; ${counts.expressible} expressible, all rejected; ${counts.validatorOnly} need the validator`);
    assert.equal(counts.rejected >= counts.expressible, true);
    // Guards the classification: most fixtures break a rule a schema can say.
    assert.ok(counts.expressible >= cases.length * 0.6, `only ${counts.expressible} of ${cases.length} classified as expressible`);
  });

  test('rejects every invalid conformance spec whose rule a schema can express', { skip: !existsSync(corpus) && 'no conformance corpus here' }, () => {
    const cases = [...invalidCases(`${corpus}/invalid`), ...invalidCases(`${corpus}/components/invalid`)];
    const counts = checkInvalid(cases, BASE_VOCABULARY_CAPABILITIES);
    console.log(`invalid conformance specs: ${counts.rejected} of ${cases.length} rejected by the schema; ${counts.expressible} expressible, all rejected; ${counts.validatorOnly} need the validator`);
  });
});

describe('mutated valid specs', () => {
  test('the schema never rejects a spec the validator accepts', () => {
    let valid = 0;
    let invalid = 0;
    let invalidRejected = 0;
    fc.assert(
      fc.property(fc.nat(seeds.length - 1), fc.array(mutation, { minLength: 1, maxLength: 3 }), (seedIndex, changes) => {
        const root = { spec: structuredClone(seeds[seedIndex]!) };
        for (const change of changes) mutate(root, change);
        const accepted = schemaAccepts(root.spec);
        if (validatePrototypeSpec(root.spec).ok) {
          valid++;
          assert.equal(accepted, true, `a valid mutation is rejected: ${schemaErrors()}`);
        } else {
          invalid++;
          if (!accepted) invalidRejected++;
        }
      }),
      { numRuns: 300 },
    );
    assert.ok(valid > 0 && invalid > 0);
    console.log(`mutated specs: ${valid} valid, all accepted; ${invalidRejected} of ${invalid} invalid ones rejected by the schema`);
  });
});

// --- agreement with the validator on the rules the schema itself encodes ----------------------------

function spec(root: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'case', window: { placement: { type: 'fullscreen' } }, ...extra, root };
}

/** The validator and the schema agree on a spec. */
function assertAgree(value: unknown, label: string): boolean {
  const valid = validatePrototypeSpec(value).ok;
  assert.equal(schemaAccepts(value), valid, `${label}: validator says ${valid ? 'valid' : 'invalid'}; schema ${schemaErrors()}`);
  return valid;
}

/** A spec whose one state key is `key`, inside a repeat template or not. */
function keySpec(key: string, inTemplate: boolean): Record<string, unknown> {
  const text = { type: 'text', text: 't', onTap: [{ type: 'setState', key, value: true }] };
  if (!inTemplate) return spec(text);
  return spec({ type: 'column', repeat: { items: [{ id: 'a', n: 2 }], as: 'item' }, children: [text] });
}

const keyFragments = ['a', 'Z', '_', '7', '-', ' ', '{', '}', '.', '{index}', '{item.id}', '{item.n}', '{props.k}', '{other.x}', '{item}', '{id}', '{item.}', '{index.x}'];
/** Fragments of valid keys five times as often as the rest, so enough generated keys are valid. */
const keyFragment = fc.oneof(
  { arbitrary: fc.constantFrom('a', 'Z', '_', '7', '{index}', '{item.id}', '{item.n}'), weight: 5 },
  { arbitrary: fc.constantFrom(...keyFragments), weight: 1 },
);

describe('state keys and placeholders', () => {
  test('outside a template the schema takes exactly the keys the validator takes', () => {
    fc.assert(
      fc.property(fc.array(keyFragment, { minLength: 0, maxLength: 6 }), (parts) => {
        assertAgree(keySpec(parts.join(''), false), JSON.stringify(parts.join('')));
      }),
      { numRuns: 300 },
    );
    assertAgree(keySpec('k'.repeat(64), false), '64 characters');
    assertAgree(keySpec('k'.repeat(65), false), '65 characters');
  });

  test('inside a template the schema takes every key the validator takes', () => {
    let bothValid = 0;
    fc.assert(
      fc.property(fc.array(keyFragment, { minLength: 1, maxLength: 6 }), (parts) => {
        const value = keySpec(parts.join(''), true);
        if (!validatePrototypeSpec(value).ok) return;
        bothValid++;
        assert.equal(schemaAccepts(value), true, `${JSON.stringify(parts.join(''))}: ${schemaErrors()}`);
      }),
      { numRuns: 400 },
    );
    assert.ok(bothValid > 50, `only ${bothValid} generated keys were valid`);
    for (const key of ['row_{index}', '{item.id}', 'liked_{item.id}_{index}']) assert.equal(schemaAccepts(keySpec(key, true)), true, key);
    for (const key of ['{index}', '{index}_a', '9{item.id}', 'a-{item.id}', '{item}']) assert.equal(schemaAccepts(keySpec(key, true)), false, key);
  });
});

describe('nesting limits and closed objects agree with the validator', () => {
  function nestedCondition(depth: number): unknown {
    let condition: unknown = { key: 'flag', equals: true };
    for (let level = 1; level < depth; level++) condition = level % 2 === 0 ? { not: condition } : { all: [condition] };
    return condition;
  }

  function nestedSelector(depth: number): unknown {
    let container: Record<string, unknown> = { text: 'Row' };
    for (let level = 1; level < depth; level++) container = { elementId: `e${level}`, container };
    return { testTag: 't', container };
  }

  test('conditions nest at most as deep as the contract allows', () => {
    for (const depth of [1, 2, limits.conditionDepth - 1, limits.conditionDepth, limits.conditionDepth + 1]) {
      const valid = assertAgree(spec({ type: 'text', text: 'x', visibleWhen: nestedCondition(depth) }, { state: { flag: true } }), `condition depth ${depth}`);
      assert.equal(valid, depth <= limits.conditionDepth);
    }
  });

  test('selector containers nest at most as deep as the contract allows', () => {
    for (const depth of [1, limits.selectorDepth, limits.selectorDepth + 1]) {
      const anchor = { type: 'element', selector: nestedSelector(depth), alignment: 'cover' };
      const valid = assertAgree(spec({ type: 'text', text: 'x', anchor }), `selector depth ${depth}`);
      assert.equal(valid, depth <= limits.selectorDepth);
    }
  });

  test('an unknown property is rejected on every node of the every-node fixture', () => {
    const every = readJson(`${fixtures}/valid/every-node.json`) as Record<string, unknown>;
    const nodes: Array<Record<string, unknown>> = [];
    const collect = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      nodes.push(record);
      if (Array.isArray(record.children)) record.children.forEach(collect);
      collect(record.child);
    };
    collect(every.root);
    const types = new Set(nodes.map((node) => node.type));
    assert.ok(types.size >= 25, `every-node covers ${types.size} node types`);
    for (const node of nodes) {
      node.unexpected = 1;
      assertAgree(every, `unknown property on a ${String(node.type)} node`);
      delete node.unexpected;
    }
  });

  test('a component root is checked only where it is used, as the validator does', () => {
    const components = { unused: { root: { type: 'text', text: 'x', style: { color: 'not a colour' } } } };
    assertAgree(spec({ type: 'text', text: 'x' }, { components }), 'unused component with a broken root');
    assertAgree(spec({ type: 'use', component: 'unused', extra: 1 }, { components }), 'a use node with an unknown property');
  });
});
