// Long press and double tap on a node with onLongPress / onDoubleTap (seeds/001 "Prototype gesture
// action lists"). The state of a press lives on the element, so a node that gains a gesture in a
// patch needs no hook of its own.
import { LONG_PRESS_MS, type Gestures, type Interaction } from '../runtime/model.ts';
/** A second tap within this long of the first is a double tap; a single tap on such a node waits this long. */
export const DOUBLE_TAP_MS = 300;
/** A press that moves further than this is a drag, not a long press. */
const TOUCH_SLOP = 8;

/** The accessibility actions a node's gestures add, in a fixed order. */
export function gestureActions(gestures: Gestures): string[] {
  return [...(gestures.longPress ? ['longPress'] : []), ...(gestures.doubleTap ? ['doubleTap'] : [])];
}

interface PressState {
  timer: ReturnType<typeof setTimeout> | null;
  x: number;
  y: number;
  /** The long press fired: the click that ends it does nothing. */
  longPressed: boolean;
  /** A first tap waiting for a second. */
  pendingTap: ReturnType<typeof setTimeout> | null;
}

const presses = new WeakMap<Element, PressState>();

function stateOf(element: Element): PressState {
  let state = presses.get(element);
  if (!state) presses.set(element, (state = { timer: null, x: 0, y: 0, longPressed: false, pendingTap: null }));
  return state;
}

function cancelHold(state: PressState): void {
  if (state.timer !== null) clearTimeout(state.timer);
  state.timer = null;
}

/**
 * Event handlers for the element of a node with gestures. `onTap` is the node's own tap (null:
 * it has none, and a single tap goes on to the nearest ancestor that takes one, as if the node
 * took no taps; with onDoubleTap it goes there once the double-tap wait is over).
 */
export function gestureHandlers(key: string, gestures: Gestures, interact: (interaction: Interaction) => void, onTap: (() => void) | null) {
  return {
    onPointerDown(event: PointerEvent) {
      const state = stateOf(event.currentTarget as Element);
      state.longPressed = false;
      cancelHold(state);
      if (!gestures.longPress || event.button !== 0) return;
      state.x = event.clientX;
      state.y = event.clientY;
      state.timer = setTimeout(() => {
        state.timer = null;
        state.longPressed = true;
        interact({ type: 'longPress', key });
      }, LONG_PRESS_MS);
    },
    onPointerMove(event: PointerEvent) {
      const state = presses.get(event.currentTarget as Element);
      if (state?.timer != null && Math.hypot(event.clientX - state.x, event.clientY - state.y) > TOUCH_SLOP) cancelHold(state);
    },
    onPointerUp(event: PointerEvent) {
      const state = presses.get(event.currentTarget as Element);
      if (state) cancelHold(state);
    },
    onPointerCancel(event: PointerEvent) {
      const state = presses.get(event.currentTarget as Element);
      if (state) cancelHold(state);
    },
    onClick(event: MouseEvent) {
      const element = event.currentTarget as Element;
      const state = stateOf(element);
      if (state.longPressed) {
        state.longPressed = false;
        event.stopPropagation();
        return;
      }
      if (!gestures.doubleTap) {
        if (onTap) {
          event.stopPropagation();
          onTap();
        }
        return;
      }
      event.stopPropagation();
      if (state.pendingTap !== null) {
        clearTimeout(state.pendingTap);
        state.pendingTap = null;
        interact({ type: 'doubleTap', key });
        return;
      }
      state.pendingTap = setTimeout(() => {
        state.pendingTap = null;
        if (onTap) onTap();
        else passTapOn(element);
      }, DOUBLE_TAP_MS);
    },
  };
}

/** A single tap the node does not take goes to its parent's element, and on up from there. */
function passTapOn(element: Element): void {
  const parent = element.parentElement;
  if (parent && element.isConnected) parent.click();
}
