// What every HTTP server protostage runs (serve, the live mirror and viewer) does before a
// request reaches it: it listens on 127.0.0.1 only, answers only requests that name it (the Host
// header is a loopback name and this port; an Origin, when sent, is this very server), closes
// sockets that are slow to send their headers or their body, and caps the connections one
// address holds, closing its oldest unfinished or idle one to make room for a new one.
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { LOOPBACK_HOSTNAMES } from './constants.ts';

export interface HttpLimits {
  /** A request's headers must have arrived this long after it began (or the socket opened). */
  headersTimeoutMs: number;
  /** A whole request, body included, must have arrived this long after it began. */
  requestTimeoutMs: number;
  /** How often open sockets are checked against the two timeouts above. */
  checkIntervalMs: number;
  /** An idle kept-alive socket is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Sockets one remote address may hold at once. */
  maxConnectionsPerAddress: number;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 15_000,
  checkIntervalMs: 1_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerAddress: 64,
};

/** Null when the request names this server on `port`; otherwise why not (answer it 403). */
export function refuseForeignRequest(request: IncomingMessage, port: number): string | null {
  const host = request.headers.host ?? '';
  if (!LOOPBACK_HOSTNAMES.some((name) => host === `${name}:${port}`)) {
    return `Host "${host}" is not this server (127.0.0.1:${port})`;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !LOOPBACK_HOSTNAMES.some((name) => origin === `http://${name}:${port}`)) {
    return `Origin "${origin}" is not this server (http://127.0.0.1:${port})`;
  }
  return null;
}

/** The port a listening server is bound to (0 before it listens). */
export function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** An HTTP server with the limits above; listen on it with `listenOnLoopback`. */
export function createGuardedServer(listener: RequestListener, limits: HttpLimits = HTTP_LIMITS): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
    },
    listener,
  );
  capConnections(server, limits.maxConnectionsPerAddress);
  // A malformed or timed-out request ends only its own socket.
  server.on('clientError', (_error, socket) => socket.destroy());
  return server;
}

export function listenOnLoopback(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(portOf(server));
    });
  });
}

/**
 * Keeps at most `cap` sockets per remote address. A socket is busy from the moment its request
 * has fully arrived until the answer is sent; the others (still sending, or idle between
 * requests) may be closed, oldest first, when a new socket needs room; with every one busy the
 * new socket is closed. A socket that upgrades
 * (a WebSocket) leaves the count: its own server caps those.
 */
function capConnections(server: Server, cap: number): void {
  const byAddress = new Map<string, Set<Socket>>();
  /** The request each socket is answering, until its answer is sent. */
  const answering = new WeakMap<Socket, IncomingMessage>();
  const isBusy = (socket: Socket) => answering.get(socket)?.complete === true;
  const forget = (socket: Socket, address: string) => {
    const sockets = byAddress.get(address);
    sockets?.delete(socket);
    if (sockets?.size === 0) byAddress.delete(address);
  };
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const sockets = byAddress.get(address) ?? new Set<Socket>();
    byAddress.set(address, sockets);
    if (sockets.size >= cap) {
      const evictable = [...sockets].find((open) => !isBusy(open));
      if (evictable === undefined) {
        socket.destroy();
        return;
      }
      evictable.destroy();
      sockets.delete(evictable);
    }
    sockets.add(socket);
    socket.once('close', () => forget(socket, address));
  });
  server.on('request', (request: IncomingMessage, response) => {
    const socket = request.socket;
    answering.set(socket, request);
    const done = () => {
      if (answering.get(socket) === request) answering.delete(socket);
    };
    response.once('finish', done);
    response.once('close', done);
  });
  server.on('upgrade', (request: IncomingMessage) => forget(request.socket, request.socket.remoteAddress ?? ''));
}
