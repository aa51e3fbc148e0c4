/** Navigation stacks: push, pop, replace, popToRoot, the system back, snapshots, screen context. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, spec } from './helpers.ts';
import type { StackNode, TextNode, ContainerNode } from '../../src/runtime/index.ts';

const go = (type: string, screen?: string, transition?: string) => [{ type, stack: 'main', ...(screen ? { screen } : {}), ...(transition ? { transition } : {}) }];
const screen = (name: string, extra: unknown[] = []) => ({
  type: 'column',
  children: [
    { type: 'text', text: `${name}: {screen} of {stackDepth}` },
    { type: 'button', label: 'push a', onTap: go('push', 'a') },
    { type: 'button', label: 'push b', onTap: go('push', 'b', 'fade') },
    { type: 'button', label: 'pop', onTap: go('pop') },
    { type: 'button', label: 'replace b', onTap: go('replace', 'b') },
    { type: 'button', label: 'to root', onTap: go('popToRoot') },
    ...extra,
  ],
});
const stackSpec = (extra: Record<string, unknown> = {}) =>
  spec({ type: 'stack', id: 'main', initial: 'home', screens: { home: screen('home'), a: screen('a'), b: screen('b') } }, extra);

const key = (name: string, child: number) => `root.screens[${JSON.stringify(name)}].children[${child}]`;
const stackNode = (controller: ReturnType<typeof setup>['controller']) => controller.renderModel()!.root as StackNode;
const topName = (controller: ReturnType<typeof setup>['controller']) => {
  const node = stackNode(controller);
  return node.screens[node.entries[node.entries.length - 1]!];
};

test('push, pop, replace and popToRoot change the screens and emit one screen_changed each, named by the stack', () => {
  const { controller, events } = setup();
  controller.show(stackSpec());
  assert.deepEqual(controller.inspect()!.stacks, { main: ['home'] });
  controller.interact({ type: 'tap', key: key('home', 1) }); // push a
  controller.interact({ type: 'tap', key: key('a', 2) }); // push b
  controller.interact({ type: 'tap', key: key('b', 4) }); // replace b with b: nothing
  controller.interact({ type: 'tap', key: key('b', 3) }); // pop → a
  controller.interact({ type: 'tap', key: key('a', 4) }); // replace a → b
  controller.interact({ type: 'tap', key: key('b', 5) }); // to root
  assert.deepEqual(events.map((event) => [event.kind, event.name, event.payload, event.stacks]), [
    ['screen_changed', 'main', { op: 'push', screen: 'a', from: 'home', screens: ['home', 'a'] }, { main: ['home', 'a'] }],
    ['screen_changed', 'main', { op: 'push', screen: 'b', from: 'a', screens: ['home', 'a', 'b'] }, { main: ['home', 'a', 'b'] }],
    ['screen_changed', 'main', { op: 'pop', screen: 'a', from: 'b', screens: ['home', 'a'] }, { main: ['home', 'a'] }],
    ['screen_changed', 'main', { op: 'replace', screen: 'b', from: 'a', screens: ['home', 'b'] }, { main: ['home', 'b'] }],
    ['screen_changed', 'main', { op: 'popToRoot', screen: 'home', from: 'b', screens: ['home'] }, { main: ['home'] }],
  ]);
  assert.equal(topName(controller), 'home');
});

test('a change that would do nothing emits nothing: pop at the root, push of a screen already in the stack', () => {
  const { controller, events } = setup();
  controller.show(stackSpec());
  controller.interact({ type: 'tap', key: key('home', 3) }); // pop at root
  controller.interact({ type: 'tap', key: key('home', 5) }); // to root at root
  controller.interact({ type: 'tap', key: key('home', 1) }); // push a
  controller.interact({ type: 'tap', key: key('a', 1) }); // push a again
  assert.deepEqual(events.map((event) => (event.payload as { op: string }).op), ['push']);
});

test('only the top screen takes taps; the screens below stay in the model, hidden from interaction', () => {
  const { controller } = setup();
  controller.show(stackSpec());
  controller.interact({ type: 'tap', key: key('home', 1) });
  const refused = controller.interact({ type: 'tap', key: key('home', 2) });
  assert.deepEqual(refused, { ok: false, reason: `${key('home', 2)} is not shown` });
  const node = stackNode(controller);
  assert.deepEqual(node.entries.map((index) => node.screens[index]), ['home', 'a']);
  assert.equal(node.children.length, 3, 'every screen is built');
});

test('{screen} and {stackDepth} read the stack the text is in', () => {
  const { controller } = setup();
  controller.show(stackSpec());
  controller.interact({ type: 'tap', key: key('home', 1) });
  const a = stackNode(controller).children[1] as ContainerNode;
  assert.equal((a.children[0] as TextNode).text, 'a: a of 2');
});

test('the transition drawn is the action override, else the stack screenTransition, else platform', () => {
  const { controller } = setup();
  controller.show(spec({ type: 'stack', id: 'main', initial: 'home', screenTransition: 'sharedAxisX', screens: { home: screen('home'), a: screen('a'), b: screen('b') } }));
  controller.interact({ type: 'tap', key: key('home', 1) });
  assert.deepEqual(stackNode(controller).navigation, { serial: 1, op: 'push', transition: 'sharedAxisX', source: null });
  controller.interact({ type: 'tap', key: key('a', 2) });
  assert.deepEqual(stackNode(controller).navigation, { serial: 2, op: 'push', transition: 'fade', source: null });
  controller.show(stackSpec(), { reset: true });
  controller.interact({ type: 'tap', key: key('home', 1) });
  assert.deepEqual(stackNode(controller).navigation, { serial: 1, op: 'push', transition: 'platform', source: null });
});

test('a zoom push carries its source to the renderer; the screen_changed event is as any push', () => {
  const { controller, events } = setup();
  controller.show(spec({
    type: 'stack', id: 'main', initial: 'home',
    screens: {
      home: { type: 'card', sharedKey: 'hero', children: [], onTap: [{ type: 'push', stack: 'main', screen: 'a', transition: 'zoom', source: 'hero' }] },
      a: { type: 'text', text: 'A' },
    },
  }));
  controller.interact({ type: 'tap', key: 'root.screens["home"]' });
  assert.deepEqual(stackNode(controller).navigation, { serial: 1, op: 'push', transition: 'zoom', source: 'hero' });
  assert.deepEqual(events.at(-1)?.payload, { op: 'push', screen: 'a', from: 'home', screens: ['home', 'a'] });
});

test('back closes an open dialog first, then pops, then does nothing', () => {
  const { controller, events } = setup();
  const dialog = { type: 'dialog', openWhen: { key: 'asking', equals: true }, text: 'Sure?', confirm: { label: 'OK' } };
  controller.show(spec({ type: 'stack', id: 'main', initial: 'home', screens: { home: screen('home'), a: screen('a', [dialog]), b: screen('b') } }, { state: { asking: false } }));
  controller.interact({ type: 'tap', key: key('home', 1) });
  assert.equal(controller.patch('p', [{ op: 'set', path: '/state/asking', value: true }]).ok, true);
  assert.deepEqual(controller.back(), { ok: true, back: 'dialog' });
  assert.equal(controller.inspect()!.state.asking, false);
  assert.deepEqual(controller.back(), { ok: true, back: 'stack' });
  assert.deepEqual(controller.back(), { ok: true, back: null });
  assert.deepEqual(events.map((event) => event.kind), ['screen_changed', 'change', 'screen_changed']);
});

test('back pops the deepest stack that can pop; a nested stack at its root leaves it to the outer one', () => {
  const { controller } = setup();
  const inner = { type: 'stack', id: 'inner', initial: 'one', screens: { one: { type: 'button', label: 'two', onTap: [{ type: 'push', stack: 'inner', screen: 'two' }] }, two: { type: 'text', text: 'two' } } };
  controller.show(spec({ type: 'stack', id: 'main', initial: 'home', screens: { home: { type: 'button', label: 'go', onTap: go('push', 'nested') }, nested: inner } }));
  controller.interact({ type: 'tap', key: 'root.screens["home"]' });
  controller.interact({ type: 'tap', key: 'root.screens["nested"].screens["one"]' });
  assert.deepEqual(controller.inspect()!.stacks, { main: ['home', 'nested'], inner: ['one', 'two'] });
  controller.back();
  assert.deepEqual(controller.inspect()!.stacks, { main: ['home', 'nested'], inner: ['one'] });
  controller.back();
  assert.deepEqual(controller.inspect()!.stacks, { main: ['home'], inner: ['one'] });
});

test('a same-id show keeps the screens that still exist; reset starts on initial', () => {
  const { controller } = setup();
  controller.show(stackSpec());
  controller.interact({ type: 'tap', key: key('home', 1) });
  controller.interact({ type: 'tap', key: key('a', 2) });
  controller.show(spec({ type: 'stack', id: 'main', initial: 'home', screens: { home: screen('home'), b: screen('b') } }));
  assert.deepEqual(controller.inspect()!.stacks, { main: ['home', 'b'] });
  controller.show(stackSpec(), { reset: true });
  assert.deepEqual(controller.inspect()!.stacks, { main: ['home'] });
});

test('a stack holds at most 16 screens: a push onto a full stack changes nothing', () => {
  const { controller, events } = setup();
  const names = Array.from({ length: 18 }, (_, i) => `s${i}`);
  const screens = Object.fromEntries(names.map((name, i) => [name, { type: 'button', label: name, onTap: go('push', names[i + 1] ?? 's0') }]));
  controller.show(spec({ type: 'stack', id: 'main', initial: 's0', screens }));
  for (let i = 0; i < 17; i++) controller.interact({ type: 'tap', key: `root.screens["s${Math.min(i, 15)}"]` });
  assert.equal(controller.inspect()!.stacks!.main!.length, 16);
  assert.equal(events.length, 15);
});

test('a swipe back pops without a transition of its own (the drag already drew it)', () => {
  const { controller } = setup();
  controller.show(stackSpec());
  assert.deepEqual(controller.interact({ type: 'swipeBack', key: 'root' }), { ok: false, reason: 'the stack has nothing to pop' });
  controller.interact({ type: 'tap', key: key('home', 1) });
  assert.deepEqual(controller.interact({ type: 'swipeBack', key: 'root' }), { ok: true });
  assert.deepEqual(stackNode(controller).navigation, { serial: 2, op: 'pop', transition: 'none', source: null });
});

test('events of a spec without stacks carry no stacks field', () => {
  const { controller, events } = setup();
  controller.show(spec({ type: 'button', label: 'go', onTap: [{ type: 'emit', name: 'x' }] }));
  controller.interact({ type: 'tap', key: 'root' });
  assert.equal('stacks' in events[0]!, false);
  assert.equal('stacks' in controller.inspect()!, false);
});
