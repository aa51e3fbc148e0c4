// The live mirror: an HTTP + WebSocket server on 127.0.0.1 that streams a device's screen to
// viewer pages in the person's own browser, turns their pointer and keys into real input on the
// device, and streams the prototype's events, state and pages. Every request needs the token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Point } from '../device/web-device.ts';
import { createLaunchToken, tokensMatch } from '../protocol/handshake.ts';
import { createGuardedServer, HTTP_LIMITS, listenOnLoopback, portOf, refuseForeignRequest, type HttpLimits } from '../protocol/http-guard.ts';
import type { DeviceReport } from '../protocol/messages.ts';
import type { PrototypeEvent } from '../runtime/model.ts';
import { PointerGesture, type PointerDevice } from './gesture.ts';
import { MAX_INPUT_MESSAGE_BYTES, parseViewerInput, type PrototypeSummary, type SpecStatus, type ViewerInput, type ViewerMessage } from './messages.ts';
import { buildViewerPage } from './page.ts';

const SOCKET_PATH = '/socket';
/** Viewers of one device at once; more are refused until one leaves. */
export const MAX_VIEWERS = 16;
/** Input waiting for the device beyond which pointer moves and wheel turns are dropped… */
const MAX_QUEUED_MOVES = 64;
/** …and beyond which every input is dropped. */
const MAX_QUEUED_INPUTS = 1024;

/** What the mirror needs of a device: its screen, its frames and events, and real input. */
export interface MirroredDevice extends PointerDevice {
  readonly profile: { width: number; height: number };
  onFrame(listener: (jpeg: Buffer) => void): () => void;
  onEvent(listener: (event: PrototypeEvent) => void): () => void;
  inspect(): Promise<unknown>;
  pressKey(key: string): Promise<unknown>;
  wheel(point: Point, deltaX: number, deltaY: number): Promise<void>;
  /** Turns the device or changes a setting, as the person asks from the viewer. */
  configure(change: { orientation?: 'portrait' | 'landscape'; dark?: boolean; rtl?: boolean; fontScale?: number }): Promise<void>;
  report(): DeviceReport;
  onConfigure(listener: (report: DeviceReport) => void): () => void;
}

export interface MirrorOptions {
  device: MirroredDevice;
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Shown in the viewer's side panel. */
  title: string;
  /** Timeouts and the connection cap (the defaults every protostage server uses). */
  limits?: HttpLimits;
}

export interface MirrorServer {
  /** The viewer's address, token included. */
  readonly url: string;
  readonly port: number;
  /** Tells every viewer (and each one that joins later) what became of the spec file. */
  publishStatus(status: SpecStatus): void;
  /** Reads the shown prototypes' state and pages from the device and sends them to every viewer. */
  refreshPrototypes(): Promise<void>;
  close(): Promise<void>;
}

export async function startMirrorServer(options: MirrorOptions): Promise<MirrorServer> {
  const mirror = new Mirror(options.device, options.title);
  const token = createLaunchToken();
  const page = buildViewerPage();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_INPUT_MESSAGE_BYTES });
  sockets.on('connection', (socket) => mirror.join(socket));
  const server = createGuardedServer((request, response) => servePage(request, response, token, page, portOf(server)), options.limits ?? HTTP_LIMITS);
  server.on('upgrade', (request, socket, head) => {
    // Node leaves an upgrading socket without an error listener; a reset must not crash the server.
    socket.on('error', () => socket.destroy());
    if (refuseForeignRequest(request, portOf(server)) !== null || !isAuthorised(request, token, SOCKET_PATH)) return refuseUpgrade(socket, '403 Forbidden');
    if (sockets.clients.size >= MAX_VIEWERS) return refuseUpgrade(socket, '503 Service Unavailable');
    sockets.handleUpgrade(request, socket, head, (webSocket) => sockets.emit('connection', webSocket, request));
  });
  const port = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    publishStatus: (status) => mirror.publishStatus(status),
    refreshPrototypes: () => mirror.refreshPrototypes(),
    async close() {
      mirror.close();
      for (const socket of sockets.clients) socket.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function servePage(request: IncomingMessage, response: ServerResponse, token: string, page: ReturnType<typeof buildViewerPage>, port: number): void {
  const foreign = refuseForeignRequest(request, port);
  if (foreign !== null) {
    response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(`${foreign}; open the viewer URL protostage printed.\n`);
    return;
  }
  if (!isAuthorised(request, token, '/')) {
    response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Open the viewer URL protostage printed, token included.\n');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': page.contentSecurityPolicy,
    'cache-control': 'no-store',
    // The token is in the address; no other site may learn it from a Referer.
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : page.html);
}

function isAuthorised(request: IncomingMessage, token: string, path: string): boolean {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  return url.pathname === path && tokensMatch(token, url.searchParams.get('token') ?? '');
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

/**
 * The viewers of one device. Frames stream only while someone watches; each viewer gets the
 * newest frame as soon as its previous one has left, so a slow viewer skips frames instead of
 * queueing them. Input from all viewers runs on the device one message at a time, in order.
 */
class Mirror {
  readonly #viewers = new Set<Viewer>();
  #stopFrames: (() => void) | null = null;
  #lastFrame: Buffer | null = null;
  #status: SpecStatus | null = null;
  #prototypes: PrototypeSummary[] | null = null;
  /** Something was shown or dismissed while no viewer watched: #prototypes may be out of date. */
  #prototypesStale = false;
  #input: Promise<void> = Promise.resolve();
  #queuedInputs = 0;
  readonly #stopEvents: () => void;
  readonly #stopConfigure: () => void;
  /** The screen size the viewers were last told. */
  #screen: { width: number; height: number };

  constructor(
    private readonly device: MirroredDevice,
    private readonly title: string,
  ) {
    this.#stopEvents = device.onEvent((event) => this.#receiveEvent(event));
    // Whoever changes the device (the agent's tool, a viewer), every viewer's panel shows it.
    this.#stopConfigure = device.onConfigure((settings) => this.#broadcast({ type: 'device', settings }));
    this.#screen = { width: device.profile.width, height: device.profile.height };
  }

  join(socket: WebSocket): void {
    const viewer = new Viewer(socket);
    this.#viewers.add(viewer);
    viewer.send({ type: 'hello', screen: this.#screen, title: this.title });
    viewer.send({ type: 'device', settings: this.device.report() });
    if (this.#status !== null) viewer.send({ type: 'status', status: this.#status });
    if (this.#prototypesStale) void this.refreshPrototypes();
    else if (this.#prototypes !== null) viewer.send({ type: 'prototypes', prototypes: this.#prototypes });
    if (this.#lastFrame !== null) viewer.sendFrame(this.#lastFrame);
    this.#stopFrames ??= this.device.onFrame((jpeg) => this.#receiveFrame(jpeg));
    const gesture = new PointerGesture(this.device);
    socket.on('message', (data, isBinary) => {
      const input = isBinary ? null : parseViewerInput(data as Buffer);
      if (input !== null && this.#hasRoomFor(input)) this.#enqueueInput(() => this.#apply(input, gesture));
    });
    // A broken connection only ends that viewer.
    socket.on('error', () => socket.terminate());
    socket.on('close', () => this.#leave(viewer, gesture));
  }

  #leave(viewer: Viewer, gesture: PointerGesture): void {
    this.#viewers.delete(viewer);
    this.#enqueueInput(() => gesture.handle('cancel', { x: 0, y: 0 }));
    if (this.#viewers.size > 0) return;
    this.#stopFrames?.();
    this.#stopFrames = null;
    this.#lastFrame = null;
  }

  #apply(input: ViewerInput, gesture: PointerGesture): Promise<unknown> {
    switch (input.type) {
      case 'pointer':
        return gesture.handle(input.phase, { x: input.x, y: input.y });
      case 'key':
        return this.device.pressKey(input.key);
      case 'wheel':
        return this.device.wheel({ x: input.x, y: input.y }, input.dx, input.dy);
      case 'device': {
        const { type: _type, ...change } = input;
        return this.device.configure(change);
      }
    }
  }

  /** A viewer sending faster than the device takes input loses its moves first, never the press or release. */
  #hasRoomFor(input: ViewerInput): boolean {
    const isMove = input.type === 'wheel' || (input.type === 'pointer' && input.phase === 'move');
    return this.#queuedInputs < (isMove ? MAX_QUEUED_MOVES : MAX_QUEUED_INPUTS);
  }

  #enqueueInput(work: () => Promise<unknown>): void {
    this.#queuedInputs++;
    const settle = () => {
      this.#queuedInputs--;
    };
    this.#input = this.#input.then(work).then(settle, settle);
  }

  #receiveFrame(jpeg: Buffer): void {
    this.#lastFrame = jpeg;
    // A rotation or a new profile: the viewers learn the new size before its first frame.
    const { width, height } = this.device.profile;
    if (width !== this.#screen.width || height !== this.#screen.height) {
      this.#screen = { width, height };
      this.#broadcast({ type: 'screen', screen: this.#screen });
    }
    for (const viewer of this.#viewers) viewer.sendFrame(jpeg);
  }

  #receiveEvent(event: PrototypeEvent): void {
    this.#broadcast({ type: 'event', event });
    if (event.kind === 'dismissed') {
      void this.refreshPrototypes();
      return;
    }
    // A viewer that joins later starts from the state and pages this event left.
    const summary: PrototypeSummary = { id: event.id, state: event.state, pages: event.pages, lastSequence: event.sequence };
    this.#prototypes = [...(this.#prototypes ?? []).filter((entry) => entry.id !== event.id), summary];
  }

  publishStatus(status: SpecStatus): void {
    this.#status = status;
    this.#broadcast({ type: 'status', status });
  }

  /**
   * Reads what is shown for the viewers. With none watching it only notes that the list is stale
   * and the next viewer to join has it read: an agent's every show asked the page otherwise, a
   * call that held up the show after it.
   */
  async refreshPrototypes(): Promise<void> {
    if (this.#viewers.size === 0) {
      this.#prototypesStale = true;
      return;
    }
    this.#prototypesStale = false;
    const shown = (await this.device.inspect().catch(() => null)) as { prototypes?: unknown } | null;
    if (!Array.isArray(shown?.prototypes)) return;
    this.#prototypes = shown.prototypes.map(summaryOf);
    this.#broadcast({ type: 'prototypes', prototypes: this.#prototypes });
  }

  #broadcast(message: ViewerMessage): void {
    for (const viewer of this.#viewers) viewer.send(message);
  }

  close(): void {
    this.#stopEvents();
    this.#stopConfigure();
    this.#stopFrames?.();
    this.#stopFrames = null;
    this.#viewers.clear();
  }
}

function summaryOf(entry: { id?: unknown; state?: unknown; pages?: unknown; lastSequence?: unknown }): PrototypeSummary {
  return {
    id: String(entry.id),
    state: (entry.state ?? {}) as PrototypeSummary['state'],
    pages: (entry.pages ?? {}) as PrototypeSummary['pages'],
    lastSequence: Number(entry.lastSequence ?? 0),
  };
}

/** One connected viewer page. */
class Viewer {
  #frameInFlight = false;
  #nextFrame: Buffer | null = null;

  constructor(private readonly socket: WebSocket) {}

  send(message: ViewerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Sends the frame now, or after the one still on its way (replacing any frame waiting). */
  sendFrame(jpeg: Buffer): void {
    if (this.#frameInFlight) {
      this.#nextFrame = jpeg;
      return;
    }
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.#frameInFlight = true;
    this.socket.send(jpeg, { binary: true }, () => {
      this.#frameInFlight = false;
      const next = this.#nextFrame;
      this.#nextFrame = null;
      if (next !== null) this.sendFrame(next);
    });
  }
}
