// Who may call `protostage serve`: a request from this machine (the Host header names a loopback
// address), from no browser page or from a page of this very server (the Origin, when sent, is
// exactly this scheme, host and port), carrying the server's bearer token (an
// `Authorization: Bearer` header or a `token` query parameter), compared in constant time.
import type { IncomingMessage } from 'node:http';
import { tokensMatch } from '../protocol/handshake.ts';
import { refuseForeignRequest } from '../protocol/http-guard.ts';

export interface AccessRefusal {
  status: 403 | 401;
  message: string;
}

/** Null when the request may go on; otherwise why not. */
export function refuseAccess(request: IncomingMessage, port: number, token: string): AccessRefusal | null {
  const foreign = refuseForeignRequest(request, port);
  if (foreign !== null) return { status: 403, message: foreign };
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
