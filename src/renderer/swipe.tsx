// Swipe actions on a row or list item (seeds/001 "Swipe actions"): a sideways drag slides the row
// to reveal its start (drag right) or end (drag left) buttons. Released past 40% of the buttons'
// width, or flung, the row stays open; with fullSwipe, dragged past 60% of its own width it runs
// its side's first entry and closes. One row is open at a time, and a tap on an open row closes it.
// The row's slide is a Web Animation, so a redraw of the row never resets it, and the state of a
// drag lives on the element, so a row needs no hook of its own.
import type { Interaction, SwipeView } from '../runtime/model.ts';
import { a11yAttributes, partTag } from './a11y.ts';
import { Icon } from './icons.tsx';

/** Width of one revealed button (dp). */
export const SWIPE_BUTTON_DP = 72;
/** A release past this share of the revealed width leaves the row open. */
export const OPEN_SHARE = 0.4;
/** With fullSwipe, a drag past this share of the row's width runs the first entry. */
export const FULL_SWIPE_SHARE = 0.6;
/** dp per ms: a release faster than this toward a side opens it; faster than HARD_FLING runs a full swipe. */
const FLING = 0.5;
const HARD_FLING = 4;
const TOUCH_SLOP = 8;
const SETTLE_MS = 200;

type Side = 'start' | 'end';

/** Where a released drag goes (offset: dp, positive to the right; velocity: dp per ms). */
export function settleSwipe(offset: number, velocity: number, rowWidth: number, swipe: SwipeView): { open: Side | null; full: Side | null } {
  const side: Side | null = offset > 0 ? 'start' : offset < 0 ? 'end' : null;
  if (side === null || swipe[side].length === 0) return { open: null, full: null };
  const toward = side === 'start' ? velocity : -velocity;
  const distance = Math.abs(offset);
  if (swipe.fullSwipe && (distance >= FULL_SWIPE_SHARE * rowWidth - 0.5 || toward > HARD_FLING)) return { open: null, full: side };
  const revealed = swipe[side].length * SWIPE_BUTTON_DP;
  return { open: distance > OPEN_SHARE * revealed || toward > FLING ? side : null, full: null };
}

/** How far the row follows a finger `dx` dp away: freely over a side it has, rubber-banded past its buttons (unless fullSwipe). */
export function followFinger(dx: number, rowWidth: number, swipe: SwipeView): number {
  const side: Side = dx > 0 ? 'start' : 'end';
  if (swipe[side].length === 0) return 0;
  const revealed = swipe[side].length * SWIPE_BUTTON_DP;
  const distance = Math.abs(dx);
  const limit = swipe.fullSwipe ? rowWidth : revealed;
  const followed = distance <= limit ? distance : limit + (distance - limit) / 3;
  return Math.sign(dx) * followed;
}

interface SwipeState {
  pointer: number | null;
  startX: number;
  startY: number;
  lastX: number;
  lastTime: number;
  velocity: number;
  active: boolean;
  offset: number;
  open: Side | null;
  /** A drag just ended: the click it makes taps nothing. */
  dragged: boolean;
}

const states = new WeakMap<HTMLElement, SwipeState>();
/** The row that is open, closed when another opens. */
let openRow: { element: HTMLElement; close(): void } | null = null;

function stateOf(element: HTMLElement): SwipeState {
  let state = states.get(element);
  if (!state) states.set(element, (state = { pointer: null, startX: 0, startY: 0, lastX: 0, lastTime: 0, velocity: 0, active: false, offset: 0, open: null, dragged: false }));
  return state;
}

export interface SwipeContext {
  key: string;
  testTag: string | null;
  swipe: SwipeView;
  interact(interaction: Interaction): void;
  /** Motion profile: off snaps, reduced snaps too (no spatial motion), full slides. */
  animate: boolean;
}

/** Slides the row (and the buttons riding beside it) to `offset`, over SETTLE_MS when `animate`. */
function slide(element: HTMLElement, from: number, to: number, animate: boolean): void {
  for (const animation of element.getAnimations()) if (animation.id === 'ps-swipe') animation.cancel();
  const frames = animate && from !== to ? [{ transform: `translateX(${from}px)` }, { transform: `translateX(${to}px)` }] : [{ transform: `translateX(${to}px)` }];
  const animation = element.animate(frames, { duration: animate && from !== to ? SETTLE_MS : 0, easing: 'cubic-bezier(0.2, 0, 0, 1)', fill: 'forwards' });
  animation.id = 'ps-swipe';
  const sides = element.querySelectorAll<HTMLElement>('.ps-swipe-side');
  // A row slid back hides its buttons once it is home.
  if (to === 0) animation.finished.then(() => sides.forEach((side) => (side.style.visibility = '')), () => undefined);
  for (const side of sides) {
    const revealing = (side.dataset.side === 'start') === to > 0 && to !== 0;
    // Hidden unless the row is slid its way (a row narrower than the window would show them beside it).
    side.style.visibility = revealing || from !== to ? 'visible' : '';
    // Past its buttons (a full swipe) a side stretches to the row's edge, its first entry widest.
    side.style.width = revealing && Math.abs(to) > side.offsetWidth ? `${Math.abs(to)}px` : '';
  }
}

/** Marks the revealed buttons as accessibility nodes (tagged) while the row is open, and unmarks them. */
function markButtons(element: HTMLElement, context: SwipeContext, open: Side | null): void {
  for (const side of element.querySelectorAll<HTMLElement>('.ps-swipe-side')) side.toggleAttribute('aria-hidden', side.dataset.side !== open);
  for (const button of element.querySelectorAll<HTMLElement>('.ps-swipe-side > .ps-swipe-button')) {
    const index = Number(button.dataset.index);
    const shown = open !== null && button.parentElement!.dataset.side === open;
    const attributes = a11yAttributes({ id: `${context.key}#swipe.${index}`, testTag: partTag(context.testTag, `swipe.${index}`), role: 'Button', text: button.dataset.label! });
    for (const [name, value] of Object.entries(attributes)) {
      if (shown) button.setAttribute(name, value);
      else button.removeAttribute(name);
    }
  }
}

function settle(element: HTMLElement, context: SwipeContext, open: Side | null): void {
  const state = stateOf(element);
  const width = open === null ? 0 : context.swipe[open].length * SWIPE_BUTTON_DP;
  const to = open === 'start' ? width : open === 'end' ? -width : 0;
  slide(element, state.offset, to, context.animate);
  state.offset = to;
  state.open = open;
  markButtons(element, context, open);
  if (open !== null) {
    if (openRow && openRow.element !== element) openRow.close();
    openRow = { element, close: () => settle(element, context, null) };
  } else if (openRow?.element === element) openRow = null;
}

/** The pointer and click handlers of a row with swipe actions (on its outermost element). */
export function swipeHandlers(context: SwipeContext) {
  return {
    onPointerDown(event: PointerEvent) {
      const state = stateOf(event.currentTarget as HTMLElement);
      if (state.pointer !== null && state.active) return;
      Object.assign(state, { pointer: event.pointerId, startX: event.clientX, startY: event.clientY, lastX: event.clientX, lastTime: event.timeStamp, velocity: 0, active: false, dragged: false });
    },
    onPointerMove(event: PointerEvent) {
      const element = event.currentTarget as HTMLElement;
      const state = stateOf(element);
      if (state.pointer !== event.pointerId) return;
      const dx = event.clientX - state.startX;
      if (!state.active) {
        const dy = Math.abs(event.clientY - state.startY);
        if (dy > TOUCH_SLOP && dy > Math.abs(dx)) state.pointer = null;
        if (Math.abs(dx) <= TOUCH_SLOP || Math.abs(dx) <= dy) return;
        state.active = true;
        element.setPointerCapture(event.pointerId);
        if (openRow && openRow.element !== element) openRow.close();
      }
      const elapsed = Math.max(1, event.timeStamp - state.lastTime);
      state.velocity = (event.clientX - state.lastX) / elapsed;
      state.lastX = event.clientX;
      state.lastTime = event.timeStamp;
      const base = state.open === 'start' ? context.swipe.start.length * SWIPE_BUTTON_DP : state.open === 'end' ? -context.swipe.end.length * SWIPE_BUTTON_DP : 0;
      const offset = followFinger(base + dx, element.offsetWidth, context.swipe);
      slide(element, offset, offset, false);
      state.offset = offset;
    },
    onPointerUp(event: PointerEvent) {
      const element = event.currentTarget as HTMLElement;
      const state = stateOf(element);
      if (state.pointer !== event.pointerId) return;
      state.pointer = null;
      if (!state.active) return;
      state.active = false;
      state.dragged = true;
      const result = settleSwipe(state.offset, state.velocity, element.offsetWidth, context.swipe);
      if (result.full !== null) {
        settle(element, context, null);
        context.interact({ type: 'swipeAction', key: context.key, index: result.full === 'start' ? 0 : context.swipe.start.length });
        return;
      }
      settle(element, context, result.open);
    },
    onPointerCancel(event: PointerEvent) {
      const element = event.currentTarget as HTMLElement;
      const state = stateOf(element);
      if (state.pointer !== event.pointerId) return;
      state.pointer = null;
      if (state.active) settle(element, context, state.open);
      state.active = false;
    },
    /** A drag's own click taps nothing; a tap on an open row (not on a button) closes it instead of tapping it. */
    onClickCapture(event: MouseEvent) {
      const element = event.currentTarget as HTMLElement;
      const state = stateOf(element);
      const onButton = event.target instanceof Element && event.target.closest('.ps-swipe-button') !== null;
      if (state.dragged || (state.open !== null && !onButton)) {
        // Immediate: the row's own tap listener sits on this same element.
        event.stopImmediatePropagation();
        event.preventDefault();
        if (!state.dragged) settle(element, context, null);
        state.dragged = false;
      }
    },
  };
}

/** The buttons beside the row, out of view until it slides (start ones at its left, end ones at its right). */
export function SwipeButtons({ context }: { context: SwipeContext }) {
  const { swipe } = context;
  const side = (name: Side, offset: number) =>
    swipe[name].length === 0 ? null : (
      <div class={`ps-swipe-side ps-swipe-${name}`} data-side={name} style={{ '--ps-swipe-count': String(swipe[name].length) }} aria-hidden="true">
        {swipe[name].map((entry, index) => (
          <div
            key={index}
            class="ps-swipe-button"
            data-index={String(offset + index)}
            data-label={entry.text}
            style={{ background: entry.background, color: entry.foreground }}
            onClick={(event) => {
              event.stopPropagation();
              const row = (event.currentTarget as HTMLElement).closest<HTMLElement>('.ps-swipeable');
              if (row) settle(row, context, null);
              context.interact({ type: 'swipeAction', key: context.key, index: offset + index });
            }}
          >
            {entry.icon ? <Icon name={entry.icon} /> : null}
            <span class="ps-swipe-label">{entry.text}</span>
          </div>
        ))}
      </div>
    );
  return (
    <>
      {side('start', 0)}
      {side('end', swipe.start.length)}
    </>
  );
}

/** The spoken names of a row's swipe entries, start first, as accessibility actions. */
export function swipeActionNames(swipe: SwipeView): string[] {
  return [...swipe.start, ...swipe.end].map((entry) => entry.text);
}
