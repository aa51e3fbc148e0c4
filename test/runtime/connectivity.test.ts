/**
 * The device's connectivity in the runtime: {platform:/connectivity/online} and /type in text and
 * platform conditions follow the device at once; one connectivity.changed event trails a change
 * that held for 500 ms, and a flap back within it sends none.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONNECTIVITY_DEBOUNCE_MS, type RenderNode } from '../../src/runtime/index.ts';
import { setup, spec, valid } from './helpers.ts';

const SPEC = valid(spec({
  type: 'column',
  children: [
    { type: 'text', text: 'online: {platform:/connectivity/online} ({platform:/connectivity/type})' },
    { type: 'text', text: 'You are offline', visibleWhen: { platform: '/connectivity/online', equals: false } },
  ],
}));

const texts = (root: RenderNode) => (root as { children: Array<RenderNode & { text: string; visible?: boolean }> }).children.map((node) => node.text);
const shown = (controller: ReturnType<typeof setup>['controller']) => {
  const children = (controller.renderModel()!.root as { children: Array<{ visible: boolean }> }).children;
  return children.map((child) => child.visible);
};

test('text and conditions read the connectivity and follow a change at once; the event trails it by the debounce', () => {
  const { controller, events, clock } = setup({ dark: false });
  controller.show(SPEC);
  assert.equal(texts(controller.renderModel()!.root)[0], 'online: true (wifi)');
  assert.deepEqual(shown(controller), [true, false]);
  controller.setDevice({ offline: true });
  assert.equal(texts(controller.renderModel()!.root)[0], 'online: false (none)');
  assert.deepEqual(shown(controller), [true, true]);
  assert.equal(events.length, 0, 'nothing before the debounce');
  clock.advance(CONNECTIVITY_DEBOUNCE_MS);
  assert.deepEqual(events.map((event) => [event.kind, event.name, event.payload]), [['emit', 'connectivity.changed', { online: false, type: 'none' }]]);
});

test('a flap back within the debounce sends nothing; a change that holds sends one event', () => {
  const { controller, events, clock } = setup({ dark: false });
  controller.show(SPEC);
  controller.setDevice({ offline: true });
  clock.advance(200);
  controller.setDevice({ offline: false });
  clock.advance(CONNECTIVITY_DEBOUNCE_MS * 2);
  assert.equal(events.length, 0, "the flap sent nothing");
  controller.setDevice({ offline: true });
  clock.advance(100);
  controller.setDevice({ offline: true });
  clock.advance(CONNECTIVITY_DEBOUNCE_MS);
  assert.equal(events.filter((event) => event.name === 'connectivity.changed').length, 1);
});
