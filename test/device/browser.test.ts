// Finding the browser: what was asked for (--browser, PROTOSTAGE_BROWSER), else what this machine
// has, else one error naming what was tried and how to install one. Unit tests with a fixed
// finder, then real renders with Debian's Chromium found each way.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { chooseBrowser, machineFinder, type BrowserFinder } from '../../src/device/browser.ts';
import { DEVICE_DISABLED_FEATURES, jitFlags, launchChromium, PLAYWRIGHT_DISABLED_FEATURES } from '../../src/device/chromium.ts';
import { playwrightChromium } from '../../src/device/playwright.ts';
import { browserCommandLine } from './helpers.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const SPEC = fileURLToPath(new URL('../../examples/alarm.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'protostage-browser-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const finder = (installations: string[], playwright: string | null = null, platform: NodeJS.Platform = 'linux', headlessShells: string[] = []): BrowserFinder => ({
  installations: async () => installations,
  headlessShells: () => headlessShells,
  playwrightBrowser: () => playwright,
  platform,
});

test('a name or path asked for wins; chrome and msedge are Playwright channels', async () => {
  const here = finder(['/usr/bin/google-chrome', '/snap/bin/chromium']);
  assert.deepEqual(await chooseBrowser('chrome', here), { channel: 'chrome' });
  assert.deepEqual(await chooseBrowser('msedge', here), { channel: 'msedge' });
  assert.deepEqual(await chooseBrowser('chromium', here), { executablePath: '/snap/bin/chromium' });
  assert.deepEqual(await chooseBrowser(process.execPath, here), { executablePath: process.execPath }, 'any executable file');
  const missing = await chooseBrowser('/no/such/browser', here);
  assert.ok('error' in missing && /"\/no\/such\/browser" \(from --browser or PROTOSTAGE_BROWSER\) is not a file/.test(missing.error));
});

test('without a request the first install found is used, then a Playwright browser; none is one clear error', async () => {
  assert.deepEqual(await chooseBrowser(undefined, finder(['/usr/bin/chromium', '/usr/bin/google-chrome'])), { executablePath: '/usr/bin/chromium' });
  assert.deepEqual(await chooseBrowser('', finder([], '/home/u/.cache/ms-playwright/chromium/chrome')), { executablePath: '/home/u/.cache/ms-playwright/chromium/chrome' });
  for (const [platform, hint] of [['linux', /sudo apt-get install chromium/], ['darwin', /brew install --cask chromium/], ['win32', /Microsoft Edge/]] as const) {
    const none = await chooseBrowser(undefined, finder([], null, platform));
    assert.ok('error' in none, platform);
    assert.match(none.error, /no Chrome-family browser was found\. Tried PROTOSTAGE_BROWSER and --browser \(not set\); Chromium's headless shell \([^)]*\); the installs chrome-launcher finds on/);
    assert.match(none.error, hint);
    assert.match(none.error, /or pass --browser PATH\.$/);
  }
  const noChromium = await chooseBrowser('chromium', finder(['/opt/google/chrome/chrome']));
  assert.ok('error' in noChromium && /no Chromium among the installed browsers.*found: \/opt\/google\/chrome\/chrome/.test(noChromium.error));
});

test('a headless device without a request gets Chromium\'s headless shell; a headed one, or one that asks, does not', async () => {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  const here = finder(['/usr/bin/chromium'], null, 'linux', [shell, '/usr/bin/headless_shell']);
  assert.deepEqual(await chooseBrowser(undefined, here), { executablePath: shell });
  assert.deepEqual(await chooseBrowser(undefined, here, { headed: true }), { executablePath: '/usr/bin/chromium' });
  assert.deepEqual(await chooseBrowser('chromium', here), { executablePath: '/usr/bin/chromium' });
  assert.deepEqual(await chooseBrowser('chrome', here), { channel: 'chrome' });
  const none = await chooseBrowser(undefined, finder([]));
  assert.ok('error' in none && /Tried PROTOSTAGE_BROWSER and --browser \(not set\); Chromium's headless shell \(\/usr\/lib\/chromium\/chromium-headless-shell or chromium-headless-shell or headless_shell on the PATH\); the installs/.test(none.error), 'error' in none ? none.error : '');
  const noneHeaded = await chooseBrowser(undefined, finder([]), { headed: true });
  assert.ok('error' in noneHeaded && !noneHeaded.error.includes('headless shell'), 'a headed device never tried one');
});

test('this machine: chrome-launcher finds Debian\'s Chromium, and its headless shell is found first', async () => {
  const installations = await machineFinder.installations();
  assert.ok(installations.includes('/usr/bin/chromium'), JSON.stringify(installations));
  assert.equal(machineFinder.headlessShells()[0], '/usr/lib/chromium/chromium-headless-shell');
  assert.deepEqual(await chooseBrowser(''), { executablePath: '/usr/lib/chromium/chromium-headless-shell' });
});

test('on two cores or fewer the launched Chromium runs V8 without its mid tier; with more, as it comes', async () => {
  assert.deepEqual(jitFlags(2), ['--js-flags=--always-sparkplug --no-maglev']);
  assert.deepEqual(jitFlags(1), jitFlags(2));
  assert.deepEqual(jitFlags(4), []);
  const browser = await launchChromium();
  try {
    const commandLine = await browserCommandLine(browser);
    for (const flag of jitFlags()) assert.ok(commandLine.includes(flag), `${flag} in ${commandLine.join(' ')}`);
  } finally {
    await browser.close();
  }
});

/** The `--disable-features` switches on a running browser's command line, each as its list of names. */
async function disabledFeatureSwitches(browser: Browser): Promise<string[][]> {
  const commandLine = await browserCommandLine(browser);
  return commandLine.filter((part) => part.startsWith('--disable-features=')).map((part) => part.slice('--disable-features='.length).split(','));
}

/** The browser's own window pages (Target.getTargets type browser_ui), by address. */
async function browserUiPages(browser: Browser): Promise<string[]> {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  return targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url);
}

// The full Chromium, which builds the window's WebUI that a headless shell has none of.
test('the device\'s Chromium keeps Playwright\'s disabled features in its one switch and builds no address-bar popup page', async () => {
  const choice = await chooseBrowser('chromium');
  assert.ok(!('error' in choice), JSON.stringify(choice));
  const plain = await playwrightChromium().launch({ ...choice, args: ['--headless', '--no-sandbox'] });
  const device = await launchChromium({ browser: 'chromium' });
  try {
    assert.deepEqual(await disabledFeatureSwitches(plain), [[...PLAYWRIGHT_DISABLED_FEATURES]], 'the copy matches what this Playwright passes');
    assert.deepEqual(await disabledFeatureSwitches(device), [[...PLAYWRIGHT_DISABLED_FEATURES, ...DEVICE_DISABLED_FEATURES]]);
    await Promise.all([plain.newPage(), device.newPage()]);
    // A window builds its popup page soon after it opens (this Chromium does; one that never does
    // is waited for ten seconds): by the time the plain browser's is there, the device's would be.
    const deadline = Date.now() + 10_000;
    while (!(await browserUiPages(plain)).some((url) => url.startsWith('chrome://omnibox-popup')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(await browserUiPages(device), []);
  } finally {
    await Promise.all([plain.close(), device.close()]);
  }
});

function render(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'render', SPEC, ...args], { env, timeout: 120_000 }, (error, _stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stderr });
    });
  });
}

test('render runs with --browser chromium, with PROTOSTAGE_BROWSER as a path, and refuses a browser that is not there', async () => {
  assert.equal((await render(['-o', join(dir, 'a.png'), '--browser', 'chromium'])).code, 0);
  assert.equal((await render(['-o', join(dir, 'b.png')], { ...process.env, PROTOSTAGE_BROWSER: '/usr/bin/chromium' })).code, 0);
  const refused = await render(['-o', join(dir, 'c.png'), '--browser', join(dir, 'no-browser')]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /cannot start the web device: the browser ".*no-browser" .* is not a file/);
});
