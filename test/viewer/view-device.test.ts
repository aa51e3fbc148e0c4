// `protostage view` with the device flags: a custom size turned to landscape reaches the mirror,
// whose screen takes the device's proportions; the panel's device controls turn and restyle it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../src/device/chromium.ts';
import { counterSpec, nextFrame, openViewer, runCommand, type RunningCommand } from './helpers.ts';

const folder = mkdtempSync(join(tmpdir(), 'protostage-view-device-'));
let view: RunningCommand | undefined;
let browser: Browser | undefined;
after(async () => {
  await browser?.close();
  await view?.stop();
  rmSync(folder, { recursive: true, force: true });
});

test('view --device 390x844 --orientation landscape mirrors an 844×390 screen', async () => {
  const specPath = join(folder, 'counter.json');
  writeFileSync(specPath, JSON.stringify(counterSpec('Add')));
  view = runCommand(['view', specPath, '--port', '0', '--device', '390x844', '--orientation', 'landscape', '--dark']);
  const [, url] = (await view.waitFor(/open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/)) as [string, string];
  browser = await launchChromium();
  const page = await openViewer(browser, url);
  await nextFrame(page, null);
  const frame = await page.locator('#frame').evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  assert.deepEqual(frame, [844, 390]);
  const screen = (await page.locator('#screen').boundingBox())!;
  assert.ok(Math.abs(screen.width / screen.height - 844 / 390) < 0.02, `the mirror has the device's proportions (${screen.width}×${screen.height})`);
  await page.waitForFunction(() => document.getElementById('device-name')?.textContent?.includes('landscape'));
  assert.equal(await page.getAttribute('#device-dark', 'aria-pressed'), 'true');

  // The person turns the device, flips dark off and makes the text larger from the panel.
  await page.click('#device-rotate');
  await page.waitForFunction(() => document.getElementById('device-name')?.textContent?.includes('390×844 · portrait'));
  await page.waitForFunction(() => {
    const image = document.getElementById('frame') as HTMLImageElement;
    return image.naturalWidth === 390 && image.naturalHeight === 844;
  });
  await page.click('#device-dark');
  await page.waitForFunction(() => document.getElementById('device-dark')?.getAttribute('aria-pressed') === 'false');
  await page.selectOption('#device-font', '2');
  await page.waitForFunction(() => (document.getElementById('device-font') as HTMLSelectElement).value === '2');
});
