// `protostage serve` as a child process for tests: started with the given flags, its printed MCP
// URL (token included) read from standard output, stopped with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));

export interface ServeProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT/mcp?token=… */
  url: string;
  /** Everything serve printed on standard output up to the registration snippet. */
  printed: string;
  stop(): Promise<void>;
}

export async function startServe(flags: string[] = ['--lazy-device']): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL: ${printed}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp\?token=[\w-]+)/.exec(printed);
      if (match && printed.includes('mcpServers') && printed.trimEnd().endsWith('}')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return {
    child,
    url,
    printed,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
