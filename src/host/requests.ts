/**
 * The host's half of request actions with via "host": the device hands this host a
 * prototype_request, the host runs it through the destination policy and answers with one
 * prototype_response. A prototype_request_cancel aborts it; nothing is sent for a cancelled call,
 * and a connection that closes aborts everything it asked for.
 */
import type { DeviceCall, DeviceChannel } from '../protocol/client.ts';
import type { AllowedOrigins } from '../protocol/egress.ts';
import { performRequest, type Resolver } from '../protocol/outbound.ts';
import type { PrototypeRequestMessage, PrototypeResponse } from '../protocol/messages.ts';

export interface HostRequestOptions {
  allowed: AllowedOrigins;
  /** Stands in for DNS (tests). */
  resolve?: Resolver;
}

/** The calls a host is running: each answered once unless cancelled first. */
class RunningCalls {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly options: HostRequestOptions) {}

  start(call: PrototypeRequestMessage, answer: (response: PrototypeResponse) => void): void {
    if (this.running.has(call.requestId)) return;
    const abort = new AbortController();
    this.running.set(call.requestId, abort);
    void runRequest(call, this.options, abort.signal).then((response) => {
      if (this.running.get(call.requestId) !== abort) return;
      this.running.delete(call.requestId);
      if (!abort.signal.aborted) answer(response);
    });
  }

  /** Aborts the call; nothing is answered for it. */
  cancel(requestId: string): void {
    this.running.get(requestId)?.abort();
    this.running.delete(requestId);
  }

  cancelAll(): void {
    for (const requestId of [...this.running.keys()]) this.cancel(requestId);
  }
}

/** Runs one device's via-host requests; answers go back on the channel they came from. */
export function serveDeviceRequests(channel: DeviceChannel, options: HostRequestOptions): void {
  if (!channel.onDeviceCall || !channel.respond) return;
  const respond = channel.respond.bind(channel);
  const calls = new RunningCalls(options);
  channel.onDeviceCall((call: DeviceCall) => {
    if (call.type === 'prototype_request_cancel') calls.cancel(call.requestId);
    else calls.start(call, respond);
  });
  channel.onClose(() => calls.cancelAll());
}

/** Runs one call; the answer the device gets. */
export async function runRequest(call: PrototypeRequestMessage, options: HostRequestOptions, signal?: AbortSignal): Promise<PrototypeResponse> {
  const { requestId, method, url, headers, body, timeoutMs } = call;
  const outcome = await performRequest({ method, url, headers, body, timeoutMs }, { allowed: options.allowed, resolve: options.resolve, signal });
  return { type: 'prototype_response', requestId, outcome };
}

/** The device end a host in the same process hands its answers to (a WebDevice's requests). */
export interface LocalDeviceRequests {
  setHost(link: { send(message: PrototypeRequestMessage): number | null; sendCancel(connection: number, requestId: string): void } | null): void;
  hostResponse(response: PrototypeResponse, connection: number): void;
}

/** The one connection of an in-process host. */
const IN_PROCESS = 0;

/**
 * Makes this process the host of a device it runs itself (render, view): via-host requests run
 * here, through the host's destination policy, as a connected host would run them.
 */
export function serveRequestsInProcess(device: LocalDeviceRequests, options: HostRequestOptions): void {
  const calls = new RunningCalls(options);
  device.setHost({
    send(message) {
      calls.start(message, (response) => device.hostResponse(response, IN_PROCESS));
      return IN_PROCESS;
    },
    sendCancel: (_connection, requestId) => calls.cancel(requestId),
  });
}
