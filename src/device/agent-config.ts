// The agent's launch settings, read apart from the agent itself: the command reads them before
// the agent's modules load, which it does while the device's browser starts (cli/commands/device.ts).
import { DEVICE_PORT_ENV, DEVICE_TOKEN_ENV } from '../protocol/constants.ts';
import { isAcceptableToken } from '../protocol/handshake.ts';

export type AgentConfig = { ok: true; port: number; token: string } | { ok: false; message: string };

/** Reads the launch port and token; the agent refuses to start without both. */
export function readAgentConfig(env: NodeJS.ProcessEnv): AgentConfig {
  const port = Number(env[DEVICE_PORT_ENV]);
  const token = env[DEVICE_TOKEN_ENV];
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    return { ok: false, message: `${DEVICE_PORT_ENV} must be a TCP port number (1-65535)` };
  }
  if (!isAcceptableToken(token)) return { ok: false, message: `${DEVICE_TOKEN_ENV} must be a token of at least 16 characters` };
  return { ok: true, port, token };
}
