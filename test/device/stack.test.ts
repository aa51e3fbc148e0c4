// Navigation stacks in Chromium: transitions (drawn animations, instant with motion off), what
// observe and touches reach, back precedence, scroll positions kept across a pop, and the
// leading-edge back swipe (mirrored in RTL); shared elements morphing on a visibleWhen swap, the
// zoom transition from its source node, and all of them as crossfades on a phone that reduces motion.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WebDevice } from '../../src/device/web-device.ts';
import { byTag, differingPixels, pageOf, useDevices, validSpec } from './helpers.ts';

const [phone, rtlPhone, calmPhone] = ((devices) => [() => devices()[0]!, () => devices()[1]!, () => devices()[2]!])(useDevices({}, { rtl: true }, { reducedMotion: true }));

const go = (type: string, screen?: string, transition?: string) => [{ type, stack: 'main', ...(screen ? { screen } : {}), ...(transition ? { transition } : {}) }];

function shopSpec(options: { id?: string; initial?: string; motion?: 'none'; screenTransition?: string } = {}): unknown {
  const rows = Array.from({ length: 30 }, (_, i) => ({ type: 'listItem', testTag: `row${i}`, headline: `Plant ${i}`, onTap: go('push', 'detail') }));
  return validSpec({
    id: options.id ?? 'shop',
    window: { placement: { type: 'fullscreen' } },
    state: { asking: false },
    ...(options.motion ? { motion: options.motion } : {}),
    root: {
      type: 'stack',
      id: 'main',
      testTag: 'stack',
      initial: options.initial ?? 'list',
      ...(options.screenTransition ? { screenTransition: options.screenTransition } : {}),
      screens: {
        list: {
          type: 'column', testTag: 'list', style: { width: 'fill', height: 'fill', background: 'surface' },
          children: [
            { type: 'text', testTag: 'list.title', text: 'Plants', style: { textStyle: 'titleLarge' } },
            { type: 'scroll', testTag: 'list.scroll', style: { weight: 1 }, child: { type: 'column', children: rows } },
          ],
        },
        detail: {
          type: 'column', testTag: 'detail', style: { width: 'fill', height: 'fill', background: 'surfaceContainer' },
          children: [
            { type: 'text', testTag: 'detail.title', text: 'Fern', style: { textStyle: 'titleLarge' } },
            { type: 'button', testTag: 'ask', label: 'Ask', onTap: [{ type: 'setState', key: 'asking', value: true }] },
            { type: 'button', testTag: 'cart', label: 'Cart', onTap: go('push', 'cart', 'sharedAxisX') },
            { type: 'dialog', testTag: 'question', openWhen: { key: 'asking', equals: true }, text: 'Water it?', confirm: { label: 'Yes' } },
          ],
        },
        cart: { type: 'column', testTag: 'cart.screen', style: { width: 'fill', height: 'fill', background: 'surface' }, children: [{ type: 'text', testTag: 'cart.title', text: 'Cart, {stackDepth} deep' }] },
      },
    },
  });
}

async function shows(device: WebDevice, spec: unknown): Promise<void> {
  // Each test starts fresh: a same-id show would keep the screens the last test left.
  const shown = (await device.show(spec, { reset: true })) as { ok: boolean; message?: string };
  assert.ok(shown.ok, shown.message);
  await device.settled();
}

/** A real tap on `testTag`, which must land. */
async function tapTag(device: WebDevice, testTag: string): Promise<void> {
  const tapped = await device.tap({ testTag });
  assert.ok(tapped.ok, tapped.ok ? '' : `tap ${testTag}: ${tapped.message} (${tapped.hint})`);
}

/** Starts recording every element.animate call: [data-ps-screen of the element, keyframes, duration]. */
async function recordAnimations(device: WebDevice): Promise<() => Promise<Array<[string | null, Keyframe[], number]>>> {
  const page = pageOf(device);
  await page.evaluate(() => {
    const calls: Array<[string | null, Keyframe[], number]> = [];
    (window as unknown as { __animations: typeof calls }).__animations = calls;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, frames, options) {
      const screen = this.getAttribute('data-ps-screen');
      if (screen !== null) calls.push([screen, frames as Keyframe[], typeof options === 'object' ? Number(options.duration) : Number(options)]);
      return animate.call(this, frames, options);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __animations: Array<[string | null, Keyframe[], number]> }).__animations);
}

const tags = (hierarchy: Array<{ testTag: string | null; layer: string }>) => hierarchy.filter((node) => node.layer === 'prototype' && node.testTag !== null).map((node) => node.testTag);

test('with motion off a push is instant: the screen right after the tap is the target screen, pixel for pixel', async () => {
  const { device } = phone();
  await shows(device, shopSpec({ motion: 'none', initial: 'detail', id: 'target' }));
  const target = (await device.observe()).screenshot;
  await shows(device, shopSpec({ motion: 'none' }));
  await tapTag(device, 'row0');
  const pushed = await device.observe();
  assert.equal(differingPixels(pushed.screenshot, target), 0);
});

test('a platform push slides the new screen in over the old one shifted 30%, and observe then lists only the top screen', async () => {
  const { device, log } = phone();
  await shows(device, shopSpec());
  const animations = await recordAnimations(device);
  const since = log.events.length;
  await tapTag(device, 'row0');
  const event = await log.next((e) => e.kind === 'screen_changed', since);
  assert.deepEqual([event.name, event.payload, event.stacks], ['main', { op: 'push', screen: 'detail', from: 'list', screens: ['list', 'detail'] }, { main: ['list', 'detail'] }]);
  const settled = await device.observe();
  assert.deepEqual(await animations(), [
    ['list', [{ translate: '0px 0px' }, { translate: '-30% 0px' }], 300],
    ['detail', [{ translate: '100% 0px' }, { translate: '0px 0px' }], 300],
  ]);
  const shown = tags(settled.hierarchy);
  assert.ok(shown.includes('detail.title') && !shown.includes('list.title') && !shown.includes('row0'), JSON.stringify(shown));
});

test('a sharedAxisX push and a platform pop each draw their own keyframes', async () => {
  const { device } = phone();
  await shows(device, shopSpec({ initial: 'list' }));
  await tapTag(device, 'row0');
  await device.settled();
  const animations = await recordAnimations(device);
  await tapTag(device, 'cart');
  assert.equal(byTag((await device.observe()).hierarchy, 'cart.title').text, 'Cart, 3 deep');
  assert.ok((await device.pressBack()).ok);
  await device.settled();
  assert.deepEqual(await animations(), [
    ['detail', [{ translate: '0px 0px', opacity: 1 }, { translate: '-30px 0px', opacity: 0 }], 300],
    ['cart', [{ translate: '30px 0px', opacity: 0 }, { translate: '0px 0px', opacity: 1 }], 300],
    ['cart', [{ translate: '0px 0px' }, { translate: '100% 0px' }], 300],
    ['detail', [{ translate: '-30% 0px' }, { translate: '0px 0px' }], 300],
  ]);
  assert.deepEqual(tags((await device.observe()).hierarchy).filter((tag) => tag!.startsWith('cart.')), []);
});

test('back closes the dialog first, then pops, then has nothing to do', async () => {
  const { device, log } = phone();
  await shows(device, shopSpec({ motion: 'none' }));
  await tapTag(device, 'row0');
  await tapTag(device, 'ask');
  await device.settled();
  assert.ok(tags((await device.observe()).hierarchy).includes('question'));
  const since = log.events.length;
  assert.deepEqual(await device.pressBack(), { ok: true, back: 'dialog' });
  assert.deepEqual(await device.pressBack(), { ok: true, back: 'stack' });
  assert.deepEqual(await device.pressBack(), { ok: true, back: null });
  assert.deepEqual(log.events.slice(since).map((event) => [event.kind, event.kind === 'change' ? event.payload : (event.payload as { op: string }).op]), [
    ['change', { key: 'asking', value: false }],
    ['screen_changed', 'pop'],
  ]);
  assert.ok(tags((await device.observe()).hierarchy).includes('list.title'));
});

test('Escape is the system back', async () => {
  const { device, log } = phone();
  await shows(device, shopSpec({ motion: 'none' }));
  const beforeTap = log.events.length;
  await tapTag(device, 'row0');
  await log.next((e) => e.kind === 'screen_changed', beforeTap);
  const since = log.events.length;
  assert.ok((await device.pressKey('Escape')).ok);
  const event = await log.next((e) => e.kind === 'screen_changed', since);
  assert.equal((event.payload as { op: string }).op, 'pop');
});

test('the screen below keeps its scroll position across a push and a pop', async () => {
  const { device } = phone();
  await shows(device, shopSpec({ motion: 'none' }));
  await device.wheel({ x: 200, y: 500 }, 0, 400);
  const scrolled = await steadyTop(device, 'row10');
  assert.ok(scrolled < 600, 'the list scrolled');
  await tapTag(device, 'row10');
  assert.ok((await device.pressBack()).ok);
  const back = await device.observe();
  assert.equal(byTag(back.hierarchy, 'row10').bounds.y, scrolled);
});

/** The top of a node once it stops moving (a wheel scroll may glide). */
async function steadyTop(device: WebDevice, testTag: string): Promise<number> {
  let last = Number.NaN;
  for (let attempt = 0; attempt < 20; attempt++) {
    const top = byTag((await device.observe()).hierarchy, testTag).bounds.y;
    if (top === last) return top;
    last = top;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

/**
 * A drag along the middle of the screen from x `from` to x `to` (dp), finger by finger: `slow`
 * moves a step every 16 ms and rests 500 ms before lifting (no flick), `flick` moves with no
 * pause and lifts at once.
 */
async function drag(device: WebDevice, from: number, to: number, pace: 'slow' | 'flick' = 'slow'): Promise<void> {
  const y = 500;
  await device.touch('start', { x: from, y });
  for (let step = 1; step <= 10; step++) {
    await device.touch('move', { x: from + ((to - from) * step) / 10, y });
    if (pace === 'slow') await new Promise((resolve) => setTimeout(resolve, 16));
  }
  if (pace === 'slow') await new Promise((resolve) => setTimeout(resolve, 500));
  await device.touch('end');
}

test('a drag from the leading edge past half the width pops; a short one settles back and changes nothing', async () => {
  const { device, log } = phone();
  await shows(device, shopSpec());
  await tapTag(device, 'row0');
  await device.settled();
  const since = log.events.length;
  await drag(device, 4, 150);
  await device.settled();
  assert.equal(log.events.length, since, 'a drag short of half the width pops nothing');
  assert.ok(tags((await device.observe()).hierarchy).includes('detail.title'));
  await drag(device, 4, 320);
  const event = await log.next((e) => e.kind === 'screen_changed', since);
  assert.deepEqual(event.stacks, { main: ['list'] });
  await device.settled();
  assert.ok(tags((await device.observe()).hierarchy).includes('list.title'));
});

// Seed 001: "Release commits past half width or when predicted end translation passes half width";
// the drag scrubs "including parallax and dimming". Fades "retain the 60-point release-to-pop policy".
test('a quick flick short of half the width pops; while scrubbing the outgoing screen dims; a fade stack pops past 60 dp without scrubbing', async () => {
  const { device, log } = phone();
  await shows(device, shopSpec());
  await tapTag(device, 'row0');
  await device.settled();
  const page = pageOf(device);
  const since = log.events.length;
  await device.touch('start', { x: 4, y: 500 });
  for (let x = 24; x <= 164; x += 20) await device.touch('move', { x, y: 500 });
  const dimmed = await page.evaluate(() => (document.querySelector('[data-ps-screen="detail"]') as HTMLElement).style.filter);
  assert.match(dimmed, /^brightness\(0\.9\d*\)$/, `the outgoing screen dims as it goes (${dimmed})`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await device.touch('end');
  await device.settled();
  assert.equal(log.events.length, since, 'rested before lifting, 160 dp pops nothing');
  await drag(device, 4, 184, 'flick');
  const popped = await log.next((event) => event.kind === 'screen_changed', since);
  assert.deepEqual(popped.stacks, { main: ['list'] }, 'a flick of 180 dp (less than half of 412) pops');

  await shows(device, shopSpec({ id: 'fade-shop', screenTransition: 'fade' }));
  await tapTag(device, 'row0');
  await device.settled();
  const before = log.events.length;
  await device.touch('start', { x: 4, y: 500 });
  for (let x = 24; x <= 104; x += 20) await device.touch('move', { x, y: 500 });
  const unmoved = await page.evaluate(() => (document.querySelector('[data-ps-screen="detail"]') as HTMLElement).style.translate);
  assert.equal(unmoved, '', 'a fade pop does not scrub');
  await device.touch('end');
  assert.deepEqual((await log.next((event) => event.kind === 'screen_changed', before)).stacks, { main: ['list'] });
});

test('in RTL the back swipe starts at the right edge and the push enters from the left', async () => {
  const { device, log } = rtlPhone();
  await shows(device, shopSpec());
  const animations = await recordAnimations(device);
  await tapTag(device, 'row0');
  await device.settled();
  assert.deepEqual((await animations()).map(([screen, frames]) => [screen, frames[0]!.translate]), [['list', '0px 0px'], ['detail', '-100% 0px']]);
  const since = log.events.length;
  await drag(device, 4, 320);
  await device.settled();
  assert.equal(log.events.length, since, 'the left edge is the trailing one in RTL');
  await drag(device, 408, 90);
  const event = await log.next((e) => e.kind === 'screen_changed', since);
  assert.equal((event.payload as { op: string }).op, 'pop');
});

test('each remaining transition draws its own motion through the device: slide, fade, sharedAxisY, fadeThrough, a platform replace and popToRoot', async () => {
  const { device } = phone();
  const button = (testTag: string, onTap: unknown[]) => ({ type: 'button', testTag, label: testTag, onTap });
  const screen = (name: string, ...buttons: unknown[]) => ({ type: 'column', style: { width: 'fill', height: 'fill', background: 'surface' }, children: [{ type: 'text', text: name }, ...buttons] });
  await shows(device, validSpec({
    id: 'transitions', window: { placement: { type: 'fullscreen' } },
    root: {
      type: 'stack', id: 'main', initial: 'a', screenTransition: 'slide',
      screens: {
        a: screen('a', button('a.slide', go('push', 'b')), button('a.axisY', go('push', 'c', 'sharedAxisY'))),
        b: screen('b', button('b.fade', go('push', 'c', 'fade')), button('b.replace', go('replace', 'd', 'platform'))),
        c: screen('c', button('c.through', go('push', 'd', 'fadeThrough')), button('c.root', go('popToRoot'))),
        d: screen('d', button('d.root', go('popToRoot', undefined, 'slide'))),
      },
    },
  }));
  const animations = await recordAnimations(device);
  // slide push, fade push, fadeThrough push, slide popToRoot, sharedAxisY push, popToRoot from c, slide push, platform replace.
  for (const testTag of ['a.slide', 'b.fade', 'c.through', 'd.root', 'a.axisY', 'c.root', 'a.slide', 'b.replace']) {
    await tapTag(device, testTag);
    await device.settled();
  }
  const drawn = (await animations()).map(([screen, frames, duration]) => [screen, JSON.stringify(frames.at(-1)), duration]);
  assert.deepEqual(drawn, [
    ['a', '{"translate":"-30% 0px"}', 300], ['b', '{"translate":"0px 0px"}', 300],
    ['b', '{"opacity":0}', 150], ['c', '{"opacity":1}', 150],
    ['c', '{"opacity":0}', 300], ['d', '{"opacity":1,"scale":"1"}', 300],
    ['d', '{"translate":"100% 0px"}', 300], ['a', '{"translate":"0px 0px"}', 300],
    ['a', '{"translate":"0px -30px","opacity":0}', 300], ['c', '{"translate":"0px 0px","opacity":1}', 300],
    ['c', '{"translate":"100% 0px"}', 300], ['a', '{"translate":"0px 0px"}', 300],
    ['a', '{"translate":"-30% 0px"}', 300], ['b', '{"translate":"0px 0px"}', 300],
    ['b', '{"opacity":0}', 150], ['d', '{"opacity":1}', 150],
  ]);
  const top = (await device.observe()).hierarchy.filter((node) => node.layer === 'prototype' && node.testTag?.startsWith('d.'));
  assert.deepEqual(top.map((node) => node.testTag), ['d.root'], 'after the replace only d is listed');
});

/** A stack whose feed swaps a card for its detail (one shared key) and zooms a tile into a screen. */
function sharedSpec(motion?: 'none'): unknown {
  const tile = { type: 'box', testTag: 'tile', shared: { key: 'tile', as: 'element' }, style: { width: { dp: 120 }, height: { dp: 80 }, background: 'tertiary', offset: { x: 40, y: 0 } }, onTap: [{ type: 'push', stack: 'main', screen: 'photo', transition: 'zoom', source: 'tile' }], children: [] };
  return validSpec({
    id: `shared-${motion ?? 'on'}`,
    window: { placement: { type: 'fullscreen' } },
    state: { open: false },
    ...(motion ? { motion } : {}),
    root: {
      type: 'stack', id: 'main', initial: 'feed',
      screens: {
        feed: {
          type: 'column', style: { width: 'fill', height: 'fill', background: 'surface', spacing: 16 },
          children: [
            { type: 'card', testTag: 'card', sharedKey: 'story', visibleWhen: { key: 'open', equals: false }, style: { width: { dp: 200 }, height: { dp: 100 } }, onTap: [{ type: 'setState', key: 'open', value: true }], children: [{ type: 'text', text: 'Story' }] },
            { type: 'card', testTag: 'story', sharedKey: 'story', visibleWhen: { key: 'open', equals: true }, style: { width: 'fill', height: { dp: 300 } }, children: [{ type: 'text', text: 'The whole story' }] },
            tile,
            { type: 'box', testTag: 'badge', sharedKey: 'badge', style: { width: { dp: 48 }, height: { dp: 48 }, background: 'secondary' }, onTap: [{ type: 'push', stack: 'main', screen: 'badge' }], children: [] },
          ],
        },
        photo: { type: 'box', testTag: 'photo', style: { width: 'fill', height: 'fill', background: 'primaryContainer' }, children: [] },
        badge: { type: 'column', style: { width: 'fill', height: 'fill', background: 'surface' }, children: [{ type: 'box', testTag: 'badge.big', sharedKey: 'badge', style: { width: { dp: 240 }, height: { dp: 240 }, background: 'secondary' }, children: [] }] },
      },
    },
  });
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The shared-element copies drawn above the window now: the box each moves from and to (its
 * keyframes), the properties each keyframe animates, and where the copy is drawn.
 */
function sharedCopies(device: WebDevice): Promise<Array<{ from: Box; to: Box; animates: string[][]; now: Box }>> {
  return pageOf(device).evaluate(() => [...document.querySelectorAll('.ps-shared-copy')].map((copy) => {
    const frames = (copy.getAnimations()[0]!.effect as KeyframeEffect).getKeyframes();
    const box = (frame: ComputedKeyframe) => ({ left: parseFloat(String(frame.left)), top: parseFloat(String(frame.top)), width: parseFloat(String(frame.width)), height: parseFloat(String(frame.height)) });
    const drawn = copy.getBoundingClientRect();
    return {
      from: box(frames[0]!),
      to: box(frames.at(-1)!),
      animates: frames.map((frame) => Object.keys(frame).filter((key) => !['offset', 'easing', 'composite', 'computedOffset'].includes(key))),
      now: { left: drawn.left, top: drawn.top, width: drawn.width, height: drawn.height },
    };
  }));
}

const near = (box: Box, bounds: { x: number; y: number; width: number; height: number }) =>
  [box.left, box.top, box.width, box.height].every((value, index) => Math.abs(value - [bounds.x, bounds.y, bounds.width, bounds.height][index]!) < 1);

test('a visibleWhen swap of two nodes sharing a key moves a copy from the old bounds to the new while the new one waits; the hierarchy then settles on the new one', async () => {
  const { device } = phone();
  await shows(device, sharedSpec());
  const card = byTag((await device.observe()).hierarchy, 'card').bounds;
  await tapTag(device, 'card');
  const copies = await sharedCopies(device);
  assert.equal(copies.length, 2, 'bounds: a copy of each node crossfading');
  assert.equal(await pageOf(device).evaluate(() => (document.querySelector('[data-testid="story"]') as HTMLElement).style.visibility), 'hidden', 'the new node waits for the copy');
  await device.settled();
  assert.deepEqual(await sharedCopies(device), []);
  const settled = (await device.observe()).hierarchy;
  const story = byTag(settled, 'story').bounds;
  assert.ok(copies.every((copy) => near(copy.from, card) && near(copy.to, story)), `from the card to the story: ${JSON.stringify(copies)}`);
  assert.equal(story.height, 300);
  assert.equal(settled.some((node) => node.testTag === 'card'), false);
});

test('a push between two screens holding one shared key moves a copy across as the screens slide', async () => {
  const { device } = phone();
  await shows(device, sharedSpec());
  const badge = byTag((await device.observe()).hierarchy, 'badge').bounds;
  await tapTag(device, 'badge');
  const copies = await sharedCopies(device);
  assert.equal(copies.length, 2);
  await device.settled();
  assert.deepEqual(await sharedCopies(device), []);
  const big = byTag((await device.observe()).hierarchy, 'badge.big').bounds;
  assert.equal(big.width, 240);
  assert.ok(copies.every((copy) => near(copy.from, badge) && near(copy.to, big)), `from the small badge to the big one: ${JSON.stringify(copies)}`);
});

test('with motion off the swap is instant: no copy, the new node at once', async () => {
  const { device } = phone();
  await shows(device, sharedSpec('none'));
  await tapTag(device, 'card');
  assert.deepEqual(await sharedCopies(device), []);
  assert.equal(byTag((await device.observe()).hierarchy, 'story').bounds.height, 300);
});

test('a zoom push grows the screen from its source node\'s bounds; its pop closes back onto them', async () => {
  const { device } = phone();
  await shows(device, sharedSpec());
  const tile = byTag((await device.observe()).hierarchy, 'tile').bounds;
  const animations = await recordAnimations(device);
  await tapTag(device, 'tile');
  await device.settled();
  const [push] = (await animations()).filter(([screen]) => screen === 'photo');
  const clip = String(push![1][0]!.clipPath);
  const [top, right, bottom, left] = clip.match(/-?[\d.]+px/g)!.slice(0, 4).map((value) => Math.round(parseFloat(value)));
  assert.deepEqual([left, right - (412 - tile.x - tile.width)].map(Math.round), [Math.round(tile.x), 0], clip);
  assert.ok(top! > 0 && bottom! > 0 && push![1].at(-1)!.clipPath === 'inset(0px 0px 0px 0px round 0px)', clip);
  assert.deepEqual(await device.pressBack(), { ok: true, back: 'stack' });
  await device.settled();
  const pop = (await animations()).filter(([screen]) => screen === 'photo').at(-1)!;
  assert.equal(pop[1].at(-1)!.clipPath, clip, 'the pop closes onto the tile');
  assert.ok(byTag((await device.observe()).hierarchy, 'tile'));
});

test('on a phone that reduces motion a push, a zoom and a shared swap crossfade in place, and an expanding node fades in', async () => {
  const { device } = calmPhone();
  await shows(device, shopSpec());
  const animations = await recordAnimations(device);
  await tapTag(device, 'row0');
  await device.settled();
  assert.deepEqual(await animations(), [['list', [{ opacity: 1 }, { opacity: 0 }], 150], ['detail', [{ opacity: 0 }, { opacity: 1 }], 150]]);

  await shows(device, sharedSpec());
  const card = byTag((await device.observe()).hierarchy, 'card').bounds;
  await tapTag(device, 'card');
  const copies = await sharedCopies(device);
  assert.equal(copies.length, 1, 'one copy of the old node fading out');
  assert.deepEqual([copies[0]!.now.top, copies[0]!.now.height, copies[0]!.animates], [card.y, card.height, [['opacity'], ['opacity']]], 'where the old node was, only fading');
  await device.settled();
  const zooms = await recordAnimations(device);
  await tapTag(device, 'tile');
  await device.settled();
  assert.deepEqual((await zooms()).map(([screen, frames]) => [screen, frames.map((frame) => frame.opacity)]), [['feed', [1, 0]], ['photo', [0, 1]]]);

  const expanding = validSpec({ id: 'expand', window: { placement: { type: 'fullscreen' } }, state: { on: false }, root: { type: 'column', children: [
    { type: 'button', label: 'Show', testTag: 'show', onTap: [{ type: 'setState', key: 'on', value: true }] },
    { type: 'text', text: 'Hello', testTag: 'hello', visibleWhen: { key: 'on', equals: true }, transition: 'expand' },
  ] } });
  await shows(device, expanding);
  // The enter animation is heard as it starts: a loaded machine may finish it before a later look.
  await pageOf(device).evaluate(() => {
    const heard = window as unknown as { enterAnimation?: string };
    document.addEventListener('animationstart', (event) => {
      if ((event.target as Element).classList.contains('ps-enter-expand')) heard.enterAnimation ??= event.animationName;
    }, { capture: true });
  });
  await tapTag(device, 'show');
  await device.settled();
  const animation = await pageOf(device).evaluate(() => (window as unknown as { enterAnimation?: string }).enterAnimation);
  assert.equal(animation, 'ps-fade-in');
});

test('a tap on a pushed screen right after the push lands once the screen has moved in', async () => {
  const { device } = phone();
  await device.show(validSpec({
    id: 'push-then-tap', window: { placement: { type: 'fullscreen' } }, state: { added: 0 },
    root: { type: 'stack', id: 'main', initial: 'home', screens: {
      home: { type: 'button', testTag: 'open', label: 'Open', onTap: [{ type: 'push', stack: 'main', screen: 'detail', transition: 'slide' }] },
      detail: { type: 'button', testTag: 'add', label: 'Add', onTap: [{ type: 'increment', key: 'added' }] },
    } },
  }), { reset: true });
  assert.ok((await device.tap({ testTag: 'open' })).ok);
  const tapped = await device.tap({ testTag: 'add' });
  assert.ok(tapped.ok, tapped.ok ? '' : tapped.message);
  const [shown] = ((await device.inspect()) as { prototypes: Array<{ state: Record<string, unknown> }> }).prototypes;
  assert.equal(shown!.state.added, 1);
});
