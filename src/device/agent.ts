// The web device agent: a process that owns one WebDevice and speaks the device protocol on
// 127.0.0.1. The host launches it with a port and a token in its environment.
import packageJson from '../../package.json' with { type: 'json' };
import { ASSET_LIMITS, ASSET_MIME_TYPES, isAssetMimeType, maxBytesFor, signatureMatches, sniffMimeType } from '../protocol/assets.ts';
import { BASE_VOCABULARY_CAPABILITIES, CAPABILITIES } from '../protocol/constants.ts';
import { appearanceReportSchema, prototypeStatusSchema, type AppearanceReport, type HostRequest, type InputTarget, type PrototypeStatus } from '../protocol/messages.ts';
import { startProtocolServer, type ProtocolServer, type ReplyBody } from '../protocol/server.ts';
import type { MirrorServer } from '../viewer/server.ts';
import { playwrightLoaded } from './playwright.ts';
import { OfflineEventRing } from './offline-events.ts';
import { parseDeviceProfile } from './profiles.ts';
import type { DeviceResult, WebDevice, WebDeviceOptions } from './web-device.ts';
import { deviceDataDir, StorageStore, type StoredRecord } from './storage.ts';
import { canonicalLocale } from '../runtime/strings.ts';

export const AGENT_VERSION = packageJson.version;

/** What the web device supports: the base vocabulary and the extended one it draws. */
export const WEB_DEVICE_CAPABILITIES = [
  ...BASE_VOCABULARY_CAPABILITIES,
  CAPABILITIES.dataModel,
  CAPABILITIES.dataActions,
  CAPABILITIES.patch,
  CAPABILITIES.timers,
  CAPABILITIES.storage,
  CAPABILITIES.stackTransitions,
  CAPABILITIES.stackPatterns,
  CAPABILITIES.flowGrid,
  CAPABILITIES.refresh,
  CAPABILITIES.windowChrome,
  CAPABILITIES.pagerStateKey,
  CAPABILITIES.pagerOptions,
  CAPABILITIES.carousel,
  CAPABILITIES.lazyList,
  CAPABILITIES.adaptive,
  CAPABILITIES.sharedElement,
  CAPABILITIES.sharedElementV2,
  CAPABILITIES.reducedMotion,
  CAPABILITIES.menus,
  CAPABILITIES.gestures,
  CAPABILITIES.textFieldOptions,
  CAPABILITIES.textFieldActions,
  CAPABILITIES.textFieldLeadingIcon,
  CAPABILITIES.swipeActions,
  CAPABILITIES.semantics,
  CAPABILITIES.contentTransition,
  CAPABILITIES.richText,
  CAPABILITIES.drawer,
  CAPABILITIES.searchBar,
  CAPABILITIES.tooltip,
  CAPABILITIES.deadTaps,
  CAPABILITIES.webInput,
  CAPABILITIES.deviceSettings,
  CAPABILITIES.network,
  CAPABILITIES.networkDevice,
  CAPABILITIES.strings,
  CAPABILITIES.platformHaptics,
  CAPABILITIES.platformSound,
  CAPABILITIES.platformLinks,
  CAPABILITIES.platformShare,
  CAPABILITIES.platformConnectivity,
  CAPABILITIES.stylePolish,
  CAPABILITIES.iconEffects,
  CAPABILITIES.glass,
  CAPABILITIES.scrollEdgeEffect,
  CAPABILITIES.effects,
  CAPABILITIES.motionV2,
  CAPABILITIES.motionTokens,
  CAPABILITIES.platformNamespace,
  CAPABILITIES.designPlatform,
  CAPABILITIES.chart,
  CAPABILITIES.map,
  CAPABILITIES.videoPlayer,
  CAPABILITIES.cameraPreview,
  CAPABILITIES.castButton,
  CAPABILITIES.pasteButton,
  CAPABILITIES.bottomSheetDrag,
  CAPABILITIES.zoomTransition,
  CAPABILITIES.iconSetMaterial,
  CAPABILITIES.iconVariant,
  CAPABILITIES.textFieldMaterialStyle,
  CAPABILITIES.identifierTestTagOnly,
  CAPABILITIES.enabledWhen,
  CAPABILITIES.ifAction,
  CAPABILITIES.counts,
  CAPABILITIES.valueTemplates,
  CAPABILITIES.modeKey,
  CAPABILITIES.localeKey,
  CAPABILITIES.pausedClock,
  CAPABILITIES.iconToggle,
];

export interface RunningAgent {
  readonly port: number;
  /** Settles when the browser is up; rejects with the reason it could not start. */
  readonly deviceReady: Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens at once, while the browser starts, so the host can connect meanwhile; its hello is
 * answered once the device is ready. The device is launched here, or `launching` is a launch
 * already under way (the command starts it before the agent's own modules load). The device's
 * live mirror (a person watching and joining in from their browser) gets its own loopback port
 * and token; hello_result carries its address to the authenticated host.
 */
export async function startAgent(config: { port: number; token: string }, deviceOptions: WebDeviceOptions = {}, launching?: Promise<WebDevice>): Promise<RunningAgent> {
  const launched = launching ?? import('./web-device.ts').then(({ WebDevice }) => WebDevice.launch(deviceOptions));
  // A device that fails to start keeps the agent up: every hello then answers with the reason.
  const deviceReady = launched.catch((error: Error) => {
    throw new Error(`the web device could not start: ${error.message}`);
  });
  // The mirror's modules (a WebSocket server among them) load while the device waits for its browser.
  const mirrorServer = playwrightLoaded.then(() => import('../viewer/server.ts'));
  // A mirror that cannot start leaves the device working without one.
  const mirrorReady = deviceReady.then((device) =>
    mirrorServer.then(({ startMirrorServer }) => startMirrorServer({ device, title: 'protostage device' })).catch(() => undefined),
  );
  let mirror: MirrorServer | undefined;
  const ready = mirrorReady.then((started) => {
    mirror = started;
  });
  ready.catch(() => {});
  // Events of a persisted prototype wait in the ring while no host is connected.
  const offline = new OfflineEventRing();
  const storage = new StorageStore(deviceDataDir());
  let persistentId: string | null = null;
  const flushOffline = () => offline.flush((event) => server.broadcastEvent(event));
  const server: ProtocolServer = await listenOrStop(deviceReady, mirrorReady, {
    port: config.port,
    token: config.token,
    agentVersion: AGENT_VERSION,
    capabilities: WEB_DEVICE_CAPABILITIES,
    ready,
    mirrorUrl: () => mirror?.url,
    handle: async (request) => {
      if (request.type === 'inspect_prototypes') flushOffline();
      const reply = await handleRequest(request, await deviceReady, storage);
      if (request.type === 'inspect_prototypes') reply.droppedEvents = offline.dropped;
      if (request.type === 'show_prototype' && reply.success) persistentId = persistedId(request.spec);
      if (request.type === 'show_prototype' || request.type === 'dismiss_prototype') void mirror?.refreshPrototypes();
      return reply;
    },
    onClientReady: flushOffline,
    onResponse: (response, connection) => void deviceReady.then((device) => device.requests.hostResponse(response, connection)).catch(() => {}),
    onClientClosed: (connection) => void deviceReady.then((device) => device.requests.hostClosed(connection)).catch(() => {}),
    // The session is over: nothing stays on screen and uploaded assets are dropped, unless the
    // prototype on screen is persisted (window.persistence "device"), which keeps both.
    onLastClientGone: () =>
      deviceReady
        .then(async (device) => {
          if (persistentId !== null) return;
          await device.dismiss('all', 'disconnect');
          for (const id of (await device.assetSizes()).keys()) await device.removeAsset(id);
        })
        .catch(() => {}),
  });
  deviceReady
    .then((device) => device.onStorage((id, values) => storage.schedule(id, values as StoredRecord)))
    .catch(() => {});
  // Via-host requests go to the most recently authenticated host only.
  deviceReady
    .then((device) =>
      device.requests.setHost({
        send: (message) => server.sendToCurrent(message),
        sendCancel: (connection, requestId) => server.sendTo(connection, { type: 'prototype_request_cancel', requestId }),
      }),
    )
    .catch(() => {});
  deviceReady
    .then((device) =>
      device.onEvent((event) => {
        if (event.kind === 'dismissed') void storage.flush(event.id);
        // Checked per event against the live connections; a session prototype's events then go nowhere.
        if (server.readyClients > 0) {
          flushOffline();
          server.broadcastEvent(event);
        } else if (event.id === persistentId) {
          offline.push(event);
        }
        if (event.kind === 'dismissed' && event.id === persistentId) persistentId = null;
      }),
    )
    .catch(() => {});
  return {
    port: config.port,
    deviceReady: ready,
    async close() {
      await deviceReady.then((device) => dismissForTeardown(device)).catch(() => {});
      await storage.close();
      await server.close();
      await mirrorReady.then((started) => started?.close()).catch(() => {});
      await deviceReady.then((device) => device.close()).catch(() => {});
    },
  };
}

/** Changes the live device; the answer is the device as it is afterwards. */
async function configureDevice(device: WebDevice, request: Extract<HostRequest, { type: 'configure_device' }>): Promise<ReplyBody> {
  const { type: _type, requestId: _id, deadlineMs: _deadline, profile: name, ...settings } = request;
  const profile = name === undefined ? undefined : parseDeviceProfile(name);
  if (profile !== undefined && 'error' in profile) return { success: false, error: `profile: ${profile.error}` };
  if (settings.locale !== undefined && canonicalLocale(settings.locale) === null) return { success: false, error: `locale: ${JSON.stringify(settings.locale)} is not a BCP 47 language tag; use one such as en, de-CH or ar` };
  await device.configure({ ...settings, ...(profile ? { profile } : {}) });
  return { success: true, device: device.report() };
}

async function handleRequest(request: HostRequest, device: WebDevice, storage: StorageStore): Promise<ReplyBody> {
  switch (request.type) {
    case 'show_prototype':
      return showWithStorage(request, device, storage);
    case 'clear_prototype_storage':
      return { success: true, cleared: await storage.clear(request.id) };
    case 'dismiss_prototype':
      return outcome(await device.dismiss(request.all ? 'all' : (request.id ?? 'all')));
    case 'put_prototype_asset':
      return putAsset(device, request);
    case 'remove_prototype_asset':
      return outcome(await device.removeAsset(request.id));
    case 'inspect_prototypes':
      return withStorageReports(inspectResult(await device.inspect({ revealSecure: request.revealSecure === true })), storage);
    case 'advance_prototype_clock': {
      const advanced = (await device.advanceClock(request.ms)) as { ok?: boolean; fired?: number; message?: string };
      return advanced.ok === true ? { success: true, fired: advanced.fired ?? 0 } : { success: false, error: advanced.message ?? 'the clock could not be advanced' };
    }
    case 'patch_prototype':
      return patchResult(await device.patch(request.id, request.ops, request.baseRevision), device);
    case 'observe':
      return observe(device, request);
    case 'tap':
      return inputOutcome(device, await device.tap(request.target, request.action));
    case 'type_text':
      return inputOutcome(device, await device.type(request.text, request.testTag));
    case 'swipe':
      return inputOutcome(device, await device.swipe(request.direction, request.testTag));
    case 'configure_device':
      return configureDevice(device, request);
    case 'press_back': {
      const pressed = await device.pressBack();
      if (!pressed.ok) return { success: false, error: `${pressed.message}; ${pressed.hint}` };
      return { ...(await inputOutcome(device, { ok: true, target: null })), back: pressed.back };
    }
  }
}

async function putAsset(
  device: WebDevice,
  request: Extract<HostRequest, { type: 'put_prototype_asset' }>,
): Promise<ReplyBody> {
  if (!isAssetMimeType(request.mimeType)) {
    return { success: false, error: `asset "${request.id}" has MIME type ${request.mimeType}; accepted: ${ASSET_MIME_TYPES.join(', ')}` };
  }
  const mimeType = request.mimeType;
  const bytes = Buffer.from(request.dataBase64, 'base64');
  if (!signatureMatches(sniffMimeType(bytes), mimeType)) {
    return { success: false, error: `asset "${request.id}" bytes do not start with the ${mimeType} signature` };
  }
  if (bytes.length > maxBytesFor(mimeType)) {
    return { success: false, error: `asset "${request.id}" is ${bytes.length} bytes; ${mimeType} is capped at ${maxBytesFor(mimeType)}` };
  }
  // The caps are checked against the page's own store, so what a dismissal or a camera capture
  // changed there counts. Putting an existing id replaces it; a full store refuses and never evicts.
  const assets = await device.assetSizes();
  if (!assets.has(request.id) && assets.size >= ASSET_LIMITS.maxAssets) {
    return { success: false, error: `the asset store is full (${ASSET_LIMITS.maxAssets} assets); remove one first` };
  }
  const storedBytes = [...assets].reduce((total, [id, size]) => total + (id === request.id ? 0 : size), 0);
  if (storedBytes + bytes.length > ASSET_LIMITS.maxTotalBytes) {
    return { success: false, error: `the asset store would exceed ${ASSET_LIMITS.maxTotalBytes} bytes; remove an asset first` };
  }
  return outcome(await device.putAsset(request.id, mimeType, request.dataBase64));
}

async function observe(device: WebDevice, request: Extract<HostRequest, { type: 'observe' }>): Promise<ReplyBody> {
  const screen = { width: device.profile.width, height: device.profile.height };
  const wantsScreenshot = request.screenshot !== false;
  // Anchor resolution reads the app alone (excludePrototype, no screenshot): no window to report.
  const { hierarchy, screenshot, prototypeWindow } = wantsScreenshot
    ? await device.observe({ hidePrototype: request.excludePrototype === true })
    : { hierarchy: await device.hierarchy(), screenshot: undefined, prototypeWindow: request.excludePrototype ? undefined : await device.prototypeWindow() };
  const nodes = request.excludePrototype ? hierarchy.filter((node) => node.layer !== 'prototype') : hierarchy;
  return {
    success: true,
    hierarchy: nodes,
    ...(request.excludePrototype ? {} : { prototypeWindow }),
    hierarchyUpdatedAt: Date.now(),
    screen,
    ...(screenshot ? { screenshotBase64: screenshot.toString('base64') } : {}),
  };
}

type Loose = Record<string, unknown> | null | undefined;

/** The page API answers with `{ok, message?}` or `{success, error?}`; both map to the wire shape. */
function outcome(result: unknown): ReplyBody {
  const value = result as Loose;
  const success = value?.ok !== false && value?.success !== false;
  const message = value?.message ?? value?.error;
  if (success) return { success };
  const where = typeof value?.path === 'string' ? `${value.path}: ` : '';
  return { success, error: typeof message === 'string' ? `${where}${message}` : 'the device refused the request' };
}

/**
 * A show with what the device stored for its id: everything pending is written first (the next
 * show flushes), the stored values go with the spec, and a record of another version is deleted.
 */
async function showWithStorage(request: Extract<HostRequest, { type: 'show_prototype' }>, device: WebDevice, storage: StorageStore): Promise<ReplyBody> {
  await storage.flush();
  const spec = request.spec as { id?: unknown; storage?: unknown } | null;
  const id = typeof spec?.id === 'string' ? spec.id : null;
  const stored = id !== null && spec?.storage !== undefined ? await storage.read(id) : null;
  const result = await device.show(request.spec, { reset: request.reset, appearance: request.appearance, ...(request.locale ? { locale: request.locale } : {}), ...(stored ? { stored } : {}) });
  const restored = (result as Loose)?.storage as Loose;
  if (id !== null && restored?.discarded === true) await storage.discard(id);
  return showResult(result);
}

/** Inspect entries of a spec with a storage block carry what is stored for it. */
async function withStorageReports(reply: ReplyBody, storage: StorageStore): Promise<ReplyBody> {
  const prototypes = (reply.prototypes ?? []) as PrototypeStatus[];
  for (const entry of prototypes) {
    if (entry.storageVersion === undefined) continue;
    entry.storage = (await storage.report(entry.id)) ?? { version: entry.storageVersion, keys: [], totalBytes: 0 };
    delete entry.storageVersion;
  }
  return reply;
}

/** A patch's reply: where it failed, or the patched prototype as inspect reports it. */
async function patchResult(result: unknown, device: WebDevice): Promise<ReplyBody> {
  const value = result as Loose;
  if (value?.ok !== true) return { success: false, error: typeof value?.message === 'string' ? value.message : 'the device refused the patch', ...(typeof value?.path === 'string' ? { path: value.path } : {}) };
  return { ...inspectResult(await device.inspect()), revision: value.revision as number };
}

function showResult(result: unknown): ReplyBody {
  const value = result as Loose;
  const reply = outcome(result);
  const missing = value?.missingAssets;
  if (Array.isArray(missing) && missing.length > 0) reply.missingAssets = missing.filter((id): id is string => typeof id === 'string');
  if (typeof value?.revision === 'number') reply.revision = value.revision;
  if (typeof value?.locale === 'string') reply.locale = value.locale;
  return { ...reply, ...appearanceOf(value) };
}

/** A listen that fails (the port is taken) stops the browser already starting, so the process can exit. */
async function listenOrStop(
  deviceReady: Promise<WebDevice>,
  mirrorReady: Promise<MirrorServer | undefined>,
  options: Parameters<typeof startProtocolServer>[0],
): Promise<ProtocolServer> {
  try {
    return await startProtocolServer(options);
  } catch (error) {
    await mirrorReady.then((mirror) => mirror?.close()).catch(() => {});
    await deviceReady.then((device) => device.close()).catch(() => {});
    throw error;
  }
}

/** The id of a spec shown with window.persistence "device", else null. */
function persistedId(spec: unknown): string | null {
  const value = spec as { id?: unknown; window?: { persistence?: unknown } } | null;
  return value?.window?.persistence === 'device' && typeof value.id === 'string' ? value.id : null;
}

/** The agent is stopping: whatever is shown is dismissed with reason teardown, and its event delivered first. */
async function dismissForTeardown(device: WebDevice): Promise<void> {
  const delivered = new Promise<void>((resolve) => {
    const stop = device.onEvent((event) => {
      if (event.kind !== 'dismissed') return;
      stop();
      resolve();
    });
    setTimeout(() => {
      stop();
      resolve();
    }, TEARDOWN_EVENT_WAIT_MS).unref();
  });
  const result = (await device.dismiss('all', 'teardown')) as { ok?: boolean; dismissed?: string[] };
  if (result.ok !== false && (result.dismissed?.length ?? 0) > 0) await delivered;
}

/** How long a stopping agent waits for the teardown dismissal to reach the host. */
const TEARDOWN_EVENT_WAIT_MS = 1_000;

function inspectResult(result: unknown): ReplyBody {
  const value = result as Loose;
  const prototypes = Array.isArray(value?.prototypes) ? (value.prototypes as Loose[]) : [];
  return {
    success: true,
    prototypes: prototypes.map(
      (entry): PrototypeStatus => ({
        id: String(entry?.id),
        persistent: entry?.persistent === true,
        state: (entry?.state as PrototypeStatus['state']) ?? {},
        pages: (entry?.pages as PrototypeStatus['pages']) ?? {},
        lastSequence: Number(entry?.lastSequence ?? 0),
        ...appearanceOf(entry),
        ...dataOf(entry),
      }),
    ),
  };
}

/** The data, revision, refused writes, timers and stacks a runtime snapshot carries. */
function dataOf(entry: Loose): Pick<PrototypeStatus, 'data' | 'revision' | 'dataRefusals' | 'timers' | 'storageVersion' | 'stacks' | 'locale' | 'feedbackLog'> {
  const parsed = prototypeStatusSchema.pick({ data: true, revision: true, dataRefusals: true, timers: true, storageVersion: true, stacks: true, locale: true, feedbackLog: true }).safeParse(entry);
  return parsed.success ? parsed.data : {};
}

function appearanceOf(entry: Loose): { appearance?: AppearanceReport } {
  const appearance = appearanceReportSchema.safeParse(entry?.appearance);
  return appearance.success ? { appearance: appearance.data } : {};
}

/** An input's reply: what it landed on and, read after it was handled, the prototype's latest sequence. */
async function inputOutcome(device: WebDevice, result: DeviceResult<{ target: InputTarget | null }>): Promise<ReplyBody> {
  if (!result.ok) return { success: false, error: `${result.message}; ${result.hint}` };
  const inspected = (await device.inspect()) as { prototypes?: Array<{ lastSequence?: number }> };
  return { success: true, target: result.target, lastSequence: inspected.prototypes?.[0]?.lastSequence ?? 0 };
}
