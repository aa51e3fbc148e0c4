// Icon effects on the real web device: a trigger replays the effect each time its key changes (and
// not before), a repeat plays on appear that many times or forever, replace plays when the name
// changes, and the reduced profile rests them (replace only crossfades).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { FALLBACK_GLYPH } from '../../src/renderer/icons.tsx';
import { materialIconMap } from '../../src/renderer/page-assets.ts';
import { useDevices, validSpec } from './helpers.ts';

const devices = useDevices({}, { reducedMotion: true });
const page = (index: number) => (devices()[index]!.device as unknown as { page: Page }).page;

const spec = (name = 'favorite') => validSpec({
  id: 'icons',
  window: { placement: { type: 'fullscreen' } },
  state: { likes: 0 },
  root: {
    type: 'column',
    style: { padding: { top: 80, start: 24, end: 24, bottom: 0 }, spacing: 16 },
    children: [
      { type: 'button', label: 'Like', testTag: 'like', onTap: [{ type: 'increment', key: 'likes' }] },
      { type: 'icon', name: 'favorite', testTag: 'heart', effect: { type: 'bounce', trigger: { key: 'likes' } } },
      { type: 'icon', name: 'sync', testTag: 'spinner', effect: { type: 'rotate', repeat: 'infinite' } },
      { type: 'icon', name: 'notifications', testTag: 'bell', effect: { type: 'wiggle', repeat: 3 } },
      { type: 'icon', name, testTag: 'swap', effect: { type: 'replace' } },
    ],
  },
});

/** The effect each tagged icon is playing now, with its iterations, or null. */
function playing(index: number, testTag: string): Promise<{ effect: string; name: string; iterations: string } | null> {
  return page(index).evaluate((tag) => {
    const span = document.querySelector(`[data-testid="${tag}"] .ps-icon-fx`) as HTMLElement | null;
    if (!span) return null;
    const style = getComputedStyle(span);
    return { effect: span.dataset.psIconEffect!, name: style.animationName, iterations: style.animationIterationCount };
  }, testTag);
}

test('a trigger replays on each change of its key; repeats play on appear; replace plays on a new name', async () => {
  const { device } = devices()[0]!;
  await device.show(spec(), { reset: true });
  await device.settled();
  assert.equal(await playing(0, 'heart'), null, 'a triggered effect waits for its trigger');
  assert.deepEqual(await playing(0, 'spinner'), { effect: 'rotate', name: 'ps-icon-rotate', iterations: 'infinite' });
  assert.deepEqual(await playing(0, 'bell'), { effect: 'wiggle', name: 'ps-icon-wiggle', iterations: '3' });
  assert.equal(await playing(0, 'swap'), null);
  assert.ok((await device.tap({ testTag: 'like' })).ok);
  assert.deepEqual(await playing(0, 'heart'), { effect: 'bounce', name: 'ps-icon-bounce', iterations: '1' });
  await device.show(spec('favorite_border'));
  assert.deepEqual(await playing(0, 'swap'), { effect: 'replace', name: 'ps-icon-replace', iterations: '1' });
});

test('the reduced profile rests every effect, and replace only crossfades', async () => {
  const { device } = devices()[1]!;
  await device.show(spec(), { reset: true });
  await device.settled();
  assert.ok((await device.tap({ testTag: 'like' })).ok);
  for (const tag of ['heart', 'spinner', 'bell']) assert.equal(await playing(1, tag), null, tag);
  await device.show(spec('favorite_border'));
  assert.deepEqual(await playing(1, 'swap'), { effect: 'replace', name: 'ps-fade-in', iterations: '1' });
});

test('the page draws each icon with the glyph the icon package gives it, unpacked from the page\'s embedded map', async () => {
  const { device } = devices()[0]!;
  await device.show(spec(), { reset: true });
  const drawn = await page(0).evaluate(() => [...document.querySelectorAll('[data-testid="spinner"] svg path')].map((path) => path.getAttribute('d')));
  const outlines = (markup: string) => [...markup.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]);
  assert.deepEqual(drawn, outlines(materialIconMap().filled!.sync!));
  assert.notDeepEqual(drawn, outlines(FALLBACK_GLYPH));
});

test('an icon of another variant draws that variant\'s glyph once its map has loaded, before settled resolves, and each map loads once', async () => {
  const { device } = devices()[1]!;
  const variantSpec = (variant: string) => validSpec({
    id: `variants-${variant}`,
    window: { placement: { type: 'fullscreen' } },
    root: { type: 'column', children: [
      { type: 'icon', name: 'home', variant, testTag: 'first' },
      { type: 'icon', name: 'settings', variant, testTag: 'second' },
    ] },
  });
  const drawn = (tag: string) => page(1).evaluate((testTag) => [...document.querySelectorAll(`[data-testid="${testTag}"] svg path`)].map((path) => path.getAttribute('d')), tag);
  const outlines = (markup: string) => [...markup.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]);
  const loads = () => page(1).evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith('/icons/')));
  assert.deepEqual(await loads(), ['/icons/filled.json.gz'], 'the page opens with the filled glyphs only');
  const icons = materialIconMap();
  for (const variant of ['sharp', 'twoTone'] as const) {
    await device.show(variantSpec(variant), { reset: true });
    await device.settled();
    assert.notDeepEqual(outlines(icons[variant].home!), outlines(icons.filled.home!), 'the variants differ');
    assert.deepEqual(await drawn('first'), outlines(icons[variant].home!), variant);
    assert.deepEqual(await drawn('second'), outlines(icons[variant].settings!), variant);
  }
  await device.show(variantSpec('sharp'), { reset: true });
  await device.settled();
  assert.deepEqual(await drawn('first'), outlines(icons.sharp.home!));
  assert.deepEqual(await loads(), ['/icons/filled.json.gz', '/icons/sharp.json.gz', '/icons/twoTone.json.gz']);
});
