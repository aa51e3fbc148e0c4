// The package as a user installs it: `npm pack`, then `npm install --omit=dev` of the tarball into
// a fresh folder; prints the size of its node_modules on disk (budget <= 120 MB), its apparent size
// and its file count.
//   npm run bench:install
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { budget } from './stats.ts';

const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));
const MB = 1024 * 1024;

interface Footprint {
  apparentBytes: number;
  files: number;
}

/** Disk use as `du -sk` reports it (blocks, hard links counted once). */
function diskBytes(dir: string): number {
  return Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) * 1024;
}

/** The bytes of content and the number of files under a folder. */
function footprint(dir: string): Footprint {
  const total: Footprint = { apparentBytes: 0, files: 0 };
  const pending = [dir];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) {
        total.apparentBytes += lstatSync(path).size;
        total.files++;
      }
    }
  }
  return total;
}

const scratch = mkdtempSync(join(tmpdir(), 'protostage-install-'));
try {
  const quiet = { stdio: ['ignore', 'ignore', 'pipe'] as ['ignore', 'ignore', 'pipe'], env: { ...process.env, npm_config_loglevel: 'error' } };
  execFileSync('npm', ['pack', '--silent', '--pack-destination', scratch], { ...quiet, cwd: CHECKOUT });
  const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'))!;
  const prefix = join(scratch, 'user');
  execFileSync('mkdir', [prefix]);
  writeFileSync(join(prefix, 'package.json'), '{"name":"install-bench","private":true}\n');
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', join(scratch, tarball)], { ...quiet, cwd: prefix });
  const tarballBytes = lstatSync(join(scratch, tarball)).size;
  const installed = footprint(join(prefix, 'node_modules'));
  const diskMb = diskBytes(join(prefix, 'node_modules')) / MB;
  console.log(`protostage install bench: ${tarball} (${(tarballBytes / MB).toFixed(1)} MB packed), installed with npm install --omit=dev`);
  console.log(`installed node_modules on disk (du)         ${diskMb.toFixed(1).padStart(7)} MB   ${budget(diskMb, 120, ' MB')}`);
  console.log(`  apparent size ${(installed.apparentBytes / MB).toFixed(1)} MB, ${installed.files} files`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
