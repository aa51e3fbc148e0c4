/**
 * The timer ledger of one shown prototype: timers the prototype's own actions start (startTimer),
 * each with a due time on the prototype's clock (clock.ts, which an agent can pause and move on),
 * fired in due order; the ledger keeps one timeout, for the earliest due timer.
 */
import type { Action, StartTimerAction } from '../spec/index.ts';
import { limits } from '../spec/vocabulary.ts';
import type { Clock } from './index.ts';
import type { RowContext } from './tree.ts';

interface Timer {
  id: string;
  dueAt: number;
  everyMs: number | null;
  /** Runs left, or null for a repeating timer without times. */
  left: number | null;
  runs: number;
  actions: readonly Action[];
  row: RowContext | null;
  /** Order of starting, so timers due at the same moment fire in the order they were started. */
  order: number;
}

export interface TimerReport {
  id: string;
  nextFireInMs: number;
  runs: number;
}

/** The longest advance one call may ask for: a day. */
export const MAX_ADVANCE_MS = limits.timerMs;

export class TimerLedger {
  private readonly timers = new Map<string, Timer>();
  private handle: unknown = null;
  /** Timer runs fired so far (advanceClock answers how many it fired). */
  runsFired = 0;
  private started = 0;

  constructor(
    private readonly clock: Clock,
    /** Runs one timer's actions (as one unit, like a tap). */
    private readonly fire: (actions: readonly Action[], row: RowContext | null) => void,
  ) {}

  private now(): number {
    return this.clock.now();
  }

  /** Starts `action`'s timer, replacing one of the same id. */
  start(action: StartTimerAction, row: RowContext | null): void {
    const repeating = action.everyMs !== undefined;
    this.timers.set(action.id, {
      id: action.id,
      dueAt: this.now() + action.afterMs,
      everyMs: action.everyMs ?? null,
      left: repeating ? (action.times ?? null) : 1,
      runs: 0,
      actions: action.onFire,
      row,
      order: this.started++,
    });
    this.schedule();
  }

  cancel(id: string): void {
    this.timers.delete(id);
    this.schedule();
  }

  /** Cancels every timer (dismissal, expiry, a show that replaces the prototype). */
  clear(): void {
    this.timers.clear();
    this.schedule();
  }

  report(): TimerReport[] {
    const now = this.now();
    return [...this.timers.values()].sort(byDue).map((timer) => ({ id: timer.id, nextFireInMs: Math.max(0, timer.dueAt - now), runs: timer.runs }));
  }

  private nextDue(): Timer | undefined {
    let next: Timer | undefined;
    for (const timer of this.timers.values()) if (!next || byDue(timer, next) < 0) next = timer;
    return next;
  }

  private fireOne(timer: Timer): void {
    timer.runs += 1;
    this.runsFired += 1;
    if (timer.left !== null) timer.left -= 1;
    if (timer.left === 0 || timer.everyMs === null) this.timers.delete(timer.id);
    else timer.dueAt += timer.everyMs;
    this.fire(timer.actions, timer.row);
  }

  /** One real timeout, for the earliest due timer. */
  private schedule(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
    const next = this.nextDue();
    if (!next) return;
    this.handle = this.clock.setTimeout(() => {
      this.handle = null;
      const due = this.nextDue();
      if (due && due.dueAt <= this.now()) this.fireOne(due);
      this.schedule();
    }, Math.max(0, next.dueAt - this.now()));
  }
}

function byDue(a: Timer, b: Timer): number {
  return a.dueAt - b.dueAt || a.order - b.order;
}
