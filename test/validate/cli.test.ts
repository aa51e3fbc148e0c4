/** The validate and conformance commands, run as a user runs them. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCorpus } from '../../src/cli/commands/conformance.ts';

const bin = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/prototype-spec/', import.meta.url));

function protostage(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8' });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

const scratch = mkdtempSync(join(tmpdir(), 'protostage-cli-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('protostage validate', () => {
  test('a valid file exits 0 with its id and node count; a bad spec on stdin exits 1 with path: message', () => {
    const ok = protostage(['validate', join(fixtures, 'valid', 'doc-example-1.json')]);
    assert.deepEqual([ok.code, ok.out], [0, 'valid: variants (10 nodes)']);
    const bad = protostage(['validate', '-'], '{"id":"x","window":{"placement":{"type":"fullscreen"}},"root":{"type":"text","text":"a","style":{"colour":"#112233"}}}');
    assert.equal(bad.code, 1);
    assert.match(bad.out, /^root\.style\.colour: Unknown property "colour" \(did you mean "color"\?\)/);
  });

  test('a valid spec holding a trap exits 0 with a warning line per trap; --json lists them; --all-errors --json keeps [] and warns on stderr', () => {
    const trapped = JSON.stringify({ id: 'x', window: { placement: { type: 'fullscreen' } }, data: { items: [] }, root: { type: 'text', text: 'Empty', visibleWhen: { data: '/items/length', equals: 0 } } });
    const plain = protostage(['validate', '-'], trapped);
    assert.equal(plain.code, 0);
    const lines = plain.out.split('\n');
    assert.equal(lines[0], 'valid: x (1 nodes)');
    assert.match(lines[1]!, /^warning: root\.visibleWhen\.data: \/items\/length reads nothing.*\. Fix: /);
    assert.match(lines[2]!, /^warning: root\.style\.background: The fullscreen window is see-through/);
    const json = JSON.parse(protostage(['validate', '--json', '-'], trapped).out) as { ok: boolean; warnings: { path: string }[] };
    assert.deepEqual(json.warnings.map((warning) => warning.path), ['root.visibleWhen.data', 'root.style.background']);
    const all = protostage(['validate', '--all-errors', '--json', '-'], trapped);
    assert.deepEqual([all.code, all.out], [0, '[]']);
    assert.match(all.err, /warning: root\.visibleWhen\.data/);
  });

  test('--json prints ok, path and message; usage errors exit 2', () => {
    const json = protostage(['validate', '--json', '-'], '{"id":"x"');
    assert.equal(json.code, 1);
    const parsed = JSON.parse(json.out) as { ok: boolean; path: string; message: string };
    assert.equal(parsed.ok, false);
    assert.equal(parsed.path, '$');
    assert.ok(parsed.message.length > 0);
    assert.equal(protostage(['validate', join(scratch, 'absent.json')]).code, 2);
    const help = protostage(['validate', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.out, /Usage: protostage validate FILE\|-/);
  });
});

describe('protostage validate --all-errors', () => {
  const spec = JSON.stringify({
    id: 'x',
    window: { placement: { type: 'fullscreen' } },
    root: { type: 'column', style: { spacing: -1 }, children: [{ type: 'text', text: 5 }, { type: 'icon', name: 'hoem' }] },
  });

  test('prints every error as path: message, the first error first, and exits 1', () => {
    const first = protostage(['validate', '-'], spec);
    const all = protostage(['validate', '-', '--all-errors'], spec);
    assert.equal(all.code, 1);
    const lines = all.out.split('\n');
    assert.equal(lines[0], first.out);
    assert.deepEqual(lines.map((line) => line.slice(0, line.indexOf(': '))), ['root.children[0].text', 'root.style.spacing', 'root.children[1].name']);
  });

  test('--json prints the array; --max-errors cuts it and says so; --help explains the order', () => {
    const json = protostage(['validate', '--all-errors', '--json', '-'], spec);
    assert.equal(json.code, 1);
    const errors = JSON.parse(json.out) as Array<{ path: string; message: string }>;
    assert.deepEqual(errors.map((error) => error.path), ['root.children[0].text', 'root.style.spacing', 'root.children[1].name']);
    assert.match(errors[2]!.message, /Unknown icon name "hoem"/);
    const cut = protostage(['validate', '--all-errors', '--max-errors', '2', '-'], spec);
    assert.deepEqual(cut.out.split('\n').length, 3);
    assert.match(cut.out, /more errors were found/);
    assert.equal(protostage(['validate', '--all-errors', '--json', join(fixtures, 'valid', 'doc-example-1.json')]).out, '[]');
    assert.equal(protostage(['validate', '--max-errors', '2', '-'], spec).code, 2);
    assert.match(protostage(['validate', '--help']).out, /--all-errors[\s\S]*document order/);
  });
});

describe('protostage conformance', () => {
  function corpus(name: string, files: Record<string, unknown>): string {
    const dir = join(scratch, name);
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), JSON.stringify(content));
    }
    return dir;
  }
  const good = { id: 'g', window: { placement: { type: 'fullscreen' } }, root: { type: 'spacer' } };
  const badSpec = { id: 'b', window: { placement: { type: 'fullscreen' } }, root: { type: 'spacer', extra: 1 } };

  test('the project fixtures pass as a corpus with --extended and the command closes with the count line', () => {
    const run = protostage(['conformance', '--extended', fixtures]);
    assert.equal(run.code, 0, run.out);
    assert.match(run.out, /^\d+ passed, 0 failed$/m);
    // Judged as a base device, the fixtures of the extended vocabulary are refused at their first feature.
    const base = protostage(['conformance', fixtures]);
    assert.equal(base.code, 1);
    assert.match(base.out, /^FAIL valid\/stack-shop\.json: expected valid, rejected at root: root needs prototype_stack_transitions_v1/m);
  });

  test('every folder kind is run and each wrong expectation is one failure line', () => {
    const dir = corpus('mixed', {
      'valid/good.json': good,
      'valid/actually-bad.json': badSpec,
      'invalid/right.json': { spec: badSpec, expectedPath: 'root.extra' },
      'invalid/wrong-path.json': { spec: badSpec, expectedPath: 'root.other' },
      'invalid/accepted.json': { spec: good, expectedPath: 'root' },
      'components/uses.json': { ...good, components: { c: { root: { type: 'spacer' } } }, root: { type: 'use', component: 'c' } },
      'components/invalid/message.json': { spec: { ...good, root: { type: 'use', component: 'nope' } }, expectedPath: 'root.component', expectedMessage: 'Unknown component' },
      'components/invalid/wrong-message.json': { spec: { ...good, root: { type: 'use', component: 'nope' } }, expectedPath: 'root.component', expectedMessage: 'no such text' },
      'components/expand/right.json': { spec: { ...good, components: { c: { root: { type: 'text', text: '{props.t}' } } }, root: { type: 'use', component: 'c', props: { t: 'Hi' } } }, expanded: { ...good, root: { type: 'text', text: 'Hi' } } },
      'components/expand/wrong.json': { spec: { ...good, components: { c: { root: { type: 'text', text: '{props.t}' } } }, root: { type: 'use', component: 'c', props: { t: 'Hi' } } }, expanded: { ...good, root: { type: 'text', text: '{props.t}' } } },
    });
    const outcomes = runCorpus(dir);
    assert.equal(outcomes.length, 10);
    assert.deepEqual(
      outcomes.filter((o) => o.failure).map((o) => o.file).sort(),
      ['components/expand/wrong.json', 'components/invalid/wrong-message.json', 'invalid/accepted.json', 'invalid/wrong-path.json', 'valid/actually-bad.json'],
    );
    const run = protostage(['conformance', dir]);
    assert.equal(run.code, 1);
    assert.equal(run.out.split('\n').filter((line) => line.startsWith('FAIL ')).length, 5);
    assert.match(run.out, /^5 passed, 5 failed$/m);
    assert.match(run.out, /^FAIL components\/expand\/wrong\.json: expanded to .*"text":"Hi"/m);
    // --paths-only: another implementation's message wording no longer fails a case whose path is right.
    const pathsOnly = protostage(['conformance', '--paths-only', dir]);
    assert.match(pathsOnly.out, /^6 passed, 4 failed$/m);
    assert.doesNotMatch(pathsOnly.out, /wrong-message/);
  });

  test('--help explains the layout; a missing directory exits 2', () => {
    assert.match(protostage(['conformance', '--help']).out, /components\/invalid/);
    assert.equal(protostage(['conformance', join(scratch, 'none')]).code, 2);
  });
});
