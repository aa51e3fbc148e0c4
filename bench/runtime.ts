/**
 * Runtime bench: median time to apply one tap on a 2000-node spec — the interaction unit, its
 * events and the new render model — beside a baseline measured in the same run (a structuredClone
 * of the same state). Target: <= 1 ms per tap.
 *
 *   npm run bench:runtime
 */
import { performance } from 'node:perf_hooks';
import { createController, type PrototypeEvent } from '../src/runtime/index.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { budget, median } from './stats.ts';

const CARDS = 99;

/** 1 column + 1 button + 1 counter text + 99 cards × 20 nodes + a row of 16 spacers = 2000 nodes. */
function buildSpec(countersEverywhere: boolean) {
  const state: Record<string, string | number | boolean> = { count: 0 };
  const cards = Array.from({ length: CARDS }, (_, i) => {
    state[`on_${i}`] = i % 2 === 0;
    state[`name_${i}`] = `Row ${i}`;
    return {
      type: 'card',
      variant: 'outlined',
      styleWhen: [{ when: { key: `on_${i}`, equals: true }, style: { background: 'primaryContainer' } }],
      children: [
        { type: 'text', text: countersEverywhere ? 'Count {count}' : '{name_' + i + '}', style: { textStyle: 'titleMedium' } },
        { type: 'switch', stateKey: `on_${i}`, label: 'Enabled' },
        {
          type: 'row',
          children: Array.from({ length: 8 }, (_, j) => ({ type: 'icon', name: j % 2 ? 'home' : 'star', style: { color: 'primary' } })),
        },
        {
          type: 'column',
          visibleWhen: { key: `on_${i}`, equals: true },
          children: Array.from({ length: 7 }, (_, j) => ({ type: 'text', text: `Detail ${j}`, style: { color: { light: '#333333', dark: '#EEEEEE' } } })),
        },
      ],
    };
  });
  return {
    id: 'bench',
    window: { placement: { type: 'fullscreen' } },
    state,
    root: {
      type: 'column',
      children: [
        { type: 'button', label: 'Add', testTag: 'add', onTap: [{ type: 'increment', key: 'count' }, { type: 'emit', name: 'added' }] },
        { type: 'text', text: 'Count {count}' },
        ...cards,
        { type: 'row', children: Array.from({ length: 16 }, () => ({ type: 'spacer', style: { width: { dp: 4 } } })) },
      ],
    },
  };
}


function measure(runs: number, body: () => void): number {
  for (let i = 0; i < Math.min(200, runs); i++) body(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    body();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function benchTap(countersEverywhere: boolean) {
  const validated = validatePrototypeSpec(buildSpec(countersEverywhere));
  if (!validated.ok) throw new Error(`bench spec is invalid: ${validated.path}: ${validated.message}`);
  let events = 0;
  const clock = { now: () => performance.now(), setTimeout: () => 0, clearTimeout: () => {} };
  const controller = createController({ clock, device: { dark: false }, onEvent: (_event: PrototypeEvent) => void events++ });
  controller.show(validated.spec);
  const showMs = measure(20, () => controller.show(validated.spec));
  const tapMs = measure(2000, () => {
    const result = controller.interact({ type: 'tap', key: 'root.children[0]' });
    if (!result.ok || controller.renderModel() === null) throw new Error('tap failed');
  });
  const state = controller.inspect()!.state;
  const cloneMs = measure(2000, () => structuredClone(state));
  const cloneSpecMs = measure(20, () => structuredClone(validated.spec));
  return { nodes: validated.nodeCount, stateKeys: Object.keys(state).length, showMs, tapMs, cloneMs, cloneSpecMs, events };
}

const typical = benchTap(false);
const worst = benchTap(true);
const fmt = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
console.log(`runtime bench: ${typical.nodes}-node spec, ${typical.stateKeys} state keys`);
console.log(`  tap (increment + emit; 2 events; new render model):  median ${fmt(typical.tapMs)}   ${budget(typical.tapMs * 1000, 1000, ' µs')}`);
console.log(`  baseline structuredClone(state), same run:           median ${fmt(typical.cloneMs)}   ratio ${(typical.tapMs / typical.cloneMs).toFixed(2)}x`);
console.log(`  same tap when ${CARDS + 1} texts read the changed key:      median ${fmt(worst.tapMs)}   ${budget(worst.tapMs * 1000, 250, ' µs')}`);
const showRatio = typical.showMs / typical.cloneSpecMs;
console.log(`  full show (validated spec → session + render model): median ${fmt(typical.showMs)}   ratio ${showRatio.toFixed(2)}x structuredClone(spec) (${fmt(typical.cloneSpecMs)}, same run)   ${budget(showRatio, 4, 'x')}`);
