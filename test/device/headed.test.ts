// A headed web device (`protostage render --headed`, WebDevice `headed: true`) needs a display; on a
// machine without a screen a virtual X server (Xvfb) stands in for one. Skipped, saying why, only
// when Xvfb is not installed.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { launchChromium } from '../../src/device/chromium.ts';
import { WebDevice } from '../../src/device/web-device.ts';
import { differingPixels, readValidFixture, validSpec } from './helpers.ts';

const XVFB = '/usr/bin/Xvfb';
const CLI = new URL('../../bin/protostage.js', import.meta.url).pathname;
const FIXTURE = new URL('../fixtures/prototype-spec/valid/doc-example-2.json', import.meta.url).pathname;
const skip = existsSync(XVFB) ? false : `${XVFB} is missing (apt-get install xvfb): a headed browser needs a display`;

let xvfb: ChildProcess | undefined;
let display = '';
const dir = mkdtempSync(join(tmpdir(), 'protostage-headed-'));

/** Starts Xvfb on a free display number, which it reports on file descriptor 3. */
function startXvfb(): Promise<{ server: ChildProcess; display: string }> {
  const server = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let reported = '';
    server.stdio[3]!.on('data', (chunk: Buffer) => {
      reported += chunk.toString();
      if (reported.includes('\n')) resolve({ server, display: `:${reported.trim()}` });
    });
    server.once('exit', (code) => reject(new Error(`Xvfb exited with code ${code} before reporting its display`)));
  });
}

before(async () => {
  if (skip) return;
  ({ server: xvfb, display } = await startXvfb());
});

after(() => {
  xvfb?.kill();
  rmSync(dir, { recursive: true, force: true });
});

test('WebDevice headed: true opens a visible browser window and draws a fixture as headless does', { skip }, async () => {
  // The same Chromium both ways: a headless device on its own takes the headless shell.
  const headless = await WebDevice.launch({ browserSource: { kind: 'launch', choice: 'chromium' } });
  const headedBrowser = await withDisplay(() => launchChromium({ headed: true }));
  try {
    const probe = await headedBrowser.newPage();
    assert.doesNotMatch(await probe.evaluate(() => navigator.userAgent), /Headless/, 'the browser runs with a window');
    await probe.close();
    const headed = await WebDevice.launch({ browser: headedBrowser });
    const spec = validSpec(readValidFixture('doc-example-2.json'));
    const screens = [];
    for (const device of [headed, headless]) {
      assert.equal((await device.show(spec) as { ok: boolean }).ok, true);
      screens.push(await device.observe());
    }
    await headed.close();
    assert.ok(screens[0]!.hierarchy.some((node) => node.text === 'Favorites'), 'the headed device observes the prototype');
    assert.deepEqual(screens[0]!.hierarchy.filter((node) => node.layer === 'prototype'), screens[1]!.hierarchy.filter((node) => node.layer === 'prototype'));
    assert.equal(differingPixels(screens[0]!.screenshot, screens[1]!.screenshot), 0, 'headed and headless draw the same pixels');
  } finally {
    await headedBrowser.close();
    await headless.close();
  }
});

test('protostage render --headed renders a fixture on the display', { skip }, async () => {
  const out = join(dir, 'headed.png');
  const hierarchyFile = join(dir, 'hierarchy.json');
  const result = await runRender([FIXTURE, '-o', out, '--hierarchy', hierarchyFile, '--headed'], { ...process.env, DISPLAY: display });
  assert.equal(result.code, 0, result.stderr);
  const png = PNG.sync.read(readFileSync(out));
  assert.deepEqual([png.width, png.height], [412, 915]);
  const hierarchy = JSON.parse(readFileSync(hierarchyFile, 'utf8')) as { text: string | null; layer: string }[];
  assert.ok(hierarchy.some((node) => node.layer === 'prototype' && node.text === 'Home'));
});

test('protostage render --headed without a display fails with a hint instead of a stack', async () => {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const result = await runRender([FIXTURE, '-o', join(dir, 'never.png'), '--headed'], env);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /^protostage render: cannot start the web device: .*set DISPLAY, run under xvfb-run, or drop --headed/);
  assert.equal(result.stderr.trim().split('\n').length, 1, 'one line, no stack');
});

function runRender(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'render', ...args], { timeout: 120_000, env }, (error, _stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stderr });
    });
  });
}

/** Runs `launch` with DISPLAY pointing at the virtual display (Chromium reads it when it starts). */
async function withDisplay<T>(launch: () => Promise<T>): Promise<T> {
  const previous = process.env.DISPLAY;
  process.env.DISPLAY = display;
  try {
    return await launch();
  } finally {
    if (previous === undefined) delete process.env.DISPLAY;
    else process.env.DISPLAY = previous;
  }
}
