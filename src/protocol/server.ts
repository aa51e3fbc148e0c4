// The device end of the protocol: a loopback TCP server that authenticates each connection with
// its first frame and then answers requests one at a time, in arrival order.
import { createServer, type Server, type Socket } from 'node:net';
import { MAX_FRAME_BYTES, MAX_HELLO_FRAME_BYTES, PROTOCOL_VERSION } from './constants.ts';
import { encodeFrame, FrameReader, parseFrameText } from './framing.ts';
import { tokensMatch } from './handshake.ts';
import {
  describeParseError,
  helloSchema,
  hostRequestSchema,
  prototypeResponseSchema,
  replyTypeOf,
  type PrototypeResponse,
  type DeviceReply,
  type HostRequest,
  type PrototypeEvent,
} from './messages.ts';

const DEFAULT_HELLO_TIMEOUT_MS = 5_000;

/** What a handler returns: the reply without its `type` and `requestId`, which the server adds. */
export type ReplyBody = Omit<DeviceReply, 'type' | 'requestId'> & Record<string, unknown>;

export interface ProtocolServerOptions {
  port: number;
  token: string;
  agentVersion: string;
  capabilities: readonly string[];
  /** The device's live mirror address, sent in hello_result once the device is ready. */
  mirrorUrl?(): string | undefined;
  handle(request: HostRequest): Promise<ReplyBody>;
  /**
   * Called when the last authenticated connection closes (the session is over). It runs in the
   * request queue, so a request from a new connection is handled only after it.
   */
  onLastClientGone?(): void | Promise<void>;
  /** Called once a connection has its hello_result: events may go to it from then on. */
  onClientReady?(): void;
  /**
   * Settles when the device can take requests; hello_result is sent only then. If it rejects, an
   * authenticated connection gets one error frame with the reason and is closed.
   */
  ready?: Promise<void>;
  /** A connection that has not sent its hello by then is closed (default 5 s). */
  helloTimeoutMs?: number;
  /** Test hook and diagnostics: frames refused before or after the handshake. */
  onRefused?(reason: string): void;
  /** A host's answer to a prototype_request, from connection `connection`; it gets no reply. */
  onResponse?(response: PrototypeResponse, connection: number): void;
  /** An authenticated connection closed. */
  onClientClosed?(connection: number): void;
}

export interface ProtocolServer {
  readonly port: number;
  /** Connections that have their hello_result, which events go to. */
  readonly readyClients: number;
  broadcastEvent(event: PrototypeEvent): void;
  /**
   * Sends `message` to the most recently authenticated connection only (so a call with side
   * effects runs once even when an old connection lingers); answers that connection, or null.
   */
  sendToCurrent(message: unknown): number | null;
  /** Sends to one connection, if it is still open. */
  sendTo(connection: number, message: unknown): void;
  /** Ends every connection once what was written to it has gone out, then stops listening. */
  close(): Promise<void>;
}

export async function startProtocolServer(options: ProtocolServerOptions): Promise<ProtocolServer> {
  options.ready?.catch(() => {}); // Reported to each connection at hello, never as an unhandled rejection.
  const clients = new Set<Socket>();
  /** Clients sent their hello_result, in the order they got it: an event before it would break the handshake. */
  const ready = new Set<Socket>();
  const ids = new WeakMap<Socket, number>();
  const byId = new Map<number, Socket>();
  let connections = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work, work);
  };

  const server = createServer((socket) => {
    socket.setNoDelay(true);
    const id = ++connections;
    ids.set(socket, id);
    acceptConnection(socket, id, options, {
      authenticated: () => clients.add(socket),
      ready: () => {
        ready.add(socket);
        byId.set(id, socket);
        options.onClientReady?.();
      },
      closed: () => {
        ready.delete(socket);
        byId.delete(id);
        const wasClient = clients.delete(socket);
        if (wasClient) options.onClientClosed?.(id);
        if (wasClient && clients.size === 0) enqueue(async () => options.onLastClientGone?.());
      },
      enqueue,
    });
  });
  await listenOnLoopback(server, options.port);

  return {
    port: options.port,
    get readyClients() {
      return ready.size;
    },
    broadcastEvent(event) {
      const frame = encodeFrame({ type: 'prototype_event', ...event });
      for (const socket of ready) socket.write(frame);
    },
    sendToCurrent(message) {
      const current = [...ready].pop();
      if (!current || current.destroyed) return null;
      current.write(encodeFrame(message));
      return ids.get(current)!;
    },
    sendTo(connection, message) {
      const socket = byId.get(connection);
      if (socket && !socket.destroyed) socket.write(encodeFrame(message));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of clients) {
          socket.end();
          setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
        }
        server.close(() => resolve());
      }),
  };
}

function listenOnLoopback(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** How long a closing server lets a connection flush what was written to it. */
const CLOSE_GRACE_MS = 1_000;

interface ConnectionHooks {
  authenticated(): void;
  ready(): void;
  closed(): void;
  enqueue(work: () => Promise<void>): void;
}

function acceptConnection(socket: Socket, id: number, options: ProtocolServerOptions, hooks: ConnectionHooks): void {
  let authenticated = false;
  const reader = new FrameReader((index) => (index === 0 ? MAX_HELLO_FRAME_BYTES : MAX_FRAME_BYTES));
  const send = (message: unknown) => {
    if (!socket.destroyed) socket.write(encodeFrame(message));
  };
  // A refused handshake gets no reply at all: the peer learns nothing about the token.
  const refuse = (reason: string) => {
    options.onRefused?.(reason);
    socket.destroy();
  };
  // Timers run before pending reads in Node's loop; after a stall, a hello already received is read first.
  const helloDeadline = setTimeout(
    () => setImmediate(() => authenticated || socket.destroyed || refuse('no hello in time')),
    options.helloTimeoutMs ?? DEFAULT_HELLO_TIMEOUT_MS,
  );

  socket.on('data', (chunk: Buffer) => {
    for (const item of reader.push(chunk)) {
      if (socket.destroyed) return;
      if (!authenticated) {
        if (item.kind === 'oversized') return refuse(`hello frame larger than ${item.limit} bytes`);
        authenticated = checkHello(item.text, options.token);
        if (!authenticated) return refuse('first frame is not a hello with the launch token');
        clearTimeout(helloDeadline);
        hooks.authenticated();
        // Through the queue, so hello_result precedes every reply and waits for the device.
        hooks.enqueue(async () => {
          try {
            await options.ready;
          } catch (error) {
            send({ type: 'error', message: (error as Error).message });
            socket.end();
            return;
          }
          const mirrorUrl = options.mirrorUrl?.();
          send({
            type: 'hello_result',
            agentVersion: options.agentVersion,
            protocolVersion: PROTOCOL_VERSION,
            capabilities: [...options.capabilities],
            ...(mirrorUrl === undefined ? {} : { mirrorUrl }),
          });
          hooks.ready();
        });
        continue;
      }
      // Error frames go through the queue too, so every frame leaves in the order it was caused.
      if (item.kind === 'oversized') {
        options.onRefused?.('oversized frame');
        hooks.enqueue(async () => send({ type: 'error', message: `frame larger than ${item.limit} bytes was discarded; split the data or shrink it` }));
        continue;
      }
      const frame = parseFrameText(item.text);
      if (frame.ok && (frame.value as { type?: unknown } | null)?.type === 'prototype_response') {
        const response = prototypeResponseSchema.safeParse(frame.value);
        if (response.success) options.onResponse?.(response.data, id);
        else hooks.enqueue(async () => send({ type: 'error', message: `invalid prototype_response frame: ${describeParseError(response.error)}` }));
        continue;
      }
      const request = parseRequest(frame);
      if (!request.ok) {
        options.onRefused?.(request.message);
        const frame = { type: 'error', ...(request.requestId ? { requestId: request.requestId } : {}), message: request.message };
        hooks.enqueue(async () => send(frame));
        continue;
      }
      const receivedAt = performance.now();
      hooks.enqueue(async () => send(await answer(request.value, options, receivedAt)));
    }
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    clearTimeout(helloDeadline);
    hooks.closed();
  });
}

function checkHello(text: string, token: string): boolean {
  const parsed = parseFrameText(text);
  if (!parsed.ok) return false;
  const hello = helloSchema.safeParse(parsed.value);
  return hello.success && tokensMatch(token, hello.data.token);
}

type ParsedRequest = { ok: true; value: HostRequest } | { ok: false; message: string; requestId?: string };

function parseRequest(parsed: ReturnType<typeof parseFrameText>): ParsedRequest {
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const request = hostRequestSchema.safeParse(parsed.value);
  if (request.success) return { ok: true, value: request.data };
  const raw = parsed.value as { type?: unknown; requestId?: unknown } | null;
  const requestId = typeof raw?.requestId === 'string' ? raw.requestId : undefined;
  const knownType = typeof raw?.type === 'string' && raw.type in replyTypeOf;
  const message = knownType
    ? `invalid ${String(raw?.type)} frame: ${describeParseError(request.error)}`
    : `unknown message type ${JSON.stringify(raw?.type ?? null)}; expected one of ${Object.keys(replyTypeOf).join(', ')}`;
  return { ok: false, message, ...(requestId ? { requestId } : {}) };
}

async function answer(request: HostRequest, options: ProtocolServerOptions, receivedAt: number): Promise<DeviceReply> {
  const type = replyTypeOf[request.type];
  const waited = performance.now() - receivedAt;
  if (request.deadlineMs !== undefined && waited > request.deadlineMs) {
    const error = `dropped ${request.type} before it started: it waited ${Math.round(waited)} ms behind other requests, past its ${request.deadlineMs} ms deadline; nothing was applied`;
    return { type, requestId: request.requestId, success: false, cancelled: true, error } as DeviceReply;
  }
  try {
    const body = await options.handle(request);
    return { ...body, type, requestId: request.requestId } as DeviceReply;
  } catch (error) {
    return { type, requestId: request.requestId, success: false, error: (error as Error).message } as DeviceReply;
  }
}
