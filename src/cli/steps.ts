// Scripted steps for `protostage render --steps FILE`: a JSON array of steps, each one object with
// exactly one step key (plus that step's companion key). The whole file is checked before the
// first step runs, so a typo at step 9 never leaves steps 1–8 half applied.
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { deviceSettingsFields, type DeviceSettingsChange, type SwipeDirection } from '../protocol/messages.ts';
import { parseDeviceProfile } from '../device/profiles.ts';
import type { DeviceResult, WebDevice } from '../device/web-device.ts';
import { limits } from '../spec/vocabulary.ts';

export const MAX_STEPS = 1000;
export const MAX_WAIT_MS = 60_000;
export const STEP_KEYS = ['Enter', 'Escape', 'Backspace', 'Tab'] as const;
const SWIPE_DIRECTIONS: readonly SwipeDirection[] = ['left', 'right', 'up', 'down'];

export type Step =
  | { tap: string }
  | { tap: { x: number; y: number } }
  | { longPress: string | { x: number; y: number } }
  | { doubleTap: string | { x: number; y: number } }
  | { type: string; into?: string }
  | { swipe: SwipeDirection; on?: string }
  | { key: (typeof STEP_KEYS)[number] }
  | { wait: number }
  | { screenshot: string }
  | { hierarchy: string }
  | { patch: { ops: unknown[]; baseRevision?: number } }
  | { advanceClock: number }
  | { awaitRequests: number }
  | { back: true }
  | { device: DeviceSettingsChange };

/** A change of the live device: the fields of the MCP device tool. */
const deviceStepSchema = z.strictObject(deviceSettingsFields);

/** Each step kind: its optional companion keys (each a testTag) and how its value is checked. */
const tapTargetProblem = (value: unknown) => (nonEmptyString(value) || isPoint(value) ? null : 'expected a testTag (nonempty string) or a point {"x": dp, "y": dp}');
const STEP_KINDS: Record<string, { companions: string[]; check(value: unknown): string | null }> = {
  tap: { companions: [], check: tapTargetProblem },
  longPress: { companions: [], check: tapTargetProblem },
  doubleTap: { companions: [], check: tapTargetProblem },
  type: { companions: ['into'], check: (value) => (typeof value === 'string' ? null : 'expected the text to type (a string)') },
  swipe: { companions: ['on'], check: (value) => (SWIPE_DIRECTIONS.includes(value as SwipeDirection) ? null : `expected one of ${SWIPE_DIRECTIONS.join(', ')}`) },
  key: { companions: [], check: (value) => (STEP_KEYS.includes(value as (typeof STEP_KEYS)[number]) ? null : `expected one of ${STEP_KEYS.join(', ')}`) },
  wait: { companions: [], check: (value) => (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_WAIT_MS ? null : `expected whole milliseconds from 0 to ${MAX_WAIT_MS}`) },
  screenshot: { companions: [], check: (value) => (nonEmptyString(value) ? null : 'expected the PNG file to write') },
  hierarchy: { companions: [], check: (value) => (nonEmptyString(value) ? null : 'expected the JSON file to write') },
  patch: { companions: [], check: patchProblem },
  back: { companions: [], check: (value) => (value === true ? null : 'expected true (press the system back)') },
  device: { companions: [], check: deviceStepProblem },
  awaitRequests: { companions: [], check: (value) => (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_WAIT_MS ? null : `expected the longest wait, whole milliseconds from 1 to ${MAX_WAIT_MS}`) },
  advanceClock: { companions: [], check: (value) => (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= limits.timerMs ? null : `expected whole milliseconds from 0 to ${limits.timerMs} to move the prototype's clock on`) },
};

/** Every step a steps file may hold, for the documents to list. */
export const STEP_KIND_NAMES = Object.keys(STEP_KINDS);

function deviceStepProblem(value: unknown): string | null {
  const parsed = deviceStepSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `${field}${issue.message}; expected {"profile"?, "orientation"?: "portrait|landscape", "dark"?, "rtl"?, "fontScale"?, "reducedMotion"?, "locale"?, "offline"?, "clipboard"?, "clock"?: "paused|running"}`;
  }
  const profile = parsed.data.profile === undefined ? null : parseDeviceProfile(parsed.data.profile);
  return profile !== null && 'error' in profile ? `profile: ${profile.error}` : null;
}

function patchProblem(value: unknown): string | null {
  const expected = 'expected {"ops": [1 to 64 operations], "baseRevision"?: N} (the operations of prototype patch)';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return expected;
  const { ops, baseRevision, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !Array.isArray(ops) || ops.length === 0 || ops.length > 64) return expected;
  return baseRevision === undefined || (Number.isInteger(baseRevision) && (baseRevision as number) >= 1) ? null : 'baseRevision is a revision number (1 or more)';
}

export const STEPS_HELP = `  --steps FILE           run the steps of FILE after the show, in order: a JSON array of
                         {"tap": TAG}, {"tap": {"x": dp, "y": dp}}, {"longPress": TAG}, {"doubleTap": TAG},
                         {"type": TEXT, "into": TAG},
                         {"swipe": "left|right|up|down", "on": TAG}, {"key": "Enter|Escape|Backspace|Tab"},
                         {"wait": MS}, {"screenshot": FILE}, {"hierarchy": FILE},
                         {"patch": {"ops": […], "baseRevision": N}} (the shown spec patched in place),
                         {"advanceClock": MS} (fire the prototype's due timers without waiting),
                         {"awaitRequests": MS} (wait, at most MS, until every request action has completed),
                         {"back": true} (the system back: closes a menu, dialog, drawer or sheet, else pops a stack),
                         {"device": {"orientation": "landscape", "dark": true, …}} (change the live device:
                         profile, orientation, dark, rtl, fontScale, reducedMotion, locale, offline, clipboard;
                         "clock": "paused" holds the prototype's timers and animations until advanceClock
                         moves them on, "running" lets them go; the prototype is kept)
                         ("into" and "on" are optional: the focused field, the whole screen)
  --state FILE           write the final {id, state, pages, stacks?, lastSequence} as JSON`;

export type StepsParse = { ok: true; steps: Step[] } | { ok: false; path: string; message: string };

/** Checks a whole steps file. The path of a problem is `steps[i]` or `steps[i].key`. */
export function parseSteps(text: string): StepsParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, path: 'steps', message: `not JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(value)) return { ok: false, path: 'steps', message: 'expected a JSON array of steps' };
  if (value.length > MAX_STEPS) return { ok: false, path: 'steps', message: `${value.length} steps; at most ${MAX_STEPS}` };
  for (const [index, step] of value.entries()) {
    const problem = stepProblem(step);
    if (problem) return { ok: false, path: `steps[${index}]${problem.key === undefined ? '' : `.${problem.key}`}`, message: problem.message };
  }
  return { ok: true, steps: value as Step[] };
}

function stepProblem(step: unknown): { key?: string; message: string } | null {
  const expected = `expected one of ${Object.keys(STEP_KINDS).map((kind) => `{"${kind}": …}`).join(', ')}`;
  if (typeof step !== 'object' || step === null || Array.isArray(step)) return { message: `a step is an object: ${expected}` };
  const record = step as Record<string, unknown>;
  const kinds = Object.keys(record).filter((key) => Object.hasOwn(STEP_KINDS, key));
  if (kinds.length !== 1) {
    const unknown = Object.keys(record).filter((key) => !Object.hasOwn(STEP_KINDS, key));
    const what = kinds.length > 1 ? `${kinds.join(' and ')} in one step` : unknown.length > 0 ? `unknown step "${unknown[0]}"` : 'an empty step';
    return { message: `${what}: ${expected}` };
  }
  const kind = STEP_KINDS[kinds[0]!]!;
  const stray = Object.keys(record).find((key) => key !== kinds[0] && !kind.companions.includes(key));
  if (stray !== undefined) return { key: stray, message: `"${kinds[0]}" takes ${kind.companions.length > 0 ? `only "${kind.companions.join('", "')}" beside it` : 'nothing beside it'}` };
  const message = kind.check(record[kinds[0]!]);
  if (message !== null) return { key: kinds[0], message };
  const badCompanion = kind.companions.find((key) => record[key] !== undefined && !nonEmptyString(record[key]));
  return badCompanion === undefined ? null : { key: badCompanion, message: `"${badCompanion}" is a testTag (a nonempty string)` };
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isPoint(value: unknown): value is { x: number; y: number } {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y, ...rest } = value as Record<string, unknown>;
  return Number.isFinite(x) && Number.isFinite(y) && Object.keys(rest).length === 0;
}

function tapTarget(target: string | { x: number; y: number }): { testTag: string } | { x: number; y: number } {
  return typeof target === 'string' ? { testTag: target } : target;
}

/** A one-line description of a step, for progress and error messages. */
export function describeStep(step: Step): string {
  return JSON.stringify(step);
}

/**
 * Runs the steps in order on the device, each after the UI settled. Returns null when every step
 * ran, or the first failure with its index; later steps are not run.
 */
export async function runSteps(device: WebDevice, steps: readonly Step[], id: string): Promise<{ index: number; message: string } | null> {
  for (const [index, step] of steps.entries()) {
    await device.settled();
    const result = await runStep(device, step, id).catch((error: Error) => ({ ok: false as const, message: error.message.split('\n')[0]!, hint: 'check the path the step writes to' }));
    if (!result.ok) return { index, message: `${result.message} (${result.hint})` };
  }
  return null;
}

async function runStep(device: WebDevice, step: Step, id: string): Promise<DeviceResult> {
  if ('advanceClock' in step) {
    const advanced = (await device.advanceClock(step.advanceClock)) as { ok?: boolean; message?: string };
    return advanced.ok === true ? { ok: true } : { ok: false, message: advanced.message ?? 'the clock could not be advanced', hint: 'show a prototype first' };
  }
  if ('awaitRequests' in step) {
    if (await device.requestsIdle(step.awaitRequests)) return { ok: true };
    return { ok: false, message: `requests were still in flight after ${step.awaitRequests} ms`, hint: 'wait longer, or check the server answers' };
  }
  if ('back' in step) return device.pressBack();
  if ('device' in step) {
    const { profile, ...settings } = step.device;
    const resolved = profile === undefined ? undefined : parseDeviceProfile(profile);
    await device.configure({ ...settings, ...(resolved && !('error' in resolved) ? { profile: resolved } : {}) });
    return { ok: true };
  }
  if ('patch' in step) {
    const patched = (await device.patch(id, step.patch.ops, step.patch.baseRevision)) as { ok?: boolean; path?: string; message?: string };
    return patched.ok === true ? { ok: true } : { ok: false, message: `patch refused at ${patched.path ?? 'ops'}: ${patched.message ?? 'no reason given'}`, hint: 'fix that operation; nothing was patched' };
  }
  if ('tap' in step) return device.tap(tapTarget(step.tap));
  if ('longPress' in step) return device.tap(tapTarget(step.longPress), 'longPress');
  if ('doubleTap' in step) return device.tap(tapTarget(step.doubleTap), 'doubleTap');
  if ('type' in step) return device.type(step.type, step.into);
  if ('swipe' in step) return device.swipe(step.swipe, step.on);
  if ('key' in step) return device.pressKey(step.key);
  if ('wait' in step) {
    await new Promise((resolve) => setTimeout(resolve, step.wait));
    return { ok: true };
  }
  if ('screenshot' in step) {
    await writeFile(step.screenshot, (await device.observe()).screenshot);
    return { ok: true };
  }
  await writeFile(step.hierarchy, `${JSON.stringify((await device.observe()).hierarchy, null, 2)}\n`);
  return { ok: true };
}
