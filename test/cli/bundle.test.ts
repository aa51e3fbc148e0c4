// The CLI built into ES modules (src/cli/bundle.ts): bin/protostage.js runs the commands from it
// while it matches the sources, and it answers as the sources do, a device command included (its
// modules find the renderer, the icon glyphs and the fonts by their sources' paths).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { buildCliBundle } from '../../src/cli/bundle.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'protostage-cli-bundle-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, PROTOSTAGE_DEBUG: 'cli', ...env } });
}

// As `npm install` (prepare) builds it: the same sources make the same files, so the other tests'
// commands running meanwhile see no change.
before(async () => {
  await buildCliBundle();
});

test('a current bundle runs the command, and answers as the sources do; PROTOSTAGE_CLI_SOURCES=1 runs the sources', () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const bundled = run(['--version']);
  assert.equal(bundled.status, 0, bundled.stderr);
  assert.match(bundled.stderr, /protostage: running the prebuilt CLI in .*node_modules\/\.cache\/protostage\//);
  assert.equal(bundled.stdout.trim(), `protostage ${version}`);
  const sources = run(['--version'], { PROTOSTAGE_CLI_SOURCES: '1' });
  assert.equal(sources.status, 0, sources.stderr);
  assert.match(sources.stderr, /protostage: running the sources through tsx/);
  assert.equal(sources.stdout, bundled.stdout);
  const invalid = join(scratch, 'invalid.json');
  writeFileSync(invalid, JSON.stringify({ id: 'x', window: { placement: { type: 'fullscreen' } }, root: { type: 'text' } }));
  const [fromBundle, fromSources] = [run(['validate', invalid]), run(['validate', invalid], { PROTOSTAGE_CLI_SOURCES: '1' })];
  assert.equal(fromBundle.status, 1);
  assert.equal(fromBundle.stdout, fromSources.stdout);
  assert.equal(fromBundle.stderr.split('\n').slice(1).join('\n'), fromSources.stderr.split('\n').slice(1).join('\n'), 'the same error path and message');
});

test('a device command from the bundle draws a spec as the sources do: its icon\'s glyph, its text and its hierarchy', () => {
  const spec = join(scratch, 'hello.json');
  writeFileSync(spec, JSON.stringify({ id: 'bundled', window: { placement: { type: 'fullscreen' } }, root: { type: 'row', children: [{ type: 'icon', name: 'favorite', testTag: 'heart' }, { type: 'text', text: 'From the bundle', testTag: 'hello' }] } }));
  const png = join(scratch, 'hello.png');
  const hierarchyFile = join(scratch, 'hello.json.hierarchy');
  const rendered = run(['render', spec, '-o', png, '--hierarchy', hierarchyFile]);
  assert.equal(rendered.status, 0, rendered.stderr);
  assert.match(rendered.stderr, /running the prebuilt CLI/);
  assert.equal(existsSync(png), true);
  const hierarchy = JSON.parse(readFileSync(hierarchyFile, 'utf8')) as Array<{ testTag: string | null; text: string | null; bounds: { width: number } }>;
  assert.equal(hierarchy.find((node) => node.testTag === 'hello')?.text, 'From the bundle');
  assert.equal(hierarchy.find((node) => node.testTag === 'heart')?.bounds.width, 24, 'the icon drawn at its size');
  // The same pixels as the sources draw: a bundle that missed the glyph map would draw the fallback glyph.
  const fromSources = join(scratch, 'hello-sources.png');
  const sources = run(['render', spec, '-o', fromSources], { PROTOSTAGE_CLI_SOURCES: '1' });
  assert.equal(sources.status, 0, sources.stderr);
  const [bundledPixels, sourcesPixels] = [png, fromSources].map((file) => PNG.sync.read(readFileSync(file)));
  assert.equal(bundledPixels!.width, sourcesPixels!.width);
  assert.ok(bundledPixels!.data.equals(sourcesPixels!.data), 'the bundle draws what the sources draw');
});
