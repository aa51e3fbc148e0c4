/**
 * The static rules of actions that the contract's field rules cannot say: a request's method,
 * headers, values and target (seeds/001 "Request action capability"), which args each platform
 * call takes and the opt-in share needs, and the emit names the completion events reserve. The
 * runtime checks the same header and line-break rules again on the values it binds when a request runs.
 */
import { limits } from '../contract/index.ts';
import { formatPointer, parsePointer, valueAt, type JsonValue } from '../json/pointer.ts';
import type { PathSegment } from '../expand/path.ts';
import { isPlainObject } from './values.ts';

/** The emit name of the event every request completion sends; an author's emit may not use it. */
export const REQUEST_EVENT = 'prototype_request';
/** The emit name of every platform call's completion. */
export const PLATFORM_EVENT = 'prototype_platform';

/** What an action's rules may look at beyond the action: the spec's data and opt-ins, and whether it is in a repeat template. */
export interface ActionContext {
  data: Record<string, unknown> | null;
  inTemplate: boolean;
  /** requires.platform of the spec. */
  platform: readonly string[];
}

/** The args each platform call takes, and the one it needs (share needs one item of several, checked when it runs). */
const CALL_ARGS: Record<string, { allowed: readonly string[]; required: string | null }> = {
  'haptics.perform': { allowed: ['style'], required: 'style' },
  'sound.play': { allowed: ['sound'], required: 'sound' },
  'links.open': { allowed: ['url'], required: 'url' },
  'share.open': { allowed: ['text', 'url', 'subject', 'images', 'files', 'contact'], required: null },
};

/** Header names the platform sets itself (the Fetch standard's forbidden request headers). */
const FORBIDDEN_HEADERS = new Set([
  'accept-charset', 'accept-encoding', 'access-control-request-headers', 'access-control-request-method',
  'connection', 'content-length', 'cookie', 'cookie2', 'date', 'dnt', 'expect', 'host', 'keep-alive',
  'origin', 'referer', 'set-cookie', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'via',
]);

/** Why a header may not be set by a prototype, or null. */
export function forbiddenHeader(name: string): string | null {
  const lower = name.toLowerCase();
  if (FORBIDDEN_HEADERS.has(lower)) return `the platform sets ${name} itself`;
  if (lower.startsWith('proxy-') || lower.startsWith('sec-')) return `${name.slice(0, lower.indexOf('-') + 1)}* headers belong to the platform`;
  return null;
}

export function hasLineBreak(text: string): boolean {
  return /[\r\n]/.test(text);
}

export interface ActionProblem {
  /** Segments below the action. */
  at: PathSegment[];
  message: string;
}

/** The first static rule `action` breaks, or null (its fields have passed their own rules). */
export function actionProblem(type: string, action: Record<string, unknown>, context: ActionContext): ActionProblem | null {
  if (type === 'emit' && (action.name === REQUEST_EVENT || action.name === PLATFORM_EVENT)) {
    return { at: ['name'], message: `The emit name "${String(action.name)}" is reserved for ${action.name === REQUEST_EVENT ? 'request' : 'platform call'} completions; choose another name` };
  }
  if (type === 'request') return requestProblem(action, context.data, context.inTemplate);
  if (type === 'platform') return platformProblem(action, context);
  return null;
}

function platformProblem(action: Record<string, unknown>, context: ActionContext): ActionProblem | null {
  const call = String(action.call);
  if (!Object.hasOwn(CALL_ARGS, call)) return null;
  const rules = CALL_ARGS[call]!;
  if (call === 'share.open' && !context.platform.includes('share')) {
    return { at: ['call'], message: 'share.open needs the spec to opt in: add "requires": {"platform": ["share"]}' };
  }
  // In all-errors mode the rules run even when args itself was refused for its type.
  const args = action.args ?? {};
  if (!isPlainObject(args)) return null;
  const stray = Object.keys(args).sort().find((field) => !rules.allowed.includes(field));
  if (stray !== undefined) return { at: ['args', stray], message: `${call} takes ${rules.allowed.join(', ')} in args, not ${stray}` };
  if (rules.required !== null && !Object.hasOwn(args, rules.required)) return { at: ['args'], message: `${call} needs args.${rules.required}` };
  if (call === 'share.open' && !['text', 'url', 'images', 'files', 'contact'].some((field) => Object.hasOwn(args, field))) {
    return { at: ['args'], message: 'share.open shares something: give args.text, url, images, files or contact (a subject alone is not an item)' };
  }
  if (typeof action.into === 'string' && !context.inTemplate) return intoProblem(action.into, context.data);
  return null;
}

function requestProblem(action: Record<string, unknown>, data: Record<string, unknown> | null, inTemplate: boolean): ActionProblem | null {
  const method = typeof action.method === 'string' ? action.method : 'GET';
  if (action.body !== undefined && (method === 'GET' || method === 'HEAD')) {
    return { at: ['body'], message: `A ${method} request has no body; use POST, PUT or PATCH, or drop the body` };
  }
  if (typeof action.url === 'string' && hasLineBreak(action.url)) return { at: ['url'], message: 'A URL may not hold a line break' };
  for (const [name, value] of sortedEntries(action.headers)) {
    const forbidden = forbiddenHeader(name);
    if (forbidden) return { at: ['headers', name], message: `Header ${name} cannot be set: ${forbidden}` };
    const problem = valueProblem(value);
    if (problem) return { at: ['headers', name], message: `Header ${name} ${problem}` };
  }
  for (const [key, value] of sortedEntries(action.query)) {
    const problem = valueProblem(value);
    if (problem) return { at: ['query', key], message: `Query value ${key} ${problem}` };
  }
  if (typeof action.into === 'string' && !inTemplate) return intoProblem(action.into, data);
  return null;
}

/** An object's entries by name, so the first one reported does not depend on the order written. */
function sortedEntries(value: unknown): [string, unknown][] {
  if (!isPlainObject(value)) return [];
  return Object.keys(value).sort().map((key) => [key, value[key]]);
}

function valueProblem(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (hasLineBreak(value)) return 'may not hold a line break (CR or LF)';
  if (value.length > limits.requestValueChars) return `is ${value.length} characters; values take at most ${limits.requestValueChars}`;
  return null;
}

/** `into` names a member of an object in the spec's data: its parent exists and is an object. */
function intoProblem(into: string, data: Record<string, unknown> | null): ActionProblem | null {
  const segments = parsePointer(into);
  if (segments === null || data === null) return null;
  const parent = valueAt(data as JsonValue, segments.slice(0, -1));
  if (parent !== null && typeof parent === 'object' && !Array.isArray(parent)) return null;
  const where = segments.length === 1 ? 'the data root' : formatPointer(segments.slice(0, -1));
  return { at: ['into'], message: `into names a member of an object in data, and ${where} is ${parent === undefined ? 'missing' : 'not an object'}; declare ${where} as an object in data, or write into a member of one that is` };
}
