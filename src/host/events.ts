// Event buffers and awaitEvent: each prototype id keeps its latest 64 events. A read takes nothing
// away: the same cursor reads the same events while they are buffered, and every call waiting for
// an event that matches gets it.
import type { EventKind, PrototypeEvent } from '../protocol/messages.ts';

export const EVENT_BUFFER_SIZE = 64;
export const DEFAULT_AWAIT_MS = 30_000;
export const MAX_AWAIT_MS = 60_000;

/** Why an id is no longer shown: another show replaced it, or it was dismissed. */
export interface GoneReport {
  reason: 'replaced' | 'dismissed';
  /** replaced: the id shown in its place. */
  by?: string;
  /** dismissed: the dismissal's reason (user, agent, disconnect, ttl, teardown). */
  dismissReason?: string;
}

export interface EventFilter {
  id: string;
  /** Only events with a sequence strictly greater than this. */
  afterSequence?: number;
  eventName?: string;
  kind?: EventKind;
  /** Only events of one of these kinds. */
  kinds?: readonly EventKind[];
}

export type AwaitOutcome =
  | { status: 'event'; event: PrototypeEvent }
  /** The prototype was dismissed while waiting; the dismissal is returned though it did not match. */
  | { status: 'dismissed'; event: PrototypeEvent }
  | { status: 'timedOut' }
  /** The prototype stopped being shown without a dismissal event (a show of another id replaced it). */
  | { status: 'gone'; report: GoneReport }
  /** The caller gave up (its request was cancelled). */
  | { status: 'cancelled' }
  | { status: 'deviceLost'; reason: string };

interface Waiter {
  filter: EventFilter;
  settle(outcome: AwaitOutcome): void;
}

export function matchesFilter(filter: EventFilter, event: PrototypeEvent): boolean {
  return (
    event.id === filter.id &&
    (filter.afterSequence === undefined || event.sequence > filter.afterSequence) &&
    (filter.eventName === undefined || event.name === filter.eventName) &&
    (filter.kind === undefined || event.kind === filter.kind) &&
    (filter.kinds === undefined || filter.kinds.includes(event.kind))
  );
}

export class EventBuffers {
  private readonly buffers = new Map<string, PrototypeEvent[]>();
  private readonly dropped = new Map<string, number>();
  /** Highest sequence dropped from each buffer, to tell a caller its cursor fell behind. */
  private readonly droppedThrough = new Map<string, number>();
  private readonly waiters = new Set<Waiter>();

  /** Buffers an event and hands it to every call waiting for one like it. */
  push(event: PrototypeEvent): void {
    this.store(event);
    for (const waiter of this.waiters) {
      if (!matchesFilter(waiter.filter, event)) continue;
      this.waiters.delete(waiter);
      waiter.settle({ status: 'event', event });
    }
    if (event.kind === 'dismissed') this.endWaitsFor(event.id, { status: 'dismissed', event });
  }

  /** Up to `limit` buffered events matching the filter, oldest first, left in the buffer; `more` when others match too. */
  read(filter: EventFilter, limit: number): { events: PrototypeEvent[]; more: boolean } {
    const events: PrototypeEvent[] = [];
    for (const event of this.buffers.get(filter.id) ?? []) {
      if (!matchesFilter(filter, event)) continue;
      if (events.length === limit) return { events, more: true };
      events.push(event);
    }
    return { events, more: false };
  }

  /** The latest buffered dismissal of `id` after the cursor, if the prototype is already gone. */
  dismissalAfter(id: string, afterSequence: number | undefined): PrototypeEvent | undefined {
    const dismissals = (this.buffers.get(id) ?? []).filter((event) => event.kind === 'dismissed' && (afterSequence === undefined || event.sequence > afterSequence));
    return dismissals.at(-1);
  }

  /**
   * Waits for a matching event, answering with a buffered one first. Never rejects. An aborted
   * `signal` ends the wait at once.
   */
  wait(filter: EventFilter, timeoutMs: number, signal?: AbortSignal): Promise<AwaitOutcome> {
    if (signal?.aborted) return Promise.resolve({ status: 'cancelled' });
    const buffered = this.read(filter, 1).events[0];
    if (buffered) return Promise.resolve({ status: 'event', event: buffered });
    return new Promise((resolve) => {
      const end = (outcome: AwaitOutcome) => {
        this.waiters.delete(waiter);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = () => end({ status: 'cancelled' });
      const timer = setTimeout(() => end({ status: 'timedOut' }), timeoutMs);
      const waiter: Waiter = { filter, settle: end };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }

  /** How many calls are waiting right now. */
  get waiting(): number {
    return this.waiters.size;
  }

  droppedCount(id: string): number {
    return this.dropped.get(id) ?? 0;
  }

  /** The highest dropped sequence a cursor at `afterSequence` would have wanted, if any. */
  missedAfter(id: string, afterSequence: number | undefined): number | undefined {
    const through = this.droppedThrough.get(id);
    return through !== undefined && (afterSequence ?? 0) < through ? through : undefined;
  }

  buffered(id: string): readonly PrototypeEvent[] {
    return this.buffers.get(id) ?? [];
  }

  /**
   * The device went away: every waiting call returns now, and buffered events are dropped, since
   * a new device starts its sequences afresh.
   */
  settleAll(reason: string): void {
    for (const waiter of this.waiters) waiter.settle({ status: 'deviceLost', reason });
    this.waiters.clear();
    this.buffers.clear();
    this.dropped.clear();
    this.droppedThrough.clear();
  }

  private store(event: PrototypeEvent): void {
    const buffer = this.buffers.get(event.id) ?? [];
    buffer.push(event);
    if (buffer.length > EVENT_BUFFER_SIZE) {
      const oldest = buffer.shift()!;
      this.dropped.set(event.id, this.droppedCount(event.id) + 1);
      this.droppedThrough.set(event.id, oldest.sequence);
    }
    this.buffers.set(event.id, buffer);
  }

  /** Every call waiting on `id` returns now with `outcome`. */
  endWaitsFor(id: string, outcome: AwaitOutcome): void {
    for (const waiter of this.waiters) {
      if (waiter.filter.id !== id) continue;
      this.waiters.delete(waiter);
      waiter.settle(outcome);
    }
  }
}
