// Navigation on the web device: a stack whose screens hold 500 nodes each (165 rows of two texts
// in a scroll), with platform motion (300 ms of animation) and with motion off:
//   push (a tap on a button) → settled, against a tap on a button beside it that changes one text;
//   pop (press back) → settled, against a press of back with nothing to pop.
//   npm run bench:stack [-- --runs 20]
import { parseArgs } from 'node:util';
import { WebDevice } from '../src/device/web-device.ts';
import type { PrototypeSpec } from '../src/spec/index.ts';
import { validatePrototypeSpec } from '../src/validate/index.ts';
import { median, timed } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(values.runs);
/** Rows of two text nodes (three nodes a row): with the column, scroll and buttons a screen holds 500 nodes. */
const ROWS = 165;

function screen(name: string, next: string): Record<string, unknown> {
  const rows = Array.from({ length: ROWS }, (_, index) => ({ type: 'row', children: [{ type: 'text', text: `${name} ${index}` }, { type: 'text', text: 'detail' }] }));
  return {
    type: 'column',
    style: { width: 'fill', height: 'fill', background: 'surface' },
    children: [
      { type: 'text', text: `${name}: {taps}`, testTag: `${name}.title` },
      { type: 'button', label: 'Push', testTag: `${name}.push`, onTap: [{ type: 'push', stack: 'main', screen: next }] },
      { type: 'button', label: 'Tap', testTag: `${name}.tap`, onTap: [{ type: 'increment', key: 'taps' }] },
      { type: 'scroll', style: { weight: 1 }, child: { type: 'column', children: rows } },
    ],
  };
}

function stackSpec(motion: 'standard' | 'none'): PrototypeSpec {
  const result = validatePrototypeSpec({
    id: `stack-${motion}`,
    window: { placement: { type: 'fullscreen' } },
    motion,
    state: { taps: 0 },
    root: { type: 'stack', id: 'main', initial: 'first', screens: { first: screen('first', 'second'), second: screen('second', 'first') } },
  });
  if (!result.ok) throw new Error(`bench spec is invalid at ${result.path}: ${result.message}`);
  return result.spec;
}

function nodeCount(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  const record = node as Record<string, unknown>;
  const children = [...((record.children as unknown[] | undefined) ?? []), ...(record.child ? [record.child] : [])];
  return 1 + children.reduce<number>((sum, child) => sum + nodeCount(child), 0);
}

function line(name: string, value: number, against: string, base: number): void {
  console.log(`${name.padEnd(30)} median ${value.toFixed(2).padStart(8)} ms   ${against.padEnd(28)} ${base.toFixed(2).padStart(8)} ms   ratio ${(value / base).toFixed(2).padStart(6)}×   beyond it ${(value - base).toFixed(2).padStart(8)} ms`);
}

async function main(): Promise<void> {
  const device = await WebDevice.launch();
  try {
    const settledAfter = async (action: () => Promise<unknown>) => timed(async () => {
      await action();
      await device.settled();
    });
    for (const motion of ['standard', 'none'] as const) {
      const spec = stackSpec(motion);
      const show = async () => {
        await device.show(spec, { reset: true });
        await device.settled();
      };
      const tap = [] as number[];
      const push = [] as number[];
      const pop = [] as number[];
      const idleBack = [] as number[];
      for (let run = 0; run < RUNS; run++) {
        await show();
        tap.push(await settledAfter(() => device.tap({ testTag: 'first.tap' })));
        push.push(await settledAfter(() => device.tap({ testTag: 'first.push' })));
        pop.push(await settledAfter(() => device.pressBack()));
        idleBack.push(await settledAfter(() => device.pressBack()));
      }
      const screenNodes = nodeCount((spec.root as unknown as { screens: Record<string, unknown> }).screens.first);
      console.log(`protostage stack bench, motion ${motion}: two screens of ${screenNodes} nodes each, median of ${RUNS} runs`);
      line('push (a tap) → settled', median(push), 'a tap changing one text', median(tap));
      line('pop (press back) → settled', median(pop), 'back with nothing to pop', median(idleBack));
    }
  } finally {
    await device.close();
  }
}

await main();
