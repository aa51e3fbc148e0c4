// Whether a same-id show may keep the window on screen instead of mounting a fresh one. A show
// mounts a fresh window (so a replaced prototype never runs size or exit animations from the last
// one, and nothing typed, scrolled or opened carries over). When the new render model is the one
// on screen and nothing has touched the window since its show drew it, the fresh window would be
// the same DOM: the show keeps it, and the page is spared the mount, its style, layout and raster.
import type { RenderModel } from '../runtime/model.ts';

/**
 * Input that changes what a window holds without a draw of ours: presses (pressed states,
 * ripples), touches, keys and text, focus, the wheel and scrolling (scroll does not bubble, but a
 * capturing listener sees it).
 */
const TOUCHING_EVENTS = [
  'pointerdown', 'pointerup', 'pointercancel', 'touchstart', 'touchmove', 'touchend', 'touchcancel',
  'keydown', 'keyup', 'beforeinput', 'input', 'compositionstart', 'focusin', 'focusout', 'wheel', 'scroll', 'select',
];

/** What a show asked for (its validated spec and options) and the model it drew. */
export interface ShowDrawing {
  spec: unknown;
  options: unknown;
  model: RenderModel | null;
}

export class UntouchedWindow {
  /** Watches the prototype layer only while a show's window is untouched, so no draw pays for it. */
  readonly #mutations = new MutationObserver(() => this.touch());
  /** What the last show drew, while nothing has touched its window since; otherwise null. */
  #drawn: ShowDrawing | null = null;

  constructor(private readonly container: Element) {
    const touch = () => this.touch();
    for (const type of TOUCHING_EVENTS) addEventListener(type, touch, { capture: true, passive: true });
  }

  /** Something changed the window, or may have: the next show mounts a fresh one. */
  touch(): void {
    if (this.#drawn === null) return;
    this.#drawn = null;
    this.#mutations.disconnect();
  }

  /** A show has just drawn its window: from now on, any change to it is a touch. */
  drawn(show: ShowDrawing): void {
    this.#drawn = show;
    this.#mutations.observe(this.container, { subtree: true, childList: true, attributes: true, characterData: true });
  }

  /**
   * Whether `show` would draw exactly the window on screen, which is as its show left it. The
   * spec and options come first: they are far smaller than the model, which is compared only when
   * they match (it also holds what the runtime derived, such as kept pages).
   */
  redraws(show: ShowDrawing): boolean {
    if (this.#mutations.takeRecords().length > 0) this.touch();
    const drawn = this.#drawn;
    if (drawn === null || drawn.model === null || show.model === null || animating()) return false;
    return sameData(drawn.spec, show.spec) && sameData(drawn.options, show.options) && sameModel(drawn.model, show.model);
  }
}

/** Some animation is running or about to (an enter transition a fresh window would start over). */
function animating(): boolean {
  return document.getAnimations().some((animation) => animation.playState === 'running' || animation.pending);
}

/** Two render models that draw the same: equal in every field but the revision number. */
export function sameModel(a: RenderModel, b: RenderModel): boolean {
  if (a === b) return true;
  for (const key of Object.keys(a) as Array<keyof RenderModel>) {
    if (key !== 'revision' && !sameData(a[key], b[key])) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

/** Deep equality of JSON-like data: plain objects, arrays and primitives. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameData(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) {
    if (!Object.hasOwn(b, key) || !sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
