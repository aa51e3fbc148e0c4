// Text for the whole world, in Chromium: the device's own fonts draw emoji in colour and CJK,
// Devanagari, Arabic, Hebrew and Thai text; their files are fetched only for text that needs them;
// and a line takes its direction from its first strong character, so English in an RTL layout
// keeps its punctuation at its end and ellipsizes there.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { rendererPageHtml } from '../../src/renderer/build.ts';
import { iconMapStartScript } from '../../src/renderer/icon-map.ts';
import { readRobotoFont, readScriptFont } from '../../src/renderer/page-assets.ts';
import { iconVariantPath, RENDERER_SCRIPT_PATH, ROBOTO_FONT_PATH } from '../../src/renderer/page-paths.ts';
import { EMOJI_FONT, SCRIPT_FONT_PATH } from '../../src/renderer/script-fonts.ts';
import { byTag, useDevices, validSpec } from './helpers.ts';

const devices = useDevices({}, { rtl: true });
const ltr = () => devices()[0]!;
const rtl = () => devices()[1]!;
const pageOf = (device: unknown) => (device as { page: Page }).page;

const SAMPLES: Record<string, string> = {
  emoji: '😀🎉👍🏽',
  zh: '你好世界',
  ja: 'こんにちは',
  ko: '안녕하세요',
  hi: 'नमस्ते दुनिया',
  ar: 'مرحبا بالعالم',
  he: 'שלום עולם',
  th: 'สวัสดีชาวโลก',
};

function textsSpec(id: string, texts: Record<string, string>, style: object = {}): unknown {
  return validSpec({
    id,
    window: { placement: { type: 'fullscreen' } },
    root: {
      type: 'column',
      style: { width: 'fill', height: 'fill', background: 'surface', padding: { top: 80, start: 16, end: 16 }, spacing: 8 },
      children: Object.entries(texts).map(([testTag, text]) => ({ type: 'text', text, testTag, style: { textSize: 28, ...style } })),
    },
  });
}

/** The script font files the page asks for while `run` runs. */
async function fontRequests(page: Page, run: () => Promise<void>): Promise<string[]> {
  const requested: string[] = [];
  const listen = (request: { url(): string }) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith(SCRIPT_FONT_PATH)) requested.push(path);
  };
  page.on('request', listen);
  try {
    await run();
  } finally {
    page.off('request', listen);
  }
  return requested;
}

test('a Latin-only prototype fetches no script font; each script fetches its own font and none of the others', async () => {
  const { device } = ltr();
  const page = pageOf(device);
  const latin = await fontRequests(page, async () => {
    await device.show(textsSpec('latin', { en: 'Hello, world' }));
    await device.settled();
  });
  assert.deepEqual(latin, []);
  const korean = await fontRequests(page, async () => {
    await device.show(textsSpec('korean', { ko: SAMPLES.ko! }));
    await device.settled();
  });
  assert.ok(korean.length > 0 && korean.every((path) => path.startsWith(`${SCRIPT_FONT_PATH}noto-sans-kr/`)), korean.join(', '));
});

test('every script draws with the device\'s fonts: real glyphs, never boxes, emoji in colour', async () => {
  const { device } = ltr();
  await device.show(textsSpec('scripts', SAMPLES));
  const { hierarchy, screenshot } = await device.observe();
  const faces = await pageOf(device).evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family));
  for (const family of ['Twemoji', 'Noto Sans SC', 'Noto Sans KR', 'Noto Sans Devanagari', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Thai']) {
    assert.ok(faces.includes(family), `${family} loaded (${[...new Set(faces)].join(', ')})`);
  }
  // A missing glyph is a box as wide as it is tall; drawn words have their own widths.
  const widths = Object.keys(SAMPLES).map((tag) => byTag(hierarchy, tag).bounds.width);
  assert.equal(new Set(widths).size, widths.length, `distinct widths ${widths}`);
  const png = PNG.sync.read(screenshot);
  const emoji = byTag(hierarchy, 'emoji').bounds;
  let coloured = 0;
  for (let y = Math.round(emoji.y); y < emoji.y + emoji.height; y++) {
    for (let x = Math.round(emoji.x); x < emoji.x + emoji.width; x++) {
      const at = (y * png.width + x) * 4;
      const [r, g, b] = [png.data[at]!, png.data[at + 1]!, png.data[at + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 80) coloured++;
    }
  }
  assert.ok(coloured > 200, `the emoji are drawn in colour (${coloured} coloured pixels)`);
});

test('in an RTL layout an English line runs left to right: its question mark at its end, its ellipsis there too', async () => {
  const { device } = rtl();
  await device.show(validSpec({
    id: 'direction',
    window: { placement: { type: 'fullscreen' } },
    root: {
      type: 'column',
      style: { width: 'fill', padding: { top: 80 } },
      children: [
        { type: 'text', text: 'Are we on tonight?', testTag: 'question' },
        { type: 'text', text: 'Are we still on for climbing tonight at six?', testTag: 'long', style: { width: { dp: 160 }, maxLines: 1, overflow: 'ellipsis' } },
        { type: 'text', text: 'שלום עולם!', testTag: 'hebrew' },
      ],
    },
  }));
  await device.settled();
  const edges = await pageOf(device).evaluate(() => {
    const place = (tag: string, index: number) => {
      const text = document.querySelector(`[data-testid="${tag}"]`)!;
      const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
      const node = walker.nextNode()!;
      const range = document.createRange();
      range.setStart(node, index < 0 ? node.textContent!.length + index : index);
      range.setEnd(node, (index < 0 ? node.textContent!.length + index : index) + 1);
      return range.getBoundingClientRect().x;
    };
    return { first: place('question', 0), mark: place('question', -1), hebrewFirst: place('hebrew', 0), hebrewMark: place('hebrew', -1), longFirst: place('long', 0) };
  });
  assert.ok(edges.mark > edges.first, `the question mark is right of the A (${JSON.stringify(edges)})`);
  assert.ok(edges.hebrewMark < edges.hebrewFirst, 'a Hebrew line still runs right to left');
  const long = byTag(await device.hierarchy(), 'long').bounds;
  assert.ok(long.x + long.width <= 412 && long.x >= 412 - 160 - 1, 'the box sits at the start (right) edge');
  // Clipped at its end: the line's first letter is at the box's left edge, not cut off beyond it.
  assert.ok(Math.abs(edges.longFirst - long.x) < 1, `the line starts at the box's left edge (${edges.longFirst} vs ${long.x})`);
});

test('the device serves only the script font files it knows', async () => {
  assert.ok((await readScriptFont(EMOJI_FONT.path))!.subarray(0, 4).toString() === 'wOF2');
  assert.ok((await readScriptFont(`${SCRIPT_FONT_PATH}noto-sans-thai/noto-sans-thai-thai-400-normal.woff2`)) !== null);
  for (const path of [`${SCRIPT_FONT_PATH}noto-sans-thai/../package.json`, `${SCRIPT_FONT_PATH}roboto/roboto-latin-400-normal.woff2`, `${SCRIPT_FONT_PATH}noto-sans-thai/missing.woff2`, '/fonts/other.woff2']) {
    assert.equal(await readScriptFont(path), null, path);
  }
});

test('the device page is small: its script, the icon glyphs and Roboto are files of its origin, and only the Roboto files its text uses load (and only the filled glyphs)', async () => {
  const html = rendererPageHtml();
  // The page is the @font-face rules and a few elements: no data URL, and one inline script, the glyph map's start.
  const inlineScripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
  assert.deepEqual(inlineScripts, [iconMapStartScript()]);
  assert.ok(!html.includes('base64') && html.length < 512 * 1024, `a page of ${html.length} characters`);
  const { device } = ltr();
  await device.show(textsSpec('weights', { regular: 'Regular', bold: 'Bold' }));
  await device.settled();
  const resources = await pageOf(device).evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({ path: new URL(entry.name).pathname, initiator: entry.initiatorType, start: entry.startTime, end: entry.responseEnd })),
  );
  const loaded = resources.map((resource) => resource.path);
  const filledGlyphs = iconVariantPath('filled');
  assert.ok(loaded.includes(RENDERER_SCRIPT_PATH) && loaded.includes(filledGlyphs), loaded.join(', '));
  // The filled glyphs are asked for by the page's head, while its script is still coming in, and
  // fetched once; no other variant loads while nothing draws one.
  const glyphs = resources.filter((resource) => resource.path === filledGlyphs);
  assert.deepEqual(loaded.filter((path) => path.startsWith('/icons/')), [filledGlyphs]);
  const script = resources.find((resource) => resource.path === RENDERER_SCRIPT_PATH)!;
  assert.deepEqual(glyphs.map((resource) => resource.initiator), ['fetch'], JSON.stringify(resources));
  assert.ok(glyphs[0]!.start < script.end, JSON.stringify(resources));
  const roboto = loaded.filter((path) => path.startsWith(ROBOTO_FONT_PATH));
  assert.ok(roboto.length > 0 && roboto.length < 36, `of 36 Roboto files the page loaded ${roboto.length}: ${roboto.join(', ')}`);
  assert.ok(roboto.every((path) => /roboto-latin-\d{3}-normal\.woff2$/.test(path)), roboto.join(', '));
});

test('the device serves only the Roboto files it knows', async () => {
  assert.equal((await readRobotoFont(`${ROBOTO_FONT_PATH}roboto-latin-400-normal.woff2`))!.subarray(0, 4).toString(), 'wOF2');
  for (const path of [`${ROBOTO_FONT_PATH}../package.json`, `${ROBOTO_FONT_PATH}roboto-latin-400-normal.woff`, `${ROBOTO_FONT_PATH}missing.woff2`, `${SCRIPT_FONT_PATH}noto-sans-thai/noto-sans-thai-thai-400-normal.woff2`]) {
    assert.equal(await readRobotoFont(path), null, path);
  }
});
