// What the page does with the platform calls the runtime hands it: the cue (and tone) of a haptic
// or a sound, the browser sheet of a link, and the share sheet, whose answer (a target, a cancel,
// or no choice within the call's timeout) goes back to the runtime. Drawn by system-sheets.tsx.
import type { PlatformOutcome, ResolvedPlatformCall } from '../runtime/index.ts';
import { NO_SYSTEM_UI, type ShareTargetId, type SystemUi } from './system-sheets.tsx';
import { playSound } from './sounds.ts';

export class PlatformUi {
  state: SystemUi = NO_SYSTEM_UI;
  private cueSerial = 0;
  private shareTimer: ReturnType<typeof setTimeout> | null = null;
  private shareOpenedAt = 0;
  /** What the sheets' buttons call (stable, so the drawn tree does not change with every draw). */
  readonly pickTarget = (target: ShareTargetId) => this.answerShare(target);
  readonly cancelShare = () => this.answerShare(null);
  readonly closeBrowser = () => this.set({ browser: null });

  constructor(
    /** The sheets changed: draw again. */
    private readonly changed: () => void,
    /** A share's answer, for the runtime. */
    private readonly answered: (callId: string, outcome: PlatformOutcome) => void,
  ) {}

  start(call: ResolvedPlatformCall): void {
    if (call.call === 'haptics.perform' || call.call === 'sound.play') {
      const name = call.call === 'haptics.perform' ? call.style : call.sound;
      if (call.call === 'sound.play') playSound(call.sound);
      else navigator.vibrate?.(name === 'heavy' || name === 'error' ? 60 : 20);
      this.set({ cue: { call: call.call, name, serial: ++this.cueSerial } });
    } else if (call.call === 'links.open') {
      this.set({ browser: { url: call.url } });
    } else {
      if (this.state.share) this.answerShare(null);
      this.shareOpenedAt = performance.now();
      this.set({ share: call });
      this.shareTimer = setTimeout(() => this.finishShare(call.callId, { ok: false, code: 'timeout', message: `nobody chose a share target within ${call.timeoutMs} ms`, durationMs: call.timeoutMs }), call.timeoutMs);
    }
  }

  /** Takes the share sheet of `callId` away (answered, or its prototype gone). */
  closeShare(callId: string): void {
    if (this.state.share?.callId !== callId) return;
    if (this.shareTimer !== null) clearTimeout(this.shareTimer);
    this.shareTimer = null;
    this.set({ share: null });
  }

  /** The prototype that opened a link is gone: its browser sheet goes too. */
  prototypeGone(): void {
    if (this.state.browser) this.set({ browser: null });
  }

  /** The person picked a target (shared with it) or closed the sheet (cancelled). */
  private answerShare(target: ShareTargetId | null): void {
    const share = this.state.share;
    if (!share) return;
    const durationMs = Math.round(performance.now() - this.shareOpenedAt);
    this.finishShare(share.callId, target === null
      ? { ok: false, code: 'cancelled', message: 'the share sheet was closed', durationMs }
      : { ok: true, result: { ...share.summary, outcome: 'shared', target }, durationMs });
  }

  private finishShare(callId: string, outcome: PlatformOutcome): void {
    this.closeShare(callId);
    this.answered(callId, outcome);
  }

  private set(change: Partial<SystemUi>): void {
    this.state = { ...this.state, ...change };
    this.changed();
  }
}
