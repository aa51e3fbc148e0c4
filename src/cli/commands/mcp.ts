// `protostage mcp`: the MCP server over stdio, for clients that spawn their servers.
import { fileURLToPath } from 'node:url';
import { parseCommandArgs } from '../args.ts';
import { startAgents } from '../../host/agent-process.ts';
import { DEVICE_OPTIONS, DEVICE_OPTIONS_HELP, hostSetupFrom } from '../../host/setup.ts';
import { mirrorAnnouncer } from '../mirror.ts';
import { untilStopped } from '../lifecycle.ts';

/** This install's command-line entry, for a registration that works from any directory. */
const BIN_PATH = fileURLToPath(new URL('../../../bin/protostage.js', import.meta.url));

export const HELP = `Usage: protostage mcp [options]

Serves the protostage MCP tools (prototype, observe, tapOn, sendKeys, swipeOn, pressBack, device) and resources
(authoring guide, icon search, shown prototypes) over stdio. The web device starts with the server
(see --lazy-device). Slow calls report progress to a client that asks, and cancelled calls stop.

Live mirror: once the device is up, the address where a person watches the device the agent is
driving, and joins in, is printed on stderr: http://127.0.0.1:MIRROR_PORT/?token=TOKEN.

Options:
${DEVICE_OPTIONS_HELP}
  -h, --help          this text

Client registration (e.g. in an mcpServers block), by the absolute path of this bin:
  { "command": "node", "args": ["${BIN_PATH}", "mcp"] }
or, after \`npm install -g\` of the checkout: { "command": "protostage", "args": ["mcp"] }`;

export const OPTIONS = DEVICE_OPTIONS;

export async function run(args: string[]): Promise<number> {
  const values = parseCommandArgs('mcp', args, OPTIONS, HELP);
  if (typeof values === 'number') return values;
  const setup = hostSetupFrom(values);
  if (typeof setup === 'string') {
    console.error(`protostage mcp: ${setup}`);
    return 2;
  }
  const stopped = untilStopped((stop) => {
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
  });
  // The device agents start first; the server's own modules load while they start.
  const started = values['lazy-device'] ? undefined : startAgents(setup);
  const [{ createDevicePool }, { createMcpServer, followShownPrototypes }, { serveStdio }, { guardedStdioTransport }] = await Promise.all([
    import('../../host/index.ts'),
    import('../../mcp/server.ts'),
    import('@modelcontextprotocol/server/stdio'),
    import('../../mcp/stdio.ts'),
  ]);
  // stdout carries the protocol, so the mirror's address goes to stderr.
  const announceMirror = mirrorAnnouncer('mcp', console.error, setup.devices?.length);
  const pool = createDevicePool(setup, announceMirror, started);
  if (!values['lazy-device']) pool.devices.forEach(announceMirror);
  const serverForConnection = () => {
    const server = createMcpServer(pool);
    followShownPrototypes(server, pool);
    return server;
  };
  const stdio = serveStdio(serverForConnection, {
    transport: guardedStdioTransport(),
    onerror: (error) => console.error(`protostage mcp: ${error.message}`),
  });
  await stopped;
  await stdio.close();
  await pool.close();
  return 0;
}
