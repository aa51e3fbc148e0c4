/**
 * Secure text fields keep their text on the device: the runtime's state holds it (conditions and
 * actions read it), but every event and inspect carries it masked, one bullet per character as the
 * field draws it, unless inspect is asked to reveal it.
 */
import type { Scalar } from './model.ts';
import { maskedText } from './render.ts';
import type { PendingEvent } from './unit.ts';
import { setOwn } from './record.ts';

/** The state with each secure key's text masked (the same object when there is nothing to mask). */
export function maskState(state: Record<string, Scalar>, secureKeys: ReadonlySet<string>): Record<string, Scalar> {
  let masked: Record<string, Scalar> | null = null;
  for (const key of secureKeys) {
    const value = state[key];
    if (typeof value !== 'string') continue;
    masked ??= { ...state };
    setOwn(masked, key, maskedText(value));
  }
  return masked ?? state;
}

/** An event as it leaves the device: its state and, for a change, its payload masked. */
export function maskEvent(event: PendingEvent, secureKeys: ReadonlySet<string>): PendingEvent {
  if (secureKeys.size === 0) return event;
  const state = maskState(event.state, secureKeys);
  if (event.kind !== 'change') return state === event.state ? event : { ...event, state };
  return { ...event, state, payload: maskChange(event.payload as ChangePayload, secureKeys) };
}

type ChangePayload = { key: string; value: Scalar } | { keys: string[]; values: Scalar[] };

function maskChange(payload: ChangePayload, secureKeys: ReadonlySet<string>): ChangePayload {
  const mask = (key: string, value: Scalar) => (secureKeys.has(key) && typeof value === 'string' ? maskedText(value) : value);
  if ('key' in payload) return { key: payload.key, value: mask(payload.key, payload.value) };
  return { keys: payload.keys, values: payload.values.map((value, index) => mask(payload.keys[index]!, value)) };
}
