// The MCP server over streamable HTTP. Clients of the 2025 protocol revisions (the official
// client's default) get a session each: one MCP server and transport per session, so the
// server's notifications (resources/list_changed) have a stream to go to and a client's
// notifications/cancelled reaches the call it cancels. 2026-era requests, which carry their own
// envelope, go to the SDK's per-request handler.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import type { DevicePool } from '../host/pool.ts';
import { createMcpServer, followShownPrototypes } from './server.ts';
import { refuseDeepMessage } from './stdio.ts';

/** Sessions kept at once; a new one beyond this closes the one used least recently. */
export const MAX_HTTP_SESSIONS = 32;
/** The largest request body read (the SDK's own default). */
export const MAX_HTTP_BODY_BYTES = 4 * 1024 * 1024;

export interface McpHttpHandler {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Closes every session. */
  close(): Promise<void>;
}

export function mcpHttpHandler(pool: DevicePool): McpHttpHandler {
  const modern = createMcpHandler(() => createMcpServer(pool), { legacy: 'reject' });
  const unfollow = pool.first.host.onShownChange(() => modern.notify.resourcesChanged());
  const handleModern = toNodeHandler(modern);
  /** Insertion order is use order: the first entry is the least recently used. */
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();

  const openSession = async (): Promise<NodeStreamableHTTPServerTransport> => {
    const server = createMcpServer(pool);
    followShownPrototypes(server, pool);
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        if (sessions.size > MAX_HTTP_SESSIONS) void sessions.values().next().value?.close();
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport;
  };

  return {
    async handle(request, response) {
      let parsed: unknown;
      if (request.method === 'POST') {
        const body = await readMessage(request, response);
        if (body === null) return;
        parsed = body.message;
      }
      const sessionId = request.headers['mcp-session-id'];
      if (typeof sessionId === 'string') {
        const transport = sessions.get(sessionId);
        if (!transport) return answerError(response, 404, -32001, 'unknown or closed MCP session; initialize a new one');
        sessions.delete(sessionId);
        sessions.set(sessionId, transport);
        return transport.handleRequest(request, response, parsed);
      }
      if (request.method !== 'POST') return handleModern(request, response);
      if (!(await isLegacyRequest(await toWebRequest(request, parsed), parsed))) return handleModern(request, response, parsed);
      if (!isInitialize(parsed)) return answerError(response, 400, -32600, 'no MCP session: send initialize first (or the mcp-session-id header of a live session)');
      const transport = await openSession();
      return transport.handleRequest(request, response, parsed);
    },
    async close() {
      unfollow();
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      await modern.close();
    },
  };
}

function isInitialize(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some((item) => typeof item === 'object' && item !== null && (item as { method?: unknown }).method === 'initialize');
}

/** A POST's JSON message, or null once the request was answered with why it cannot be read. */
async function readMessage(request: IncomingMessage, response: ServerResponse): Promise<{ message: unknown } | null> {
  if (Number(request.headers['content-length']) > MAX_HTTP_BODY_BYTES) {
    answerError(response, 413, -32600, `request body over ${MAX_HTTP_BODY_BYTES} bytes`);
    discardBody(request);
    return null;
  }
  const body = await readBody(request);
  if (body === 'tooLarge') {
    answerError(response, 413, -32600, `request body over ${MAX_HTTP_BODY_BYTES} bytes`);
    return null;
  }
  const message = parseJson(body);
  const problem = message === undefined ? 'parse error: the request body is not JSON' : refuseDeepMessage(message);
  if (problem !== null) {
    answerError(response, 400, -32700, problem);
    return null;
  }
  return { message };
}

/**
 * Lets the rest of a refused body arrive unkept, so the client reads the answer instead of a
 * reset, but closes the connection once more than a few caps' worth has come.
 */
function discardBody(request: IncomingMessage): void {
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > 4 * MAX_HTTP_BODY_BYTES) request.socket.destroy();
  });
}

async function readBody(request: IncomingMessage): Promise<Buffer | 'tooLarge'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_HTTP_BODY_BYTES) return 'tooLarge';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function answerError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}
