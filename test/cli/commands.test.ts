// Small promises of the command line: --version, and a conformance folder with no cases is not
// reported as a pass.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

test('--version prints the package version', () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const result = run('--version');
  assert.equal(result.status, 0);
  assert.equal(result.stdout.trim(), `protostage ${version}`);
});

test('conformance on a folder with no cases says so and exits 1', () => {
  const empty = mkdtempSync(join(tmpdir(), 'protostage-empty-corpus-'));
  try {
    const result = run('conformance', empty);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /holds no cases: expected JSON files in valid\/, invalid\//);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('an unknown command named like an Object property is an unknown command, exit 2', () => {
  const result = run('constructor');
  assert.equal(result.status, 2);
  assert.match(result.stderr, /unknown command "constructor"/);
});
