// Shared set-up for the viewer tests: a `protostage` command run as a real child process, and
// a viewer page opened in real Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import type { SpecStatus, ViewerMessage } from '../../src/viewer/messages.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

export interface RunningCommand {
  child: ChildProcess;
  /** Everything printed so far on stdout and stderr. */
  output(): string;
  /** Resolves with the first match of the pattern in the output (already printed or still to come). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process has ended on its own or been stopped. */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

export function runCommand(args: string[]): RunningCommand {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    waitFor(pattern, timeoutMs = STARTUP_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match === null) return;
          done();
          resolve(match);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} in the output within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Opens a viewer address in a page wide enough for a phone screen and the side panel. */
export async function openViewer(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
  await page.goto(url);
  return page;
}

/** Resolves once the viewer shows a frame other than the one it showed before (or its first). */
export async function nextFrame(page: Page, previousSrc: string | null, timeout = 20_000): Promise<string> {
  const handle = await page.waitForFunction(
    (previous) => {
      const image = document.getElementById('frame') as HTMLImageElement;
      return image.complete && image.naturalWidth > 0 && image.getAttribute('src') !== previous ? image.getAttribute('src') : null;
    },
    previousSrc,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}

/**
 * Waits frame by frame until the mirrored screen looks other than `before` (a scroll may send a
 * frame or two that still show the old picture first); returns that frame's src. Fails when no
 * frame comes (nextFrame's timeout) or none of `frames` frames differs.
 */
export async function frameUnlike(page: Page, before: Buffer, previousSrc: string, frames = 30): Promise<string> {
  const screen = page.locator('#screen');
  let src = previousSrc;
  for (let frame = 0; frame < frames; frame++) {
    src = await nextFrame(page, src);
    if (!before.equals(await screen.screenshot())) return src;
  }
  throw new Error(`the mirrored screen still showed the same picture after ${frames} frames`);
}

/** Waits until the mirror sends no new frame for `quietMs` (a fling has ended); returns the last frame's src. */
export async function restingFrame(page: Page, previousSrc: string, quietMs = 500): Promise<string> {
  let src = previousSrc;
  for (let frame = 0; frame < 300; frame++) {
    try {
      src = await nextFrame(page, src, quietMs);
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return src;
      throw error;
    }
  }
  throw new Error('the mirrored screen never came to rest');
}

export function counterSpec(label: string): object {
  return {
    id: 'counter',
    window: { placement: { type: 'fullscreen' } },
    state: { count: 0 },
    root: {
      type: 'column',
      children: [
        { type: 'text', text: 'Count {count}', testTag: 'label' },
        { type: 'button', label, testTag: 'add', onTap: [{ type: 'increment', key: 'count' }] },
      ],
    },
  };
}

/** The status a viewer joining the live view at `url` now is sent. */
export async function viewerStatus(url: string): Promise<SpecStatus> {
  const address = new URL(url);
  const socket = new WebSocket(`ws://${address.host}/socket?token=${address.searchParams.get('token')}`);
  try {
    return await new Promise<SpecStatus>((resolve, reject) => {
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const message = JSON.parse(data.toString()) as ViewerMessage;
        if (message.type === 'status') resolve(message.status);
      });
      socket.once('error', reject);
    });
  } finally {
    socket.close();
  }
}
