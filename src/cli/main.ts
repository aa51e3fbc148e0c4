// `protostage <command>`: each command lives in ./commands/<name>.ts and exports `run(args)`.
// Commands load lazily so `validate` never pulls in Chromium or the MCP server.
import packageJson from '../../package.json' with { type: 'json' };

interface Command {
  summary: string;
  load: () => Promise<{ run(args: string[]): Promise<number> }>;
}

const commands: Record<string, Command> = {
  validate: { summary: 'validate FILE|- [--json]   check a prototype spec', load: () => import('./commands/validate.ts') },
  conformance: { summary: 'conformance DIR            run a conformance corpus (valid/, invalid/, components/)', load: () => import('./commands/conformance.ts') },
  render: { summary: 'render SPEC -o out.png     show a spec on the web device, tap, write screenshot/hierarchy/events', load: () => import('./commands/render.ts') },
  view: { summary: 'view SPEC [--port N]       live preview of a spec file in your browser, re-rendered on every save', load: () => import('./commands/view.ts') },
  save: { summary: 'save SPEC -o DIR           save a spec and its assets as a saved prototype folder', load: () => import('./commands/save.ts') },
  open: { summary: 'open DIR [--port N]        open a saved prototype folder in the live viewer', load: () => import('./commands/open.ts') },
  schema: { summary: 'schema [-o FILE]           the editor JSON Schema of a spec (--authoring-doc: the authoring guide)', load: () => import('./commands/schema.ts') },
  mcp: { summary: 'mcp                        MCP server over stdio (starts the web device)', load: () => import('./commands/mcp.ts') },
  serve: { summary: 'serve [--port N]           MCP server over streamable HTTP on 127.0.0.1', load: () => import('./commands/serve.ts') },
  device: { summary: 'device                     run the web device agent (needs PROTOSTAGE_DEVICE_PORT/TOKEN)', load: () => import('./commands/device.ts') },
};

function usage(): string {
  const lines = Object.values(commands).map((c) => `  protostage ${c.summary}`);
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

process.exitCode = await main(process.argv.slice(2));
