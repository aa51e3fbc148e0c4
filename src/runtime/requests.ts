/**
 * The request action's pure half (seeds/001 "Request action capability"): binding a request's
 * fields when it runs, building its URL, and turning what came back into data writes, a status and
 * one `prototype_request` event. The HTTP itself is a transport the controller is given (the
 * device's or the host's); this module never sends anything.
 *
 * A request's life: its tap writes `loading` to statusKey, the controller binds it and hands it to
 * the transport, and its completion writes `into`, then `<into>__meta`, then `success` or `error`
 * to statusKey, emits `prototype_request` and runs onSuccess or onError, in that order, as one unit.
 */
import { renderScalar, tokenizePlaceholders } from '../expand/index.ts';
import type { RequestAction, Scalar } from '../spec/index.ts';
import { limits, requestErrorCodes, type RequestErrorCode, type RequestMethod } from '../spec/vocabulary.ts';
import { forbiddenHeader, hasLineBreak, REQUEST_EVENT } from '../validate/actions.ts';
import { readData, type JsonValue } from './data.ts';
import type { RowContext } from './tree.ts';
import type { Unit } from './unit.ts';

export { REQUEST_EVENT } from '../validate/actions.ts';

export type { RequestErrorCode } from '../spec/vocabulary.ts';
export const REQUEST_ERROR_CODES: readonly RequestErrorCode[] = requestErrorCodes;

/** Characters of a request's URL once bound (a longer one fails invalid_request). */
export const MAX_REQUEST_URL_CHARS = 8192;

/** A request with every binding resolved: what a transport sends. */
export interface ResolvedRequest {
  requestId: string;
  via: 'host' | 'device';
  method: RequestMethod;
  url: string;
  headers: Array<[string, string]>;
  body?: string;
  timeoutMs: number;
}

/** What a transport answers: the 2xx response as text, or why there is none. */
export type RequestOutcome =
  | { ok: true; status: number; headers: Record<string, string>; body: string; url: string; durationMs: number }
  | { ok: false; code: RequestErrorCode; message: string; status?: number; durationMs: number };

/** Sends resolved requests; answers arrive later through the controller's completeRequest. */
export interface RequestTransport {
  start(request: ResolvedRequest): void;
  cancel(requestId: string): void;
}

/** A request the controller has started and not yet completed. */
export interface PendingRequest {
  request: ResolvedRequest;
  action: RequestAction;
  row: RowContext | null;
  /** The prototype it belongs to (a same-id replace keeps it). */
  prototypeId: string;
}

type Read = { state: (key: string) => Scalar | undefined; data: JsonValue };

/** Binds `action` against state and data: the request to send, or why it cannot be built. */
export function resolveRequest(action: RequestAction, requestId: string, read: Read): ResolvedRequest | { error: string } {
  const url = bindText(action.url, read);
  if (typeof url !== 'string') return url;
  const query: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(action.query ?? {})) {
    const bound = typeof value === 'string' ? bindText(value, read) : renderScalar(value);
    if (typeof bound !== 'string') return { error: `query ${key}: ${bound.error}` };
    query.push([key, bound]);
  }
  const built = withQuery(url, query);
  if (built.length > MAX_REQUEST_URL_CHARS) return { error: `the URL is ${built.length} characters; a request's URL holds at most ${MAX_REQUEST_URL_CHARS}` };
  const parsed = URL.canParse(built) ? new URL(built) : null;
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return { error: `${built} is not an http or https URL` };
  if (parsed.username !== '' || parsed.password !== '') return { error: 'a URL may not carry a user name or password; send credentials in a header' };
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(action.headers ?? {})) {
    const bound = bindText(value, read);
    if (typeof bound !== 'string') return { error: `header ${name}: ${bound.error}` };
    const problem = forbiddenHeader(name) ?? headerValueProblem(bound) ?? (bound.length > limits.requestValueChars ? `its value passes ${limits.requestValueChars} characters` : null);
    if (problem) return { error: `header ${name}: ${problem}` };
    headers.push([name, bound]);
  }
  const body = bindBody(action.body, read);
  if (body !== undefined && typeof body !== 'string' && 'error' in body) return body;
  const method = action.method ?? 'GET';
  const request: ResolvedRequest = { requestId, via: action.via ?? 'host', method, url: built, headers, timeoutMs: action.timeoutMs ?? limits.defaultRequestTimeoutMs };
  if (body === undefined) return request;
  if (new TextEncoder().encode(body.text).length > limits.requestBodyBytes) return { error: `the body passes ${limits.requestBodyBytes} bytes` };
  if (!headers.some(([name]) => name.toLowerCase() === 'content-type')) headers.push(['Content-Type', body.contentType]);
  return { ...request, body: body.text };
}

/**
 * Why a bound header value cannot go on the wire, or null. HTTP carries a field value as bytes:
 * a line break or another control character (tab aside) would end or corrupt the header, and a
 * character past U+00FF has no byte at all.
 */
export function headerValueProblem(value: string): string | null {
  if (hasLineBreak(value)) return 'its value holds a line break';
  const bad = /[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/u.exec(value);
  if (bad === null) return null;
  const code = `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return bad[0].codePointAt(0)! > 0xff
    ? `its value holds ${code}, past U+00FF (a header value is bytes 0-255; percent-encode it or send it in the body)`
    : `its value holds the control character ${code}`;
}

/**
 * Sets query entries on the URL's raw `&` pieces, keys in UTF-16 order: a key already there has
 * its first piece replaced in place and its later ones removed; a new key is appended; every
 * other piece keeps its spelling.
 */
export function withQuery(url: string, entries: ReadonlyArray<[string, string]>): string {
  if (entries.length === 0) return url;
  const hashAt = url.indexOf('#');
  const fragment = hashAt < 0 ? '' : url.slice(hashAt);
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const raw = queryAt < 0 ? '' : beforeHash.slice(queryAt + 1);
  const pieces = raw === '' ? [] : raw.split('&');
  for (const [key, value] of [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const piece = `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
    const first = pieces.findIndex((existing) => pieceName(existing) === key);
    if (first < 0) {
      pieces.push(piece);
      continue;
    }
    pieces[first] = piece;
    for (let index = pieces.length - 1; index > first; index--) if (pieceName(pieces[index]!) === key) pieces.splice(index, 1);
  }
  return `${path}?${pieces.join('&')}${fragment}`;
}

function pieceName(piece: string): string {
  const name = piece.split('=')[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** `{key}` reads state and `{data:/pointer}` data, in one pass: what they put in is never read again. */
function bindText(text: string, read: Read): string | { error: string } {
  if (!text.includes('{')) return text;
  let out = '';
  for (const token of tokenizePlaceholders(text)) {
    if (token.kind === 'text') {
      out += token.text;
      continue;
    }
    const value = boundValue(token, read);
    if (value === undefined) return { error: `${token.raw} reads nothing (${token.kind === 'data' ? 'no scalar at that pointer' : 'no such state key'})` };
    out += renderScalar(value);
  }
  return out;
}

function boundValue(token: Exclude<ReturnType<typeof tokenizePlaceholders>[number], { kind: 'text' }>, read: Read): Scalar | undefined {
  if (token.kind === 'data') return readData(read.data, token.pointer);
  return token.kind === 'placeholder' && token.field === null ? read.state(token.name) : undefined;
}

/** The body as sent, with its default content type: a string as text, JSON with its string leaves bound. */
function bindBody(body: RequestAction['body'], read: Read): { text: string; contentType: string } | { error: string } | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') {
    const text = bindText(body, read);
    return typeof text === 'string' ? { text, contentType: 'text/plain; charset=utf-8' } : { error: `body: ${text.error}` };
  }
  let problem: string | null = null;
  const bound = JSON.stringify(body, (_key, value: unknown) => {
    if (typeof value !== 'string' || problem !== null) return value;
    const tokens = tokenizePlaceholders(value);
    // A leaf that is one placeholder keeps the bound value's own type ("{count}" sends 3).
    if (tokens.length === 1 && tokens[0]!.kind !== 'text') {
      const scalar = boundValue(tokens[0]!, read);
      if (scalar === undefined) problem = `${value} reads nothing`;
      return scalar;
    }
    const text = bindText(value, read);
    if (typeof text !== 'string') problem = text.error;
    return text;
  });
  return problem === null ? { text: bound, contentType: 'application/json' } : { error: `body: ${problem}` };
}

/** The data value a 2xx response writes to `into`: JSON when it says so, else its text. */
export function responseValue(outcome: Extract<RequestOutcome, { ok: true }>, method: string): { value: JsonValue } | { error: string } {
  const contentType = (outcome.headers['content-type'] ?? '').toLowerCase();
  const isJson = /^application\/([a-z0-9.+-]*\+)?json\b/.test(contentType);
  if (method === 'HEAD' || (isJson && outcome.body.trim() === '')) return { value: null };
  if (!isJson) return { value: outcome.body };
  try {
    const value = JSON.parse(outcome.body, (key, member: unknown) => {
      if (key === '__proto__') throw new Error('it has a "__proto__" member');
      return member;
    }) as JsonValue;
    return { value };
  } catch (error) {
    return { error: `the response says it is JSON but is not: ${(error as Error).message}` };
  }
}

/** The `prototype_request` event's payload (the URL cut to keep it within the emit budget). */
export function requestEventPayload(pending: PendingRequest, outcome: RequestOutcome): Record<string, unknown> {
  const { request } = pending;
  return {
    requestId: request.requestId,
    method: request.method,
    url: request.url.length > 1024 ? `${request.url.slice(0, 1024)}…` : request.url,
    via: request.via,
    into: pending.action.into,
    ok: outcome.ok,
    ...(outcome.ok || outcome.status !== undefined ? { status: outcome.status } : {}),
    ...(outcome.ok ? {} : { code: outcome.code }),
    durationMs: outcome.durationMs,
  };
}

/**
 * Applies a completion to `unit`: `into` (on success), `<into>__meta` (without its headers when
 * they would pass the data limit), the status, the event, then onSuccess or onError. A body that
 * does not decode or does not fit the data limits turns the completion into an error.
 */
export function applyCompletion(unit: Unit, pending: PendingRequest, outcome: RequestOutcome): void {
  const { action } = pending;
  let result = outcome;
  if (result.ok) {
    const decoded = responseValue(result, pending.request.method);
    const refusal = 'error' in decoded ? { code: 'invalid_response' as const, message: decoded.error } : dataRefusal(unit.setData(action.into, decoded.value));
    if (refusal) result = { ok: false, code: refusal.code, message: refusal.message, status: result.status, durationMs: result.durationMs };
  }
  const meta = `${action.into}__meta`;
  const metaValue: Record<string, JsonValue> = result.ok
    ? { ok: true, status: result.status, url: result.url, durationMs: result.durationMs }
    : { ok: false, code: result.code, message: result.message, ...(result.status !== undefined ? { status: result.status } : {}), durationMs: result.durationMs };
  if (!result.ok || unit.setData(meta, { ...metaValue, headers: result.headers }) !== null) unit.setData(meta, metaValue);
  if (action.statusKey !== undefined) unit.controlWrite([[action.statusKey, result.ok ? 'success' : 'error']]);
  unit.emit(REQUEST_EVENT, requestEventPayload(pending, result));
  const followUps = result.ok ? action.onSuccess : action.onError;
  if (followUps) unit.runList(followUps, pending.row);
}

function dataRefusal(refusal: { message: string } | null): { code: 'data_limit'; message: string } | null {
  return refusal === null ? null : { code: 'data_limit', message: `the response does not fit the data: ${refusal.message}` };
}
