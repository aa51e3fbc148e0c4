/** The rule table is complete, self-consistent and in step with the closed icon list. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  actionTypes,
  colorRoles,
  contract,
  iconNames,
  nodeTypes,
  placementTypes,
  textStyleRoles,
  type Rule,
} from '../../src/contract/index.ts';
import { contractPath, defaultIconListPath, parseIconList, withIconNames } from '../../src/contract/generate-icon-names.ts';

describe('contract vocabulary', () => {
  test('the icon list equals the material-icons-extended data file', { skip: !existsSync(defaultIconListPath) }, () => {
    const names = parseIconList(readFileSync(defaultIconListPath, 'utf8'));
    assert.equal(names.length, 2075);
    assert.deepEqual(iconNames, names);
  });

  test('regenerating the icon list leaves the contract file unchanged', { skip: !existsSync(defaultIconListPath) }, () => {
    const current = readFileSync(contractPath, 'utf8');
    assert.equal(withIconNames(current, parseIconList(readFileSync(defaultIconListPath, 'utf8'))), current);
  });

  test('the icon generator refuses malformed lists', () => {
    assert.throws(() => parseIconList('home\nHome\n'), /snake_case/);
    assert.throws(() => parseIconList('home\nhome\n'), /duplicate/);
    assert.deepEqual(parseIconList('home\n\nadd\n'), ['home', 'add']);
  });

  test('36 colour roles and 15 text style roles, all distinct', () => {
    assert.equal(new Set(colorRoles).size, 36);
    assert.equal(new Set(textStyleRoles).size, 15);
    for (const role of ['surfaceContainerLowest', 'inverseOnSurface', 'scrim', 'surfaceTint']) assert.ok(colorRoles.includes(role));
  });

  test('every node type, action type and placement type of the spec is an entry', () => {
    assert.deepEqual([...nodeTypes].sort(), [
      'adaptive', 'badge', 'bottomNav', 'bottomSheet', 'box', 'button', 'cameraPreview', 'card', 'carousel', 'castButton', 'chart', 'checkbox', 'chip', 'column', 'datePicker',
      'dialog', 'divider', 'drawer', 'fab', 'flow', 'grid', 'icon', 'iconButton', 'image', 'list', 'listItem', 'map', 'menu', 'pager', 'pasteButton', 'progress', 'radioGroup',
      'row', 'scroll', 'searchBar', 'segmentedButton', 'select', 'slider', 'snackbar', 'spacer', 'stack', 'switch', 'tabBar', 'text', 'textField',
      'timePicker', 'tooltip', 'topAppBar', 'videoPlayer',
    ]);
    assert.deepEqual([...actionTypes].sort(), [
      'appendData', 'cancelTimer', 'decrement', 'dismiss', 'emit', 'if', 'increment', 'platform', 'pop', 'popToRoot', 'prependData', 'push', 'removeData', 'replace', 'request', 'setData', 'setPage', 'setState', 'startTimer', 'toggle',
    ]);
    assert.deepEqual(placementTypes(), ['fullscreen', 'sheet', 'floating']);
  });

  test('every limit constant of the spec is present', () => {
    assert.deepEqual(
      {
        nodes: contract.limits.MAX_PROTOTYPE_NODES,
        depth: contract.limits.MAX_PROTOTYPE_DEPTH,
        images: contract.limits.MAX_PROTOTYPE_IMAGES,
        bytes: contract.limits.MAX_PROTOTYPE_SPEC_BYTES,
        emit: contract.limits.MAX_PROTOTYPE_EMIT_PAYLOAD_BYTES,
        emitDepth: contract.limits.MAX_PROTOTYPE_EMIT_PAYLOAD_DEPTH,
        condition: contract.limits.MAX_PROTOTYPE_CONDITION_DEPTH,
        selector: contract.limits.MAX_PROTOTYPE_SELECTOR_DEPTH,
        component: contract.limits.MAX_PROTOTYPE_COMPONENT_DEPTH,
      },
      { nodes: 2000, depth: 24, images: 32, bytes: 1048576, emit: 4096, emitDepth: 24, condition: 8, selector: 8, component: 8 },
    );
  });
});

describe('contract consistency', () => {
  /** Every rule reachable from the table, with where it sits. */
  function* rules(): Generator<[string, Rule]> {
    const stack: Array<[string, unknown]> = [['contract', contract]];
    while (stack.length > 0) {
      const [where, value] = stack.pop()!;
      if (Array.isArray(value)) value.forEach((item, i) => stack.push([`${where}[${i}]`, item]));
      else if (value && typeof value === 'object') {
        if ('kind' in value || 'ref' in value) yield [where, value as Rule];
        for (const [key, member] of Object.entries(value)) stack.push([`${where}.${key}`, member]);
      }
    }
  }

  test('every ref, enum, pattern and limit a rule names exists', () => {
    for (const [where, rule] of rules()) {
      if (rule.kind === undefined) assert.ok(contract.definitions[rule.ref], `${where}: missing definition ${rule.ref}`);
      if (rule.kind === 'enum') assert.ok(rule.values ?? contract.enums[rule.enum!], `${where}: missing enum ${rule.enum}`);
      if (rule.kind === 'string' && rule.pattern) assert.ok(contract.patterns[rule.pattern], `${where}: missing pattern`);
      if (rule.kind === 'map' && rule.keyEnum) assert.ok(contract.enums[rule.keyEnum], `${where}: missing enum`);
      if (rule.kind === 'json') for (const name of [rule.maxBytes, rule.maxDepth, rule.numberBytes]) assert.ok(contract.limits[name] !== undefined, `${where}: ${name}`);
    }
  });

  test('required properties and checks name declared properties', () => {
    const shapes: Array<[string, { properties: Record<string, Rule>; required?: string[]; checks?: Array<Record<string, unknown>> }]> = [
      ...Object.entries(contract.nodes).map(([name, shape]) => [`nodes.${name}`, shape] as [string, typeof shape]),
      ...Object.entries(contract.actions).map(([name, shape]) => [`actions.${name}`, shape] as [string, typeof shape]),
    ];
    for (const [where, shape] of shapes) {
      for (const key of shape.required ?? []) assert.ok(key in shape.properties, `${where}: required ${key} is not declared`);
      for (const check of shape.checks ?? []) {
        for (const field of [check.field, check.at, check.than, check.with, check.without, check.when].filter((f) => typeof f === 'string')) {
          assert.ok(field as string in shape.properties, `${where}: check names undeclared ${String(field)}`);
        }
      }
    }
  });

  test('node properties never shadow the common node properties except the required pager and stack ids', () => {
    for (const [type, entry] of Object.entries(contract.nodes)) {
      for (const key of Object.keys(entry.properties)) {
        if (key in contract.nodeCommon.properties) assert.ok(['pager.id', 'stack.id'].includes(`${type}.${key}`), `${type}.${key}`);
      }
    }
  });

  test('patterns compile and state keys are at most 64 characters', () => {
    const stateKey = new RegExp(contract.patterns.stateKey!);
    assert.ok(stateKey.test(`a${'b'.repeat(63)}`));
    assert.ok(!stateKey.test(`a${'b'.repeat(64)}`));
    assert.ok(!stateKey.test('1a'));
    const hex = new RegExp(contract.patterns.hexColor!);
    assert.ok(hex.test('#a0B1c2') && hex.test('#80FFFFFF'));
    assert.ok(!hex.test('#FFF') && !hex.test('FFFFFF'));
  });
});
