// A clean process life: a signal or the death of the parent ends the command and every process
// it started (the device agent, Chromium) within seconds, and a taken port is an exit 1, not a
// process left running. Real processes; the process tree is read with ps.
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { findFreePort } from '../../src/host/ports.ts';
import { createLaunchToken } from '../../src/protocol/handshake.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));

/** Every process below `root`, by walking ps's parent links. */
function descendants(root: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of rows) if (ppid === parent) { found.push(pid!); queue.push(pid!); }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function untilGone(pids: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let left = pids.filter(alive);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = left.filter(alive);
  }
  return left;
}

/** Waits until `serve` (pid) has started its device and a browser below it. */
async function browserBelow(pid: number): Promise<number[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const below = descendants(pid);
    const names = below.map((child) => { try { return execFileSync('ps', ['-o', 'comm=', '-p', String(child)], { encoding: 'utf8' }).trim(); } catch { return ''; } });
    if (names.some((name) => name.includes('chrom'))) return below;
    if (Date.now() > deadline) throw new Error('the command started no browser');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('serve whose parent dies stops, and its device agent and browser go with it', async () => {
  const port = await findFreePort();
  // A parent that starts serve and then just waits: killing it orphans serve.
  const parent = spawn(process.execPath, ['-e', `require('child_process').spawn(process.execPath, [${JSON.stringify(CLI)}, 'serve', '--port', '${port}'], { stdio: 'ignore' }); setInterval(() => {}, 1000);`], { stdio: 'ignore' });
  const servePid = await new Promise<number>((resolve, reject) => {
    const deadline = Date.now() + 30_000;
    const look = () => {
      const [child] = descendants(parent.pid!);
      if (child !== undefined) resolve(child);
      else if (Date.now() > deadline) reject(new Error('no serve process'));
      else setTimeout(look, 100);
    };
    look();
  });
  const started = [servePid, ...(await browserBelow(servePid))];
  parent.kill('SIGKILL');
  const left = await untilGone(started, 15_000);
  assert.deepEqual(left, [], `processes outlived their orphaned serve: ${left.join(', ')}`);
});

test('view run through a shell by a starter (as npm exec runs it) stops when the starter is killed, though the shell lives on', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'protostage-lifecycle-'));
  const spec = join(folder, 'hello.json');
  writeFileSync(spec, JSON.stringify({ id: 'hello', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', text: 'Hi' } }));
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} view ${JSON.stringify(spec)} --port 0`;
  // The starter runs `sh -c COMMAND` and waits, as npm exec does; SIGKILL gives it no chance to pass anything on.
  const starter = spawn(process.execPath, ['-e', `require('child_process').spawn('sh', ['-c', ${JSON.stringify(command)}], { stdio: 'ignore' }); setInterval(() => {}, 1000);`], { stdio: 'ignore' });
  try {
    const below = await browserBelow(starter.pid!);
    const shell = descendants(starter.pid!)[0]!;
    starter.kill('SIGKILL');
    const left = await untilGone(below.filter((pid) => pid !== shell), 15_000);
    assert.deepEqual(left, [], `processes outlived the killed starter: ${left.join(', ')}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('SIGHUP stops serve with exit 0, and nothing it started is left', async () => {
  const serve: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--port', String(await findFreePort())], { stdio: 'ignore' });
  const started = await browserBelow(serve.pid!);
  const exited = new Promise<number | null>((resolve) => serve.once('exit', (code) => resolve(code)));
  serve.kill('SIGHUP');
  assert.equal(await exited, 0);
  assert.deepEqual(await untilGone(started, 15_000), []);
});

test('serve on a taken port exits 1, naming the port, and the device agent it started first goes with it', async () => {
  const blocker = createServer();
  const port = await findFreePort();
  await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
  let serve: ChildProcess | undefined;
  const seen = new Set<number>();
  try {
    serve = spawn(process.execPath, [CLI, 'serve', '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    serve.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const exited = new Promise<number | null>((resolve) => serve!.once('exit', (code) => resolve(code)));
    // The agent starts before the server's modules load, so it is there before the port is tried.
    let code: number | null | undefined;
    void exited.then((exitCode) => { code = exitCode; });
    const deadline = Date.now() + 60_000;
    while (code === undefined && Date.now() < deadline) {
      for (const pid of descendants(serve.pid!)) seen.add(pid);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(code, 1, 'serve ended within a minute');
    assert.match(stderr, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}`));
    assert.ok(seen.size > 0, 'serve started its device agent');
    assert.deepEqual(await untilGone([...seen], 15_000), []);
  } finally {
    for (const pid of [serve?.pid, ...seen]) if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
    blocker.close();
  }
});

test('device on a taken port exits 1 at once, naming the port, and leaves no browser', async () => {
  const blocker = createServer();
  const port = await findFreePort();
  await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
  try {
    const device = spawn(process.execPath, [CLI, 'device'], {
      env: { ...process.env, PROTOSTAGE_DEVICE_PORT: String(port), PROTOSTAGE_DEVICE_TOKEN: createLaunchToken() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    device.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const code = await new Promise<number | null>((resolve) => device.once('exit', (exitCode) => resolve(exitCode)));
    assert.equal(code, 1);
    assert.match(stderr, new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: the port is taken`));
    assert.deepEqual(descendants(device.pid!).filter(alive), []);
  } finally {
    blocker.close();
  }
});

test('a command whose parent died before it began to watch stops as soon as it watches, and a signal during its start is kept till then', async () => {
  const lifecycle = JSON.stringify(fileURLToPath(new URL('../../src/cli/lifecycle.ts', import.meta.url)));
  const folder = mkdtempSync(join(tmpdir(), 'protostage-lifecycle-'));
  const report = join(folder, 'report');
  try {
    // The command loads, its parent dies, and only then does it watch: the watch must stop it at once.
    const command = `const { untilStopped } = await import(${lifecycle}); const start = process.ppid;
      while (process.ppid === start) await new Promise((resolve) => setTimeout(resolve, 20));
      const stopped = await Promise.race([untilStopped().then(() => 'stopped'), new Promise((resolve) => setTimeout(resolve, 3000, 'running'))]);
      require('node:fs').writeFileSync(${JSON.stringify(report)}, stopped); process.exit(0);`;
    const parent = spawn(process.execPath, ['-e', `require('child_process').spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ${JSON.stringify(command.replace('require(', "(await import('node:module')).createRequire(import.meta.url)("))}], { stdio: 'ignore', cwd: ${JSON.stringify(fileURLToPath(new URL('../../', import.meta.url)))} }); setTimeout(() => process.exit(0), 1500);`], { stdio: 'ignore' });
    await new Promise((resolve) => parent.once('exit', resolve));
    const deadline = Date.now() + 10_000;
    while (!existsSync(report) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(readFileSync(report, 'utf8'), 'stopped');

    // A SIGHUP before the watch begins is not the end of the process: the watch sees it.
    const early = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `const { untilStopped } = await import(${lifecycle});
      const stopped = untilStopped(); process.stdout.write('watching\\n');
      await new Promise((resolve) => setTimeout(resolve, 1000)); await stopped; process.exit(7);`], { stdio: ['ignore', 'pipe', 'ignore'], cwd: fileURLToPath(new URL('../../', import.meta.url)) });
    await new Promise((resolve) => early.stdout!.once('data', resolve));
    early.kill('SIGHUP');
    assert.equal(await new Promise((resolve) => early.once('exit', (code) => resolve(code))), 7, 'it finished its start, then stopped');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
