/**
 * The prototype's own clock: the device's clock, which an agent can pause (device {clock:
 * "paused"}) and move on (advanceClock). Everything the prototype waits for runs on it: its
 * timers, a snackbar's duration and the idle timeout. While it is paused nothing falls due;
 * advancing it fires what falls due in due order (same-due callbacks in the order they were set),
 * each seeing the clock at its own due time.
 */
import type { Clock } from './index.ts';

interface Pending {
  dueAt: number;
  callback: () => void;
  /** The device clock's timeout while the clock runs, else null. */
  handle: unknown;
}

export class PrototypeClock implements Clock {
  private readonly pending = new Map<number, Pending>();
  private serial = 0;
  /** The prototype's time minus the device's while running. */
  private offset = 0;
  /** The prototype's time while paused, else null. */
  private pausedAt: number | null = null;
  /** Inside advance, callbacks set on the way wait for its loop, not for the device clock. */
  private advancing = false;

  constructor(private readonly device: Clock) {}

  get paused(): boolean {
    return this.pausedAt !== null;
  }

  now(): number {
    return this.pausedAt ?? this.device.now() + this.offset;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.serial;
    const entry: Pending = { dueAt: this.now() + Math.max(0, ms), callback, handle: null };
    this.pending.set(id, entry);
    this.arm(id, entry);
    return id;
  }

  clearTimeout(handle: unknown): void {
    const entry = this.pending.get(handle as number);
    if (!entry) return;
    this.disarm(entry);
    this.pending.delete(handle as number);
  }

  pause(): void {
    if (this.pausedAt !== null) return;
    this.pausedAt = this.now();
    for (const entry of this.pending.values()) this.disarm(entry);
  }

  resume(): void {
    if (this.pausedAt === null) return;
    this.offset = this.pausedAt - this.device.now();
    this.pausedAt = null;
    for (const [id, entry] of this.pending) this.arm(id, entry);
  }

  /** Moves the clock `ms` on, running every callback that falls due on the way. */
  advance(ms: number): void {
    const end = this.now() + ms;
    for (const entry of this.pending.values()) this.disarm(entry);
    this.advancing = true;
    try {
      for (let next = this.nextDue(end); next !== null; next = this.nextDue(end)) {
        const [id, entry] = next;
        this.pending.delete(id);
        this.moveTo(entry.dueAt);
        entry.callback();
      }
      this.moveTo(end);
    } finally {
      this.advancing = false;
      for (const [id, entry] of this.pending) this.arm(id, entry);
    }
  }

  /** The earliest callback due by `end` (ids rise in setting order, so the first found wins ties). */
  private nextDue(end: number): [number, Pending] | null {
    let next: [number, Pending] | null = null;
    for (const pair of this.pending) if (pair[1].dueAt <= end && (next === null || pair[1].dueAt < next[1].dueAt)) next = pair;
    return next;
  }

  private moveTo(time: number): void {
    const at = Math.max(time, this.now());
    if (this.pausedAt !== null) this.pausedAt = at;
    else this.offset = at - this.device.now();
  }

  private arm(id: number, entry: Pending): void {
    if (this.pausedAt !== null || this.advancing) return;
    entry.handle = this.device.setTimeout(() => {
      entry.handle = null;
      this.pending.delete(id);
      entry.callback();
    }, Math.max(0, entry.dueAt - this.now()));
  }

  private disarm(entry: Pending): void {
    if (entry.handle !== null) this.device.clearTimeout(entry.handle);
    entry.handle = null;
  }
}
