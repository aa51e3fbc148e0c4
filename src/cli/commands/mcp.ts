// `protostage mcp`: the MCP server over stdio, for clients that spawn their servers.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { parseCommandArgs } from '../args.ts';
import { createHost, DEVICE_OPTIONS, DEVICE_OPTIONS_HELP, hostSetupFrom } from '../../host/index.ts';
import { createMcpServer } from '../../mcp/server.ts';

const HELP = `Usage: protostage mcp [options]

Serves the protostage MCP tools (prototype, observe, tapOn, sendKeys, swipeOn) and resources
(authoring guide, icon search) over stdio. The web device starts with the server (see --lazy-device).

Options:
${DEVICE_OPTIONS_HELP}
  -h, --help          this text

Client registration (e.g. in an mcpServers block):
  { "command": "npx", "args": ["protostage", "mcp"] }`;

export async function run(args: string[]): Promise<number> {
  const values = parseCommandArgs('mcp', args, DEVICE_OPTIONS, HELP);
  if (typeof values === 'number') return values;
  const setup = hostSetupFrom(values);
  if (typeof setup === 'string') {
    console.error(`protostage mcp: ${setup}`);
    return 2;
  }
  const host = createHost(setup);
  if (!values['lazy-device']) host.startDevice();
  const stdio = serveStdio(() => createMcpServer(host), { onerror: (error) => console.error(`protostage mcp: ${error.message}`) });
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await stdio.close();
  await host.close();
  return 0;
}
