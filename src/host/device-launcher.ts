// Launching the web device agent: a fresh loopback port and random token per launch, handed over
// by environment, then the hello handshake on a new connection.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DeviceConnection, type DeviceChannel } from '../protocol/client.ts';
import { DEVICE_EXIT_WITH_STDIN_ENV, DEVICE_PORT_ENV, DEVICE_TOKEN_ENV } from '../protocol/constants.ts';
import { createLaunchToken } from '../protocol/handshake.ts';
import type { DeviceLauncher } from './host.ts';
import { findFreePort } from './ports.ts';

const CLI_PATH = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;
const CONNECT_RETRY_MS = 100;
const STDERR_TAIL_CHARS = 2000;

export interface WebDeviceLaunchOptions {
  /** Extra `protostage device` arguments, e.g. ['--profile', 'tablet']. */
  deviceArgs?: string[];
  /** Called with each launched agent process (tests use it to kill the device). */
  onSpawn?(child: ChildProcess): void;
}

export interface LaunchedDevice {
  channel: DeviceChannel;
  child: ChildProcess;
  port: number;
  /** The launch token, for opening further connections to the same agent. */
  token: string;
}

/** Starts `protostage device` as a child process and connects to it. */
export async function launchWebDevice(options: WebDeviceLaunchOptions = {}): Promise<LaunchedDevice> {
  const port = await findFreePort();
  const token = createLaunchToken();
  const child = spawn(process.execPath, [CLI_PATH, 'device', ...(options.deviceArgs ?? [])], {
    env: { ...process.env, [DEVICE_PORT_ENV]: String(port), [DEVICE_TOKEN_ENV]: token, [DEVICE_EXIT_WITH_STDIN_ENV]: '1' },
    // stdout is ignored so the agent can never write into an MCP stdio stream.
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  options.onSpawn?.(child);
  let stderrTail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`device process exited (${signal ?? `code ${code}`})${stderrTail ? `: ${stderrTail.trim()}` : ''}`)));
    child.once('error', reject);
  });
  exited.catch(() => {});
  try {
    const channel = await Promise.race([connectWithRetry(port, token), exited]);
    channel.onClose(() => stopChild(child));
    return { channel, child, port, token };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** Closing the agent's stdin tells it to shut down; SIGTERM covers an agent that ignores it. */
function stopChild(child: ChildProcess): void {
  child.stdin?.end();
  child.kill('SIGTERM');
}

async function connectWithRetry(port: number, token: string): Promise<DeviceConnection> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    try {
      return await DeviceConnection.open(port, token, Math.max(deadline - Date.now(), 1000));
    } catch (error) {
      const refused = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
      if (!refused || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
    }
  }
}

/** The launcher the host uses by default: one agent process per launch. */
export function webDeviceLauncher(options: WebDeviceLaunchOptions = {}): DeviceLauncher {
  return {
    async launch() {
      return (await launchWebDevice(options)).channel;
    },
  };
}

/** A launcher for a device agent someone else started: it only connects. */
export function existingDeviceLauncher(port: number, token: string): DeviceLauncher {
  return { launch: () => DeviceConnection.open(port, token) };
}
