// Every frame of the device protocol, declared once as a Zod schema. Both ends parse with these:
// the device parses host frames with `hostFrameSchema`, the host parses device frames with
// `deviceFrameSchema`. Unknown fields are dropped (an older peer ignores what it does not know);
// unknown `type`s fail the parse and are answered with an `error` frame.
import { z } from 'zod';
import { limits, requestErrorCodes, requestMethods } from '../spec/vocabulary.ts';
import { FONT_SCALE_RANGE } from './constants.ts';

const requestId = z.string().min(1).max(128);
/**
 * How long the request may wait on the device before it starts, from the moment the device reads
 * it. A request still waiting then is dropped without being applied and answered `cancelled`;
 * one already started runs to its end.
 */
const deadlineMs = z.number().int().min(1).max(600_000).optional();
/** In a reply: the request was dropped before it started (its deadline passed); nothing was applied. */
const cancelled = z.literal(true).optional();
const nonEmpty = z.string().min(1);
const scalar = z.union([z.string(), z.number(), z.boolean()]);

// ── Handshake ────────────────────────────────────────────────────────────────

export const helloSchema = z.object({
  type: z.literal('hello'),
  token: z.string(),
  protocolVersion: z.number().int(),
});

export const helloResultSchema = z.object({
  type: z.literal('hello_result'),
  agentVersion: z.string(),
  protocolVersion: z.number().int(),
  capabilities: z.array(z.string()),
  /** Where a person can watch the device and join in: its live mirror's address, token included. */
  mirrorUrl: z.string().url().max(2048).optional(),
});

// ── Shared shapes ────────────────────────────────────────────────────────────

export const boundsSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const hierarchyNodeSchema = z.object({
  id: z.string(),
  testTag: z.string().nullable(),
  text: z.string().nullable(),
  role: z.string().nullable(),
  bounds: boundsSchema,
  checked: z.boolean().optional(),
  selected: z.boolean().optional(),
  enabled: z.boolean(),
  focused: z.boolean(),
  /** The part of bounds a person can see and tap when the node's own overlay panel lies over its centre (a drawer's scrim); tapOn aims there. */
  visibleBounds: boundsSchema.optional(),
  /** A node its enabledWhen disables: that condition as JSON; tapOn and sendKeys refuse it. */
  disabledWhen: z.string().optional(),
  /** App layer only: lets a text match be promoted to its clickable owner. */
  clickable: z.boolean().optional(),
  /** App layer only: the prototype covers the node's centre, so a tap there would not reach it. */
  covered: z.boolean().optional(),
  parentId: z.string().nullable().optional(),
  range: z
    .union([
      z.object({ current: z.number(), min: z.number(), max: z.number(), steps: z.number().optional() }),
      z.literal('indeterminate'),
    ])
    .optional(),
  /** A lazy list: its row count and the first and last row at least partly on screen (-1 when none is). */
  list: z.object({ total: z.number().int(), first: z.number().int(), last: z.number().int() }).optional(),
  /** Accessibility actions beyond a tap: longPress and doubleTap (tapOn's action drives them), and the labels of a row's swipe actions (swipeOn reveals them). */
  actions: z.array(z.string()).optional(),
  /** Authored semantics (prototype_semantics_v1): a hint, a live region, traits. */
  hint: z.string().optional(),
  liveRegion: z.enum(['polite', 'assertive']).optional(),
  traits: z.array(z.string()).optional(),
  /** keyboard: the device's on-screen keyboard, a window of its own (testTags keyboard.<key>). */
  layer: z.enum(['app', 'prototype', 'keyboard']),
});

export const eventKindSchema = z.enum(['change', 'emit', 'page_changed', 'screen_changed', 'dismissed', 'appearance_changed']);

/** Each navigation stack's screen names, root first (prototype_stack_transitions_v1). */
const stacksSchema = z.record(z.string(), z.array(z.string()));

export const prototypeEventFields = {
  timestamp: z.number(),
  id: nonEmpty,
  sequence: z.number().int().min(1),
  kind: eventKindSchema,
  name: z.string().nullable(),
  payload: z.unknown(),
  state: z.record(z.string(), scalar),
  pages: z.record(z.string(), z.number()),
  /** Only when the spec has stacks. */
  stacks: stacksSchema.optional(),
};

export const prototypeEventSchema = z.object(prototypeEventFields);

/** The appearance a show resolved to: the mode, the step that decided it, and the device's own setting. */
export const appearanceReportSchema = z.object({
  mode: z.enum(['light', 'dark']),
  source: z.enum(['modeKey', 'explicit', 'override', 'roleLuminance', 'authoredBackground', 'system']),
  deviceDark: z.boolean(),
});

export const prototypeStatusSchema = z.object({
  id: nonEmpty,
  persistent: z.boolean(),
  state: z.record(z.string(), scalar),
  pages: z.record(z.string(), z.number()),
  /** Each stack's screens, root first (a spec with stacks). */
  stacks: stacksSchema.optional(),
  lastSequence: z.number().int().min(0),
  suspended: z.boolean().optional(),
  appearance: appearanceReportSchema.optional(),
  /** The prototype's data (devices with prototype_data_model_v1). */
  data: z.record(z.string(), z.unknown()).optional(),
  /** One per show, accepted data write and state change; never rewound for an id. */
  revision: z.number().int().min(0).optional(),
  /** The latest refused data writes, oldest first. */
  dataRefusals: z.array(z.object({ op: z.string(), path: z.string(), code: z.string(), message: z.string() })).optional(),
  /** The spec's storage version, from the page (the agent turns it into `storage`). */
  storageVersion: z.number().int().min(1).optional(),
  /** The string table drawn from, for a spec with strings. */
  locale: z.string().optional(),
  /** Style effects the web device leaves out where they are (the host's, from the spec). */
  degradedEffects: z.array(z.object({ path: z.string(), type: z.string(), reason: z.string() })).optional(),
  /** The latest haptics and sounds (at most 64), oldest first: inspect only. */
  feedbackLog: z.array(z.object({ call: z.enum(['haptics.perform', 'sound.play']), name: z.string(), at: z.number() })).max(64).optional(),
  /** What the device keeps for this id (prototype_storage_v1, a spec with a storage block). */
  storage: z
    .object({
      version: z.number().int().min(1),
      keys: z.array(z.object({ key: z.string(), bytes: z.number().int().min(0) })),
      totalBytes: z.number().int().min(0),
      skippedKeys: z.array(z.string()).optional(),
    })
    .optional(),
  /** Running timers, the next to fire first (prototype_timers_v1). */
  timers: z.array(z.object({ id: z.string(), nextFireInMs: z.number().min(0), runs: z.number().int().min(0) })).optional(),
});

export const appearanceSchema = z.enum(['device', 'light', 'dark']);

/** The prototype's own window entry of a hierarchy capture. */
export const prototypeWindowSchema = z.object({
  id: nonEmpty,
  bounds: boundsSchema,
  prototypePlacement: z.enum(['fullscreen', 'sheet', 'floating']),
  prototypeOpaque: z.boolean(),
  prototypeAppearance: appearanceReportSchema,
});
export const dismissReasonSchema = z.enum(['user', 'agent', 'disconnect', 'ttl', 'teardown']);
export const backOutcomeSchema = z.enum(['keyboard', 'menu', 'dialog', 'drawer', 'sheet', 'search', 'stack', 'pane']);
export type BackOutcome = z.infer<typeof backOutcomeSchema>;
export const swipeDirectionSchema = z.enum(['up', 'down', 'left', 'right']);

export const tapTargetSchema = z.union([
  z.object({ testTag: nonEmpty }),
  z.object({ text: nonEmpty }),
  z.object({ x: z.number(), y: z.number() }),
]);

// ── Host → device requests ───────────────────────────────────────────────────

export const showPrototypeSchema = z.object({
  type: z.literal('show_prototype'),
  requestId,
  deadlineMs,
  spec: z.unknown(),
  reset: z.literal(true).optional(),
  appearance: appearanceSchema.optional(),
  /** The language this show is drawn in (a BCP 47 tag), beating the device's (prototype_strings_v1). */
  locale: z.string().min(2).max(64).optional(),
});

export const dismissPrototypeSchema = z.object({
  type: z.literal('dismiss_prototype'),
  requestId,
  deadlineMs,
  id: nonEmpty.optional(),
  all: z.literal(true).optional(),
});

export const putPrototypeAssetSchema = z.object({
  type: z.literal('put_prototype_asset'),
  requestId,
  deadlineMs,
  id: z.string().min(1).max(256),
  /** Checked by the device, which answers an unsupported type with a refusing prototype_result. */
  mimeType: z.string().min(1).max(128),
  dataBase64: z.string(),
});

export const removePrototypeAssetSchema = z.object({
  type: z.literal('remove_prototype_asset'),
  requestId,
  deadlineMs,
  id: z.string().min(1).max(256),
});

/** revealSecure: the text of secure text fields as typed, instead of masked. */
export const inspectPrototypesSchema = z.object({ type: z.literal('inspect_prototypes'), requestId, deadlineMs, revealSecure: z.boolean().optional() });

/** Data, state and replaceNode operations applied in place (validated by the device; see validate/patch.ts). */
export const patchPrototypeSchema = z.object({
  type: z.literal('patch_prototype'),
  requestId,
  deadlineMs,
  id: nonEmpty,
  ops: z.array(z.unknown()).min(1).max(64),
  baseRevision: z.number().int().min(1).optional(),
});

/** Removes what the device stores for a prototype id (prototype_storage_v1). */
export const clearPrototypeStorageSchema = z.object({ type: z.literal('clear_prototype_storage'), requestId, deadlineMs, id: nonEmpty });

/** Moves the shown prototype's clock on, firing due timers (prototype_timers_v1). */
export const advancePrototypeClockSchema = z.object({
  type: z.literal('advance_prototype_clock'),
  requestId,
  deadlineMs,
  ms: z.number().int().min(0).max(limits.timerMs),
});

export const observeSchema = z.object({
  type: z.literal('observe'),
  requestId,
  deadlineMs,
  /** Leave out the screenshot (anchor resolution needs only the hierarchy). */
  screenshot: z.boolean().optional(),
  /** Leave out the prototype layer (anchors resolve against the app alone); a screenshot then shows the app alone, the prototype hidden for the capture. */
  excludePrototype: z.boolean().optional(),
});

/** How a tap presses: once, held (a long press) or twice quickly (a double tap). */
export const tapActionSchema = z.enum(['tap', 'longPress', 'doubleTap']);
export type TapAction = z.infer<typeof tapActionSchema>;
export const tapSchema = z.object({ type: z.literal('tap'), requestId, deadlineMs, target: tapTargetSchema, action: tapActionSchema.optional() });

export const typeTextSchema = z.object({
  type: z.literal('type_text'),
  requestId,
  deadlineMs,
  text: z.string().max(10_000),
  testTag: nonEmpty.optional(),
});

export const swipeSchema = z.object({
  type: z.literal('swipe'),
  requestId,
  deadlineMs,
  direction: swipeDirectionSchema,
  testTag: nonEmpty.optional(),
});

/** The system back: closes a dialog or sheet, else pops the deepest stack that can pop. */
export const pressBackSchema = z.object({ type: z.literal('press_back'), requestId, deadlineMs });

/** The live device's settings: a profile (catalogue name or WIDTHxHEIGHT[@DENSITY]), orientation and the settings a person changes. */
export const deviceSettingsFields = {
  profile: z.string().min(1).max(64).optional(),
  orientation: z.enum(['portrait', 'landscape']).optional(),
  dark: z.boolean().optional(),
  rtl: z.boolean().optional(),
  fontScale: z.number().min(FONT_SCALE_RANGE.min).max(FONT_SCALE_RANGE.max).optional(),
  reducedMotion: z.boolean().optional(),
  /** The device's language, a BCP 47 tag such as de-CH: a spec's string tables follow it. */
  locale: z.string().min(2).max(64).optional(),
  /** Cut the device's network (true) or give it back: its pages and its own requests go offline, /platform/connectivity follows. */
  offline: z.boolean().optional(),
  /** What the device's clipboard holds: a paste button pastes it. */
  clipboard: z.string().max(4096).optional(),
  /** Pause the prototype's clock (timers, snackbar durations, the idle timeout, animations) or let it run (protostage_paused_clock_v1). */
  clock: z.enum(['paused', 'running']).optional(),
};

/** Changes the live device as a rotation or its settings would; the prototype keeps its runtime. */
export const configureDeviceSchema = z.object({ type: z.literal('configure_device'), requestId, deadlineMs, ...deviceSettingsFields });

/** What a change of the live device may set: the fields of configure_device, the MCP device tool and a device step. */
export type DeviceSettingsChange = { [field in keyof typeof deviceSettingsFields]?: z.infer<(typeof deviceSettingsFields)[field]> };

export const deviceReportSchema = z.object({
  profile: z.string(),
  orientation: z.enum(['portrait', 'landscape']),
  width: z.number(),
  height: z.number(),
  density: z.number(),
  dark: z.boolean(),
  rtl: z.boolean(),
  fontScale: z.number(),
  reducedMotion: z.boolean(),
  locale: z.string(),
  offline: z.boolean(),
  clipboard: z.string(),
  clock: z.enum(['paused', 'running']),
});

export const hostRequestSchema = z.discriminatedUnion('type', [
  showPrototypeSchema,
  dismissPrototypeSchema,
  putPrototypeAssetSchema,
  removePrototypeAssetSchema,
  inspectPrototypesSchema,
  patchPrototypeSchema,
  advancePrototypeClockSchema,
  clearPrototypeStorageSchema,
  observeSchema,
  tapSchema,
  typeTextSchema,
  swipeSchema,
  pressBackSchema,
  configureDeviceSchema,
]);

// ── Device → host ────────────────────────────────────────────────────────────

export const prototypeResultSchema = z.object({
  type: z.literal('prototype_result'),
  requestId,
  success: z.boolean(),
  cancelled,
  error: z.string().optional(),
  /** Referenced asset ids the device has no copy of, first-use order (show only). */
  missingAssets: z.array(z.string()).optional(),
  /** Where a refused patch failed (patch_prototype only): `ops[2].path`, `baseRevision`, a spec path. */
  path: z.string().optional(),
  /** inspect_prototypes, and patch_prototype (the patched prototype). */
  prototypes: z.array(prototypeStatusSchema).optional(),
  droppedEvents: z.number().int().min(0).optional(),
  /** clear_prototype_storage only: how many stored keys and pointers were removed. */
  cleared: z.number().int().min(0).optional(),
  /** advance_prototype_clock only: how many timer runs fired. */
  fired: z.number().int().min(0).optional(),
  /** The appearance the shown prototype resolved to (show only). */
  appearance: appearanceReportSchema.optional(),
  /** configure_device only: the device as it is after the change. */
  device: deviceReportSchema.optional(),
  /** The shown prototype's revision (show only). */
  revision: z.number().int().min(1).optional(),
  /** The string table the shown prototype is drawn from (show only, a spec with strings). */
  locale: z.string().optional(),
});

export const observeResultSchema = z.object({
  type: z.literal('observe_result'),
  requestId,
  success: z.boolean(),
  cancelled,
  error: z.string().optional(),
  hierarchy: z.array(hierarchyNodeSchema).optional(),
  hierarchyUpdatedAt: z.number().optional(),
  /** The screen size in dp, for placing anchors and checking that elements are on screen. */
  screen: z.object({ width: z.number(), height: z.number() }).optional(),
  screenshotBase64: z.string().optional(),
  /** The prototype's window, null when none is shown. */
  prototypeWindow: prototypeWindowSchema.nullable().optional(),
});

/** The node an input landed on. */
export const inputTargetSchema = z.object({
  layer: z.enum(['app', 'prototype', 'keyboard']),
  testTag: z.string().nullable(),
  role: z.string().nullable(),
  text: z.string().nullable(),
  bounds: boundsSchema,
});

export const inputResultSchema = z.object({
  type: z.literal('input_result'),
  requestId,
  success: z.boolean(),
  cancelled,
  error: z.string().optional(),
  /** What the input landed on; null for a point or swipe on nothing the hierarchy lists. */
  target: inputTargetSchema.nullable().optional(),
  /** The shown prototype's latest event sequence once the input was handled (0: none yet). */
  lastSequence: z.number().int().min(0).optional(),
  /** press_back only: what the back closed or popped, or null when there was nothing to go back from. */
  back: backOutcomeSchema.nullable().optional(),
});

export const prototypeEventFrameSchema = z.object({ type: z.literal('prototype_event'), ...prototypeEventFields });

export const errorFrameSchema = z.object({
  type: z.literal('error'),
  requestId: z.string().optional(),
  message: z.string(),
});

// ── Requests the host runs for the device (request actions with via "host") ──


/** Device → host, to the most recently authenticated connection only: run this request. */
export const prototypeRequestMessageSchema = z.object({
  type: z.literal('prototype_request'),
  requestId,
  method: z.enum(requestMethods),
  url: z.string().min(1).max(65_536),
  headers: z.array(z.tuple([z.string().min(1).max(256), z.string().max(limits.requestValueChars)])).max(limits.requestEntries + 1),
  body: z.string().max(limits.requestBodyBytes).optional(),
  timeoutMs: z.number().int().min(1).max(limits.requestTimeoutMs),
});

/** Device → host: the device no longer wants this request (superseded, dismissed, timed out); no reply. */
export const prototypeRequestCancelSchema = z.object({ type: z.literal('prototype_request_cancel'), requestId });

/** What came of a request: a 2xx response as text, or why there is none. */
export const requestOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.string().max(limits.responseBytes), url: z.string(), durationMs: z.number().min(0) }),
  z.object({ ok: z.literal(false), code: z.enum(requestErrorCodes), message: z.string().max(4096), status: z.number().int().optional(), durationMs: z.number().min(0) }),
]);

/** Host → device: the answer to a prototype_request. It is routed to the request, never replied to. */
export const prototypeResponseSchema = z.object({ type: z.literal('prototype_response'), requestId, outcome: requestOutcomeSchema });

export type PrototypeRequestMessage = z.infer<typeof prototypeRequestMessageSchema>;
export type PrototypeResponse = z.infer<typeof prototypeResponseSchema>;
export type RequestOutcomeMessage = z.infer<typeof requestOutcomeSchema>;

export const deviceFrameSchema = z.discriminatedUnion('type', [
  prototypeResultSchema,
  observeResultSchema,
  inputResultSchema,
  prototypeEventFrameSchema,
  errorFrameSchema,
  prototypeRequestMessageSchema,
  prototypeRequestCancelSchema,
]);

export type Hello = z.infer<typeof helloSchema>;
export type HelloResult = z.infer<typeof helloResultSchema>;
export type HierarchyNode = z.infer<typeof hierarchyNodeSchema>;
export type Bounds = z.infer<typeof boundsSchema>;
export type PrototypeEvent = z.infer<typeof prototypeEventSchema>;
export type EventKind = z.infer<typeof eventKindSchema>;
export type PrototypeStatus = z.infer<typeof prototypeStatusSchema>;
export type Appearance = z.infer<typeof appearanceSchema>;
export type AppearanceReport = z.infer<typeof appearanceReportSchema>;
export type PrototypeWindow = z.infer<typeof prototypeWindowSchema>;
export type DismissReason = z.infer<typeof dismissReasonSchema>;
export type SwipeDirection = z.infer<typeof swipeDirectionSchema>;
export type TapTarget = z.infer<typeof tapTargetSchema>;
export type HostRequest = z.infer<typeof hostRequestSchema>;
export type DeviceFrame = z.infer<typeof deviceFrameSchema>;
export type PrototypeResult = z.infer<typeof prototypeResultSchema>;
export type ObserveResult = z.infer<typeof observeResultSchema>;
export type InputResult = z.infer<typeof inputResultSchema>;
export type InputTarget = z.infer<typeof inputTargetSchema>;
export type DeviceReport = z.infer<typeof deviceReportSchema>;
export type DeviceReply = PrototypeResult | ObserveResult | InputResult;

/** A request as the host builds it, before the connection assigns its requestId. */
export type HostRequestBody = HostRequest extends infer R ? (R extends HostRequest ? Omit<R, 'requestId'> : never) : never;

/** Which reply frame type answers each request type. */
export const replyTypeOf = {
  show_prototype: 'prototype_result',
  dismiss_prototype: 'prototype_result',
  put_prototype_asset: 'prototype_result',
  remove_prototype_asset: 'prototype_result',
  inspect_prototypes: 'prototype_result',
  patch_prototype: 'prototype_result',
  advance_prototype_clock: 'prototype_result',
  clear_prototype_storage: 'prototype_result',
  observe: 'observe_result',
  tap: 'input_result',
  type_text: 'input_result',
  swipe: 'input_result',
  press_back: 'input_result',
  configure_device: 'prototype_result',
} as const satisfies Record<HostRequest['type'], DeviceReply['type']>;

export type ReplyFor<T extends HostRequest['type']> = Extract<DeviceReply, { type: (typeof replyTypeOf)[T] }>;

/** Turns a Zod failure into one line naming the field, for error frames. */
export function describeParseError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid frame';
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(frame)';
  return `${path}: ${issue.message}`;
}
