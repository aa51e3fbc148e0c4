// The script fonts' faces join the device page as its text needs them: none for Latin text; the
// faces of a script once its characters are drawn, however they got there (a text, a field's value
// set by state, a placeholder, typing); and text drawn before the faces arrived is settled only
// once they have, with its fonts loaded.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../src/device/chromium.ts';
import { DEVICE_PAGE_URL, serveDevicePage } from '../../src/device/device-page.ts';
import { gzippedScriptFontFaces, readScriptFont, scriptFontFaces } from '../../src/renderer/page-assets.ts';
import { SCRIPT_FONT_FACES_PATH } from '../../src/renderer/page-paths.ts';
import { parseUnicodeRange } from '../../src/renderer/script-font-faces.ts';
import { EMOJI_FONT, SCRIPT_FONTS } from '../../src/renderer/script-fonts.ts';
import { validSpec } from '../device/helpers.ts';
import { PHONE_DEVICE, RendererPage } from './page-harness.ts';

let device: RendererPage;
before(async () => {
  device = await RendererPage.open();
});
after(async () => {
  await device?.close();
});

const fieldScreen = (id: string, children: object[], state: Record<string, unknown> = {}): object =>
  validSpec({ id, window: { placement: { type: 'fullscreen' } }, state, root: { type: 'column', style: { padding: { top: 80 } }, children } }) as object;

/** The families of the faces the page has registered, and of those it has loaded. */
async function faces(page: Page): Promise<{ registered: string[]; loaded: string[] }> {
  return page.evaluate(() => {
    const all = [...document.fonts].filter((face) => face.family !== 'Roboto');
    return { registered: [...new Set(all.map((face) => face.family))], loaded: [...new Set(all.filter((face) => face.status === 'loaded').map((face) => face.family))] };
  });
}

test('the faces the page is given are the fonts the device serves, emoji first and then the scripts in fallback order', async () => {
  const table = scriptFontFaces();
  assert.deepEqual([...new Set(table.map((face) => face.family))], [EMOJI_FONT.family, ...SCRIPT_FONTS.map((font) => font.family)]);
  for (const face of table) {
    assert.notEqual(await readScriptFont(face.src), null, face.src);
    assert.ok(parseUnicodeRange(face.unicodeRange).every(([first, last]) => Number.isInteger(first) && first <= last), face.unicodeRange);
  }
  assert.deepEqual(JSON.parse(gunzipSync(await gzippedScriptFontFaces()).toString()), table);
});

test('a unicode-range reads as code point pairs: single points, ranges and wildcards', () => {
  assert.deepEqual(parseUnicodeRange('U+0600-06FF, U+200C,u+30??'), [[0x600, 0x6ff], [0x200c, 0x200c], [0x3000, 0x30ff]]);
});

test('Latin text, labels and placeholders register no script face', async () => {
  await device.show(fieldScreen('latin', [
    { type: 'text', text: 'Café, naïve, déjà vu' },
    { type: 'textField', stateKey: 'name', placeholder: 'Your name', testTag: 'name' },
    { type: 'button', label: 'Save', testTag: 'save' },
  ], { name: '' }));
  assert.deepEqual((await faces(device.page)).registered, []);
});

test('a field\'s value set by state, a placeholder and typed text each bring the faces of their script', async () => {
  await device.show(fieldScreen('scripts', [
    { type: 'textField', stateKey: 'greeting', testTag: 'greeting' },
    { type: 'button', label: 'Greet', testTag: 'greet', onTap: [{ type: 'setState', key: 'greeting', value: '안녕하세요' }] },
    { type: 'textField', stateKey: 'query', placeholder: 'חיפוש', testTag: 'query' },
    { type: 'textField', stateKey: 'typed', testTag: 'typed' },
  ], { greeting: '', query: '', typed: '' }));
  const shown = await faces(device.page);
  assert.ok(shown.loaded.includes('Noto Sans Hebrew'), `the placeholder's script (${JSON.stringify(shown)})`);
  assert.ok(!shown.registered.includes('Noto Sans KR') && !shown.registered.includes('Noto Sans Thai'), JSON.stringify(shown));

  await device.tap({ testTag: 'greet' });
  assert.ok((await faces(device.page)).loaded.includes('Noto Sans KR'), 'the value the tap set');

  await device.page.focus('[data-testid="typed.input"]');
  await device.page.keyboard.insertText('สวัสดี');
  await device.settled();
  const typed = await faces(device.page);
  assert.ok(typed.loaded.includes('Noto Sans Thai'), `the typed text (${JSON.stringify(typed)})`);
  assert.ok(!typed.registered.includes('Noto Sans Devanagari') && !typed.registered.includes('Twemoji'), JSON.stringify(typed));
});

test('text drawn before the faces arrive settles only once they have, with its fonts loaded', async () => {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });
    await serveDevicePage(context, 'about:blank');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Registered after the device's own handler, so it answers first; it hands the request on once released.
    await context.route(`**${SCRIPT_FONT_FACES_PATH}`, async (route) => {
      await released;
      await route.fallback();
    });
    const page = await context.newPage();
    await page.goto(DEVICE_PAGE_URL);
    await page.waitForFunction(() => typeof (window as unknown as { protostage?: object }).protostage === 'object');
    const call = (name: string, ...args: unknown[]) =>
      page.evaluate(([name, args]) => ((window as unknown as { protostage: Record<string, (...args: unknown[]) => unknown> }).protostage[name as string]!)(...(args as unknown[])), [name, args] as const);
    await call('setDevice', PHONE_DEVICE);
    assert.equal(((await call('show', fieldScreen('early', [{ type: 'text', text: '안녕하세요', testTag: 'hello' }]))) as { ok: boolean }).ok, true);
    // What is loaded is read the moment settled() resolves, in the same call.
    const settled = page.evaluate(async () => {
      await (window as unknown as { protostage: { settled(): Promise<void> } }).protostage.settled();
      return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family);
    });
    const waited = await Promise.race([settled.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))]);
    assert.equal(waited, 'waiting', 'settled waits for the faces');
    release();
    assert.ok((await settled).includes('Noto Sans KR'), 'settled once the font the text needs has loaded');
  } finally {
    await browser.close();
  }
});
