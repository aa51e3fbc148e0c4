/**
 * Runs one prototype request over HTTP with the destination policy in the way: the URL is checked
 * before anything is sent, every DNS answer is checked inside the connection's own lookup (so the
 * address connected to is the address checked), and every redirect is followed by hand and checked
 * again. A 2xx body is read up to the response limit; any other body is never read.
 *
 * Each hop gets its own undici Agent: no connection, cookie or cache is shared with anything else.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { Agent, fetch } from 'undici';
import { limits, type RequestErrorCode } from '../spec/vocabulary.ts';
import { networkInterfaces } from 'node:os';
import { checkAnswers, checkUrl, normalAddress, portOf, type AllowedOrigins, type MachineAddresses } from './egress.ts';

export interface OutboundRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: string;
  timeoutMs: number;
}

/** The request error codes an HTTP exchange itself can end in. */
export type OutboundErrorCode = Extract<RequestErrorCode, 'blocked_destination' | 'network' | 'timeout' | 'http_error' | 'too_large' | 'cancelled'>;

export type OutboundResult =
  | { ok: true; status: number; headers: Record<string, string>; body: string; url: string; durationMs: number }
  | { ok: false; code: OutboundErrorCode; message: string; status?: number; durationMs: number };

/** Answers every address a name resolves to (tests stand one in for DNS). */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface OutboundOptions {
  allowed: AllowedOrigins;
  resolve?: Resolver;
  /** Aborting it ends the request as cancelled. */
  signal?: AbortSignal;
  /** Told when the request goes out on the network (it passed the destination policy). */
  onSent?: () => void;
}

/** Redirects followed before a request fails. */
export const MAX_REDIRECTS = 5;

/** This machine's interface addresses, read for each request (interfaces come and go). */
export function machineAddresses(): MachineAddresses {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  return new Set(addresses.map((entry) => normalAddress(entry.address)).filter((address): address is string => address !== null));
}

const systemResolver: Resolver = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

class RefusedDestination extends Error {}

type Undici = typeof import('undici');
let undici: Promise<Undici> | undefined;

/** undici, loaded with the first request: most prototypes make none, and loading it took about a
 *  tenth of a second from the start of every device and server. */
function loadUndici(): Promise<Undici> {
  undici ??= import('undici');
  return undici;
}

export async function performRequest(request: OutboundRequest, options: OutboundOptions): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let hop: Hop = { method: request.method, url: request.url, body: request.body, headers: request.headers };
  const machine = machineAddresses();
  try {
    const { Agent, fetch } = await loadUndici();
    for (let redirects = 0; ; redirects++) {
      const url = parseUrl(hop.url);
      if (url === null) return { ok: false, code: 'network', message: `${hop.url} is not a URL`, durationMs: elapsed() };
      const verdict = checkUrl(url, hop.url, options.allowed, machine);
      if (!verdict.ok) return { ok: false, code: 'blocked_destination', message: verdict.reason, durationMs: elapsed() };
      const agent = guardedAgent(Agent, url, options, machine);
      options.onSent?.();
      try {
        const response = await fetch(url, { method: hop.method, headers: hop.headers, body: hop.body, redirect: 'manual', signal, dispatcher: agent });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location !== null) {
          await response.body?.cancel();
          if (redirects >= MAX_REDIRECTS) return { ok: false, code: 'network', message: `more than ${MAX_REDIRECTS} redirects`, status: response.status, durationMs: elapsed() };
          hop = redirected(hop, response.status, new URL(location, url).href);
          continue;
        }
        return await readResponse(response, url.href, elapsed);
      } finally {
        void agent.close().catch(() => undefined);
      }
    }
  } catch (error) {
    return { ...failure(error, deadline, options.signal), durationMs: elapsed() };
  }
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** A connection pool for one hop whose DNS lookup refuses what the policy refuses. */
function guardedAgent(AgentClass: Undici['Agent'], url: URL, options: OutboundOptions, machine: MachineAddresses): Agent {
  const resolve = options.resolve ?? systemResolver;
  const port = portOf(url);
  const opened = options.allowed.has(url);
  const lookup = (hostname: string, lookupOptions: { all?: boolean }, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    resolve(hostname).then(
      (answers) => {
        const verdict = opened ? { ok: true as const } : checkAnswers(hostname, answers, port, machine);
        if (!verdict.ok) return callback(new RefusedDestination(verdict.reason), '');
        if (answers.length === 0) return callback(new Error(`${hostname} has no DNS answer`), '');
        const addresses = answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(new RefusedDestination(`${hostname} has no DNS answer (${error.message})`), ''),
    );
  };
  return new AgentClass({ connect: { lookup: lookup as never }, connections: 1, pipelining: 0 });
}

interface Hop {
  method: string;
  url: string;
  body: string | undefined;
  headers: Array<[string, string]>;
}

/** The next hop of a redirect: 303 (and 301/302 after a POST) turn into a GET without a body. */
function redirected(hop: Hop, status: number, location: string): Hop {
  const toGet = status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && hop.method === 'POST';
  if (!toGet) return { ...hop, url: location };
  return { method: 'GET', url: location, body: undefined, headers: hop.headers.filter(([name]) => name.toLowerCase() !== 'content-type') };
}

async function readResponse(response: Awaited<ReturnType<typeof fetch>>, url: string, elapsed: () => number): Promise<OutboundResult> {
  const status = response.status;
  if (status < 200 || status > 299) {
    await response.body?.cancel();
    return { ok: false, code: 'http_error', message: `the server answered ${status}`, status, durationMs: elapsed() };
  }
  const announced = Number(response.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > limits.responseBytes) {
    await response.body?.cancel();
    return tooLarge(status, elapsed, `announces ${announced} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      if (bytes > limits.responseBytes) {
        await response.body.cancel().catch(() => undefined);
        return tooLarge(status, elapsed, `passed ${limits.responseBytes} bytes`);
      }
      chunks.push(chunk);
    }
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = new TextDecoder('utf-8').decode(Buffer.concat(chunks));
  return { ok: true, status, headers, body, url, durationMs: elapsed() };
}

function tooLarge(status: number, elapsed: () => number, what: string): OutboundResult {
  return { ok: false, code: 'too_large', message: `the response body ${what}; at most ${limits.responseBytes} bytes are read`, status, durationMs: elapsed() };
}

function failure(error: unknown, deadline: AbortSignal, cancel: AbortSignal | undefined): { ok: false; code: OutboundErrorCode; message: string } {
  if (cancel?.aborted) return { ok: false, code: 'cancelled', message: 'the request was cancelled' };
  if (deadline.aborted) return { ok: false, code: 'timeout', message: 'no complete answer within timeoutMs' };
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RefusedDestination) return { ok: false, code: 'blocked_destination', message: cause.message };
  }
  const cause = (error as Error)?.cause as Error | undefined;
  return { ok: false, code: 'network', message: cause?.message ?? (error as Error)?.message ?? String(error) };
}
