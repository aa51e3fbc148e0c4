// Who may call `protostage serve`: a request from this machine (the Host header names a loopback
// address), from no browser page or from a page of this very server (the Origin, when sent, is
// exactly this scheme, host and port), carrying the server's bearer token (an
// `Authorization: Bearer` header or a `token` query parameter), compared in constant time.
import type { IncomingMessage } from 'node:http';
import { LOOPBACK_HOSTNAMES } from '../protocol/constants.ts';
import { tokensMatch } from '../protocol/handshake.ts';

export interface AccessRefusal {
  status: 403 | 401;
  message: string;
}

/** Null when the request may go on; otherwise why not. */
export function refuseAccess(request: IncomingMessage, port: number, token: string): AccessRefusal | null {
  const host = request.headers.host ?? '';
  if (!LOOPBACK_HOSTNAMES.some((name) => host === `${name}:${port}`)) {
    return { status: 403, message: `Host "${host}" is not this server (127.0.0.1:${port})` };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !LOOPBACK_HOSTNAMES.some((name) => origin === `http://${name}:${port}`)) {
    return { status: 403, message: `Origin "${origin}" is not this server (http://127.0.0.1:${port})` };
  }
  const presented = bearerToken(request);
  if (presented === null || !tokensMatch(token, presented)) {
    return { status: 401, message: 'missing or wrong token: use the URL serve printed (it carries ?token=…) or send Authorization: Bearer <token>' };
  }
  return null;
}

function bearerToken(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && /^Bearer /i.test(header)) return header.slice('Bearer '.length).trim();
  const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('token');
  return query;
}
