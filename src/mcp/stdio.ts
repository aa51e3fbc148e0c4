// The MCP server's stdio transport with the answers HTTP gives: a line that is not JSON gets a
// JSON-RPC -32700 reply, JSON that is not a JSON-RPC message -32600, and a line over the size cap
// is discarded with a -32600 reply, while the session goes on. (The SDK's own transport only
// logs the first two and closes the connection on the third.)
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../json/index.ts';

/** The largest message read, the same cap as the HTTP transport's. */
export const MAX_STDIO_MESSAGE_BYTES = 4 * 1024 * 1024;
/**
 * The deepest nesting a message may have, either transport: room for a spec at the strict
 * reader's own depth limit inside its tool call, far below what would overflow the stack.
 */
export const MAX_MESSAGE_DEPTH = 2 * MAX_JSON_DEPTH;

/** The -32700 answer to a message nested deeper than MAX_MESSAGE_DEPTH, or null. */
export function refuseDeepMessage(message: unknown): string | null {
  return nestsDeeperThan(message, MAX_MESSAGE_DEPTH) ? `parse error: JSON nested deeper than ${MAX_MESSAGE_DEPTH} levels` : null;
}

export function guardedStdioTransport(stdin: Readable = process.stdin, stdout: Writable = process.stdout): StdioServerTransport {
  const checked = new PassThrough();
  const reply = (id: unknown, code: number, message: string) =>
    stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: isId(id) ? id : null, error: { code, message } })}\n`);
  const lines = new LineSplitter(MAX_STDIO_MESSAGE_BYTES, (line) => {
    const verdict = checkLine(line);
    if (verdict.ok) checked.write(`${line}\n`);
    else reply(verdict.id, verdict.code, verdict.message);
  }, () => reply(null, -32600, `message over ${MAX_STDIO_MESSAGE_BYTES} bytes was discarded; send smaller messages (a spec can be given by specPath)`));
  stdin.on('data', (chunk: Buffer) => lines.push(chunk));
  stdin.once('end', () => {
    lines.end();
    checked.end();
  });
  stdin.once('close', () => checked.end());
  return new StdioServerTransport(checked, stdout, { maxBufferSize: MAX_STDIO_MESSAGE_BYTES + 1024 });
}

type Verdict = { ok: true } | { ok: false; id: unknown; code: number; message: string };

/** What a JSON-RPC 2.0 peer must answer for one line. */
export function checkLine(line: string): Verdict {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch (error) {
    return { ok: false, id: null, code: -32700, message: `parse error: ${(error as Error).message}` };
  }
  const tooDeep = refuseDeepMessage(message);
  if (tooDeep !== null) return { ok: false, id: null, code: -32700, message: tooDeep };
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { ok: false, id: null, code: -32600, message: 'invalid request: a message is one JSON-RPC object (batches are not accepted)' };
  }
  const record = message as Record<string, unknown>;
  if (record.jsonrpc !== '2.0') return { ok: false, id: record.id, code: -32600, message: 'invalid request: "jsonrpc" must be "2.0"' };
  const isRequestOrNotification = typeof record.method === 'string' && (record.id === undefined || isId(record.id));
  const isResponse = record.method === undefined && isId(record.id) && ('result' in record || 'error' in record);
  if (!isRequestOrNotification && !isResponse) {
    return { ok: false, id: record.id, code: -32600, message: 'invalid request: expected a string "method" (and a string or number "id" for a request), or a response with "id" and "result" or "error"' };
  }
  return { ok: true };
}

function isId(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Splits a byte stream into lines; a line longer than `limit` is dropped (reported once) up to its newline. */
class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private discarding = false;

  constructor(
    private readonly limit: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversized: () => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      this.take(chunk.subarray(start, newline));
      this.finishLine();
      start = newline + 1;
    }
    this.take(chunk.subarray(start));
  }

  end(): void {
    if (this.size > 0 || this.discarding) this.finishLine();
  }

  private take(bytes: Buffer): void {
    if (this.discarding || bytes.length === 0) return;
    this.size += bytes.length;
    if (this.size > this.limit) {
      this.parts = [];
      this.size = 0;
      this.discarding = true;
      return;
    }
    this.parts.push(bytes);
  }

  private finishLine(): void {
    if (this.discarding) {
      this.discarding = false;
      this.onOversized();
      return;
    }
    const line = Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.size = 0;
    if (line.trim() !== '') this.onLine(line);
  }
}
