// The package as a user installs it: `npm pack`, installed into a fresh prefix, then its
// `protostage mcp` started from another directory serves the official MCP client and shows a
// spec on a real device.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const CHECKOUT = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'protostage-package-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

test('the packed package, installed into a fresh prefix, serves MCP from another directory', async () => {
  const packed = join(scratch, 'packed');
  const prefix = join(scratch, 'prefix');
  const elsewhere = mkdtempSync(join(scratch, 'elsewhere-'));
  mkdirSync(packed);
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packed], { cwd: CHECKOUT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, npm_config_loglevel: 'error' } });
  const [tarball] = readdirSync(packed);
  assert.match(tarball ?? '', /^protostage-\d+\.\d+\.\d+\.tgz$/);
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', prefix, join(packed, tarball!)], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, npm_config_loglevel: 'error' }, timeout: 300_000 });

  const bin = join(prefix, 'node_modules', '.bin', 'protostage');
  assert.equal(execFileSync(bin, ['--version'], { cwd: elsewhere, encoding: 'utf8' }).trim().startsWith('protostage '), true);
  const client = new Client({ name: 'protostage-installed', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: bin, args: ['mcp'], cwd: elsewhere, stderr: 'ignore' }));
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    assert.deepEqual(tools, ['device', 'observe', 'pressBack', 'prototype', 'sendKeys', 'swipeOn', 'tapOn']);
    const spec = { id: 'installed', window: { placement: { type: 'fullscreen' } }, root: { type: 'text', text: 'From the package', testTag: 'hello' } };
    const shown = (await client.callTool({ name: 'prototype', arguments: { action: 'show', spec } })) as { isError?: boolean; structuredContent?: Record<string, unknown> };
    assert.equal(shown.isError, undefined, JSON.stringify(shown.structuredContent));
    const observed = (await client.callTool({ name: 'observe', arguments: {} })) as { structuredContent: { hierarchy: Array<{ testTag: string | null; text: string | null }> } };
    assert.equal(observed.structuredContent.hierarchy.find((node) => node.testTag === 'hello')?.text, 'From the package');
  } finally {
    await client.close();
  }
});
