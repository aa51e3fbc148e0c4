// The front-door documents stay true to the program: docs/cli.md has a section for every command
// the CLI offers naming every flag its --help lists, the README's command table lists every
// command, and every example file the documents mention exists.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);
const CLI = new URL('bin/protostage.js', ROOT).pathname;
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

function protostage(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 60_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

/** Command names from `protostage --help`: its lines read `  protostage <name> …`. */
async function commandNames(): Promise<string[]> {
  const usage = await protostage('--help');
  return [...usage.matchAll(/^ {2}protostage ([a-z]+)/gm)].map((match) => match[1]!);
}

/** The long flags a command's --help names, without --help itself. */
function flagsIn(help: string): string[] {
  const flags = [...help.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((match) => match[0]);
  return [...new Set(flags)].filter((flag) => flag !== '--help');
}

/** The text of docs/cli.md from `## <name>` up to the next section. */
function cliSection(name: string): string | undefined {
  const doc = read('docs/cli.md');
  const start = doc.indexOf(`\n## ${name}\n`);
  if (start < 0) return undefined;
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

test('docs/cli.md documents every command and every flag of its --help', async () => {
  const names = await commandNames();
  assert.ok(names.includes('validate') && names.includes('render'), `commands read from --help: ${names.join(', ')}`);
  const helps = await Promise.all(names.map((name) => protostage(name, '--help')));
  names.forEach((name, index) => {
    const section = cliSection(name);
    assert.ok(section !== undefined, `docs/cli.md has no "## ${name}" section`);
    const missing = flagsIn(helps[index]!).filter((flag) => !section.includes(flag));
    assert.deepEqual(missing, [], `docs/cli.md "## ${name}" does not mention these flags of \`protostage ${name} --help\``);
  });
});

test("the README's command table lists every command", async () => {
  const readme = read('README.md');
  for (const name of await commandNames()) assert.ok(readme.includes(`| \`protostage ${name}`), `README.md has no command-table row for ${name}`);
});

test('every example the documents mention exists', () => {
  const documents = ['README.md', 'docs/cli.md', 'examples/README.md', 'docs/gallery/README.md'];
  for (const document of documents) {
    const text = read(document);
    const mentioned = new Set([...text.matchAll(/examples\/([a-z0-9-]+\.json)/g)].map((match) => match[1]!));
    const linked = document === 'examples/README.md' ? [...text.matchAll(/\]\(([a-z0-9-]+\.json)\)/g)].map((match) => match[1]!) : [];
    for (const name of [...mentioned, ...linked]) assert.ok(existsSync(new URL(`examples/${name}`, ROOT)), `${document} mentions examples/${name}, which does not exist`);
  }
});

test('every file the architecture notes name exists', () => {
  const text = read('docs/architecture.md');
  const missing: string[] = [];
  const exists = (path: string) => existsSync(new URL(path, ROOT));
  for (const line of text.split('\n')) {
    // A module's row names its files relative to the module's folder; prose names them under src/.
    const module = /^\| `([a-z-]+)\/` \|/.exec(line)?.[1];
    for (const [, name] of line.matchAll(/`([\w./-]+\.(?:ts|tsx|mjs|json|md))`/g)) {
      const places = [module === undefined ? '' : `src/${module}/${name}`, `src/${name}`, name!];
      if (!places.some((place) => place !== '' && exists(place))) missing.push(module === undefined ? name! : `${module}/${name}`);
    }
  }
  assert.deepEqual(missing, [], 'files named in docs/architecture.md that do not exist');
});

test('the steps table of docs/cli.md lists every step a steps file may hold', async () => {
  const { STEP_KIND_NAMES } = await import('../../src/cli/steps.ts');
  const table = read('docs/cli.md').split('\n').filter((line) => line.startsWith('| `{"'));
  for (const kind of STEP_KIND_NAMES) assert.ok(table.some((line) => line.startsWith(`| \`{"${kind}"`)), `the steps table lacks {"${kind}": …}`);
});
