// The host end of the protocol: one authenticated connection to a device agent, with requests
// matched to replies by requestId and events delivered to a listener.
import { connect, type Socket } from 'node:net';
import { MAX_FRAME_BYTES, PROTOCOL_VERSION } from './constants.ts';
import { encodeFrame, FrameReader, parseFrameText, type FrameItem } from './framing.ts';
import {
  deviceFrameSchema,
  errorFrameSchema,
  helloResultSchema,
  replyTypeOf,
  type HelloResult,
  type HostRequest,
  type HostRequestBody,
  type PrototypeEvent,
  type PrototypeRequestMessage,
  type PrototypeResponse,
  type ReplyFor,
} from './messages.ts';

/** What a device asks its host to do for it: run a prototype's request, or stop running one. */
export type DeviceCall = PrototypeRequestMessage | { type: 'prototype_request_cancel'; requestId: string };

export interface DeviceChannel {
  readonly capabilities: ReadonlySet<string>;
  /** The device's live mirror address (token included), if it serves one. */
  readonly mirrorUrl?: string;
  request<T extends HostRequest['type']>(body: Extract<HostRequestBody, { type: T }>, timeoutMs?: number): Promise<ReplyFor<T>>;
  onEvent(listener: (event: PrototypeEvent) => void): void;
  /** Requests the device hands its host (request actions with via "host"); one listener. */
  onDeviceCall?(listener: (call: DeviceCall) => void): void;
  /** Answers a device call; nothing replies to it. */
  respond?(response: PrototypeResponse): void;
  onClose(listener: (reason: string) => void): void;
  readonly closed: boolean;
  close(): void;
}

interface Pending {
  type: string;
  resolve(reply: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** How long a request may wait on the device before it starts (its deadline); then the device drops it. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * How much longer than the deadline the host waits for the answer of a request the device
 * started: the device answers every request (dropped ones at once), so this only ends a wait on a
 * device that stopped answering.
 */
export const ANSWER_GRACE_MS = 60_000;

/** The device dropped a request before starting it: nothing was applied, so retrying is safe. */
export class RequestCancelledError extends Error {}

export class DeviceConnection implements DeviceChannel {
  readonly capabilities: ReadonlySet<string>;
  private readonly pending = new Map<string, Pending>();
  private readonly eventListeners: Array<(event: PrototypeEvent) => void> = [];
  /**
   * Events that arrive before anyone listens: a device flushes its offline events right after
   * hello_result, often in the same chunk, before `open` has even returned.
   */
  private readonly unheardEvents: PrototypeEvent[] = [];
  private readonly closeListeners: Array<(reason: string) => void> = [];
  private deviceCallListener: ((call: DeviceCall) => void) | null = null;
  private nextRequestNumber = 1;
  private closeReason: string | null = null;

  private constructor(
    private readonly socket: Socket,
    readonly hello: HelloResult,
    reader: FrameReader,
    framesAfterHello: FrameItem[],
  ) {
    this.capabilities = new Set(hello.capabilities);
    const receiveAll = (items: FrameItem[]) => {
      for (const item of items) if (item.kind === 'frame') this.receive(item.text);
    };
    receiveAll(framesAfterHello);
    socket.on('data', (chunk: Buffer) => receiveAll(reader.push(chunk)));
    socket.on('close', () => this.shutDown(this.closeReason ?? 'the device closed the connection'));
    socket.on('error', (error) => this.shutDown(`connection error: ${error.message}`));
  }

  /** Connects to 127.0.0.1:port, sends hello with the token and waits for hello_result. */
  static async open(port: number, token: string, timeoutMs = 10_000): Promise<DeviceConnection> {
    const socket = await connectLoopback(port, timeoutMs);
    socket.setNoDelay(true);
    const reader = new FrameReader(() => MAX_FRAME_BYTES);
    const { hello, rest } = await exchangeHello(socket, reader, token, timeoutMs);
    if (hello.protocolVersion !== PROTOCOL_VERSION) {
      socket.destroy();
      throw new Error(`device speaks protocol ${hello.protocolVersion}, this host speaks ${PROTOCOL_VERSION}; update protostage`);
    }
    return new DeviceConnection(socket, hello, reader, rest);
  }

  get mirrorUrl(): string | undefined {
    return this.hello.mirrorUrl;
  }

  get closed(): boolean {
    return this.closeReason !== null;
  }

  request<T extends HostRequest['type']>(body: Extract<HostRequestBody, { type: T }>, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): Promise<ReplyFor<T>> {
    if (this.closeReason !== null) return Promise.reject(new Error(`device unavailable: ${this.closeReason}`));
    const requestId = `r${this.nextRequestNumber++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new Error(`device did not answer ${body.type} within ${timeoutMs + ANSWER_GRACE_MS} ms; it may still apply it, so observe before retrying`));
      }, timeoutMs + ANSWER_GRACE_MS);
      this.pending.set(requestId, { type: body.type, resolve: resolve as (reply: unknown) => void, reject, timer });
      this.socket.write(encodeFrame({ ...body, requestId, deadlineMs: timeoutMs }));
    });
  }

  onEvent(listener: (event: PrototypeEvent) => void): void {
    this.eventListeners.push(listener);
    for (const event of this.unheardEvents.splice(0)) listener(event);
  }

  onDeviceCall(listener: (call: DeviceCall) => void): void {
    this.deviceCallListener = listener;
  }

  respond(response: PrototypeResponse): void {
    if (this.closeReason === null) this.socket.write(encodeFrame(response));
  }

  onClose(listener: (reason: string) => void): void {
    if (this.closeReason !== null) listener(this.closeReason);
    else this.closeListeners.push(listener);
  }

  close(): void {
    this.shutDown('the host closed the connection');
    this.socket.destroy();
  }

  private receive(text: string): void {
    const parsed = parseFrameText(text);
    const frame = parsed.ok ? deviceFrameSchema.safeParse(parsed.value) : null;
    if (!frame?.success) return; // A frame this host cannot read is ignored, never fatal.
    const message = frame.data;
    if (message.type === 'prototype_event') {
      const { type: _type, ...event } = message;
      if (this.eventListeners.length === 0) this.unheardEvents.push(event);
      for (const listener of this.eventListeners) listener(event);
      return;
    }
    if (message.type === 'prototype_request' || message.type === 'prototype_request_cancel') {
      this.deviceCallListener?.(message);
      return;
    }
    const requestId = message.requestId;
    const waiting = requestId === undefined ? undefined : this.pending.get(requestId);
    if (!waiting) return;
    this.pending.delete(requestId!);
    clearTimeout(waiting.timer);
    if (message.type === 'error') waiting.reject(new Error(`device refused ${waiting.type}: ${message.message}`));
    else if ('cancelled' in message && message.cancelled) waiting.reject(new RequestCancelledError(`the device ${message.error ?? 'dropped the request before it started'}`));
    else if (message.type !== replyTypeOf[waiting.type as HostRequest['type']]) waiting.reject(new Error(`device answered ${waiting.type} with ${message.type}`));
    else waiting.resolve(message);
  }

  private shutDown(reason: string): void {
    if (this.closeReason !== null) return;
    this.closeReason = reason;
    for (const [, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error(`device disconnected during ${waiting.type}: ${reason}`));
    }
    this.pending.clear();
    for (const listener of this.closeListeners) listener(reason);
  }
}

function connectLoopback(port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no device listening on 127.0.0.1:${port} after ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function exchangeHello(
  socket: Socket,
  reader: FrameReader,
  token: string,
  timeoutMs: number,
): Promise<{ hello: HelloResult; rest: FrameItem[] }> {
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      cleanup();
      socket.destroy();
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail(`device did not answer hello within ${timeoutMs} ms`), timeoutMs);
    const onClose = () => fail('device closed the connection during hello (wrong token or not a protostage device)');
    const onData = (chunk: Buffer) => {
      const [item, ...rest] = reader.push(chunk);
      if (!item) return;
      if (item.kind !== 'frame') return fail('device sent an oversized hello_result');
      const parsed = parseFrameText(item.text);
      const refusal = parsed.ok ? errorFrameSchema.safeParse(parsed.value) : null;
      if (refusal?.success) return fail(refusal.data.message);
      const hello = parsed.ok ? helloResultSchema.safeParse(parsed.value) : null;
      if (!hello?.success) return fail('device answered hello with something other than hello_result');
      cleanup();
      resolve({ hello: hello.data, rest });
    };
    const cleanup = () => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
    };
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.write(encodeFrame({ type: 'hello', token, protocolVersion: PROTOCOL_VERSION }));
  });
}
