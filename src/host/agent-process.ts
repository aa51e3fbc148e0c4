// A web device agent's process: `protostage device` started with a fresh loopback port and random
// token, handed over by environment. Apart from the connection (device-launcher.ts) so a command
// can start its devices before the modules that talk to them load.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEVICE_EXIT_WITH_STDIN_ENV, DEVICE_PORT_ENV, DEVICE_TOKEN_ENV } from '../protocol/constants.ts';
import { createLaunchToken } from '../protocol/handshake.ts';
import { findFreePort } from './ports.ts';
import { agentArgsOf, launchedDevices, type HostSetup } from './setup.ts';

const CLI_PATH = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const STDERR_TAIL_CHARS = 2000;

export interface AgentProcess {
  child: ChildProcess;
  port: number;
  token: string;
  /** Rejects when the process ends, with its exit and the tail of what it wrote on stderr. */
  exited: Promise<never>;
}

/** Starts `protostage device` with `args`; it listens on the port once its modules are loaded. */
export async function spawnAgentProcess(args: string[]): Promise<AgentProcess> {
  const port = await findFreePort();
  const token = createLaunchToken();
  const child = spawn(process.execPath, [CLI_PATH, 'device', ...args], {
    env: { ...process.env, [DEVICE_PORT_ENV]: String(port), [DEVICE_TOKEN_ENV]: token, [DEVICE_EXIT_WITH_STDIN_ENV]: '1' },
    // stdout is ignored so the agent can never write into an MCP stdio stream.
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderrTail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`device process exited (${signal ?? `code ${code}`})${stderrTail ? `: ${stderrTail.trim()}` : ''}`)));
    child.once('error', reject);
  });
  exited.catch(() => {});
  return { child, port, token, exited };
}

/**
 * Starts the agent of every device the setup launches, by device name, for the hosts made later to
 * connect to (createDevicePool): the agents load and open their browsers meanwhile. An agent not
 * taken ends with this process (its stdin closes).
 */
export function startAgents(setup: HostSetup): Map<string, Promise<AgentProcess>> {
  return new Map(launchedDevices(setup).map((entry) => {
    const started = spawnAgentProcess(agentArgsOf(setup, entry));
    started.catch(() => {}); // reported by the host's launch that takes it
    return [entry.name, started];
  }));
}

/** Closing the agent's stdin tells it to shut down; SIGTERM covers an agent that ignores it. */
export function stopAgentProcess(child: ChildProcess): void {
  child.stdin?.end();
  child.kill('SIGTERM');
}

/** Ends agents started for hosts that never took them (a server that could not start). */
export async function stopAgents(started: ReadonlyMap<string, Promise<AgentProcess>> | undefined): Promise<void> {
  await Promise.all([...(started?.values() ?? [])].map((agent) => agent.then(({ child }) => stopAgentProcess(child), () => undefined)));
}
