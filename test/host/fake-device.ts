// An in-memory device channel for host unit tests: records every request and answers with
// per-type handlers the test sets.
import type { DeviceChannel } from '../../src/protocol/client.ts';
import { CAPABILITIES } from '../../src/protocol/constants.ts';
import { replyTypeOf, type HostRequestBody, type PrototypeEvent } from '../../src/protocol/messages.ts';

type Handler = (request: HostRequestBody) => unknown | Promise<unknown>;

export const ALL_CAPABILITIES = Object.values(CAPABILITIES);

export class FakeDevice implements DeviceChannel {
  readonly capabilities: Set<string>;
  readonly requests: HostRequestBody[] = [];
  readonly handlers = new Map<string, Handler>();
  private eventListeners: Array<(event: PrototypeEvent) => void> = [];
  private closeListeners: Array<(reason: string) => void> = [];
  private pendingRejects = new Set<(error: Error) => void>();
  closed = false;

  constructor(capabilities: readonly string[] = ALL_CAPABILITIES) {
    this.capabilities = new Set(capabilities);
  }

  requestTypes(): string[] {
    return this.requests.map((request) => request.type);
  }

  async request(body: HostRequestBody): Promise<any> {
    if (this.closed) throw new Error('device unavailable: closed');
    this.requests.push(structuredClone(body));
    const handler = this.handlers.get(body.type);
    const answer = new Promise<unknown>((resolve, reject) => {
      this.pendingRejects.add(reject);
      Promise.resolve(handler ? handler(body) : { success: true }).then(resolve, reject);
    });
    const reply = await answer;
    return { type: replyTypeOf[body.type], requestId: 'r', ...(reply as object) };
  }

  emit(event: Partial<PrototypeEvent> & { id: string; sequence: number; kind: PrototypeEvent['kind'] }): void {
    const full: PrototypeEvent = { timestamp: 0, name: null, payload: null, state: {}, pages: {}, ...event };
    for (const listener of this.eventListeners) listener(full);
  }

  onEvent(listener: (event: PrototypeEvent) => void): void {
    this.eventListeners.push(listener);
  }

  onClose(listener: (reason: string) => void): void {
    this.closeListeners.push(listener);
  }

  /** Simulates the device process dying: pending requests fail, close listeners run. */
  kill(reason = 'the device closed the connection'): void {
    this.closed = true;
    for (const reject of this.pendingRejects) reject(new Error(`device disconnected during request: ${reason}`));
    for (const listener of this.closeListeners) listener(reason);
  }

  close(): void {
    this.kill('the host closed the connection');
  }
}
