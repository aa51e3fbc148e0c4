// Launching the web device agent (agent-process.ts starts its process), then the hello handshake
// on a new connection.
import type { ChildProcess } from 'node:child_process';
import { DeviceConnection, type DeviceChannel } from '../protocol/client.ts';
import { spawnAgentProcess, stopAgentProcess, type AgentProcess } from './agent-process.ts';
import type { DeviceLauncher } from './host.ts';

const STARTUP_TIMEOUT_MS = 60_000;
const CONNECT_RETRY_MS = 100;

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

/** Starts `protostage device` as a child process (or takes one `started` already) and connects to it. */
export async function launchWebDevice(options: WebDeviceLaunchOptions = {}, started?: Promise<AgentProcess>): Promise<LaunchedDevice> {
  const { child, port, token, exited } = await (started ?? spawnAgentProcess(options.deviceArgs ?? []));
  options.onSpawn?.(child);
  try {
    const channel = await Promise.race([connectWithRetry(port, token), exited]);
    channel.onClose(() => stopAgentProcess(child));
    return { channel, child, port, token };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
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

/**
 * The launcher the host uses by default: one agent process per launch, the first one `started`
 * when given (an agent started before the host).
 */
export function webDeviceLauncher(options: WebDeviceLaunchOptions = {}, started?: Promise<AgentProcess>): DeviceLauncher {
  return {
    async launch() {
      const agent = started;
      started = undefined;
      return (await launchWebDevice(options, agent)).channel;
    },
  };
}

/** A launcher for a device agent someone else started: it only connects. */
export function existingDeviceLauncher(port: number, token: string): DeviceLauncher {
  return { launch: () => DeviceConnection.open(port, token) };
}
