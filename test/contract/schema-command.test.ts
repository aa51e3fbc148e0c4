/** `protostage schema`, run as a process: prints the schema, writes files, explains itself, refuses bad flags. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { authoringDoc } from '../../src/contract/authoring-doc.ts';
import { contractJsonSchemaText } from '../../src/contract/json-schema.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'protostage-schema-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function protostage(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/protostage.js', 'schema', ...args], { maxBuffer: 4 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test('prints the schema by default and writes the schema or the authoring doc with -o', async () => {
  const printed = await protostage();
  assert.equal(printed.code, 0);
  assert.equal(printed.stdout, contractJsonSchemaText());
  const [schemaFile, docFile] = [join(dir, 'schema.json'), join(dir, 'authoring.md')];
  const written = await Promise.all([protostage('-o', schemaFile), protostage('--authoring-doc', '--output', docFile)]);
  assert.deepEqual(written.map((result) => result.code), [0, 0]);
  assert.equal(readFileSync(schemaFile, 'utf8'), contractJsonSchemaText());
  assert.equal(readFileSync(docFile, 'utf8'), authoringDoc());
});

test('--help explains the editor mapping; a bad flag or an unwritable file fails with a message', async () => {
  const [help, bad, unwritable] = await Promise.all([protostage('--help'), protostage('--bogus'), protostage('-o', join(dir, 'missing', 'x.json'))]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /json\.schemas/);
  assert.match(help.stdout, /--authoring-doc/);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--bogus/);
  assert.equal(unwritable.code, 1);
  assert.match(unwritable.stderr, /cannot write/);
});
