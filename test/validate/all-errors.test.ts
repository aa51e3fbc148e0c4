/**
 * validatePrototypeSpecAllErrors: every planted error comes back at its path and nothing else
 * does; entry 0 is the first-error result, the rest follow in document order.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parsePath, type PathSegment } from '../../src/expand/path.ts';
import { judgeForDevice } from '../../src/cli/commands/conformance.ts';
import { contract, type ObjectShape } from '../../src/contract/index.ts';
import { actionExample } from '../../src/contract/grammar.ts';
import { BASE_VOCABULARY_CAPABILITIES } from '../../src/protocol/constants.ts';
import { validatePrototypeSpec, validatePrototypeSpecAllErrors } from '../../src/validate/index.ts';
import { assertValid, type Json } from './helpers.ts';
import { locations, mutate, mutation, seeds } from './mutations.ts';
import { specAround } from '../contract/grammar-spec.ts';

type Spec = { [key: string]: Json };

/** A settings screen touching state bindings, styles, icons, actions and conditions. */
function settings(): Spec {
  return {
    id: 'settings',
    window: { placement: { type: 'fullscreen' } },
    state: { volume: 5, alarm: true, name: 'Ada', mode: 'calm' },
    root: {
      type: 'column',
      style: { padding: { top: 8, bottom: 8, start: 16, end: 16 }, spacing: 8, background: 'surface' },
      children: [
        { type: 'text', text: 'Settings', style: { textStyle: 'titleLarge', color: 'primary' } },
        { type: 'slider', stateKey: 'volume', min: 0, max: 10 },
        { type: 'switch', stateKey: 'alarm', label: 'Alarm' },
        { type: 'textField', stateKey: 'name', placeholder: 'Name' },
        { type: 'icon', name: 'home', style: { color: 'secondary' } },
        {
          type: 'button',
          label: 'Save',
          icon: 'save',
          onTap: [
            { type: 'setState', key: 'alarm', value: false },
            { type: 'emit', name: 'saved', payload: { from: 'settings' } },
          ],
        },
        { type: 'row', visibleWhen: { key: 'alarm', equals: true }, children: [{ type: 'text', text: 'On' }] },
      ],
    },
  };
}

/** Tabs over a pager, a repeated list and a dialog. */
function tabs(): Spec {
  return {
    id: 'tabs',
    window: { placement: { type: 'fullscreen' } },
    theme: { colors: { seed: '#6750A4' } },
    state: { open: false, picked: 'a' },
    root: {
      type: 'column',
      children: [
        { type: 'tabBar', pager: 'pages', items: [{ label: 'One' }, { label: 'Two' }] },
        {
          type: 'pager',
          id: 'pages',
          children: [
            {
              type: 'column',
              repeat: { as: 'item', items: [{ id: 'a', label: 'Apple' }, { id: 'b', label: 'Banana' }] },
              children: [{ type: 'text', text: '{item.label}', onTap: [{ type: 'setState', key: 'picked', value: '{item.id}' }] }],
            },
            { type: 'button', label: 'Next', onTap: [{ type: 'setPage', pager: 'pages', page: 0 }, { type: 'toggle', key: 'open' }] },
          ],
        },
        { type: 'dialog', openWhen: { key: 'open', equals: true }, title: 'Done', confirm: { label: 'OK', onTap: [{ type: 'dismiss' }] } },
      ],
    },
  };
}

/** One component used twice. */
function profiles(): Spec {
  return {
    id: 'profiles',
    window: { placement: { type: 'fullscreen' } },
    components: {
      person: { root: { type: 'row', children: [{ type: 'icon', name: 'person' }, { type: 'text', text: '{props.name}' }] } },
    },
    root: {
      type: 'column',
      children: [
        { type: 'use', component: 'person', props: { name: 'Ada' } },
        { type: 'use', component: 'person', props: { name: 'Grace' } },
        { type: 'text', text: 'End' },
      ],
    },
  };
}

const bases = { settings, tabs, profiles };

/** The value at `path` (segments) in `spec`, and its parent. */
function locate(spec: Spec, path: string): { parent: { [key: string]: Json } | Json[]; last: PathSegment } {
  const segments = parsePath(path)!;
  let current: Json = spec;
  for (const segment of segments.slice(0, -1)) current = (current as Record<string | number, Json>)[segment]!;
  return { parent: current as { [key: string]: Json } | Json[], last: segments[segments.length - 1]! };
}

type Plant = { set: string; to: Json } | { remove: string };

/** Plants errors in a copy of a base spec. */
function planted(base: keyof typeof bases, plants: Plant[]): Spec {
  const spec = bases[base]();
  for (const plant of plants) {
    const { parent, last } = locate(spec, 'set' in plant ? plant.set : plant.remove);
    if ('set' in plant) (parent as Record<string | number, Json>)[last] = plant.to;
    else delete (parent as Record<string | number, Json>)[last];
  }
  return spec;
}

interface Case {
  name: string;
  spec: Spec;
  /** Every error the spec has, in document order. */
  errors: string[];
}

const cases: Case[] = [
  {
    name: 'style values in three subtrees',
    spec: planted('settings', [
      { set: 'root.style.spacing', to: -4 },
      { set: 'root.children[0].style.color', to: 'notARole' },
      { set: 'root.children[4].style.color', to: '#12345' },
    ]),
    errors: ['root.style.spacing', 'root.children[0].style.color', 'root.children[4].style.color'],
  },
  {
    name: 'unknown keys at the envelope, a node and a style',
    spec: planted('settings', [
      { set: 'colour', to: 'red' },
      { set: 'root.children[2].labell', to: 'x' },
      { set: 'root.style.paddingg', to: 4 },
    ]),
    errors: ['root.style.paddingg', 'root.children[2].labell', 'colour'],
  },
  {
    name: 'bad enums: text style, icon variant, placement',
    spec: planted('settings', [
      { set: 'window.placement.type', to: 'popup' },
      { set: 'root.children[0].style.textStyle', to: 'titleHuge' },
      { set: 'root.children[4].variant', to: 'sharpest' },
    ]),
    errors: ['window.placement.type', 'root.children[0].style.textStyle', 'root.children[4].variant'],
  },
  {
    name: 'missing required fields',
    spec: planted('settings', [
      { remove: 'root.children[0].text' },
      { remove: 'root.children[1].max' },
      { remove: 'root.children[4].name' },
    ]),
    errors: ['root.children[0].text', 'root.children[1].max', 'root.children[4].name'],
  },
  {
    name: 'state keys that are not in state',
    spec: planted('settings', [
      { set: 'root.children[1].stateKey', to: 'loudness' },
      { set: 'root.children[3].stateKey', to: 'nickname' },
    ]),
    errors: ['root.children[1].stateKey', 'root.children[3].stateKey'],
  },
  {
    name: 'bad actions beside a bad style',
    spec: planted('settings', [
      { set: 'root.children[5].onTap[0]', to: { type: 'setState', value: 1 } },
      { set: 'root.children[5].onTap[1].type', to: 'shout' },
      { set: 'root.children[4].style.color', to: 7 },
    ]),
    errors: ['root.children[4].style.color', 'root.children[5].onTap[0].key', 'root.children[5].onTap[1].type'],
  },
  {
    name: 'bad icons in a button and an icon node',
    spec: planted('settings', [
      { set: 'root.children[4].name', to: 'hoem' },
      { set: 'root.children[5].icon', to: 'floppy' },
    ]),
    errors: ['root.children[4].name', 'root.children[5].icon'],
  },
  {
    name: 'state type mismatches for three controls',
    spec: planted('settings', [
      { set: 'state.volume', to: 'loud' },
      { set: 'state.alarm', to: 1 },
      { set: 'root.children[3].placeholder', to: 5 },
    ]),
    // The state values themselves are fine JSON scalars; the controls bound to them are refused.
    errors: ['root.children[1].stateKey', 'root.children[2].stateKey', 'root.children[3].placeholder'],
  },
  {
    // A key without a comparison is one error, the property that is none is another.
    name: 'conditions: unknown comparison, two comparisons, empty group',
    spec: planted('settings', [
      { set: 'root.children[6].visibleWhen', to: { key: 'alarm', equals: true, gt: 1 } },
      { set: 'root.children[2].visibleWhen', to: { all: [] } },
      { set: 'root.children[0].visibleWhen', to: { key: 'alarm', like: true } },
    ]),
    errors: ['root.children[0].visibleWhen.equals', 'root.children[0].visibleWhen.like', 'root.children[2].visibleWhen.all', 'root.children[6].visibleWhen.gt'],
  },
  {
    name: 'unknown node types hide their own subtrees',
    spec: planted('settings', [
      { set: 'root.children[6].type', to: 'rowz' },
      // inside the refused node: not reported
      { set: 'root.children[6].children[0].text', to: 5 },
      { set: 'root.children[2].type', to: 'toggle' },
      { set: 'root.children[0].style.color', to: 'nope' },
    ]),
    errors: ['root.children[0].style.color', 'root.children[2].type', 'root.children[6].type'],
  },
  {
    name: 'a refused action type hides its own fields',
    spec: planted('settings', [
      { set: 'root.children[5].onTap[1]', to: { type: 'yell', name: 7, loud: true } },
      { set: 'root.children[5].label', to: '' },
    ]),
    errors: ['root.children[5].label', 'root.children[5].onTap[1].type'],
  },
  {
    name: 'a failed state entry does not fail the control bound to it',
    spec: planted('settings', [
      { set: 'state.volume', to: null },
      { set: 'state.mode', to: [1] },
      { set: 'root.children[4].name', to: 'nope_nope' },
    ]),
    errors: ['state.volume', 'state.mode', 'root.children[4].name'],
  },
  {
    name: 'a slider whose range check reads a failed field reports the field only',
    spec: planted('settings', [
      { set: 'root.children[1].min', to: 'zero' },
      { set: 'root.children[1].style', to: { width: 'huge' } },
      { set: 'root.children[0].style.maxLines', to: 0 },
    ]),
    errors: ['root.children[0].style.maxLines', 'root.children[1].min', 'root.children[1].style.width'],
  },
  {
    name: 'pager references, a duplicate array entry and a template field',
    spec: planted('tabs', [
      { set: 'root.children[0].pager', to: 'pagez' },
      { set: 'root.children[1].children[1].onTap[0].pager', to: 'nowhere' },
      { set: 'root.children[1].children[0].children[0].text', to: '{item.name}' },
    ]),
    errors: ['root.children[0].pager', 'root.children[1].children[0].children[0].text', 'root.children[1].children[1].onTap[0].pager'],
  },
  {
    name: 'a failed pager id does not fail the references to it',
    spec: planted('tabs', [
      { set: 'root.children[1].id', to: 7 },
      { set: 'root.children[2].title', to: 8 },
      { set: 'theme.colors.seed', to: 'purple' },
    ]),
    errors: ['theme.colors.seed', 'root.children[1].id', 'root.children[2].title'],
  },
  {
    name: 'repeat, dialog and theme errors',
    spec: planted('tabs', [
      { set: 'root.children[1].children[0].repeat.as', to: 'Bad Alias' },
      { remove: 'root.children[2].confirm' },
      { set: 'theme.colors.bogus', to: '#FFFFFF' },
      { set: 'root.children[0].items[1].label', to: '' },
    ]),
    errors: ['theme.colors.bogus', 'root.children[0].items[1].label', 'root.children[1].children[0].repeat.as', 'root.children[2].confirm'],
  },
  {
    name: 'action errors in a template and after it',
    spec: planted('tabs', [
      { set: 'root.children[1].children[0].children[0].onTap[0]', to: { type: 'toggle', key: 'nothing' } },
      { set: 'root.children[1].children[1].onTap[1].key', to: 'absent' },
      { set: 'root.children[0].items[0].icon', to: 'nope_x' },
    ]),
    errors: ['root.children[0].items[0].icon', 'root.children[1].children[0].children[0].onTap[0].key', 'root.children[1].children[1].onTap[1].key'],
  },
  {
    name: 'a failed repeat does not fail the bindings of its template',
    spec: planted('tabs', [
      { set: 'root.children[1].children[0].repeat.items[1]', to: 'Cherry' },
      // bound per item to done_a, done_b, which are not in state: not judged while the items failed
      { set: 'root.children[1].children[0].children[1]', to: { type: 'checkbox', stateKey: 'done_{item.id}' } },
      { set: 'root.children[2].title', to: 8 },
    ]),
    errors: ['root.children[1].children[0].repeat.items[1]', 'root.children[2].title'],
  },
  {
    name: 'an error in a component is listed once, at its first use',
    spec: planted('profiles', [
      { set: 'components.person.root.children[0].name', to: 'persn' },
      { set: 'root.children[2].text', to: 9 },
      { set: 'id', to: '' },
    ]),
    errors: ['id', 'root.children[0] (use person) → components.person.root.children[0].name', 'root.children[2].text'],
  },
  {
    name: 'envelope errors beside node errors',
    spec: planted('profiles', [
      { set: 'window.placement', to: { type: 'fullscreen', width: 3 } },
      { set: 'root.children[2].style', to: { alpha: 2 } },
      { set: 'root.style', to: { cornerRadius: 'roundest' } },
    ]),
    errors: ['window.placement.width', 'root.children[2].style.alpha', 'root.style.cornerRadius'],
  },
  {
    name: 'five errors across every section',
    spec: planted('settings', [
      { set: 'id', to: 42 },
      { set: 'window.placement.type', to: 'side' },
      { set: 'state.volume', to: { level: 5 } },
      { set: 'root.children[0].style.maxLines', to: 0 },
      { set: 'root.children[5].onTap[1].name', to: '' },
    ]),
    errors: ['id', 'window.placement.type', 'state.volume', 'root.children[0].style.maxLines', 'root.children[5].onTap[1].name'],
  },
];

describe('every planted error', () => {
  test('the base specs are valid', () => {
    for (const base of Object.values(bases)) assertValid(base());
  });

  for (const { name, spec, errors } of cases) {
    test(name, () => {
      const first = validatePrototypeSpec(spec);
      const all = validatePrototypeSpecAllErrors(spec);
      assert.ok(!first.ok && !all.ok, 'the spec is refused');
      assert.deepEqual(all.errors[0], { path: first.path, message: first.message }, 'entry 0 is the first error');
      const paths = all.errors.map((error) => error.path);
      assert.deepEqual([...paths].sort(), [...errors].sort(), all.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
      assert.deepEqual(paths.slice(1), errors.filter((path) => path !== first.path), 'the rest in document order');
      assert.equal(all.truncated, false);
    });
  }
});

describe('bounds and single-error inputs', () => {
  test('maxErrors bounds the list and says it was cut', () => {
    const children = Array.from({ length: 8 }, (_, index) => ({ type: 'text', text: index }));
    const spec = { id: 'many', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children } };
    const all = validatePrototypeSpecAllErrors(spec, { maxErrors: 3 });
    assert.ok(!all.ok);
    assert.deepEqual(all.errors.map((e) => e.path), ['root.children[0].text', 'root.children[1].text', 'root.children[2].text']);
    assert.equal(all.truncated, true);
    const exact = validatePrototypeSpecAllErrors(spec, { maxErrors: 8 });
    assert.ok(!exact.ok && exact.errors.length === 8 && !exact.truncated);
  });

  test('a count limit is reported once, not at every later node', () => {
    const children = Array.from({ length: 40 }, () => ({ type: 'image', asset: 'a' }));
    const all = validatePrototypeSpecAllErrors({ id: 'x', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children } });
    assert.ok(!all.ok);
    assert.equal(all.errors.length, 1);
    assert.match(all.errors[0]!.message, /Image limit exceeded/);
  });

  test('strict-reader and expansion errors are the whole list', () => {
    for (const input of ['{"id": "x", "id": "y"}', '{"id": ', new Uint8Array([0xff])]) {
      const all = validatePrototypeSpecAllErrors(input);
      const first = validatePrototypeSpec(input);
      assert.ok(!all.ok && !first.ok);
      assert.deepEqual(all.errors, [{ path: '$', message: first.message }]);
    }
    const unknownComponent = planted('profiles', [{ set: 'root.children[1].component', to: 'persona' }, { set: 'root.children[2].text', to: 1 }]);
    const all = validatePrototypeSpecAllErrors(unknownComponent);
    assert.ok(!all.ok);
    assert.deepEqual(all.errors.map((e) => e.path), ['root.children[1].component']);
  });

  test('a misspelled required key is listed as missing and as unknown, so one round can fix it', () => {
    const all = validatePrototypeSpecAllErrors({ id: 'x', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', txt: 'Hi' } });
    assert.ok(!all.ok);
    assert.deepEqual(all.errors.map((e) => e.path), ['root.txt', 'root.text']);
    assert.match(all.errors[0]!.message, /did you mean "text"/);
    assert.match(all.errors[1]!.message, /exactly one of text or spans; none is given/);
  });

  test('a valid spec gives the same result as validatePrototypeSpec', () => {
    const spec = settings();
    assert.deepEqual(validatePrototypeSpecAllErrors(spec), validatePrototypeSpec(spec));
  });
});

/** The project's invalid fixtures and the shared corpus's invalid cases, when it is beside the project. */
const invalidDirs = [
  new URL('../fixtures/prototype-spec/invalid/', import.meta.url),
  new URL('../../../shared/conformance/automobile/invalid/', import.meta.url),
  new URL('../../../shared/conformance/automobile/components/invalid/', import.meta.url),
].filter((dir) => existsSync(dir));

describe('entry 0 is the first-error result', () => {
  for (const dir of invalidDirs) {
    const where = dir.pathname.split('/').slice(-3, -1).join('/');
    test(`for every invalid case of ${where}`, () => {
      const names = readdirSync(dir).filter((name) => name.endsWith('.json'));
      assert.ok(names.length > 0);
      for (const name of names) {
        const { spec, expectedPath } = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as { spec: Json; expectedPath: string };
        for (const input of [spec, JSON.stringify(spec)]) {
          const first = validatePrototypeSpec(input);
          const all = validatePrototypeSpecAllErrors(input);
          // The shared corpus is written for a device with the base vocabulary, which refuses what
          // the extended vocabulary added (a pager's axis): that is its rejection, not the validator's.
          if (first.ok && dir !== invalidDirs[0]) {
            assert.deepEqual([judgeForDevice(input, BASE_VOCABULARY_CAPABILITIES).ok, all.ok], [false, true], name);
            assert.equal((judgeForDevice(input, BASE_VOCABULARY_CAPABILITIES) as { path: string }).path, expectedPath, name);
            continue;
          }
          assert.ok(!first.ok && !all.ok, name);
          assert.deepEqual(all.errors[0], { path: first.path, message: first.message }, name);
        }
      }
    });
  }
});

/**
 * Where a path sits in the document, found independently of the validator: its rank in the
 * preorder list of every location of the value (a missing key just after its object's last
 * descendant), one rank per link of a use chain.
 */
function documentRank(value: Json, path: string): number[] {
  const preorder = locations(value);
  const keys = preorder.map((segments) => JSON.stringify(segments));
  return path.split(' → ').map((link) => {
    const segments = parsePath(link.replace(/ \(use [^()]*\)$/, ''))!;
    for (let length = segments.length; length >= 0; length--) {
      const found = keys.indexOf(JSON.stringify(segments.slice(0, length)));
      if (found < 0) continue;
      if (length === segments.length) return found;
      let last = found;
      while (last + 1 < preorder.length && preorder[last + 1]!.length > length) last++;
      return last + 0.5;
    }
    return Infinity;
  });
}

function notAfter(a: number[], b: number[]): boolean {
  for (let index = 0; index < Math.min(a.length, b.length); index++) if (a[index] !== b[index]) return a[index]! < b[index]!;
  return true;
}

// Seed 001's all-errors mode lists every error; none of them may be the validator's own failure.
// Eight fixed seeds, so every run tries the same 2,400 inputs and a failure can be replayed.
const MUTATION_SEEDS = [1, 2, 3, 5, 8, 13, 21, 34];

test('mutated specs: a list iff the first error, entry 0 equal to it, unique paths in document order, never a throw', () => {
  for (const seed of MUTATION_SEEDS) fc.assert(
    fc.property(fc.nat(seeds.length - 1), fc.array(mutation, { minLength: 1, maxLength: 5 }), (seedIndex, changes) => {
      const root = { spec: structuredClone(seeds[seedIndex]!) };
      for (const change of changes) mutate(root, change);
      for (const input of [root.spec, JSON.stringify(root.spec)]) {
        const first = validatePrototypeSpec(input);
        const all = validatePrototypeSpecAllErrors(input);
        assert.equal(all.ok, first.ok);
        if (first.ok || all.ok) continue;
        assert.deepEqual(all.errors[0], { path: first.path, message: first.message });
        const paths = all.errors.map((error) => error.path);
        assert.equal(new Set(paths).size, paths.length, `duplicate paths: ${paths.join(', ')}`);
        const rest = paths.slice(1).map((path) => documentRank(root.spec, path));
        for (let index = 1; index < rest.length; index++) {
          assert.ok(notAfter(rest[index - 1]!, rest[index]!), `out of document order: ${paths.join(', ')}`);
        }
        for (const error of all.errors) assert.doesNotMatch(error.message, /^Internal/, `${error.path}: ${error.message}`);
      }
    }),
    { numRuns: 300, seed },
  );
});

const WRONG_VALUES: unknown[] = [7, -1.5, 'x', '', true, null, [], [1], {}, { a: 1 }];

function platformCalls(): string[] {
  const call = contract.actions.platform!.properties.call as { values: string[] };
  return call.values;
}

/** The action itself, each of its fields, and each member of an object field (platform args, headers). */
function wrongTypedSites(example: Record<string, unknown>, fields: string[]): Array<[string, (wrong: unknown) => unknown]> {
  const sites: Array<[string, (wrong: unknown) => unknown]> = [['', (wrong) => wrong]];
  for (const field of fields) {
    sites.push([field, (wrong) => ({ ...example, [field]: wrong })]);
    const value = example[field];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    for (const member of Object.keys(value)) sites.push([`${field}.${member}`, (wrong) => ({ ...example, [field]: { ...value, [member]: wrong } })]);
  }
  return sites;
}

test('every field of every action type, wrong-typed, is an error at its path in both modes, never internal', () => {
  const internal: string[] = [];
  const platformArgs = Object.keys((contract.definitions.platformArgs as ObjectShape).properties);
  const examples = [
    ...Object.keys(contract.actions).map((type) => actionExample(type)),
    // Each platform call with each args member it might take, so every call's own args checks run.
    ...platformCalls().flatMap((call) => platformArgs.map((member) => ({ type: 'platform', call, args: { [member]: 'x' } }))),
  ];
  for (const example of examples) {
    const type = example.type as string;
    for (const [field, withWrong] of wrongTypedSites(example, Object.keys(contract.actions[type]!.properties))) {
      for (const wrong of WRONG_VALUES) {
        const action = withWrong(wrong);
        const spec = specAround([{ type: 'box', testTag: 'target', children: [], onTap: [action] }]);
        const single = validatePrototypeSpec(spec);
        const all = validatePrototypeSpecAllErrors(spec);
        assert.equal(all.ok, single.ok, `${type}.${field} = ${JSON.stringify(wrong)}`);
        if (single.ok || all.ok) continue;
        assert.deepEqual(all.errors[0], { path: single.path, message: single.message });
        for (const error of all.errors) if (/^Internal/.test(error.message)) internal.push(`${type}.${field} = ${JSON.stringify(wrong)}: ${error.message}`);
      }
    }
  }
  assert.deepEqual(internal, []);
});

test('a navigation suite whose items hold a null collects that error and checks its state key without an internal error', () => {
  const all = validatePrototypeSpecAllErrors({
    id: 7, window: { placement: { type: 'fullscreen' } }, state: { tab: 'a' },
    root: { type: 'adaptive', layout: 'navigationSuite', stateKey: 'tab', items: [{ value: 'a', label: 'A' }, null], content: { type: 'text', text: 'x' } },
  });
  assert.ok(!all.ok);
  assert.deepEqual(all.errors.map((error) => error.path), ['id', 'root.items[1]']);
});
