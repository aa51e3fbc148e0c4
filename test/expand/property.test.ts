import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { displayPath, expandComponents, parsePath, spellPath } from '../../src/expand/index.ts';

/** A spec with nested components, props of every scalar type and a use inside a repeat template. */
const base = {
  id: 'p',
  window: { placement: { type: 'fullscreen' } },
  state: { liked_a: false, tab: 0 },
  components: {
    avatar: { root: { type: 'text', text: '{props.initial}' } },
    card: {
      root: {
        type: 'card',
        visibleWhen: { key: 'tab', equals: '{props.tab}' },
        children: [
          { type: 'use', component: 'avatar', props: { initial: '{props.name}' } },
          { type: 'button', label: 'Like {props.name}', onTap: [{ type: 'toggle', key: '{props.likeKey}' }] },
        ],
      },
    },
  },
  root: {
    type: 'column',
    children: [
      { type: 'use', component: 'card', props: { name: 'A', likeKey: 'liked_a', tab: 0 } },
      { type: 'row', repeat: { items: [{ id: 1 }], as: 'item' }, children: [{ type: 'use', component: 'avatar', props: { initial: '{item.id}' } }] },
    ],
  },
};

type Path = Array<string | number>;

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...prefix, index], out));
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  return out;
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, segment) => (current as Record<string | number, unknown> | undefined)?.[segment], value);
}

type Mutation = { kind: 'set'; path: Path; value: unknown } | { kind: 'drop'; path: Path } | { kind: 'rename'; path: Path; key: string };

function mutate(spec: unknown, mutation: Mutation): unknown {
  const copy = structuredClone(spec);
  const parent = at(copy, mutation.path.slice(0, -1)) as Record<string | number, unknown> | undefined;
  const last = mutation.path[mutation.path.length - 1];
  if (parent === undefined || parent === null || last === undefined || typeof parent !== 'object') return copy;
  if (mutation.kind === 'set') parent[last] = mutation.value;
  else if (mutation.kind === 'drop') Array.isArray(parent) ? parent.splice(last as number, 1) : delete parent[last];
  else if (!Array.isArray(parent)) {
    parent[mutation.key] = parent[last];
    delete parent[last];
  }
  return copy;
}

const allPaths = pathsOf(base).filter((path) => path.length > 0);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), path: fc.constantFrom(...allPaths), value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('{props.name}', '{props.nope}', 'use', 'card', 'avatar')) }),
  fc.record({ kind: fc.constant('drop' as const), path: fc.constantFrom(...allPaths) }),
  fc.record({ kind: fc.constant('rename' as const), path: fc.constantFrom(...allPaths), key: fc.constantFrom('extra', 'props', 'component', 'root', 'bad.key', 'children') }),
);

/** The authored value a use-chain path names: each "(use x) → components.x.root" restarts from that component. */
function authoredExists(spec: unknown, path: string): boolean {
  if (path === '$') return true;
  const hops = path.split(/ \(use [A-Za-z0-9_]+\) → /);
  return hops.every((hop) => {
    const segments = parsePath(hop);
    if (segments === null) return false;
    const parent = at(spec, segments.slice(0, -1));
    return typeof parent === 'object' && parent !== null;
  });
}

test('property: mutated component specs never throw, and every error names a place in the authored spec', () => {
  fc.assert(
    fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (mutations) => {
      const spec = mutations.reduce<unknown>((current, next) => mutate(current, next), base);
      const result = expandComponents(spec);
      if (result.ok) {
        for (const path of pathsOf(result.value).slice(0, 200)) {
          const printed = path.reduce<string>((text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? (text ? `${text}.${segment}` : segment) : `${text || '$'}[${JSON.stringify(segment)}]`), '');
          assert.ok(authoredExists(spec, result.authoredPath(printed || '$')), `${printed} → ${result.authoredPath(printed || '$')}`);
        }
      } else {
        assert.ok(authoredExists(spec, result.path), `${result.path}: ${result.message}`);
      }
    }),
    { numRuns: 300 },
  );
});

test('property: spellPath spells the segments parsePath reads back', () => {
  const segment = fc.oneof(fc.string(), fc.constantFrom('root', 'children', 'a.b', '$', ''), fc.nat(50));
  fc.assert(
    fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
      const path = spellPath(segments);
      assert.deepEqual(parsePath(displayPath(path)), segments);
    }),
  );
});
