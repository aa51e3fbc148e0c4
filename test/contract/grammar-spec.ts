// A spec around grammar instances: what the guide's examples assume is there (state, data, a
// pager, a stack and an anchor target).
import { EXAMPLE_PAGER, EXAMPLE_STACK, EXAMPLE_STATE } from '../../src/contract/grammar.ts';

type Json = Record<string, unknown>;

/** A spec holding `nodes` beside what the examples assume: a pager, a stack and an anchor target. */
export function specAround(nodes: Json[], top: Json = {}): Json {
  const own = new Set(nodes.map((node) => node.type));
  const pager = { type: 'pager', id: EXAMPLE_PAGER, children: [{ type: 'text', text: 'Page' }] };
  const stack = { type: 'stack', id: EXAMPLE_STACK, initial: 'home', screens: { home: { type: 'text', text: 'Home' }, detail: { type: 'text', text: 'Detail' } } };
  const host = [...(own.has('pager') ? [] : [pager]), ...(own.has('stack') ? [] : [stack]), { type: 'text', id: 'Text', text: 'Anchor' }];
  return {
    id: 'grammar',
    window: { placement: { type: 'fullscreen' } },
    state: { ...EXAMPLE_STATE },
    data: { items: [{ done: true, name: 'Ada' }] },
    root: { type: 'column', children: [...host, ...nodes] },
    ...top,
  };
}

