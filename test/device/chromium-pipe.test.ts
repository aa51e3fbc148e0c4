// A browser the device starts itself, before Playwright has loaded, and takes over through its
// DevTools pipe: the same switches as Playwright's own launch, a working browser, nothing left
// behind on close, and a browser that cannot start failing with its own words.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { chooseBrowser } from '../../src/device/browser.ts';
import { devtoolsPipeOf, launchChromium, launchThroughPlaywright, openBrowser, startBrowserEarly } from '../../src/device/chromium.ts';
import { removeOrphanedProfiles, startChromium } from '../../src/device/chromium-pipe.ts';
import { browserCommandLine } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'protostage-pipe-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Fails instead of waiting for ever: a message handed over too early left an evaluate waiting. */
function within<T>(promise: Promise<T>, what: string, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function browsersRunningWith(profile: string): string {
  try {
    return execFileSync('pgrep', ['-f', profile], { encoding: 'utf8' });
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
}

test('a browser started before Playwright has the switches of Playwright\'s launch, draws, and leaves nothing behind on close', async () => {
  assert.equal(await startBrowserEarly({ kind: 'launch' }, { headed: true }), undefined, 'a window is launched by Playwright');
  assert.equal(await startBrowserEarly({ kind: 'cdp', endpoint: 'http://127.0.0.1:9222' }), undefined, 'a browser elsewhere is connected to');
  const started = startBrowserEarly({ kind: 'launch' });
  assert.ok((await started) !== undefined);
  const choice = await chooseBrowser();
  assert.ok(!('error' in choice));
  const [early, launched] = await Promise.all([openBrowser({ kind: 'launch' }, {}, started), launchThroughPlaywright(choice, false)]);
  try {
    const [earlyLine, launchedLine] = await Promise.all([browserCommandLine(early), browserCommandLine(launched)]);
    const profile = earlyLine.find((part) => part.startsWith('--user-data-dir='))!.slice('--user-data-dir='.length);
    assert.match(profile, new RegExp(`/protostage-chromium-${process.pid}-[^/]+$`), 'the folder names the process that owns it');
    const withoutProfile = (line: string[]) => line.filter((part) => !part.startsWith('--user-data-dir='));
    assert.deepEqual(withoutProfile(earlyLine), withoutProfile(launchedLine));

    const context = await early.newContext({ viewport: { width: 200, height: 100 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.setContent('<div style="width:50px;height:50px;background:rgb(255,0,0)" id="box"></div>');
    const color = await within(page.evaluate(() => getComputedStyle(document.getElementById('box')!).backgroundColor), 'the evaluate');
    assert.equal(color, 'rgb(255, 0, 0)');
    assert.ok((await page.screenshot()).length > 0);

    assert.ok(existsSync(profile) && browsersRunningWith(profile) !== '', 'running with its own profile folder');
    await early.close();
    assert.ok(!existsSync(profile), 'the profile folder goes with the browser');
    assert.equal(browsersRunningWith(profile), '', 'no process of the browser is left');
  } finally {
    await Promise.all([early.close(), launched.close()]);
  }
});

test('a started browser that ends at once, or cannot be run, fails the device\'s launch with its own words', async () => {
  const failing = join(dir, 'failing-browser');
  writeFileSync(failing, '#!/bin/sh\necho "no display for this browser" >&2\nexit 3\n');
  chmodSync(failing, 0o755);
  await assert.rejects(openBrowser({ kind: 'launch' }, {}, Promise.resolve(startChromium(failing, ['--headless']))), (error: Error) => {
    assert.match(error.message, /failing-browser exited \(code 3\): no display for this browser/);
    return true;
  });
  await assert.rejects(openBrowser({ kind: 'launch' }, {}, Promise.resolve(startChromium(join(dir, 'no-such-browser'), []))), /no-such-browser did not start \(spawn .*ENOENT\)/);
});

test('each message from the browser is handed over in a task of its own, after what the last one started', async () => {
  // A stand-in browser that writes two messages at once on its DevTools pipe (descriptor 4).
  const browser = join(dir, 'two-messages');
  writeFileSync(browser, '#!/bin/sh\nprintf \'{"id":1}\\000{"id":2}\\000\' >&4\nsleep 1\n');
  chmodSync(browser, 0o755);
  const started = startChromium(browser, []);
  const seen: string[] = [];
  const done = new Promise<void>((resolve) => {
    started.transport.onmessage = async (message) => {
      const { id } = message as { id: number };
      seen.push(`message ${id}`);
      await Promise.resolve(); // what Playwright does after a message before it is ready for the next
      seen.push(`handled ${id}`);
      if (id === 2) resolve();
    };
  });
  await within(done, 'the two messages');
  await started.transport.close();
  assert.deepEqual(seen, ['message 1', 'handled 1', 'message 2', 'handled 2']);
});

test('a profile folder whose owning process has ended is removed at the next start; a running owner\'s stays', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'protostage-orphans-'));
  try {
    const ended = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => ended.once('exit', resolve));
    const names = [`protostage-chromium-${ended.pid}-abc123`, `protostage-chromium-${process.pid}-def456`, 'protostage-chromium-Go82Pd', 'other-folder'];
    for (const name of names) mkdirSync(join(folder, name, 'Default'), { recursive: true });
    removeOrphanedProfiles(folder);
    assert.deepEqual(readdirSync(folder).sort(), names.slice(1).sort());
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a headless launch is started by the device, which owns its DevTools pipe; its own commands answer past Playwright, and a failed one says why', async () => {
  const browser = await launchChromium();
  try {
    const pipe = devtoolsPipeOf(browser);
    assert.ok(pipe !== undefined, 'the device owns the pipe');
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const sessionId = await pipe.sessionOf((expression) => cdp.send('Runtime.evaluate', { expression }));
    assert.ok(sessionId !== undefined);
    const answer = (await pipe.command(sessionId, 'Runtime.evaluate', { expression: '6 * 7', returnByValue: true })) as { result: { value: number } };
    assert.equal(answer.result.value, 42);
    await assert.rejects(pipe.command(sessionId, 'Runtime.noSuchMethod', {}), /Protocol error \(Runtime.noSuchMethod\): .*wasn't found/);
    // Playwright goes on over the same pipe: it never saw those answers.
    assert.equal(await page.evaluate(() => 1 + 1), 2);
  } finally {
    await browser.close();
  }
  const choice = await chooseBrowser();
  assert.ok(!('error' in choice));
  const launched = await launchThroughPlaywright(choice, false);
  assert.equal(devtoolsPipeOf(launched), undefined, 'Playwright\'s own launch keeps its pipe to itself');
  await launched.close();
});
