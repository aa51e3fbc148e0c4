// End to end in Chromium: how the web device lays out and reports what a phone's window would —
// scroll viewports bounded by their parents, sheets dragged by their content, insets of floating
// windows, anchored nodes inside modals, and accessibility bounds clipped to what is on screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HierarchyNode } from '../../src/device/hierarchy.ts';
import { byTag, readValidFixture, useDevice, validSpec } from './helpers.ts';

const phone = useDevice();
const SCREEN = { width: 412, height: 915 };

async function observe(): Promise<HierarchyNode[]> {
  return (await phone().device.observe()).hierarchy;
}

function insideScreen(bounds: HierarchyNode['bounds']): boolean {
  return bounds.x >= 0 && bounds.y >= 0 && bounds.x + bounds.width <= SCREEN.width && bounds.y + bounds.height <= SCREEN.height;
}

test('worked example 2: the horizontal choices scroll is bounded by its column and a swipe moves the choices', async () => {
  // The seed's example verbatim, with more choices than the window is wide.
  const spec = readValidFixture('doc-example-2.json') as { root: { children: [{ testTag?: string; child: { children: object[] } }] } };
  const choices = spec.root.children[0];
  choices.testTag = 'choices';
  for (let index = 0; index < 8; index++) {
    choices.child.children.push({ type: 'text', text: `Choice ${index}`, testTag: `choice.${index}`, style: { padding: { start: 16, end: 16 } } });
  }
  await phone().device.show(validSpec(spec));
  const before = await observe();
  const scroll = byTag(before, 'choices');
  assert.ok(insideScreen(scroll.bounds), `the scroll fits in the window: ${JSON.stringify(scroll.bounds)}`);
  assert.equal(scroll.bounds.width, SCREEN.width, 'a scroll whose content overflows takes the width its column allows');
  const far = before.find((node) => node.testTag === 'choice.4');
  assert.ok(far === undefined || far.bounds.x >= SCREEN.width, `choice 4 starts out of view: ${JSON.stringify(far?.bounds)}`);
  assert.ok((await phone().device.swipe('left', 'choices')).ok);
  const after = await observe();
  assert.deepEqual(byTag(after, 'choices').bounds, scroll.bounds, 'the viewport stays where it is');
  const scrolledIn = byTag(after, 'choice.4').bounds;
  assert.ok(insideScreen(scrolledIn), `the swipe moved choice 4 into view: ${JSON.stringify(scrolledIn)}`);
});
