// The package as a user installs it: `npm pack`, installed into a fresh prefix. Its main export
// validates specs for a program that imports it (and its embedding example runs as shipped); then
// its `protostage mcp` started from another directory serves the official MCP client and shows a
// spec on a real device.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const CHECKOUT = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'protostage-package-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

test('the packed package, installed into a fresh prefix, validates for a program importing it and serves MCP from another directory', async () => {
  const packed = join(scratch, 'packed');
  const prefix = join(scratch, 'prefix');
  const elsewhere = mkdtempSync(join(scratch, 'elsewhere-'));
  mkdirSync(packed);
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packed], { cwd: CHECKOUT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, npm_config_loglevel: 'error' } });
  // The checkout keeps no packed script: its digest counts dependencies by package.json's pins, and
  // a checkout's launches must see a dependency changed in place.
  assert.equal(existsSync(join(CHECKOUT, 'dist', 'built')), false, 'postpack removed dist/built');
  const [tarball] = readdirSync(packed);
  assert.match(tarball ?? '', /^protostage-\d+\.\d+\.\d+\.tgz$/);
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', prefix, join(packed, tarball!)], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, npm_config_loglevel: 'error' }, timeout: 300_000 });

  checkLibrary(prefix, elsewhere);
  // The icon glyphs come from the build's files, one per variant, not the icon package's 10,000.
  assert.equal(existsSync(join(prefix, 'node_modules', '@material-design-icons')), false);
  for (const variant of ['filled', 'outlined', 'rounded', 'sharp', 'twoTone']) {
    assert.equal(existsSync(join(prefix, 'node_modules', 'protostage', 'dist', `material-icons-${variant}.json.gz`)), true, variant);
  }
  const bin = join(prefix, 'node_modules', '.bin', 'protostage');
  assert.equal(execFileSync(bin, ['--version'], { cwd: elsewhere, encoding: 'utf8' }).trim().startsWith('protostage '), true);
  // The commands run from the CLI the pack built (its record matches the installed sources).
  const reported = spawnSync(bin, ['--version'], { cwd: elsewhere, encoding: 'utf8', env: { ...process.env, PROTOSTAGE_DEBUG: 'cli' } });
  assert.match(reported.stderr, /running the prebuilt CLI in .*node_modules\/protostage\/dist\/built\//);
  const client = new Client({ name: 'protostage-installed', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: bin, args: ['mcp'], cwd: elsewhere, stderr: 'ignore' }));
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    assert.deepEqual(tools, ['device', 'observe', 'pressBack', 'prototype', 'sendKeys', 'swipeOn', 'tapOn']);
    const spec = { id: 'installed', window: { placement: { type: 'fullscreen' } }, root: { type: 'row', children: [{ type: 'icon', name: 'favorite', testTag: 'heart' }, { type: 'text', text: 'From the package', testTag: 'hello' }] } };
    const shown = (await client.callTool({ name: 'prototype', arguments: { action: 'show', spec } })) as { isError?: boolean; structuredContent?: Record<string, unknown> };
    assert.equal(shown.isError, undefined, JSON.stringify(shown.structuredContent));
    const observed = (await client.callTool({ name: 'observe', arguments: {} })) as { structuredContent: { hierarchy: Array<{ testTag: string | null; text: string | null }> } };
    assert.equal(observed.structuredContent.hierarchy.find((node) => node.testTag === 'hello')?.text, 'From the package');
    assert.ok(observed.structuredContent.hierarchy.some((node) => node.testTag === 'heart'));
  } finally {
    await client.close();
  }
  // The device page's script came from the build: no launch had to bundle it and keep a copy.
  const installed = join(prefix, 'node_modules', 'protostage');
  assert.equal(existsSync(join(installed, 'dist', 'built', 'renderer.js')), true);
  assert.equal(existsSync(join(installed, 'node_modules', '.cache', 'protostage', 'renderer.js')), false, 'the packed script matched its sources');
});

/** The installed package's main export, imported by name, and its example run as shipped. */
function checkLibrary(prefix: string, elsewhere: string): void {
  const program = join(prefix, 'embedder.mjs');
  writeFileSync(program, [
    "import { validatePrototypeSpec, requiredCapabilities, BASE_CAPABILITIES } from 'protostage';",
    "const spec = { id: 'lib', window: { placement: { type: 'fullscreen' }, layer: 'system' }, root: { type: 'flow', children: [{ type: 'text', text: 'Hi' }] } };",
    "const needs = requiredCapabilities(spec);",
    "const plain = validatePrototypeSpec(spec, { supportedCapabilities: [] });",
    "const library = validatePrototypeSpec(spec, { supportedCapabilities: ['prototype_flow_grid_v1'], library: true });",
    "const bad = validatePrototypeSpec('{\"id\": \"x\", \"window\": {}, \"root\": {\"type\": \"nope\"}}');",
    "console.log(JSON.stringify({ needs: needs.capabilities.map((need) => need.capability), plain: plain.ok || plain.path, library: library.ok || library.path, bad: bad.ok || bad.path, base: BASE_CAPABILITIES.length }));",
  ].join('\n'));
  const answer = JSON.parse(execFileSync(process.execPath, [program], { cwd: elsewhere, encoding: 'utf8' }));
  assert.deepEqual(answer, { needs: ['prototype_v1', 'prototype_flow_grid_v1', 'prototype_window_options_v1'], plain: 'root', library: 'window.layer', bad: 'root.type', base: 10 });
  const example = join(prefix, 'node_modules', 'protostage', 'examples', 'embed-validator.mjs');
  const weather = join(prefix, 'node_modules', 'protostage', 'examples', 'weather.json');
  const run = (capabilities: string[]) => {
    try {
      return { code: 0, out: execFileSync(process.execPath, [example, weather, ...capabilities], { cwd: elsewhere, encoding: 'utf8' }) };
    } catch (error) {
      return { code: (error as { status: number }).status, out: String((error as { stdout: string }).stdout) };
    }
  };
  const refused = run([]);
  assert.equal(refused.code, 1);
  assert.match(refused.out, /needs prototype_network_v1 \(first at root\.children\[2\]\.onTap\[0\]\)/);
  assert.match(refused.out, /refused at data: This feature needs prototype_data_model_v1/);
  const taken = run(['prototype_data_model_v1', 'prototype_network_v1', 'prototype_timers_v1', 'prototype_platform_connectivity_v1']);
  assert.equal(taken.code, 0, taken.out);
  assert.match(taken.out, /taken: weather-card/);
}
