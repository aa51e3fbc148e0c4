// The structured results of each tool, declared for clients (tools/list outputSchema). Every
// result has `success`; a failure adds where (`path`), what (`error`) and how to fix it (`fix`).
// The objects are open: a later version may add fields, and a client should keep what it reads.
import { z } from 'zod';
import { deviceReportSchema } from '../protocol/messages.ts';

const commonFields = {
  success: z.boolean().describe('false: the call did nothing it was asked to; see path, error and fix.'),
  path: z.string().optional().describe('failure: the argument or spec path the failure is about.'),
  error: z.string().optional().describe('failure: what was wrong.'),
  fix: z.string().optional().describe('failure: how to fix it.'),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional().describe('failure of a show: every error of the spec.'),
  warning: z.string().optional(),
  device: z.string().optional().describe('success: the device that answered (the first unless the call named one).'),
};

const prototype = z.looseObject({
  ...commonFields,
  id: z.string().optional().describe('show: the prototype id.'),
  lastSequence: z.number().optional().describe('show: the event sequence from just before the show (what the show itself starts comes after it); awaitEvent: the sequence of the last event delivered (the current one after a time-out). Pass it to the next awaitEvent as afterSequence.'),
  replacedInPlace: z.boolean().optional(),
  revision: z.number().optional().describe("show: the prototype's revision (one per show, accepted data write and state change; never rewound)."),
  appearance: z.looseObject({ mode: z.string(), source: z.string() }).optional().describe('show: {mode, source, deviceDark}; status entries: {mode, source}.'),
  missingAssets: z.array(z.string()).optional(),
  warnings: z
    .array(z.object({ path: z.string(), message: z.string(), fix: z.string() }))
    .optional()
    .describe('show: what the spec holds that will not do what it looks like (a placeholder drawn as written, a data pointer naming nothing, a see-through window), each with its path and a fix; the prototype is on screen all the same.'),
  dismissed: z.array(z.string()).optional().describe('dismiss: the ids dismissed.'),
  prototypes: z.array(z.looseObject({ id: z.string() })).optional().describe('status / inspect: what is shown.'),
  events: z.array(z.looseObject({ id: z.string(), sequence: z.number(), kind: z.string() })).optional().describe('awaitEvent: the matching events after the cursor, oldest first.'),
  fired: z.number().optional().describe('advanceClock: how many timer runs fired.'),
  cleared: z.number().optional().describe('clearStorage: how many stored keys and data pointers were removed.'),
  dir: z.string().optional().describe('save: the saved prototype folder written.'),
  images: z.number().optional().describe('save: how many images it holds.'),
  fonts: z.number().optional().describe('save: how many fonts it holds.'),
  more: z.boolean().optional().describe('awaitEvent: more matching events are waiting than limit let through.'),
  timedOut: z.boolean().optional().describe('awaitEvent: no matching event within timeoutMs (not a failure).'),
  gone: z.looseObject({ reason: z.string() }).optional().describe('awaitEvent: the prototype is no longer shown, and why.'),
  devices: z
    .array(z.looseObject({ name: z.string(), profile: z.string().nullable(), connected: z.boolean(), starting: z.boolean(), shown: z.array(z.string()) }))
    .optional()
    .describe("status / inspect: every device of this server (name it as device on any tool), whether it is connected or still starting (a show then waits for it, reporting progress), and the ids shown on it."),
  deviceConnected: z.boolean().optional().describe('status: the device of this call is connected.'),
  deviceStarting: z.boolean().optional().describe('status: the device is still starting; a show now waits for it and reports progress to a client that gives a progress token.'),
});

const observe = z.looseObject({
  ...commonFields,
  observationId: z.string().optional().describe('Names this observation: show takes its screenshot as an asset, {id, observation}.'),
  hierarchy: z.array(z.looseObject({ layer: z.string() })).optional().describe('Every element of the app and prototype layers a person can see, bounds in dp.'),
  coveredAppNodes: z.number().optional().describe('How many app nodes the opaque prototype window hides entirely, left out of hierarchy (observe with includeCovered: true lists them).'),
  hierarchyUpdatedAt: z.number().optional(),
  prototypeWindow: z
    .looseObject({ id: z.string(), prototypePlacement: z.string(), prototypeOpaque: z.boolean(), prototypeAppearance: z.looseObject({ mode: z.string() }) })
    .nullable()
    .optional()
    .describe("The prototype's window: placement, whether it hides the app (opaque), and its appearance {mode, source, deviceDark}; null when none is shown."),
});

const input = z.looseObject({
  ...commonFields,
  target: z
    .looseObject({ layer: z.string(), testTag: z.string().nullable(), role: z.string().nullable(), text: z.string().nullable(), bounds: z.looseObject({}) })
    .nullable()
    .optional()
    .describe('The node the input landed on; null for a point or the whole screen on nothing listed.'),
  lastSequence: z.number().optional().describe("The prototype's latest event sequence after the input: awaitEvent with the previous one as afterSequence reads what it did."),
  back: z.enum(['keyboard', 'menu', 'dialog', 'drawer', 'sheet', 'search', 'stack', 'pane']).nullable().optional().describe('pressBack: what the back closed or popped (keyboard: the keyboard was up, so this back only hid it, as on Android; menu: an open menu or an expanded select; pane: a compact list-detail went back to its list); null when there was nothing to go back from.'),
});

const deviceSettings = z.looseObject({
  ...commonFields,
  settings: deviceReportSchema.optional().describe('The device after the change: its profile, orientation, screen size in dp, density and settings.'),
});

export const outputSchemas = { prototype, observe, input, deviceSettings };
