// The MCP surface: seven tools and three resources, each a thin skin over the host (and, for a
// client that shows MCP Apps, the device view the prototype tool links). Every result carries
// structured content and the same JSON as text; a failure is an isError result naming the path
// and the fix. Long calls report progress and stop when the client cancels them.
import { McpServer, ResourceTemplate, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { getUiCapability, registerAppResource, registerAppTool, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import type { HostFailure } from '../host/errors.ts';
import { DEFAULT_AWAIT_MS } from '../host/events.ts';
import { MAX_CLOCK_ADVANCE_MS, type CallOptions, type Host, type HostResult } from '../host/host.ts';
import type { DevicePool, PooledDevice } from '../host/pool.ts';
import { DEVICE_PROFILES, catalogueSummary } from '../device/profiles.ts';
import { appearanceSchema, deviceSettingsFields, eventKindSchema, swipeDirectionSchema } from '../protocol/messages.ts';
import { deviceAppHtml } from './device-app/build.ts';
import { EXAMPLE_DESCRIPTIONS, EXAMPLE_URI_TEMPLATE, exampleNames, exampleText, exampleUri } from './examples.ts';
import { authoringGuide } from './guide.ts';
import { searchIcons } from './icons.ts';
import { outputSchemas } from './output-schemas.ts';

export const SERVER_INFO = { name: 'protostage', title: 'Protostage: live UI prototypes', version: packageJson.version };
export const GUIDE_URI = 'protostage://guide';
export const PROTOTYPE_URI_TEMPLATE = 'protostage://prototypes/{id}';
/** The device view an MCP Apps host draws inline with a prototype tool result. */
export const DEVICE_APP_URI = 'ui://protostage/device.html';
/** How often a waiting awaitEvent tells a client with a progress token that it is still waiting. */
export const AWAIT_HEARTBEAT_MS = 2_000;

export const SERVER_INSTRUCTIONS = `Protostage shows a working UI prototype on a web device (a phone drawn by Chromium) so a person can see and use it, instead of a description in prose.
Read ${GUIDE_URI} first: it starts with a first spec that works in one show, then gives the spec format (nodes, state, actions, limits) and the shape of every nested object with a valid instance. Complete specs to copy: ${EXAMPLE_URI_TEMPLATE} (sign-in, todo, shop, settings, dashboard, filters-sheet, confirm-dialog, onboarding, weather …; resources/list names them all).
Then: prototype {action: "show", spec} puts a spec on screen (a refused spec lists every error with its path); observe returns the accessibility hierarchy (testTags) and a screenshot; tapOn, sendKeys and swipeOn act as the person would; prototype {action: "awaitEvent", afterSequence} returns what the person did. Icon names: ${'protostage://icons/{query}'}. Shown prototypes: ${PROTOTYPE_URI_TEMPLATE}.
A server may run several devices (a phone and a tablet, say): prototype {action: "status"} lists them, and every tool takes device: NAME (default the first); each device has its own prototypes, events and screen.`;

const deviceField = {
  device: z.string().min(1).optional().describe("Which of the server's devices (a name it was started with, e.g. phone or tablet); default the first. prototype status lists them."),
};

const deviceSettingsInput = z.object({
  ...deviceField,
  profile: deviceSettingsFields.profile.describe(`A catalogue profile (${catalogueSummary()} dp), or WIDTHxHEIGHT in dp, or WIDTHxHEIGHT@DENSITY in pixels (1080x2400@2.625).`),
  orientation: deviceSettingsFields.orientation.describe('Turn the device; a new profile comes in its own orientation unless this says otherwise.'),
  dark: deviceSettingsFields.dark.describe("The device's dark setting."),
  rtl: deviceSettingsFields.rtl.describe('Right-to-left layout direction.'),
  fontScale: deviceSettingsFields.fontScale.describe('Font scale (1 is the default size).'),
  reducedMotion: deviceSettingsFields.reducedMotion.describe("The device's reduce-motion setting."),
  offline: deviceSettingsFields.offline.describe("Cut the device's network (true) or give it back (false): its pages and its own requests (via device) go offline, and /platform/connectivity follows with one connectivity.changed event."),
  clipboard: deviceSettingsFields.clipboard.describe("Put this text on the device's clipboard (up to 4096 characters): a pasteButton pastes it."),
  clock: deviceSettingsFields.clock.describe('"paused" holds the prototype\'s clock: its timers, snackbar durations, idle timeout and animations wait, so a transient state can be observed at leisure; prototype {action: "advanceClock", ms} then moves it on by hand. "running" lets it go on from there.'),
  locale: deviceSettingsFields.locale.describe("The device's language, a BCP 47 tag such as de-CH or ar: a spec's string tables follow it (a show's own locale wins)."),
});

const prototypeInput = z.object({
  ...deviceField,
  action: z.enum(['show', 'patch', 'advanceClock', 'clearStorage', 'save', 'dismiss', 'status', 'inspect', 'awaitEvent']).describe('What to do.'),
  spec: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .optional()
    .describe('show: the prototype spec, as a JSON object or JSON text. See protostage://guide.'),
  specPath: z.string().optional().describe('show: absolute path of a spec JSON file (at most 1 MiB), instead of spec.'),
  reset: z.boolean().optional().describe('show: start fresh even if the same id is on screen (default: replace in place, keeping pages).'),
  appearance: appearanceSchema.optional().describe('show: follow the device (default) or force light or dark.'),
  locale: z.string().min(2).max(64).optional().describe('show: the language to draw in (a BCP 47 tag such as de-CH); a spec\'s string tables follow it instead of the device\'s locale.'),
  assets: z
    .array(
      z.union([
        z.strictObject({ id: z.string().min(1).max(256), path: z.string().min(1).describe('Absolute path of a PNG, JPEG, WebP, TTF, OTF, MP4 or WebM file.') }),
        z.strictObject({ id: z.string().min(1).max(256), observation: z.string().min(1).describe('The observationId of an earlier observe: its screenshot.') }),
      ]),
    )
    .max(32)
    .optional()
    .describe('show: image/font assets the spec references: {id, path} for a file, or {id, observation} for the screenshot of an earlier observe.'),
  id: z.string().min(1).optional().describe('patch / clearStorage / save / dismiss / awaitEvent: the prototype id.'),
  dir: z.string().min(1).optional().describe('save: the absolute folder to write the saved prototype to (its parent under the working directory, an --allow-dir folder or a client root).'),
  ops: z
    .array(z.record(z.string(), z.unknown()))
    .min(1)
    .max(64)
    .optional()
    .describe('patch: operations applied in place as one unit, in order: {op: "set", path: "/data/<pointer>" or "/state/<key>", value}, {op: "append" | "prepend", path: "/data/<array>", value, spread?, maxItems?}, {op: "remove", path: "/data/<pointer>"}, {op: "replaceNode", id, node}. Silent (no event); the prototype takes the next revision.'),
  ms: z.number().int().min(0).max(MAX_CLOCK_ADVANCE_MS).optional().describe('advanceClock: move the shown prototype\'s clock this many milliseconds on, running what falls due in order without waiting: timers, snackbar durations, and (while the device clock is paused) animations.'),
  baseRevision: z.number().int().min(1).optional().describe('patch: refuse the patch unless the prototype is still at this revision (from show, status or inspect).'),
  all: z.boolean().optional().describe('dismiss: dismiss every prototype.'),
  eventName: z.string().optional().describe('awaitEvent: only events with this name (emit name, pager id or stack id).'),
  kind: eventKindSchema.optional().describe('awaitEvent: only events of this kind.'),
  kinds: z.array(eventKindSchema).min(1).max(6).optional().describe('awaitEvent: only events of one of these kinds.'),
  revealSecure: z.boolean().optional().describe('inspect: the text of secure (password) fields as typed; events, status and inspect otherwise show it masked, one • per character.'),
  afterSequence: z.number().int().min(0).optional().describe('awaitEvent: only events with a greater sequence (pass the lastSequence of the previous answer); without it, after the last event an earlier awaitEvent answered.'),
  limit: z.number().int().min(1).max(64).optional().describe('awaitEvent: at most this many events in one answer (default 50); more: true says others are waiting.'),
  timeoutMs: z.number().int().min(0).max(60_000).optional().describe('awaitEvent: how long to wait (default 30000, at most 60000).'),
});

const tapInput = z.object({
  ...deviceField,
  testTag: z.string().min(1).optional().describe('Tap the element with this testTag.'),
  text: z.string().min(1).optional().describe('Tap the element showing this text.'),
  x: z.number().optional().describe('Tap this screen point (dp), with y.'),
  y: z.number().optional(),
  action: z.enum(['tap', 'longPress', 'doubleTap']).optional().describe('How to press: tap (default), longPress (held 0.6 s) or doubleTap; runs the node\'s onLongPress / onDoubleTap.'),
});

const sendKeysInput = z.object({
  ...deviceField,
  text: z.string().max(10_000).describe('Text to type, as keystrokes.'),
  testTag: z.string().min(1).optional().describe('Focus this text field first (tapping it); a testTag that is not a text field is refused before any input.'),
});

const swipeInput = z.object({
  ...deviceField,
  direction: swipeDirectionSchema,
  testTag: z.string().min(1).optional().describe('Swipe within this element (default: the screen).'),
});

/** Annotations say what a client may assume: nothing here reaches outside this machine. */
const LOCAL_INPUT = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

export function toolResult(result: HostResult<object>): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(result) }];
  if (result.success) return { content, structuredContent: result as Record<string, unknown> };
  const summary = `${result.path}: ${result.error}. Fix: ${result.fix}${errorList(result)}`;
  return { content: [{ type: 'text', text: summary }, ...content], structuredContent: result as unknown as Record<string, unknown>, isError: true };
}

/**
 * Runs a tool call on the device it names, adding that device's name to a successful result; a
 * name the server does not have is a failure at `device`.
 */
async function onDevice<T extends object>(
  pool: DevicePool,
  name: string | undefined,
  call: (device: PooledDevice) => Promise<HostResult<T>>,
): Promise<HostResult<T & { device: string }>> {
  const device = pool.pick(name);
  if ('success' in device) return device;
  const result = await call(device);
  return result.success ? { ...result, device: device.name } : result;
}

/** The lines listing every error of an invalid spec, when it has more than the first. */
function errorList(failure: HostFailure): string {
  const { errors = [] } = failure;
  if (errors.length < 2 && !failure.errorsTruncated) return '';
  const more = failure.errorsTruncated ? '\n(more errors were found; fix these and show again)' : '';
  return `\nAll ${errors.length} errors:\n${errors.map((error) => `- ${error.path}: ${error.message}`).join('\n')}${more}`;
}

/**
 * Builds an MCP server over a pool of devices (one host each). One pool may serve several MCP
 * sessions. The tool list never changes; the resource list does (one resource per prototype shown
 * on the first device), and whoever serves the server sends resources/list_changed when that
 * device's shown set changes (followShownPrototypes).
 */
export function createMcpServer(pool: DevicePool): McpServer {
  const host = pool.first.host;
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: true }, completions: {} },
    instructions: SERVER_INSTRUCTIONS,
  });

  registerAppTool(
    server,
    'prototype',
    {
      title: 'Show and follow a UI prototype',
      description:
        'Show a working UI prototype (a JSON spec; read protostage://guide) on the device, replace it, patch its data, state or nodes in place, fast-forward its timers (advanceClock), dismiss it, list what is shown (status, inspect), or wait for what the person did (awaitEvent). A refused spec comes back with every error (errors: [{path, message}]) so it can be fixed in one round.',
      inputSchema: prototypeInput,
      outputSchema: outputSchemas.prototype,
      // show and dismiss change the screen but lose nothing the agent cannot show again.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      // A host that shows MCP Apps draws the device view with the result; others ignore this.
      _meta: { ui: { resourceUri: DEVICE_APP_URI } },
    },
    async (args, ctx) => toolResult(await onDevice(pool, args.device, (device) => runPrototypeAction(pool, device, args, ctx, () => clientRoots(server)))),
  );

  server.registerTool(
    'observe',
    {
      title: 'Observe the screen',
      description: 'The accessibility hierarchy of the app and prototype layers (dp bounds) plus a screenshot. App nodes an opaque prototype window hides entirely are left out and counted in coveredAppNodes (includeCovered: true lists them, marked covered).',
      inputSchema: z.object({
        ...deviceField,
        includeCovered: z.boolean().optional().describe('List the app nodes an opaque prototype window hides entirely too (default false: they are only counted).'),
        hidePrototype: z.boolean().optional().describe('Observe the app alone: the prototype is hidden for the screenshot and shown again right after (it keeps its state); only app nodes are listed.'),
      }),
      outputSchema: outputSchemas.observe,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args) => {
      const result = await onDevice(pool, args.device, (device) => device.host.observe({ includeCovered: args.includeCovered, hidePrototype: args.hidePrototype }));
      if (!result.success) return toolResult(result);
      const { screenshotBase64, ...structured } = result;
      return {
        content: [
          { type: 'text', text: JSON.stringify(structured) },
          { type: 'image', data: screenshotBase64, mimeType: 'image/png' },
        ],
        structuredContent: structured,
      };
    },
  );

  server.registerTool(
    'tapOn',
    {
      title: 'Tap',
      description: 'Tap an element by testTag or text, or a screen point (x, y in dp), with real touch input.',
      inputSchema: tapInput,
      outputSchema: outputSchemas.input,
      annotations: LOCAL_INPUT,
    },
    async ({ device, ...target }) => toolResult(await onDevice(pool, device, (chosen) => chosen.host.tapOn(target))),
  );

  server.registerTool(
    'sendKeys',
    {
      title: 'Type text',
      description: 'Type text into the focused field, or into the field with testTag.',
      inputSchema: sendKeysInput,
      outputSchema: outputSchemas.input,
      annotations: LOCAL_INPUT,
    },
    async (args) => toolResult(await onDevice(pool, args.device, (device) => device.host.type(args.text, args.testTag))),
  );

  server.registerTool(
    'swipeOn',
    {
      title: 'Swipe',
      description: 'Swipe the screen or an element (pagers, scrolls, sheets).',
      inputSchema: swipeInput,
      outputSchema: outputSchemas.input,
      annotations: LOCAL_INPUT,
    },
    async (args) => toolResult(await onDevice(pool, args.device, (device) => device.host.swipe(args.direction, args.testTag))),
  );

  server.registerTool(
    'pressBack',
    {
      title: 'Press back',
      description: 'The system back, as a person presses it: with the keyboard up it only hides the keyboard (back: keyboard), as on Android; else it closes the open menu, dialog, drawer or bottom sheet, else ends an active search, else pops the deepest navigation stack that can pop or takes a compact list-detail back to its list. back says what it did (null: nothing to go back from).',
      inputSchema: z.object(deviceField),
      outputSchema: outputSchemas.input,
      annotations: LOCAL_INPUT,
    },
    async (args) => toolResult(await onDevice(pool, args.device, (device) => device.host.pressBack())),
  );

  server.registerTool(
    'device',
    {
      title: 'Change the device',
      description: `Change the live device as a person would, with the prototype kept (state, pages, typed text): rotate it (orientation), switch its profile (${Object.keys(DEVICE_PROFILES).join(', ')}, or WIDTHxHEIGHT in dp), flip dark mode, change the font scale, the layout direction (rtl), the language (locale: a spec's string tables follow it), take it offline and back (offline), reduce motion, or pause the prototype's clock (clock: "paused", then advanceClock moves it on). A flip of the resolved appearance arrives as one appearance_changed event. Without changes it answers the device as it is.`,
      inputSchema: deviceSettingsInput,
      outputSchema: outputSchemas.deviceSettings,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ device, ...change }) => toolResult(await onDevice(pool, device, (chosen) => chosen.host.configureDevice(change))),
  );

  // The view's resource is listed only to a client that says it shows MCP Apps.
  server.server.oninitialized = () => {
    if (getUiCapability(server.server.getClientCapabilities())) registerDeviceApp(server);
  };

  server.registerResource(
    'authoring-guide',
    GUIDE_URI,
    { title: 'Prototype spec authoring guide', description: 'How to write a spec: flow, events, and the node, style and action tables.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: authoringGuide() }] }),
  );

  server.registerResource(
    'examples',
    new ResourceTemplate(EXAMPLE_URI_TEMPLATE, {
      list: () => ({ resources: exampleNames().map((name) => ({ uri: exampleUri(name), name, description: EXAMPLE_DESCRIPTIONS[name], mimeType: 'application/json' })) }),
      complete: { name: (value) => exampleNames().filter((name) => name.startsWith(decodeURIComponent(value))) },
    }),
    { title: 'Worked example', description: 'A complete, valid spec of an everyday screen to copy and change (sign-in, to-do list, shop, settings, dashboard, sheet, dialog, onboarding, request).', mimeType: 'application/json' },
    async (uri, variables) => {
      const name = decodeURIComponent(String(variables.name ?? ''));
      const text = exampleText(name);
      if (text === null) throw new Error(`No example named "${name}"; the examples are: ${exampleNames().join(', ')}`);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );

  server.registerResource(
    'icon-search',
    new ResourceTemplate('protostage://icons/{query}', { list: undefined, complete: { query: (value) => searchIcons(decodeURIComponent(value)) } }),
    { title: 'Icon search', description: 'Material icon names (the closed list icon nodes accept) containing every word of the query.', mimeType: 'application/json' },
    async (uri, variables) => {
      const query = decodeURIComponent(String(variables.query ?? ''));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ query, icons: searchIcons(query) }) }] };
    },
  );

  server.registerResource(
    'prototype-status',
    new ResourceTemplate(PROTOTYPE_URI_TEMPLATE, {
      list: () => ({ resources: shownIds(host).map((id) => ({ uri: prototypeUri(id), name: id, mimeType: 'application/json' })) }),
      complete: { id: (value) => shownIds(host).filter((id) => id.startsWith(decodeURIComponent(value))) },
    }),
    { title: 'Shown prototype', description: 'What the host knows of one prototype shown on the first device: state, pages, last event sequence.', mimeType: 'application/json' },
    async (uri, variables) => {
      const id = decodeURIComponent(String(variables.id ?? ''));
      const entry = host.status().prototypes.find((prototype) => prototype.id === id);
      const text = JSON.stringify(entry ?? { id, shown: false, hint: 'Not on screen; see prototype {action: "status"}.' });
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );

  return server;
}

/**
 * Sends notifications/resources/list_changed from `server` whenever the host's shown set changes,
 * until the server closes. For a server that lives as long as its connection (stdio).
 */
export function followShownPrototypes(server: McpServer, pool: DevicePool): void {
  const unsubscribe = pool.first.host.onShownChange(() => {
    if (server.isConnected()) server.sendResourceListChanged();
  });
  const previous = server.server.onclose;
  server.server.onclose = () => {
    unsubscribe();
    previous?.();
  };
}

function shownIds(host: Host): string[] {
  return host.status().prototypes.map((prototype) => prototype.id);
}

function prototypeUri(id: string): string {
  return `protostage://prototypes/${encodeURIComponent(id)}`;
}

/**
 * The host's call options for one MCP request: its abort signal, and progress notifications when
 * the client asked for them with a progress token (each one a higher `progress` than the last).
 */
function callOptions(ctx: ServerContext, total?: number): CallOptions & { report(progress: number, message: string): void } {
  const token = ctx.mcpReq._meta?.progressToken;
  let last = 0;
  const report = (progress: number, message: string) => {
    if (token === undefined || progress <= last) return;
    last = progress;
    void ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress, ...(total !== undefined ? { total } : {}), message } }).catch(() => {});
  };
  return { signal: ctx.mcpReq.signal, onProgress: (message) => report(last + 1, message), report };
}

/** awaitEvent with a heartbeat: progress is the milliseconds waited, out of the timeout. */
async function awaitWithHeartbeat(host: Host, args: z.infer<typeof prototypeInput>, ctx: ServerContext): Promise<HostResult<object>> {
  const timeoutMs = args.timeoutMs ?? DEFAULT_AWAIT_MS;
  const options = callOptions(ctx, timeoutMs);
  const started = Date.now();
  const heartbeat = setInterval(() => {
    const waited = Date.now() - started;
    options.report(waited, `waiting for an event: ${Math.round(waited / 1000)} s of ${Math.round(timeoutMs / 1000)} s`);
  }, AWAIT_HEARTBEAT_MS);
  try {
    const { id, eventName, kind, kinds, afterSequence, limit } = args;
    return await host.awaitEvent({ id, eventName, kind, kinds, afterSequence, timeoutMs: args.timeoutMs, limit }, options);
  } finally {
    clearInterval(heartbeat);
  }
}

/** The folders the client offers as roots (file:// URIs), when it offers any. */
async function clientRoots(server: McpServer): Promise<string[]> {
  if (!server.server.getClientCapabilities()?.roots) return [];
  const listed = await server.server.listRoots().catch(() => ({ roots: [] }));
  return listed.roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri));
}

async function runPrototypeAction(
  pool: DevicePool,
  { host }: PooledDevice,
  args: z.infer<typeof prototypeInput>,
  ctx: ServerContext,
  roots: () => Promise<string[]>,
): Promise<HostResult<object>> {
  switch (args.action) {
    case 'show': {
      const readsFiles = args.specPath !== undefined || (args.assets?.length ?? 0) > 0;
      const extraRoots = readsFiles ? await roots() : [];
      return host.show({ spec: args.spec, specPath: args.specPath, reset: args.reset, appearance: args.appearance, locale: args.locale, assets: args.assets }, { ...callOptions(ctx), extraRoots });
    }
    case 'patch':
      return host.patch({ id: args.id, ops: args.ops, baseRevision: args.baseRevision });
    case 'advanceClock':
      return host.advanceClock({ ms: args.ms });
    case 'clearStorage':
      return host.clearStorage({ id: args.id });
    case 'save':
      return host.save({ id: args.id, dir: args.dir }, { extraRoots: await roots() });
    case 'dismiss':
      return host.dismiss({ id: args.id, all: args.all });
    case 'status':
      return { ...host.status(), devices: pool.summary() } as HostResult<object>;
    case 'inspect': {
      const inspected = await host.inspect({ revealSecure: args.revealSecure });
      return inspected.success ? ({ ...inspected, devices: pool.summary() } as HostResult<object>) : inspected;
    }
    case 'awaitEvent':
      return awaitWithHeartbeat(host, args, ctx);
  }
}

/** The device view: the screen as observe sees it, clicks and keys sent back as tapOn and sendKeys. */
function registerDeviceApp(server: McpServer): void {
  registerAppResource(
    server,
    'device-view',
    DEVICE_APP_URI,
    { title: 'The device, live', description: 'The device screen a prototype is shown on; click to tap it, type to enter text.' },
    async () => ({ contents: [{ uri: DEVICE_APP_URI, mimeType: RESOURCE_MIME_TYPE, text: await deviceAppHtml(), _meta: { ui: { prefersBorder: false } } }] }),
  );
}
