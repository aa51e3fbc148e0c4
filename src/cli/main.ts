// `protostage <command>`: each command lives in ./commands/<name>.ts and exports `run(args)`.
// Commands load lazily so `validate` never pulls in Chromium or the MCP server.
import packageJson from '../../package.json' with { type: 'json' };

interface Command {
  usage: string;
  summary: string;
  load: () => Promise<{ run(args: string[]): Promise<number> }>;
}

const commands: Record<string, Command> = {
  validate: { usage: 'validate FILE [--all-errors]', summary: 'check a spec file, a saved folder or - (stdin)', load: () => import('./commands/validate.ts') },
  conformance: { usage: 'conformance DIR', summary: 'run a conformance corpus (valid/, invalid/, components/)', load: () => import('./commands/conformance.ts') },
  render: { usage: 'render SPEC -o out.png', summary: 'show a spec on the web device, tap, write screenshot/hierarchy/events', load: () => import('./commands/render.ts') },
  view: { usage: 'view SPEC [--port N]', summary: 'live preview of a spec file in your browser, re-rendered on every save', load: () => import('./commands/view.ts') },
  save: { usage: 'save SPEC -o DIR', summary: 'save a spec and its assets as a saved prototype folder', load: () => import('./commands/save.ts') },
  open: { usage: 'open DIR [--port N]', summary: 'open a saved prototype folder in the live viewer', load: () => import('./commands/open.ts') },
  schema: { usage: 'schema [-o FILE]', summary: 'the editor JSON Schema of a spec (--authoring-doc: the authoring guide)', load: () => import('./commands/schema.ts') },
  mcp: { usage: 'mcp', summary: 'MCP server over stdio (starts the web device)', load: () => import('./commands/mcp.ts') },
  serve: { usage: 'serve [--port N]', summary: 'MCP server over streamable HTTP on 127.0.0.1', load: () => import('./commands/serve.ts') },
  device: { usage: 'device', summary: 'run the web device agent (needs PROTOSTAGE_DEVICE_PORT/TOKEN)', load: () => import('./commands/device.ts') },
};

function usage(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length));
  const lines = Object.values(commands).map((c) => `  protostage ${c.usage.padEnd(width)}  ${c.summary}`);
  return ['Usage:', ...lines, '  protostage --version', '', 'Run `protostage <command> --help` for the options of one command.'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name ? 0 : 1;
  }
  if (name === '--version' || name === '-V') {
    console.log(`protostage ${packageJson.version}`);
    return 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    console.error(`protostage: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  let module: Awaited<ReturnType<Command['load']>>;
  try {
    module = await command.load();
  } catch (error) {
    console.error(`protostage ${name}: not available in this build (${(error as Error).message})`);
    return 2;
  }
  return module.run(rest);
}

// A reader that closes the pipe early (`protostage schema | head -1`) has all it wanted: stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

process.exitCode = await main(process.argv.slice(2));
