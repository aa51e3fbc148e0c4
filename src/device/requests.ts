/**
 * Runs the request actions a shown prototype starts (seeds/001 "Request action capability"):
 *
 * - via "device": this process sends it, through the destination policy (protocol/outbound.ts).
 * - via "host": a prototype_request frame goes to the most recently authenticated host only, and
 *   its prototype_response completes it. A silent host ends it as timeout after timeoutMs + 2 s;
 *   no host, or its connection closing, ends it as network. When the device drops a host call
 *   (superseded, dismissed, reset, timed out) it tells the owning host, which aborts it.
 *
 * Every request ends exactly once, through `complete`; an answer after that is ignored.
 */
import type { RequestOutcome, ResolvedRequest } from '../runtime/index.ts';
import type { AllowedOrigins } from '../protocol/egress.ts';
import type { PrototypeRequestMessage, PrototypeResponse } from '../protocol/messages.ts';
import { performRequest, type Resolver } from '../protocol/outbound.ts';

/** How much longer than its timeoutMs a host call may stay silent. */
export const HOST_ANSWER_GRACE_MS = 2_000;

/** The connection to whoever runs via-host requests (the device protocol server, or render's own host). */
export interface HostLink {
  /** Sends to the current host; answers its connection, or null when no host is connected. */
  send(message: PrototypeRequestMessage): number | null;
  /** Tells that connection the device no longer wants the request. */
  sendCancel(connection: number, requestId: string): void;
}

export interface DeviceRequestOptions {
  allowed: AllowedOrigins;
  /** Stands in for DNS (tests). */
  resolve?: Resolver;
}

type Running =
  | { via: 'device'; abort: AbortController }
  | { via: 'host'; connection: number; timer: NodeJS.Timeout };

export class DeviceRequests {
  private readonly running = new Map<string, Running>();
  private host: HostLink | null = null;
  /** The device has no network: what it would send itself fails as network (a host still runs its calls). */
  offline = false;

  constructor(
    private readonly complete: (requestId: string, outcome: RequestOutcome) => void,
    private readonly options: DeviceRequestOptions,
  ) {}

  /** Who runs via-host requests from now on (null: nobody, so they end as network). */
  setHost(host: HostLink | null): void {
    this.host = host;
  }

  /**
   * Starts a request; resolves once it is handed on: out on the network or to a host, or ended
   * (a destination the policy refuses, no host, offline), its outcome then already on its way to
   * `complete`. The page settles after this, not after the network answers: a refusal is on the
   * screen it settles to, a slow server's answer is not waited for.
   */
  start(request: ResolvedRequest): Promise<void> {
    if (this.running.has(request.requestId)) return Promise.resolve();
    if (request.via === 'device') return this.startOnDevice(request);
    this.startOnHost(request);
    return Promise.resolve();
  }

  /** The prototype dropped the request: nothing of it is applied, and a host running it is told. */
  cancel(requestId: string): void {
    const running = this.running.get(requestId);
    if (!running) return;
    this.running.delete(requestId);
    if (running.via === 'device') running.abort.abort();
    else this.dropHostCall(requestId, running);
  }

  /** A host's answer; only the connection the request went to may give it. */
  hostResponse(response: PrototypeResponse, connection: number): void {
    const running = this.running.get(response.requestId);
    if (running?.via !== 'host' || running.connection !== connection) return;
    this.finish(response.requestId, response.outcome);
  }

  /** A host connection closed: its calls end as network, even if another host is still connected. */
  hostClosed(connection: number): void {
    for (const [requestId, running] of this.running) {
      if (running.via === 'host' && running.connection === connection) {
        this.finish(requestId, { ok: false, code: 'network', message: 'the host that was running the request disconnected', durationMs: 0 });
      }
    }
  }

  /** Cancels everything in flight (the device is closing). */
  cancelAll(): void {
    for (const requestId of [...this.running.keys()]) this.cancel(requestId);
  }

  get inFlight(): number {
    return this.running.size;
  }

  private startOnDevice(request: ResolvedRequest): Promise<void> {
    if (this.offline) {
      this.complete(request.requestId, { ok: false, code: 'network', message: 'the device is offline', durationMs: 0 });
      return Promise.resolve();
    }
    const abort = new AbortController();
    this.running.set(request.requestId, { via: 'device', abort });
    return new Promise((handedOn) => {
      void performRequest(request, { allowed: this.options.allowed, resolve: this.options.resolve, signal: abort.signal, onSent: handedOn }).then((outcome) => {
        if (this.running.get(request.requestId)?.via === 'device') this.finish(request.requestId, outcome);
      }).finally(handedOn);
    });
  }

  private startOnHost(request: ResolvedRequest): void {
    const { requestId, method, url, headers, body, timeoutMs } = request;
    const message: PrototypeRequestMessage = { type: 'prototype_request', requestId, method, url, headers, ...(body === undefined ? {} : { body }), timeoutMs };
    const connection = this.host?.send(message) ?? null;
    if (connection === null) {
      this.complete(requestId, { ok: false, code: 'network', message: 'no host is connected to run the request (via "host"); connect one, or use via "device"', durationMs: 0 });
      return;
    }
    const timer = setTimeout(() => {
      const running = this.running.get(requestId);
      if (running?.via !== 'host') return;
      this.dropHostCall(requestId, running);
      this.finish(requestId, { ok: false, code: 'timeout', message: `the host did not answer within timeoutMs + ${HOST_ANSWER_GRACE_MS} ms`, durationMs: timeoutMs + HOST_ANSWER_GRACE_MS });
    }, timeoutMs + HOST_ANSWER_GRACE_MS);
    timer.unref();
    this.running.set(requestId, { via: 'host', connection, timer });
  }

  private dropHostCall(requestId: string, running: Extract<Running, { via: 'host' }>): void {
    clearTimeout(running.timer);
    this.host?.sendCancel(running.connection, requestId);
  }

  private finish(requestId: string, outcome: RequestOutcome): void {
    const running = this.running.get(requestId);
    if (!running) return;
    this.running.delete(requestId);
    if (running.via === 'host') clearTimeout(running.timer);
    this.complete(requestId, outcome);
  }
}
