// A person's pointer on the mirrored screen becomes real input on the device: a press released
// where it started is a tap (a mouse press, as the device's own taps are; held long enough, a long
// press, pressed again on the device since the mirror learns only at release), a press that moves
// further is a finger dragged across the screen (touch input, so scroll containers and pagers
// follow it).
import { LONG_PRESS_MS, type Point, type TouchPhase } from '../device/web-device.ts';

export interface PointerDevice {
  tap(target: Point, action?: 'tap' | 'longPress'): Promise<unknown>;
  touch(phase: TouchPhase, point?: Point): Promise<void>;
}

/** A press that moves less than this (dp) is still a tap, as a phone's touch slop allows. */
export const TOUCH_SLOP_DP = 6;
export { LONG_PRESS_MS };

export type PointerPhase = 'down' | 'move' | 'up' | 'cancel';

/** One viewer's pointer: remembers the press until it knows whether it is a tap or a drag. */
export class PointerGesture {
  #pressedAt: Point | null = null;
  #pressedTime = 0;
  #dragging = false;

  constructor(
    private readonly device: PointerDevice,
    private readonly now: () => number = Date.now,
  ) {}

  async handle(phase: PointerPhase, point: Point): Promise<void> {
    switch (phase) {
      case 'down':
        await this.#endDrag();
        this.#pressedAt = point;
        this.#pressedTime = this.now();
        return;
      case 'move':
        return this.#move(point);
      case 'up':
        return this.#release(point);
      case 'cancel':
        await this.#endDrag();
        this.#pressedAt = null;
    }
  }

  async #move(point: Point): Promise<void> {
    const pressedAt = this.#pressedAt;
    if (pressedAt === null) return;
    if (!this.#dragging) {
      if (Math.hypot(point.x - pressedAt.x, point.y - pressedAt.y) < TOUCH_SLOP_DP) return;
      this.#dragging = true;
      await this.device.touch('start', pressedAt);
    }
    await this.device.touch('move', point);
  }

  async #release(point: Point): Promise<void> {
    const pressedAt = this.#pressedAt;
    if (pressedAt === null) return;
    if (this.#dragging) {
      await this.device.touch('move', point);
      await this.#endDrag();
    } else {
      await this.device.tap(pressedAt, this.now() - this.#pressedTime >= LONG_PRESS_MS ? 'longPress' : 'tap');
    }
    this.#pressedAt = null;
  }

  async #endDrag(): Promise<void> {
    if (!this.#dragging) return;
    this.#dragging = false;
    await this.device.touch('end');
  }
}
