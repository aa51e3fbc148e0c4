/** Test helpers: a fake clock and a controller recording its events. */
import type { PrototypeSpec } from '../../src/spec/index.ts';
import { validatePrototypeSpec } from '../../src/validate/index.ts';
import { createController, type Clock, type PrototypeEvent, type DeviceSettings } from '../../src/runtime/index.ts';

/** A manual clock: timers fire only when `advance` passes their due time. */
export class FakeClock implements Clock {
  time = 1_000;
  private nextHandle = 1;
  private timers = new Map<number, { due: number; callback: () => void }>();

  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.set(handle, { due: this.time + ms, callback });
    return handle;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Move time forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.due <= end).sort((a, b) => a[1].due - b[1].due)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].due;
      due[1].callback();
    }
    this.time = end;
  }
  get pending(): number {
    return this.timers.size;
  }
}

export function setup(device: DeviceSettings = { dark: false }, idleTtlMs?: number) {
  const clock = new FakeClock();
  const events: PrototypeEvent[] = [];
  const controller = createController({ clock, device, onEvent: (event) => events.push(event), idleTtlMs });
  return { clock, events, controller };
}

/** A spec the validator accepts, decoded (it throws with the path and message otherwise). */
export function valid(spec: unknown): PrototypeSpec {
  const result = validatePrototypeSpec(spec);
  if (!result.ok) throw new Error(`${result.path}: ${result.message}`);
  return result.spec;
}

/** A fullscreen spec around `root`. */
export function spec(root: unknown, extra: Record<string, unknown> = {}): PrototypeSpec {
  return { id: 'p', window: { placement: { type: 'fullscreen' } }, root, ...extra } as PrototypeSpec;
}
