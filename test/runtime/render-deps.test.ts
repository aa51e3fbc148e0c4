// The render model a run of writes leaves behind is the one a fresh show of the same spec, state and
// data builds: the dependency tokens each node keeps for its subtree (grown in place when rows are
// added, made anew otherwise) never miss a node that reads what changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { setup } from './helpers.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import type { PrototypeSpec } from '../../src/spec/index.ts';

const row = (title: string, done: boolean) => ({ title, note: done ? 'done' : 'open' });

function spec(state: Record<string, unknown>, data: Record<string, unknown>): PrototypeSpec {
  const validated = validatePrototypeSpec({
    id: 'rows',
    window: { placement: { type: 'fullscreen' } },
    state,
    data,
    root: {
      type: 'column',
      children: [
        { type: 'button', label: 'More', onTap: [{ type: 'increment', key: 'count', by: 1 }] },
        { type: 'button', label: 'Header', onTap: [{ type: 'toggle', key: 'header' }] },
        { type: 'text', text: 'Shown {count}', testTag: 'count' },
        {
          type: 'scroll',
          child: {
            type: 'column',
            children: [
              { type: 'text', text: 'Header', visibleWhen: { key: 'header', equals: true } },
              {
                type: 'column',
                repeat: { items: '/rows', as: 'row' },
                children: [
                  { type: 'text', text: '{row.title}' },
                  // Only rows read the count below the header: rows added later bring its token in.
                  { type: 'text', text: '{row.note} of {count}' },
                ],
              },
            ],
          },
        },
      ],
    },
  });
  assert.ok(validated.ok, validated.ok ? '' : `${validated.path}: ${validated.message}`);
  return validated.spec;
}

const title = fc.constantFrom('a', 'b', 'c', 'd');
const step = fc.oneof(
  fc.record({ op: fc.constant('append' as const), rows: fc.array(fc.tuple(title, fc.boolean()), { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant('prepend' as const), rows: fc.array(fc.tuple(title, fc.boolean()), { minLength: 1, maxLength: 2 }) }),
  fc.record({ op: fc.constant('set' as const), at: fc.nat(8), title }),
  fc.record({ op: fc.constant('done' as const), at: fc.nat(8), done: fc.boolean() }),
  fc.record({ op: fc.constant('remove' as const), at: fc.nat(8) }),
  fc.record({ op: fc.constant('tap' as const), button: fc.constantFrom('root.children[0]', 'root.children[1]') }),
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function opsOf(change: Step, length: number): unknown[] | null {
  switch (change.op) {
    case 'append':
    case 'prepend':
      return [{ op: change.op, path: '/data/rows', value: change.rows.map(([text, done]) => row(text, done)), spread: true }];
    case 'set':
      return change.at < length ? [{ op: 'set', path: `/data/rows/${change.at}/title`, value: change.title }] : null;
    case 'done':
      return change.at < length ? [{ op: 'set', path: `/data/rows/${change.at}/note`, value: change.done ? 'done' : 'open' }] : null;
    case 'remove':
      return change.at < length ? [{ op: 'remove', path: `/data/rows/${change.at}` }] : null;
    case 'tap':
      return null;
  }
}

test('property: after any run of data writes and taps that write state, the render model is the one a fresh show builds', () => {
  fc.assert(
    fc.property(fc.boolean(), fc.array(step, { minLength: 1, maxLength: 12 }), (startEmpty, steps) => {
      const { controller } = setup();
      controller.show(spec({ header: false, count: 0 }, { rows: startEmpty ? [] : [row('a', false), row('b', true)] }));
      for (const change of steps) {
        const before = controller.inspect()!;
        if (change.op === 'tap') assert.ok(controller.interact({ type: 'tap', key: change.button }).ok);
        else {
          const ops = opsOf(change, (before.data.rows as unknown[]).length);
          if (ops === null) continue;
          const patched = controller.patch('rows', ops);
          assert.ok(patched.ok, JSON.stringify(patched));
        }
        const after = controller.inspect()!;
        const fresh = setup().controller;
        fresh.show(spec(after.state, after.data));
        assert.deepEqual(controller.renderModel()!.root, fresh.renderModel()!.root, `after ${JSON.stringify(change)}`);
      }
    }),
    { numRuns: 300 },
  );
});
