// Chromium started by the device itself, before Playwright has loaded: the browser's own start
// then runs while Node loads Playwright, instead of after it. Playwright takes the browser over its
// DevTools pipe (connectOverCDP with this transport), as its own launch would over the same pipe.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

const STDERR_TAIL_CHARS = 2000;
/** A started browser's profile folder, in the temporary folder: the prefix, then the owning process's id. */
const PROFILE_PREFIX = 'protostage-chromium-';
const PROFILE_OWNER = new RegExp(`^${PROFILE_PREFIX}(\\d+)-`);
const CLOSE_TIMEOUT_MS = 5000;
/** The id of the close request: the one Playwright's own close uses, whose answer its connection ignores. */
const BROWSER_CLOSE_ID = -9999;

/** What Playwright's connectOverCDP takes as a transport: messages as objects, one each way. */
export interface PipeTransport {
  send(message: object): void;
  close(): Promise<void>;
  onmessage?: (message: object) => void;
  onclose?: (reason?: string) => void;
}

export interface StartedChromium {
  transport: PipeConnection;
  /** Rejects when the browser ends before close, with its exit and the tail of what it wrote on stderr. */
  exited: Promise<never>;
}

/**
 * Starts `executablePath` with `args` (Playwright's launch switches and the device's own), a fresh
 * profile folder and the DevTools pipe on file descriptors 3 and 4. The browser and its folder go
 * with close, or with this process.
 */
export function startChromium(executablePath: string, args: readonly string[]): StartedChromium {
  const profile = mkdtempSync(join(tmpdir(), `${PROFILE_PREFIX}${process.pid}-`));
  const child = spawn(executablePath, [...args, `--user-data-dir=${profile}`, '--remote-debugging-pipe', '--no-startup-window'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  removeOrphanedProfiles(); // once the browser is on its way, not before
  const removeAll = () => {
    child.kill('SIGKILL');
    rmSync(profile, { recursive: true, force: true });
  };
  process.once('exit', removeAll);
  let stderrTail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  const ended = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve()); // never started
  });
  let closing = false;
  const exited = new Promise<never>((_, reject) => {
    const fail = (why: string) => reject(new Error(`the browser ${executablePath} ${why}${stderrTail ? `: ${stderrTail.trim()}` : ''}`));
    child.once('error', (error) => fail(`did not start (${error.message})`));
    child.once('exit', (code, signal) => {
      if (!closing) fail(`exited (${signal ?? `code ${code}`})`);
    });
  });
  exited.catch(() => {});
  const transport = new PipeConnection(child.stdio[3] as Writable, child.stdio[4] as Readable, async () => {
    closing = true;
    // As Playwright closes a browser it launched: asked to close, then ended after a while.
    if (child.exitCode === null && child.signalCode === null) {
      transport.send({ id: BROWSER_CLOSE_ID, method: 'Browser.close', params: {} });
      const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
      await ended;
      clearTimeout(timer);
    }
    process.removeListener('exit', removeAll);
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  });
  return { transport, exited };
}

/**
 * Removes the profile folders of started browsers whose process has ended without removing them
 * (an agent killed outright: its browser ends with the pipe, the folder stays). A folder of a
 * running process, or of another user, is left alone.
 */
export function removeOrphanedProfiles(folder = tmpdir()): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = PROFILE_OWNER.exec(name)?.[1];
    if (owner === undefined || isRunning(Number(owner))) continue;
    try {
      rmSync(join(folder, name), { recursive: true, force: true });
    } catch {
      // another user's folder, or one going away as we look
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The first id of the device's own commands: far above the ids Playwright counts up from 1. */
const FIRST_OWN_COMMAND_ID = 1_000_000_000;

interface CommandAnswer {
  id: number;
  result?: unknown;
  error?: { message: string };
}

/**
 * CDP over a pipe: JSON messages, each ended by a NUL byte. Playwright speaks over it, and the
 * device sends some commands of its own past Playwright (command): their answers never reach it.
 */
export class PipeConnection implements PipeTransport {
  onmessage?: (message: object) => void;
  #onclose?: (reason?: string) => void;
  #closed = false;
  #pending: Buffer[] = [];
  #nextCommandId = FIRST_OWN_COMMAND_ID;
  #commands = new Map<number, { resolve(result: unknown): void; reject(error: Error): void; method: string }>();
  /** A marked expression to watch for on its way out, and what to tell of the session it goes to. */
  #watch: { expression: string; found(sessionId: string | undefined): void } | null = null;

  constructor(
    private readonly write: Writable,
    read: Readable,
    readonly close: () => Promise<void>,
  ) {
    read.on('data', (chunk: Buffer) => this.#receive(chunk));
    read.on('close', () => {
      this.#closed = true;
      for (const command of this.#commands.values()) command.reject(new Error(`Protocol error (${command.method}): the browser has closed`));
      this.#commands.clear();
      this.#onclose?.();
    });
    // A browser that ended leaves a closed pipe; its exit is reported through `exited`.
    write.on('error', () => undefined);
    read.on('error', () => undefined);
  }

  /** Told at once when the pipe closed before anyone listened (a browser that ended at its start). */
  set onclose(listener: ((reason?: string) => void) | undefined) {
    this.#onclose = listener;
    if (this.#closed) listener?.();
  }

  get onclose(): ((reason?: string) => void) | undefined {
    return this.#onclose;
  }

  send(message: object): void {
    if (this.#watch !== null && (message as { params?: { expression?: unknown } }).params?.expression === this.#watch.expression) {
      this.#watch.found((message as { sessionId?: string }).sessionId);
      this.#watch = null;
    }
    this.write.write(`${JSON.stringify(message)}\0`);
  }

  /**
   * Sends one command to a session and answers its result, past Playwright's own layers, which
   * cost about a millisecond a round trip on two cores. The answer is handed over a task after the
   * message, as Playwright hands over what it receives: an event the page reported before it (a
   * binding call) reaches its listener first.
   */
  command(sessionId: string, method: string, params: object = {}): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error(`Protocol error (${method}): the browser has closed`));
    const id = this.#nextCommandId++;
    return new Promise((resolve, reject) => {
      this.#commands.set(id, { resolve, reject, method });
      this.write.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /**
   * The id of the session a Playwright CDP session sends to: `probe` sends an evaluate of the given
   * expression through it, which is recognised on its way out.
   */
  async sessionOf(probe: (expression: string) => Promise<unknown>): Promise<string | undefined> {
    const expression = JSON.stringify(`protostage-session-${this.#nextCommandId++}`);
    let sessionId: string | undefined;
    this.#watch = { expression, found: (id) => (sessionId = id) };
    try {
      await probe(expression);
    } finally {
      this.#watch = null;
    }
    return sessionId;
  }

  #answer(answer: CommandAnswer): void {
    const command = this.#commands.get(answer.id)!;
    this.#commands.delete(answer.id);
    setImmediate(() => (answer.error ? command.reject(new Error(`Protocol error (${command.method}): ${answer.error.message}`)) : command.resolve(answer.result)));
  }

  /**
   * Each message is handed over in a task of its own, as Playwright's own pipe does: its connection
   * sets up a session the browser announces before that session's next message may arrive. Handed
   * over at once, a page's first messages could come before it listened, and an evaluate waited
   * forever for a context it never heard of (3 of 6 pages on a loaded machine).
   */
  #receive(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      this.#pending.push(chunk.subarray(start, end));
      const text = Buffer.concat(this.#pending).toString('utf8');
      this.#pending = [];
      setImmediate(() => {
        const message = JSON.parse(text) as object;
        if (this.#commands.has((message as CommandAnswer).id)) this.#answer(message as CommandAnswer);
        else this.onmessage?.(message);
      });
      start = end + 1;
    }
    if (start < chunk.length) this.#pending.push(chunk.subarray(start));
  }
}
