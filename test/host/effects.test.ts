// Style effects and the host: a show and status list each effect the web device leaves out (a
// distortion on a node that scrolls), by path, hidden nodes and repeat templates included; the
// animated-effect budget counts every repeat instance; the gate refuses effects without
// prototype_effects_v1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { assertRefusedWithout, hostFor, runtimeDevice } from './gate.ts';

const shimmer = { type: 'shimmer', animate: { durationMs: 1000 } };

const SPEC = {
  id: 'effects',
  window: { placement: { type: 'fullscreen' } },
  state: { open: false },
  root: {
    type: 'column',
    children: [
      { type: 'scroll', style: { effects: [{ type: 'glow' }, { type: 'blur', radius: 4 }] }, child: { type: 'text', text: 'Scrolled' } },
      { type: 'list', visibleWhen: { key: 'open', equals: true }, style: { effects: [{ type: 'wave' }] }, children: [{ type: 'text', text: 'Hidden row' }] },
      { type: 'column', repeat: { items: [{ n: 1 }, { n: 2 }], as: 'row' }, children: [{ type: 'carousel', itemWidth: 100, children: [{ type: 'text', text: '{row.n}' }], style: { effects: [{ type: 'pixelate' }] } }] },
      { type: 'box', children: [], style: { effects: [{ type: 'blur' }, shimmer] } },
    ],
  },
};

test('the show and status list the effects left out, by path, hidden nodes and repeat templates included', async () => {
  const host = hostFor(runtimeDevice());
  const shown = await host.show({ spec: SPEC });
  assert.ok(shown.success, JSON.stringify(shown));
  const expected = [
    ['root.children[0].style.effects[1]', 'blur'],
    ['root.children[1].style.effects[0]', 'wave'],
    ['root.children[2].children[0].style.effects[0]', 'pixelate'],
  ];
  assert.deepEqual(shown.degradedEffects!.map((effect) => [effect.path, effect.type]), expected);
  assert.match(shown.degradedEffects![0]!.reason, /scroll/);
  const status = await host.status();
  assert.ok(status.success);
  const entry = (status as unknown as { prototypes: { id: string; degradedEffects?: { path: string; type: string }[] }[] }).prototypes.find((shownEntry) => shownEntry.id === 'effects')!;
  assert.deepEqual(entry.degradedEffects!.map((effect) => [effect.path, effect.type]), expected);
});

test('at most eight animated effects, counting each repeat instance; resting ones do not count', () => {
  const boxes = (count: number, effect: object) => Array.from({ length: count }, () => ({ type: 'box', children: [], style: { effects: [effect] } }));
  const spec = (children: object[]) => ({ id: 'budget', window: { placement: { type: 'fullscreen' } }, root: { type: 'column', children } });
  assert.ok(validatePrototypeSpec(spec(boxes(8, shimmer))).ok);
  assert.ok(validatePrototypeSpec(spec([...boxes(8, shimmer), ...boxes(4, { type: 'shimmer', phase: 0.5 })])).ok);
  const nine = validatePrototypeSpec(spec(boxes(9, shimmer)));
  assert.deepEqual(nine.ok ? null : nine.path, 'root.children[8].style.effects[0].animate');
  const rows = Array.from({ length: 5 }, (_, n) => ({ n }));
  const repeated = validatePrototypeSpec(spec([{ type: 'column', repeat: { items: rows, as: 'row' }, children: boxes(2, { type: 'wave', animate: {} }) }]));
  assert.equal(repeated.ok, false, 'five rows of two animated waves are ten');
  assert.match(repeated.ok ? '' : repeated.message, /Animated effect limit exceeded: 5 instances/);
  // A repeating icon effect counts; one replayed by a trigger does not.
  const icons = (count: number, effect: object) => Array.from({ length: count }, () => ({ type: 'icon', name: 'sync', effect }));
  const withIcons = validatePrototypeSpec({ ...spec([...boxes(7, shimmer), ...icons(2, { type: 'rotate', repeat: 'infinite' })]) });
  assert.deepEqual(withIcons.ok ? null : withIcons.path, 'root.children[8].effect.repeat');
  assert.ok(validatePrototypeSpec({ ...spec([...boxes(8, shimmer), ...icons(3, { type: 'bounce', trigger: { key: 'n' } })]), state: { n: 0 } }).ok);
});

test('the gate refuses style effects without prototype_effects_v1', async () => {
  await assertRefusedWithout(CAPABILITIES.effects, { id: 'fx', window: { placement: { type: 'fullscreen' } }, root: { type: 'box', children: [], style: { effects: [{ type: 'noise' }] } } }, 'root.style.effects');
});
