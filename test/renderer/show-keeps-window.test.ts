// A same-id show of the model on screen keeps an untouched window; anything that touched it, or
// a show that draws anything else, mounts a fresh one (real Chromium, the renderer's page).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { RenderModel } from '../../src/runtime/model.ts';
import { sameData, sameModel } from '../../src/renderer/untouched-window.ts';
import { RendererPage } from './page-harness.ts';

let device: RendererPage;
before(async () => {
  device = await RendererPage.open();
});
after(() => device.close());

const spec = {
  id: 'keeps',
  motion: 'none',
  window: { placement: { type: 'fullscreen' } },
  state: { wifi: false },
  root: {
    type: 'column',
    children: [
      { type: 'switch', stateKey: 'wifi', label: 'Wi-Fi', testTag: 'wifi' },
      { type: 'button', label: 'Save', testTag: 'save', onTap: [{ type: 'emit', name: 'save' }] },
      {
        type: 'scroll',
        testTag: 'list',
        style: { height: { dp: 200 } },
        child: { type: 'column', children: Array.from({ length: 40 }, (_, index) => ({ type: 'text', text: `Row ${index}` })) },
      },
    ],
  },
};

/** Marks the window on screen with a property (no attribute, so no DOM change); true while the same window is drawn. */
async function markWindow(): Promise<void> {
  await device.page.$eval('[data-ps-window]', (element) => Object.assign(element, { marked: true }));
}

function sameWindow(): Promise<boolean> {
  return device.page.$eval('[data-ps-window]', (element) => (element as Element & { marked?: boolean }).marked === true);
}

async function showAgain(again: object = spec, options: object = {}): Promise<boolean> {
  const result = await device.show(again, options);
  assert.equal(result.ok, true, JSON.stringify(result));
  return sameWindow();
}

/** A fresh show of the spec, settled, its window marked. */
async function freshlyShown(): Promise<void> {
  assert.equal((await device.show(spec, { reset: true })).ok, true);
  await markWindow();
}

test('the same spec shown again keeps its untouched window, and draws what it drew', async () => {
  await freshlyShown();
  const before = await device.hierarchy();
  assert.equal(await showAgain(), true, 'the window was kept');
  assert.deepEqual(await device.hierarchy(), before);
  assert.equal(await showAgain(), true, 'and kept again');
});

test('a show that draws anything else, a reset show and another id each mount a fresh window', async () => {
  await freshlyShown();
  assert.equal(await showAgain({ ...spec, state: { wifi: true } }), false, 'another state');
  assert.equal((await device.node({ testTag: 'wifi' })).checked, true);
  await freshlyShown();
  assert.equal(await showAgain(spec, { reset: true }), false, 'reset');
  await freshlyShown();
  assert.equal(await showAgain({ ...spec, id: 'other' }), false, 'another id');
});

test('the same spec mounts a fresh window when the runtime made another model of it: no exit animates', async () => {
  // onAppear runs on the first show only, so the same spec shown again draws without its write.
  const appearing = {
    id: 'appearing',
    window: { placement: { type: 'fullscreen' } },
    state: { seen: false },
    root: { type: 'column', onAppear: [{ type: 'setState', key: 'seen', value: true }], children: [
      { type: 'text', text: 'Always' },
      { type: 'text', text: 'Details', testTag: 'details', visibleWhen: { key: 'seen', equals: true } },
    ] },
  };
  assert.equal((await device.show(appearing, { reset: true })).ok, true);
  assert.ok(await device.page.$('[data-testid="details"]'), 'onAppear showed the details');
  await markWindow();
  assert.equal(((await device.call('show', appearing, {})) as { ok: boolean }).ok, true);
  assert.equal(await sameWindow(), false, 'a fresh window');
  assert.equal(await device.page.$('[data-testid="details"]'), null, 'the details are simply not drawn');
  assert.equal(await device.page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length), 0);
});

test('a tap touches the window, even one that changes no state: the same spec then mounts a fresh window', async () => {
  await freshlyShown();
  await device.tap({ testTag: 'save' });
  assert.equal(await showAgain(), false, 'after a tap that only emits');
  await markWindow();
  await device.tap({ testTag: 'wifi' });
  assert.equal((await device.node({ testTag: 'wifi' })).checked, true);
  assert.equal(await showAgain(), false, 'after a tap that wrote state');
  assert.equal((await device.node({ testTag: 'wifi' })).checked, false, "the spec's state is drawn");
});

test('a scroll with no input, a change to the DOM and a running animation each touch the window', async () => {
  await freshlyShown();
  const scroller = '[data-testid="list"]';
  const scrolled = await device.page.$eval(scroller, (element) => {
    const scrolling = [element, ...element.querySelectorAll('*')].find((candidate) => candidate.scrollHeight > candidate.clientHeight + 10)!;
    scrolling.scrollTop = 120;
    return new Promise<number>((resolve) => scrolling.addEventListener('scroll', () => resolve(scrolling.scrollTop), { once: true }));
  });
  assert.ok(scrolled > 0, 'the list scrolled');
  assert.equal(await showAgain(), false, 'after a scroll');
  const scrollTops = await device.page.$eval(scroller, (element) => [element, ...element.querySelectorAll('*')].map((candidate) => candidate.scrollTop));
  assert.ok(scrollTops.every((top) => top === 0), 'the fresh window starts at the top');

  await freshlyShown();
  await device.page.$eval('[data-testid="save"]', (element) => element.setAttribute('data-touched', ''));
  assert.equal(await showAgain(), false, 'after a change to the DOM');

  await freshlyShown();
  await device.page.$eval('[data-testid="save"]', (element) => void element.animate([{ opacity: 1 }, { opacity: 0.5 }], 60_000));
  const result = await device.call('show', spec, {});
  assert.equal((result as { ok: boolean }).ok, true);
  assert.equal(await sameWindow(), false, 'while an animation runs');
});

test('sameModel compares every field but the revision; sameData is deep equality of JSON-like data', () => {
  const model = (revision: number, label: string) => ({ id: 'a', revision, root: { type: 'column', children: [{ type: 'text', text: label }] } }) as unknown as RenderModel;
  assert.equal(sameModel(model(1, 'x'), model(2, 'x')), true, 'the revision does not count');
  assert.equal(sameModel(model(1, 'x'), model(1, 'y')), false, 'a nested field does');
  assert.equal(sameModel(model(1, 'x'), { ...model(1, 'x'), extra: true } as RenderModel), false, 'an extra field does');
  assert.equal(sameData([1, [2, 3]], [1, [2, 3]]), true);
  assert.equal(sameData([1, 2], [1, 2, 3]), false);
  assert.equal(sameData({ a: 1 }, [1]), false);
  assert.equal(sameData({ a: undefined }, { b: undefined }), false);
  assert.equal(sameData({ a: null }, { a: {} }), false);
  assert.equal(sameData(Number.NaN, Number.NaN), true);
  assert.equal(sameData(0, '0'), false);
});
