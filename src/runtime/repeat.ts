/** Repeat templates are expanded by the spec model's expander; this adapts it to tree keys. */
import type { PrototypeNode, NodeOfType } from '../spec/index.ts';

type RepeatContainer = NodeOfType<'box'> | NodeOfType<'row'> | NodeOfType<'column'>;

export function expandRepeatChildren(container: RepeatContainer, key: string): [string, PrototypeNode][] {
  void container;
  void key;
  throw new Error('repeat expansion is not available yet');
}
