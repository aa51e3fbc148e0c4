/**
 * observe's screenshot: each frame is held still for the capture (carets hidden, finite
 * animations run to their end, endless ones shown at their first frame), the screen is captured
 * once, and each frame is released again. Both functions run in a frame (serialised by
 * `evaluate`), so they use nothing from outside themselves.
 */

/**
 * Runs in a frame: holds it still for a screenshot and keeps the undo on the window. With
 * `hidePrototype` the prototype's windows are hidden as well (the seeds' hide for capture).
 * The undo is kept as `__protostageReleaseCapture`, the name `releaseAfterCapture` reads.
 */
export async function holdStillForCapture(hidePrototype: boolean): Promise<void> {
  const undo: Array<() => void> = [];
  // Only the focused field draws a caret: the others keep their style, so the capture's frame and
  // the release restyle one element, not every field of a long form.
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  if (focused instanceof HTMLElement && (focused.matches('input,textarea') || focused.isContentEditable)) {
    const field = focused;
    const value = field.style.getPropertyValue('caret-color');
    const priority = field.style.getPropertyPriority('caret-color');
    field.style.setProperty('caret-color', 'transparent', 'important');
    undo.push(() => field.style.setProperty('caret-color', value, priority));
  }
  const endless = new Set<Animation>();
  const stillAnimations = (): void => {
    for (const animation of document.getAnimations()) {
      if (animation.effect === null || animation.playbackRate === 0 || endless.has(animation)) continue;
      try {
        if (Number.isFinite(animation.effect.getComputedTiming().endTime)) animation.finish();
        else {
          animation.cancel();
          endless.add(animation);
        }
      } catch {
        // An animation that cannot finish (a scroll-driven one) is captured as it is.
      }
    }
  };
  stillAnimations();
  // What starts while the capture is taken is stilled too.
  document.addEventListener('transitionrun', stillAnimations);
  document.addEventListener('animationstart', stillAnimations);
  undo.push(() => {
    document.removeEventListener('transitionrun', stillAnimations);
    document.removeEventListener('animationstart', stillAnimations);
    for (const animation of endless) animation.play();
  });
  if (hidePrototype) {
    const windows = document.querySelectorAll<HTMLElement>('[data-ps-window]');
    windows.forEach((element) => element.style.setProperty('visibility', 'hidden'));
    undo.push(() => windows.forEach((element) => element.style.removeProperty('visibility')));
  }
  (window as unknown as Record<string, () => void>).__protostageReleaseCapture = () => {
    for (const step of undo) step();
  };
  await document.fonts.ready;
}

/** Runs in a frame: undoes `holdStillForCapture`, if it ran there. */
export function releaseAfterCapture(): void {
  const held = window as unknown as Record<string, (() => void) | undefined>;
  held.__protostageReleaseCapture?.();
  delete held.__protostageReleaseCapture;
}
