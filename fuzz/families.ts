/**
 * The input families. Each turns a generator into one input: bytes or text for the strict
 * reader, or a value for object form (which the oracle also checks as its JSON text and with its
 * keys shuffled).
 */
import { contract, type Rule } from '../src/contract/index.ts';
import { loadCorpus } from './corpus.ts';
import type { Random } from './random.ts';

export type FuzzInput = { form: 'bytes'; bytes: Uint8Array } | { form: 'text'; text: string } | { form: 'value'; value: unknown };

export interface Family {
  name: string;
  generate(random: Random): FuzzInput;
}

/** Names every object inherits, and a few of arrays and functions: a spec string that names one must read as unknown. */
export const INHERITED_NAMES = [
  'constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable',
  'toLocaleString', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__',
  'length', 'prototype', 'call', 'apply', 'bind', 'map', 'push', 'then',
];

/** Every property, node, action, enum value and definition name the contract knows. */
const VOCABULARY: string[] = (() => {
  const words = new Set<string>([...Object.keys(contract.nodes), ...Object.keys(contract.actions), ...Object.keys(contract.definitions)]);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'properties' && inner !== null && typeof inner === 'object') Object.keys(inner).forEach((name) => words.add(name));
        visit(inner);
      }
    }
  };
  visit(contract.nodes);
  visit(contract.actions);
  visit(contract.definitions);
  visit(contract.envelope);
  for (const values of Object.values(contract.enums)) values.forEach((value) => words.add(value));
  return [...words].sort();
})();

const EDGE_NUMBERS = [0, -0, 1, -1, 0.5, 2, 24, 100, 2000, 2147483647, 2147483648, -2147483649, 1e-7, 1e308, -1e308, 9007199254740993, 360, 1.5];
const EDGE_STRINGS = ['', ' ', 'x', '#fff', '#ffffff', '#ffffff00', 'primary', '{x}', '{data:/a}', '{item.name}', '/a/b', 'a.b', 'https://example.com/x', 'application/pdf; x=1', 'ÿ', '\u2028', '\u0000', 'é'.repeat(3), '1'.repeat(70)];

function randomScalar(random: Random): unknown {
  switch (random.int(0, 5)) {
    case 0: return random.pick(EDGE_NUMBERS);
    case 1: return random.pick(EDGE_STRINGS);
    case 2: return random.pick(VOCABULARY);
    case 3: return random.chance(0.5);
    case 4: return null;
    default: return random.pick(INHERITED_NAMES);
  }
}

function randomValue(random: Random, depth = 0): unknown {
  if (depth > 3 || random.chance(0.6)) return randomScalar(random);
  if (random.chance(0.5)) return Array.from({ length: random.int(0, 3) }, () => randomValue(random, depth + 1));
  return Object.fromEntries(Array.from({ length: random.int(0, 3) }, () => [random.pick(VOCABULARY), randomValue(random, depth + 1)]));
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Every container in a value with where it sits, for picking one to change. */
function containers(root: unknown): Array<Record<string, unknown> | unknown[]> {
  const found: Array<Record<string, unknown> | unknown[]> = [];
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    found.push(value as Record<string, unknown>);
    stack.push(...Object.values(value));
  }
  return found;
}

/** One change to one container: delete, replace, add, rename, duplicate or swap. */
function mutateTree(random: Random, root: unknown, newValue: (random: Random) => unknown, newKey: (random: Random) => string): void {
  const target = random.pick(containers(root));
  if (Array.isArray(target)) {
    const index = random.int(0, Math.max(0, target.length - 1));
    switch (random.int(0, 3)) {
      case 0: target.splice(index, 1); break;
      case 1: target[index] = newValue(random); break;
      case 2: if (target.length > 0) target.splice(index, 0, clone(target[index])); break;
      default: target.push(newValue(random));
    }
    return;
  }
  const keys = Object.keys(target);
  const key = keys.length > 0 ? random.pick(keys) : newKey(random);
  switch (random.int(0, 4)) {
    case 0: delete target[key]; break;
    case 1: target[key] = newValue(random); break;
    case 2: Object.defineProperty(target, newKey(random), { value: newValue(random), enumerable: true, writable: true, configurable: true }); break;
    case 3: {
      const value = target[key];
      delete target[key];
      Object.defineProperty(target, newKey(random), { value, enumerable: true, writable: true, configurable: true });
      break;
    }
    default: {
      const other = random.pick(keys.length > 0 ? keys : [key]);
      [target[key], target[other]] = [target[other], target[key]];
    }
  }
}

/** A piece of another seed, so shapes move between places they were not written for. */
function transplant(random: Random): unknown {
  const seed = random.pick(loadCorpus());
  return clone(random.pick(containers(seed.value)));
}

const JSON_TOKENS = ['{', '}', '[', ']', ',', ':', '"id"', '"root"', '"type"', '"text"', '"children"', '"state"', '"x"', '""', '0', '-0', '1e999', '1.5', 'true', 'false', 'null', ' ', '"\\u0000"', '"\\ud800"', '"__proto__"', '"constructor"'];

const bytesFamily: Family = {
  name: 'bytes',
  generate(random) {
    const bytes = new Uint8Array(random.int(0, 64));
    for (let index = 0; index < bytes.length; index++) bytes[index] = random.chance(0.7) ? random.int(0x20, 0x7e) : random.int(0, 255);
    return { form: 'bytes', bytes };
  },
};

const tokensFamily: Family = {
  name: 'tokens',
  generate(random) {
    return { form: 'text', text: Array.from({ length: random.int(1, 40) }, () => random.pick(JSON_TOKENS)).join('') };
  },
};

const textMutationFamily: Family = {
  name: 'text mutations',
  generate(random) {
    let text = random.pick(loadCorpus()).text;
    for (let edits = random.int(1, 4); edits > 0; edits--) {
      const at = random.int(0, text.length);
      const span = random.int(1, 40);
      switch (random.int(0, 3)) {
        case 0: text = text.slice(0, at) + text.slice(at + span); break;
        case 1: text = text.slice(0, at) + text.slice(at, at + span) + text.slice(at); break;
        case 2: text = text.slice(0, at) + random.pick(JSON_TOKENS) + text.slice(at); break;
        default: text = text.slice(0, at) + String.fromCharCode(random.int(0, 0x7f)) + text.slice(at + 1);
      }
    }
    return { form: 'text', text };
  },
};

const treeMutationFamily: Family = {
  name: 'tree mutations',
  generate(random) {
    const value = clone(random.pick(loadCorpus()).value);
    const newValue = (r: Random) => (r.chance(0.3) ? transplant(r) : randomValue(r));
    for (let edits = random.int(1, 4); edits > 0; edits--) mutateTree(random, value, newValue, (r) => r.pick(VOCABULARY));
    return { form: 'value', value };
  },
};

const inheritedNamesFamily: Family = {
  name: 'inherited names',
  generate(random) {
    const value = clone(random.pick(loadCorpus()).value);
    const name = (r: Random) => r.pick(INHERITED_NAMES);
    for (let edits = random.int(1, 3); edits > 0; edits--) {
      // Either a string value somewhere becomes the name, or a key does.
      const target = random.pick(containers(value)) as Record<string, unknown>;
      const keys = Object.keys(target).filter((key) => typeof target[key] === 'string');
      if (keys.length > 0 && random.chance(0.6)) target[random.pick(keys)] = name(random);
      else mutateTree(random, value, (r) => (r.chance(0.5) ? name(r) : randomValue(r)), name);
    }
    return { form: 'value', value };
  },
};

/** A value made to fit a contract rule, most of the time; the rest of the time anything. */
function fromRule(random: Random, rule: Rule | undefined, depth: number): unknown {
  if (rule === undefined || depth > 6 || random.chance(0.05)) return randomValue(random);
  if (!('kind' in rule) || rule.kind === undefined) {
    const ref = (rule as { ref?: string }).ref;
    return fromRule(random, ref === undefined ? undefined : contract.definitions[ref], depth);
  }
  switch (rule.kind) {
    case 'string': return random.chance(0.5) ? random.pick(EDGE_STRINGS) : random.pick(VOCABULARY);
    case 'number': return random.pick(EDGE_NUMBERS);
    case 'boolean': return random.chance(0.5);
    case 'scalar': return randomScalar(random);
    case 'enum': {
      const values = rule.values ?? (rule.enum === undefined ? [] : contract.enums[rule.enum] ?? []);
      return values.length > 0 ? random.pick(values) : randomScalar(random);
    }
    case 'node': return randomNode(random, depth + 1);
    case 'action': return randomAction(random, depth + 1);
    case 'condition': return { key: random.pick(['a', 'b', 'flag']), equals: randomScalar(random) };
    case 'array': return Array.from({ length: random.int(0, 3) }, () => fromRule(random, rule.items, depth + 1));
    case 'map': return Object.fromEntries(Array.from({ length: random.int(0, 3) }, () => [random.pick(['a', 'b', 'main', 'x']), fromRule(random, rule.values, depth + 1)]));
    case 'object': return fromShape(random, rule.properties, rule.required ?? [], depth + 1);
    case 'tagged': {
      const tag = random.pick(Object.keys(rule.variants));
      const variant = rule.variants[tag]!;
      return { [rule.tag]: tag, ...(fromShape(random, variant.properties, variant.required ?? [], depth + 1) as object) };
    }
    case 'union': {
      const options = (['array', 'string', 'number', 'boolean', 'object'] as const).map((kind) => rule[kind]).filter((option) => option !== undefined);
      return fromRule(random, options.length > 0 ? random.pick(options) : undefined, depth);
    }
    case 'json': return randomValue(random);
  }
}

function fromShape(random: Random, properties: Record<string, Rule>, required: readonly string[], depth: number): Record<string, unknown> {
  const names = Object.keys(properties).filter((name) => required.includes(name) || random.chance(0.25));
  return Object.fromEntries(names.map((name) => [name, fromRule(random, properties[name], depth)]));
}

function randomNode(random: Random, depth: number): unknown {
  const type = random.pick(Object.keys(contract.nodes));
  const entry = contract.nodes[type]!;
  const node: Record<string, unknown> = { type, ...fromShape(random, entry.properties, entry.required ?? [], depth) };
  if (random.chance(0.3)) Object.assign(node, fromShape(random, contract.nodeCommon.properties, [], depth));
  return node;
}

function randomAction(random: Random, depth: number): unknown {
  const type = random.pick(Object.keys(contract.actions));
  const shape = contract.actions[type]!;
  return { type, ...fromShape(random, shape.properties, shape.required ?? [], depth) };
}

const vocabularyFamily: Family = {
  name: 'vocabulary',
  generate(random) {
    const envelope = fromShape(random, contract.envelope.properties, contract.envelope.required ?? [], 0);
    envelope.root = randomNode(random, 0);
    if (random.chance(0.3)) envelope.components = { c: { root: randomNode(random, 2) } };
    return { form: 'value', value: envelope };
  },
};

/**
 * Object-form specs that reach one object from many places: a child shared twice at each level
 * (2^levels nodes as a walk sees them), so only a measure that counts each reference can refuse
 * it at once.
 */
const sharedReferencesFamily: Family = {
  name: 'shared references',
  generate(random) {
    let node: unknown = { type: 'text', text: 'x'.repeat(random.int(1, 200)) };
    for (let level = random.int(4, 24); level > 0; level--) node = { type: random.pick(['column', 'row', 'box']), children: [node, node] };
    return { form: 'value', value: { id: 'shared', window: { placement: { type: 'fullscreen' } }, root: node } };
  },
};

export const FAMILIES: readonly Family[] = [bytesFamily, tokensFamily, textMutationFamily, treeMutationFamily, inheritedNamesFamily, vocabularyFamily, sharedReferencesFamily];
