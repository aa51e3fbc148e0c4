// `protostage serve`: the MCP server over streamable HTTP on 127.0.0.1.
import type { Server } from 'node:http';
import { createLaunchToken, isAcceptableToken } from '../../protocol/handshake.ts';
import { parseCommandArgs } from '../args.ts';
import { refuseAccess } from '../http-access.ts';
import { createGuardedServer, listenOnLoopback, portOf } from '../../protocol/http-guard.ts';
import { startAgents, stopAgents } from '../../host/agent-process.ts';
import { DEVICE_OPTIONS, DEVICE_OPTIONS_HELP, hostSetupFrom } from '../../host/setup.ts';
import type { McpHttpHandler } from '../../mcp/http.ts';
import { mirrorAnnouncer } from '../mirror.ts';
import { untilStopped } from '../lifecycle.ts';

export const DEFAULT_SERVE_PORT = 7410;
const MCP_PATH = '/mcp';

export const HELP = `Usage: protostage serve [--port N] [options]

Serves the protostage MCP tools and resources over streamable HTTP at
http://127.0.0.1:PORT${MCP_PATH}?token=TOKEN, loopback only. Every request needs the token (the
token query parameter, or an Authorization: Bearer TOKEN header); the Host header must name this
server, and a browser page may call it only from this server's own origin (scheme, host and
port). The token is random for each start unless --token gives one.
The web device starts with the server (see --lazy-device).

Live mirror: once the device is up, serve prints a second address,
http://127.0.0.1:MIRROR_PORT/?token=TOKEN, where a person watches the device the agent is
driving in their own browser and joins in: clicks are taps, drags are finger swipes, keys are
typed, and a side panel lists every prototype event with the current state and pages. The
device serves it on its own loopback port with its own random token; every request needs it.
With --lazy-device the device, and so the mirror, starts on the first tool call and the
address is printed then. A device that is restarted (after it was lost) prints its new address.

Options:
  --port N            port to listen on (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)
  --token TOKEN       the bearer token clients must send (at least 16 characters; default random)
${DEVICE_OPTIONS_HELP}
  -h, --help          this text`;

export const OPTIONS = { ...DEVICE_OPTIONS, port: { type: 'string' }, token: { type: 'string' } } as const;

export async function run(args: string[]): Promise<number> {
  const values = parseCommandArgs('serve', args, OPTIONS, HELP);
  if (typeof values === 'number') return values;
  const port = values.port === undefined ? DEFAULT_SERVE_PORT : Number(values.port);
  const setup = hostSetupFrom(values);
  const token = values.token ?? createLaunchToken();
  const problem = !Number.isInteger(port) || port < 0 || port > 65_535
    ? `--port must be a port number, not "${values.port}"`
    : !isAcceptableToken(token)
      ? '--token must have at least 16 characters'
      : typeof setup === 'string' ? setup : null;
  if (problem || typeof setup === 'string') {
    console.error(`protostage serve: ${problem}`);
    return 2;
  }
  const stopped = untilStopped();
  // The device agents start first; the server's own modules load while they start.
  const started = values['lazy-device'] ? undefined : startAgents(setup);
  const [{ createDevicePool }, { mcpHttpHandler }] = await Promise.all([import('../../host/index.ts'), import('../../mcp/http.ts')]);
  const announceMirror = mirrorAnnouncer('serve', console.log, setup.devices?.length);
  const pool = createDevicePool(setup, announceMirror, started);
  const mcp = mcpHttpHandler(pool);
  const server = mcpHttpServer(mcp, token);
  try {
    await listenOnLoopback(server, port);
  } catch (error) {
    console.error(`protostage serve: cannot listen on 127.0.0.1:${port} (${(error as Error).message}); pass another --port`);
    await pool.close();
    await stopAgents(started);
    return 1;
  }
  if (!values['lazy-device']) pool.devices.forEach(announceMirror);
  const url = `http://127.0.0.1:${portOf(server)}${MCP_PATH}?token=${token}`;
  console.log(`protostage MCP server listening on ${url}`);
  console.log('Register it with your MCP client, e.g.:');
  console.log(JSON.stringify({ mcpServers: { protostage: { type: 'http', url } } }, null, 2));
  await stopped;
  server.close();
  await mcp.close();
  server.closeAllConnections();
  await pool.close();
  return 0;
}

function mcpHttpServer(mcp: McpHttpHandler, token: string): Server {
  const server = createGuardedServer((request, response) => {
    const refusal = refuseAccess(request, portOf(server), token);
    if (refusal) {
      const headers = { 'content-type': 'application/json', ...(refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {}) };
      response.writeHead(refusal.status, headers).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: refusal.message } }));
      return;
    }
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== MCP_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`The MCP endpoint is ${MCP_PATH}\n`);
      return;
    }
    mcp.handle(request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' }).end(`protostage: ${error.message}\n`);
    });
  });
  return server;
}
