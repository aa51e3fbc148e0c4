/**
 * Platform calls (seeds/001 platform calls): `haptics.perform`, `sound.play`, `links.open` and
 * `share.open`, with the request's completion contract: the action writes `loading` to statusKey;
 * its completion writes `into` (the call's result, or `{ok: false, code, message}`), then
 * `success` or `error` to statusKey, emits one `prototype_platform` event and runs onSuccess or
 * onError, as one unit.
 *
 * A haptic or a sound completes at once (the device shows and plays its cue, and inspect lists it
 * in feedbackLog); a link opens the device's browser sheet and completes; a share opens the share
 * sheet and completes when the person picks a target (shared) or closes it (cancelled).
 */
import { renderScalar, tokenizePlaceholders } from '../expand/index.ts';
import type { PlatformAction, Scalar } from '../spec/index.ts';
import { PLATFORM_EVENT } from '../validate/actions.ts';
import { readData, type JsonValue } from './data.ts';
import { resolveShare, type ShareArgs, type SharePayload, type ShareSummary, type UploadedAsset } from './share.ts';
import type { RowContext } from './tree.ts';
import type { Unit } from './unit.ts';

export { PLATFORM_EVENT } from '../validate/actions.ts';

export type PlatformErrorCode = 'invalid_args' | 'unavailable' | 'cancelled' | 'timeout';
export const PLATFORM_ERROR_CODES: readonly PlatformErrorCode[] = ['invalid_args', 'unavailable', 'cancelled', 'timeout'];

/** How long a call that waits for the person (a share sheet) waits by default. */
export const DEFAULT_PLATFORM_TIMEOUT_MS = 60_000;
/** How many haptics and sounds inspect lists. */
export const FEEDBACK_LOG_SIZE = 64;

/** A call as the device carries it out. */
export type ResolvedPlatformCall =
  | { callId: string; call: 'haptics.perform'; style: string }
  | { callId: string; call: 'sound.play'; sound: string }
  | { callId: string; call: 'links.open'; url: string }
  | { callId: string; call: 'share.open'; timeoutMs: number; payload: SharePayload; summary: ShareSummary };

export type PlatformOutcome =
  | { ok: true; result: JsonValue; durationMs: number }
  | { ok: false; code: PlatformErrorCode; message: string; durationMs: number };

/** Carries calls out on the device; a share's answer comes back through the controller's completePlatformCall. */
export interface PlatformTransport {
  start(call: ResolvedPlatformCall): void;
  cancel(callId: string): void;
}

export interface PendingPlatformCall {
  callId: string;
  action: PlatformAction;
  row: RowContext | null;
  prototypeId: string;
}

export interface FeedbackEntry {
  call: 'haptics.perform' | 'sound.play';
  /** The style of a haptic, the sound of a sound. */
  name: string;
  at: number;
}

interface Context {
  state: (key: string) => Scalar | undefined;
  data: JsonValue;
  assets: ReadonlyMap<string, UploadedAsset>;
}

type Resolution = ResolvedPlatformCall | { code: PlatformErrorCode; message: string };

/** The call ready to carry out, or why it cannot be (invalid_args, or unavailable on this device). */
export function resolvePlatformCall(action: PlatformAction, callId: string, context: Context): Resolution {
  const args = action.args ?? {};
  switch (action.call) {
    case 'haptics.perform':
      return { callId, call: action.call, style: args.style! };
    case 'sound.play':
      return { callId, call: action.call, sound: args.sound! };
    case 'links.open':
      return resolveLink(callId, bindText(args.url!, context));
    case 'share.open': {
      // A repeat row's {item.field} and {index} are bound when the template is expanded.
      const shared = resolveShare(args as ShareArgs, { state: context.state, data: context.data, row: null, assets: context.assets });
      if (!shared.ok) return { code: 'invalid_args', message: `${shared.error.path}: ${shared.error.message}` };
      return { callId, call: action.call, timeoutMs: action.timeoutMs ?? DEFAULT_PLATFORM_TIMEOUT_MS, payload: shared.payload, summary: shared.summary };
    }
  }
}

/** A web URL opens in the browser sheet; tel:, mailto: and sms: need apps the web device has not. */
function resolveLink(callId: string, url: string): Resolution {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'tel' || scheme === 'mailto' || scheme === 'sms') return { code: 'unavailable', message: `the web device has no app for ${scheme}: links` };
  if (scheme !== 'http' && scheme !== 'https') return { code: 'invalid_args', message: `${JSON.stringify(url.slice(0, 80))} is not a web, tel:, mailto: or sms: link` };
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed === null || parsed.hostname === '' || /^https?:\/\/(\/|$)/i.test(url)) return { code: 'invalid_args', message: `${JSON.stringify(url.slice(0, 80))} has no host` };
  return { callId, call: 'links.open', url: parsed.href };
}

/** {key} and {data:/pointer} bound once; a missing state key stays literal, missing data reads empty. */
function bindText(text: string, context: Context): string {
  if (!text.includes('{')) return text;
  let out = '';
  for (const token of tokenizePlaceholders(text)) {
    if (token.kind === 'text') out += token.text;
    else if (token.kind === 'data') {
      const value = readData(context.data, token.pointer);
      out += value === undefined ? '' : renderScalar(value);
    } else if (token.kind === 'placeholder' && token.field === null) {
      const value = context.state(token.name);
      out += value === undefined ? token.raw : renderScalar(value);
    } else out += token.raw;
  }
  return out;
}

/** What a call that finishes at once answers. */
export function immediateResult(call: Exclude<ResolvedPlatformCall, { call: 'share.open' }>): JsonValue {
  if (call.call === 'haptics.perform') return { performed: call.style };
  if (call.call === 'sound.play') return { played: call.sound };
  return { opened: 'browser', url: call.url };
}

/** Applies a completion to `unit`: into, the status, the event, then onSuccess or onError. */
export function applyPlatformCompletion(unit: Unit, pending: PendingPlatformCall, outcome: PlatformOutcome): void {
  const { action } = pending;
  if (action.into !== undefined) unit.setData(action.into, outcome.ok ? outcome.result : { ok: false, code: outcome.code, message: outcome.message });
  if (action.statusKey !== undefined) unit.controlWrite([[action.statusKey, outcome.ok ? 'success' : 'error']]);
  unit.emit(PLATFORM_EVENT, {
    callId: pending.callId,
    call: action.call,
    ok: outcome.ok,
    ...(outcome.ok ? {} : { code: outcome.code, message: outcome.message }),
    durationMs: outcome.durationMs,
  });
  const followUps = outcome.ok ? action.onSuccess : action.onError;
  if (followUps) unit.runList(followUps, pending.row);
}
