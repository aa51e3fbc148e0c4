// The offline ring: events a persisted prototype (window.persistence "device") emits while no
// host is connected wait here, the oldest dropped (and counted) past the cap, and go out in
// order when a host is back.
import type { PrototypeEvent } from '../runtime/model.ts';

export const OFFLINE_EVENT_CAPACITY = 200;

export class OfflineEventRing {
  private readonly events: PrototypeEvent[] = [];
  /** Events dropped from the ring since the device started (inspect's droppedEvents). */
  dropped = 0;

  constructor(private readonly capacity = OFFLINE_EVENT_CAPACITY) {}

  push(event: PrototypeEvent): void {
    this.events.push(event);
    if (this.events.length > this.capacity) {
      this.events.shift();
      this.dropped += 1;
    }
  }

  /** Hands every waiting event, oldest first, to `send` and empties the ring. */
  flush(send: (event: PrototypeEvent) => void): void {
    for (const event of this.events.splice(0)) send(event);
  }

  get size(): number {
    return this.events.length;
  }
}
