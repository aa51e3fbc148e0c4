// `protostage mcp` over stdio answers what a JSON-RPC peer must: -32700 for a line that is not
// JSON, -32600 for JSON that is not a JSON-RPC message and for a message over the size cap, and
// the session goes on. A real process, raw lines on its standard input.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { checkLine, MAX_MESSAGE_DEPTH, MAX_STDIO_MESSAGE_BYTES } from '../../src/mcp/stdio.ts';

const CLI = fileURLToPath(new URL('../../bin/protostage.js', import.meta.url));

test('checkLine tells a JSON-RPC message from what is not one', () => {
  assert.deepEqual(checkLine('{"jsonrpc":"2.0","id":1,"method":"ping"}'), { ok: true });
  assert.deepEqual(checkLine('{"jsonrpc":"2.0","method":"notifications/initialized"}'), { ok: true });
  assert.deepEqual(checkLine('{"jsonrpc":"2.0","id":"a","result":{}}'), { ok: true });
  const atTheLimit = `{"jsonrpc":"2.0","id":1,"method":"ping","params":${'['.repeat(MAX_MESSAGE_DEPTH - 1)}${']'.repeat(MAX_MESSAGE_DEPTH - 1)}}`;
  assert.deepEqual(checkLine(atTheLimit), { ok: true });
  assert.equal(checkLine(atTheLimit.replace('[', '[[').replace(']', ']]')).ok, false);
  const cases: Array<[string, number, unknown]> = [
    ['{not json', -32700, null],
    ['[1]', -32600, null],
    ['"text"', -32600, null],
    ['{"jsonrpc":"1.0","id":3,"method":"ping"}', -32600, 3],
    ['{"jsonrpc":"2.0","id":4}', -32600, 4],
    ['{"jsonrpc":"2.0","id":{},"method":"ping"}', -32600, {}],
    ['{"jsonrpc":"2.0","method":5}', -32600, undefined],
    [`{"jsonrpc":"2.0","id":5,"method":"ping","params":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`, -32700, null],
  ];
  for (const [line, code, id] of cases) {
    const verdict = checkLine(line);
    assert.ok(!verdict.ok, line);
    assert.deepEqual([verdict.code, verdict.id], [code, id], line);
  }
});

test('malformed, invalid and oversized lines get error replies and the session goes on', async () => {
  const child = spawn(process.execPath, [CLI, 'mcp', '--lazy-device'], { stdio: ['pipe', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const replies = () => output.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>);
  const waitFor = async (count: number) => {
    const deadline = Date.now() + 30_000;
    while (replies().length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} replies, got:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  child.stdin.write('{not json\n');
  child.stdin.write('{"jsonrpc":"2.0","id":7}\n');
  child.stdin.write(`{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"${'x'.repeat(MAX_STDIO_MESSAGE_BYTES)}"}}\n`);
  child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}\n');
  await waitFor(4);
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
  await waitFor(5);
  const [parse, invalid, oversized, initialized, pong] = replies();
  assert.deepEqual([parse!.id, parse!.error.code], [null, -32700]);
  assert.deepEqual([invalid!.id, invalid!.error.code], [7, -32600]);
  assert.deepEqual([oversized!.id, oversized!.error.code], [null, -32600]);
  assert.match(oversized!.error.message, /over 4194304 bytes was discarded/);
  assert.equal(initialized!.result.serverInfo.name, 'protostage');
  assert.deepEqual(pong, { result: {}, jsonrpc: '2.0', id: 2 });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  await exited;
});
