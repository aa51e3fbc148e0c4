// `protostage device` as a child process for tests: started on a port with a token, resolved
// once it listens (its "listening on" line on standard error).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));

export function startAgentProcess(port: number, token: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'device'], {
    env: { ...process.env, PROTOSTAGE_DEVICE_PORT: String(port), PROTOSTAGE_DEVICE_TOKEN: token },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('listening on')) resolve(child);
    });
    child.once('exit', () => reject(new Error(`device exited: ${stderr}`)));
  });
}
