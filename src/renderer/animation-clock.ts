/**
 * The page's animations on the prototype's clock: while an agent has it paused (device {clock:
 * "paused"}) every running animation is held where it is, including ones that start meanwhile
 * (checked after each draw and each frame), and advanceClock moves the held ones on by its
 * milliseconds. Running again, they play on from there.
 */
export class AnimationClock {
  private readonly held = new Set<Animation>();
  private frame: number | null = null;
  private paused = false;

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    const watch = () => {
      this.holdRunning();
      this.frame = requestAnimationFrame(watch);
    };
    watch();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    for (const animation of this.held) if (animation.playState === 'paused') animation.play();
    this.held.clear();
  }

  /**
   * Moves every held animation `ms` on (one that reaches its end finishes), around `draw`: what
   * the advance changed starts its own animations there, and they are moved on by `ms` too.
   */
  advance(ms: number, draw: () => void): void {
    this.holdRunning();
    const earlier = new Set(this.held);
    this.moveOn(earlier, ms);
    draw();
    this.holdRunning();
    this.moveOn([...this.held].filter((animation) => !earlier.has(animation)), ms);
  }

  private moveOn(animations: Iterable<Animation>, ms: number): void {
    for (const animation of animations) {
      const time = animation.currentTime;
      if (typeof time === 'number') animation.currentTime = time + ms;
      if (animation.playState === 'finished') this.held.delete(animation);
    }
  }

  /** Whether the clock holds this animation (settled does not wait for it). */
  holds(animation: Animation): boolean {
    return this.held.has(animation);
  }

  /** While paused, holds whatever has started running. */
  holdRunning(): void {
    if (!this.paused) return;
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running' || this.held.has(animation)) continue;
      animation.pause();
      this.held.add(animation);
    }
  }
}
