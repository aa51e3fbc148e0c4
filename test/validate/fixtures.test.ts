/**
 * The project's own fixtures: every valid spec is accepted, every invalid one is rejected at its
 * expectedPath, and together they cover every node, action and placement type.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { actionTypes, contract, nodeTypes, placementTypes } from '../../src/contract/index.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';

const root = new URL('../fixtures/prototype-spec/', import.meta.url);

function fixtures(folder: 'valid' | 'invalid'): Array<{ name: string; text: string }> {
  const dir = new URL(`${folder}/`, root);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }));
}

const valid = fixtures('valid');
const invalid = fixtures('invalid');

/** Node, action and placement types a spec uses, found through the fields that hold them. */
function typesUsed(spec: Record<string, unknown>) {
  const used = { nodes: new Set<string>(), actions: new Set<string>(), placements: new Set<string>() };
  const placement = (spec.window as { placement?: { type?: string } } | undefined)?.placement;
  if (placement?.type) used.placements.add(placement.type);
  const visit = (value: unknown, holds: 'node' | 'action' | null): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, holds));
    if (!value || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    if (holds === 'node' && typeof object.type === 'string') used.nodes.add(object.type);
    if (holds === 'action' && typeof object.type === 'string') used.actions.add(object.type);
    for (const [key, member] of Object.entries(object)) {
      if (key === 'screens' && member && typeof member === 'object') {
        visit(Object.values(member), 'node');
        continue;
      }
      const next = key === 'root' || key === 'children' || key === 'child' ? 'node' : key === 'onTap' || key === 'onAppear' || key === 'onFire' ? 'action' : null;
      visit(member, next);
    }
  };
  visit(spec, null);
  return used;
}

describe('own fixtures', () => {
  test('both folders are nonempty and hold the worked examples and every-node', () => {
    assert.ok(valid.length > 0 && invalid.length > 0);
    const names = valid.map((f) => f.name);
    for (const name of ['doc-example-1.json', 'doc-example-2.json', 'doc-example-3.json', 'every-node.json']) {
      assert.ok(names.includes(name), `missing valid/${name}`);
    }
  });

  for (const fixture of valid) {
    test(`valid/${fixture.name} is accepted and decodes`, () => {
      const result = validatePrototypeSpec(fixture.text);
      assert.ok(result.ok, result.ok ? '' : `${result.path}: ${result.message}`);
      assert.equal(result.spec.id, (JSON.parse(fixture.text) as { id: string }).id);
    });
  }

  for (const fixture of invalid) {
    test(`invalid/${fixture.name} is rejected at its expectedPath`, () => {
      const { spec, expectedPath } = JSON.parse(fixture.text) as { spec: unknown; expectedPath: string };
      const result = validatePrototypeSpec(JSON.stringify(spec));
      assert.equal(result.ok, false, 'accepted');
      if (!result.ok) {
        assert.equal(result.path, expectedPath, result.message);
        assert.ok(result.message.length > 10, 'a message that explains the error');
      }
    });
  }

  test('valid fixtures cover every node, action and placement type', () => {
    const nodes = new Set<string>();
    const actions = new Set<string>();
    const placements = new Set<string>();
    for (const fixture of valid) {
      const used = typesUsed(JSON.parse(fixture.text) as Record<string, unknown>);
      used.nodes.forEach((t) => nodes.add(t));
      used.actions.forEach((t) => actions.add(t));
      used.placements.forEach((t) => placements.add(t));
    }
    assert.deepEqual(nodeTypes.filter((t) => !nodes.has(t)), [], 'node types without a valid fixture');
    assert.deepEqual(actionTypes.filter((t) => !actions.has(t)), [], 'action types without a valid fixture');
    assert.deepEqual(placementTypes().filter((t) => !placements.has(t)), [], 'placement types without a valid fixture');
  });

  test('every-node.json uses every node type of the base vocabulary and tags every node', () => {
    const spec = JSON.parse(valid.find((f) => f.name === 'every-node.json')!.text) as Record<string, unknown>;
    const base = nodeTypes.filter((type) => contract.nodes[type]!.capability === undefined);
    assert.deepEqual([...typesUsed(spec).nodes].sort(), [...base].sort());
    const untagged: string[] = [];
    const visit = (node: Record<string, unknown>, path: string) => {
      if (typeof node.testTag !== 'string') untagged.push(path);
      (node.children as Array<Record<string, unknown>> | undefined)?.forEach((child, i) => visit(child, `${path}.children[${i}]`));
      if (node.child) visit(node.child as Record<string, unknown>, `${path}.child`);
    };
    visit(spec.root as Record<string, unknown>, 'root');
    assert.deepEqual(untagged, []);
  });
});
