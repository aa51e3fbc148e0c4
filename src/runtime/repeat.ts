/** Repeat templates are expanded by the spec model's expander; this adapts it to tree entries. */
import type { PrototypeNode } from '../spec/index.ts';
import { repeatInstances } from '../expand/index.ts';

/** The instances of a repeat container as [key, node] pairs, keyed
 *  `<container>.repeat[<item>].children[<template>]`. */
export function expandRepeatChildren(container: PrototypeNode, key: string): [string, PrototypeNode][] {
  return repeatInstances(container, key).map((instance) => [instance.key, instance.node]);
}
