// Small promises of the command line: --version, a conformance folder with no cases is not a pass,
// help that lists what each command parses, a closed pipe, and one-line answers for folders.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const COMMANDS = ['validate', 'conformance', 'render', 'view', 'save', 'open', 'schema', 'mcp', 'serve', 'device'];

test('each command\'s help lists every option it parses, and the top-level usage names every command and --all-errors', async () => {
  for (const name of COMMANDS) {
    const module = (await import(`../../src/cli/commands/${name}.ts`)) as { HELP: string; OPTIONS?: Record<string, { short?: string }> };
    // open takes view's options and says so.
    const options = name === 'open' ? {} : module.OPTIONS!;
    assert.ok(name === 'open' || Object.keys(options).length > 0, `${name} exports the options it parses`);
    for (const [option, { short }] of Object.entries(options)) {
      assert.match(module.HELP, new RegExp(`(^|[\\s,\\[(])--${option}\\b`, 'm'), `${name} --help lists --${option}`);
      if (short !== undefined) assert.match(module.HELP, new RegExp(`-${short}, --${option}\\b`), `${name} --help lists -${short}`);
    }
    // A flag and its text are never run together (a flag wider than the text column sits alone).
    assert.doesNotMatch(module.HELP, /--[a-z-]+ [A-Z]+[a-z]{2,}/, `${name} --help has a space after each flag's value name`);
  }
  const { HELP: openHelp } = (await import('../../src/cli/commands/open.ts')) as { HELP: string };
  assert.match(openHelp, /Takes every option of `protostage view`/);
  const { HELP: mcpHelp } = (await import('../../src/cli/commands/mcp.ts')) as { HELP: string };
  for (const tool of ['prototype', 'observe', 'tapOn', 'sendKeys', 'swipeOn', 'pressBack', 'device']) assert.match(mcpHelp, new RegExp(`\\b${tool}\\b`));
  const usage = run('--help').stdout;
  for (const name of COMMANDS) assert.match(usage, new RegExp(`protostage ${name}\\b`));
  assert.match(usage, /--all-errors/);
});

test('a command whose reader closes the pipe early exits 0 without a stack trace', () => {
  const result = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${CLI}" schema | head -c 1 >/dev/null`], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  assert.doesNotMatch(result.stderr, /EPIPE|at /);
});

test('validate takes a saved folder\'s spec, answers a plain folder or a missing file in one line, and open names a missing folder', () => {
  const folder = mkdtempSync(join(tmpdir(), 'protostage-validate-dir-'));
  try {
    const spec = join(folder, 'hello.json');
    writeFileSync(spec, JSON.stringify({ id: 'hello', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', text: 'Hi', style: { background: 'surface' } } }));
    assert.equal(run('save', spec, '-o', join(folder, 'saved')).status, 0);
    const saved = run('validate', join(folder, 'saved'));
    assert.deepEqual([saved.status, saved.stdout.trim()], [0, 'valid: hello (1 nodes)']);
    const plain = run('validate', folder);
    assert.equal(plain.status, 2);
    assert.match(plain.stderr, /^protostage validate: .* is a folder without a saved prototype \(no manifest\.json\); give a spec file or a folder `protostage save` wrote\n$/);
    const missing = run('validate', join(folder, 'nope.json'));
    assert.match(missing.stderr, /^protostage validate: cannot read .*nope\.json: no such file\n$/);
    const open = run('open', join(folder, 'nothing'));
    assert.equal(open.status, 1);
    assert.match(open.stderr, /^protostage open: .*nothing does not exist; give the folder `protostage save` wrote\n$/);
    const badOption = run('open', join(folder, 'saved'), '--nope');
    assert.equal(badOption.status, 2);
    assert.match(badOption.stderr, /^protostage open: Unknown option '--nope'/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
