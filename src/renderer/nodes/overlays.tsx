// Overlays drawn above the author tree inside the window: dialog and drawer (modal), snackbar and bottomSheet.
import { createContext } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BottomSheetNode, Detent, DialogNode, DrawerNode, SnackbarNode } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { DragGuard, Env, type RenderEnv } from '../env.ts';
import { Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { Node, type NodeProps } from '../node.tsx';
import { LayerSlot, layerElement } from '../screen.tsx';
import { SheetScrolling } from './layout.tsx';
import { useFocusWhileOpen } from '../focus.ts';

/**
 * Set inside a dialog's child: a time or date picker there is Material's picker dialog, drawn on
 * the dialog's surface instead of its own, and under the dialog's title when it has one.
 */
export const DialogSurface = createContext<{ titled: boolean } | null>(null);

const PICKER_TYPES = new Set(['timePicker', 'datePicker']);

/**
 * A modal's own layer for anchored nodes inside it: they draw above the modal (and its scrim),
 * where the window's anchor layer, beneath the overlays and hidden by an open dialog, cannot.
 */
function useModalAnchorLayer(env: RenderEnv): { layer: Element; env: RenderEnv } {
  const [layer] = useState(() => layerElement('ps-layer ps-anchor-layer'));
  const modalEnv = useMemo(() => ({ ...env, anchorLayer: layer }), [env, layer]);
  return { layer, env: modalEnv };
}

/** A dialog stays inside the window, its buttons on screen: the text and the child give up height
 *  (a scroll there scrolls), as Material's dialog gives its content the room that is left. */
const DIALOG_BOUNDS = { maxHeight: '100%' };
const SHRINKS = { minHeight: '0px' };

export function Dialog({ node, env }: NodeProps<DialogNode>) {
  const surface = useMemo(() => ({ titled: node.title !== null }), [node.title !== null]);
  const anchors = useModalAnchorLayer(env);
  if (!node.open) return null;
  // A picker dialog is as wide as Material's (360 dp): it keeps 24 dp from the window's edges.
  const layerStyle = node.child && PICKER_TYPES.has(node.child.type) ? { paddingInline: '24px' } : undefined;
  const button = (part: 'confirm' | 'dismiss', text: string) => (
    <button
      type="button"
      class="ps-dialog-button"
      {...a11yAttributes({ id: `${node.key}#${part}`, testTag: partTag(node.testTag, part), role: 'Button', text })}
      onClick={(event) => {
        event.stopPropagation();
        env.interact({ type: 'dialogButton', key: node.key, button: part });
      }}
    >
      {text}
    </button>
  );
  return (
    <div class="ps-overlay ps-dialog-layer" style={layerStyle} data-ps-dialog={node.key}>
      <div class="ps-scrim" style={{ backgroundColor: node.scrim }} onClick={() => env.interact({ type: 'close', key: node.key })} />
      <Frame env={env} node={node} parent="plain" class={node.icon ? 'ps-dialog ps-dialog-with-icon' : 'ps-dialog'} base={DIALOG_BOUNDS} a11y={{ id: node.key, testTag: node.testTag, role: 'Dialog', text: node.label ?? node.title }}>
        {node.icon ? <Icon name={node.icon} class="ps-dialog-icon" /> : null}
        {node.title !== null ? <div class="ps-dialog-title">{node.title}</div> : null}
        {node.text !== null ? (
          <div class="ps-dialog-text" style={SHRINKS} {...a11yAttributes({ id: `${node.key}#text`, testTag: null, role: null, text: node.text })}>{node.text}</div>
        ) : null}
        {node.child ? (
          <div class="ps-dialog-child" style={SHRINKS}>
            <Env.Provider value={anchors.env}>
              <DialogSurface.Provider value={surface}><Node node={node.child} parent="column" /></DialogSurface.Provider>
            </Env.Provider>
          </div>
        ) : null}
        <div class="ps-dialog-buttons">
          {node.dismiss ? button('dismiss', node.dismiss.text) : null}
          {button('confirm', node.confirm.text)}
        </div>
      </Frame>
      <LayerSlot layer={anchors.layer} />
    </div>
  );
}

/** A snackbar or sheet is part of the page an open dialog hides from accessibility and touch. */
function behindDialog(dialogOpen: boolean) {
  return dialogOpen ? { 'data-ps-a11y-hidden': '', inert: true } : {};
}

/** Not modal: sits at the bottom of the window, above the bars and the keyboard. */
export function Snackbar({ node, env }: NodeProps<SnackbarNode>) {
  if (!node.open) return null;
  const bottom = Math.max(env.insets.systemBars.bottom, env.insets.ime.bottom);
  return (
    <div class="ps-overlay ps-snackbar-layer" style={{ paddingBottom: `${bottom + 16}px` }} {...behindDialog(env.dialogOpen)}>
      <Frame env={env} node={node} parent="plain" class="ps-snackbar" a11y={{ id: node.key, testTag: node.testTag, role: null, text: node.label ?? node.text }}>
        <span class="ps-snackbar-text">{node.text}</span>
        {node.action ? (
          <button
            type="button"
            class="ps-snackbar-action"
            {...a11yAttributes({ id: `${node.key}#action`, testTag: partTag(node.testTag, 'action'), role: 'Button', text: node.action.text })}
            onClick={(event) => {
              event.stopPropagation();
              env.interact({ type: 'snackbarAction', key: node.key });
            }}
          >
            {node.action.text}
          </button>
        ) : null}
      </Frame>
    </div>
  );
}

/** Height of a detent in dp: half/full of the window's content height. */
export function detentHeight(detent: Detent, contentHeight: number): number {
  if (detent === 'half') return contentHeight / 2;
  if (detent === 'full') return contentHeight;
  return Math.min(detent.dp, contentHeight);
}

/** Where a released drag goes: the nearest detent, or closed when dragged well below the lowest. */
export function settleSheet(height: number, heights: number[], dismissOnSwipe: boolean): { close: true } | { close: false; index: number } {
  const lowest = Math.min(...heights);
  if (dismissOnSwipe && height < lowest * 0.6) return { close: true };
  let index = 0;
  heights.forEach((candidate, i) => {
    if (Math.abs(candidate - height) < Math.abs(heights[index]! - height)) index = i;
  });
  return { close: false, index };
}

/** A finger's drag on a sheet, from the pointer press on. */
interface SheetDrag {
  pointer: number;
  startX: number;
  startY: number;
  lastY: number;
  /** The sheet's height as the drag has moved it. */
  height: number;
  /** The vertical scroll the drag started in, scrolled once the sheet can move no further. */
  scroller: HTMLElement | null;
  /** Past the touch slop, vertically: a sheet drag rather than a tap or a sideways scroll. */
  active: boolean;
}

const TOUCH_SLOP = 8;

/** The nearest element between `target` and `holder` that scrolls vertically and has somewhere to scroll. */
function verticalScroller(target: EventTarget | null, holder: Element): HTMLElement | null {
  for (let element = target instanceof HTMLElement ? target : null; element && element !== holder; element = element.parentElement) {
    const overflow = getComputedStyle(element).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && element.scrollHeight > element.clientHeight) return element;
  }
  return null;
}

/**
 * Moves a dragged sheet by a finger's vertical step, Material's nested scrolling: up first raises
 * the sheet to its highest detent, then scrolls the content; down first scrolls the content back
 * to its top, then lowers the sheet.
 */
function dragSheet(drag: SheetDrag, step: number, maxHeight: number): void {
  const scroller = drag.scroller;
  if (step < 0) {
    const raise = Math.min(-step, Math.max(0, maxHeight - drag.height));
    drag.height += raise;
    if (scroller && -step > raise) scroller.scrollTop += -step - raise;
    return;
  }
  const scrolled = scroller ? Math.min(step, scroller.scrollTop) : 0;
  if (scroller && scrolled > 0) scroller.scrollTop -= scrolled;
  drag.height = Math.max(0, drag.height - (step - scrolled));
}

/**
 * A modal sheet at the bottom of the window. It drags by its handle and by its content, as
 * Material's sheet does; sideways drags stay with the content (a horizontal scroll, a pager), and
 * vertical scrolls inside it are scrolled by the sheet's drag (their touch-action leaves it the
 * vertical axis, see SheetScrolling).
 */
export function BottomSheet({ node, env }: NodeProps<BottomSheetNode>) {
  const [detent, setDetent] = useState(0);
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  const drag = useRef<SheetDrag | null>(null);
  const dragged = useRef(false);
  const guard = useMemo(() => ({ dragged: () => dragged.current }), []);
  const anchors = useModalAnchorLayer(env);
  // A sheet opens at its first detent every time.
  useEffect(() => {
    if (!node.open) setDetent(0);
  }, [node.open]);
  if (!node.open) return null;
  // The sheet rides above the keyboard: its bottom edge at the keyboard's top, wherever the window is.
  const lift = env.insets.ime.bottom;
  const heights = node.detents.map((d) => Math.min(detentHeight(d, env.contentHeight), Math.max(0, env.contentHeight - lift)));
  const resting = heights[Math.min(detent, heights.length - 1)]!;
  const height = dragHeight ?? resting;
  const onPointerDown = (event: PointerEvent) => {
    // A drag under way holds its pointer; one that never began is replaced (its release may have
    // happened outside the sheet).
    if (drag.current?.active) return;
    dragged.current = false;
    const holder = event.currentTarget as Element;
    drag.current = { pointer: event.pointerId, startX: event.clientX, startY: event.clientY, lastY: event.clientY, height: resting, scroller: verticalScroller(event.target, holder), active: false };
  };
  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointer) return;
    if (!current.active) {
      const dx = Math.abs(event.clientX - current.startX);
      const dy = Math.abs(event.clientY - current.startY);
      if (dx > TOUCH_SLOP && dx >= dy) drag.current = null;
      if (dy <= TOUCH_SLOP || dy <= dx) return;
      current.active = true;
      dragged.current = true;
      (event.currentTarget as Element).setPointerCapture(event.pointerId);
    }
    dragSheet(current, event.clientY - current.lastY, Math.max(...heights));
    current.lastY = event.clientY;
    setDragHeight(current.height);
  };
  const onPointerUp = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointer) return;
    drag.current = null;
    if (!current.active) return;
    setDragHeight(null);
    setTimeout(() => (dragged.current = false), 0);
    const result = settleSheet(current.height, heights, node.dismissOnSwipe);
    if (result.close) env.interact({ type: 'close', key: node.key });
    else setDetent(result.index);
  };
  return (
    <div class="ps-overlay ps-sheet-layer" style={{ paddingBottom: `${lift}px` }} {...behindDialog(env.dialogOpen)}>
      <div class="ps-scrim" style={{ backgroundColor: node.scrim }} onClick={() => env.interact({ type: 'close', key: node.key })} />
      <div
        class={dragHeight !== null ? 'ps-sheet-holder ps-dragging' : 'ps-sheet-holder'}
        style={{ height: `${height}px` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <Frame env={env} node={node} parent="plain" class="ps-sheet" a11y={node.testTag !== null || node.label !== null ? { id: node.key, testTag: node.testTag, role: null, text: node.label } : null}>
          {node.dragHandle ? <div class="ps-sheet-handle" {...a11yAttributes({ id: `${node.key}#dragHandle`, testTag: partTag(node.testTag, 'dragHandle'), role: 'Button', text: 'Drag handle' })} /> : null}
          <DragGuard.Provider value={guard}>
            <SheetScrolling.Provider value={true}>
              <div class="ps-sheet-content" style={{ touchAction: 'pan-x' }}>
                <Env.Provider value={anchors.env}><Node node={node.child} parent="column" /></Env.Provider>
              </div>
            </SheetScrolling.Provider>
          </DragGuard.Provider>
        </Frame>
      </div>
      <LayerSlot layer={anchors.layer} />
    </div>
  );
}

/** A drawer's panel is at most this wide, and leaves at least DRAWER_GAP of the window beside it (dp). */
export const DRAWER_MAX_WIDTH = 320;
const DRAWER_GAP = 56;

/** Where a released drag of a drawer's panel goes: closed past half its width outward (or on an outward fling), else back open. */
export function settleDrawer(outward: number, velocity: number, width: number): 'close' | 'open' {
  return outward > width / 2 || velocity > 0.5 ? 'close' : 'open';
}

/**
 * A modal side panel at the start or end edge (mirrored right to left), over a scrim tagged
 * `<testTag>.close`. A tap on the scrim, Back and an outward drag of the panel close it; it slides
 * in and out over 300 ms (a crossfade with reduced motion, at once with motion none), and a closing
 * drawer stays drawn until its slide ends.
 */
export function Drawer({ node, env }: NodeProps<DrawerNode>) {
  const lastOpen = useRef<DrawerNode | null>(node.open ? node : null);
  const leaving = useRef(false);
  const [, redraw] = useState(0);
  const drag = useRef<{ pointer: number; startX: number; lastX: number; lastTime: number; velocity: number; active: boolean; outward: number } | null>(null);
  const [dragOffset, setDragOffset] = useState(0);
  const anchors = useModalAnchorLayer(env);
  const panel = useRef<HTMLDivElement>(null);
  useFocusWhileOpen(node.open, panel);
  if (node.open) {
    lastOpen.current = node;
    leaving.current = false;
  } else if (lastOpen.current && !leaving.current) {
    // Closed: with motion it slides out first, drawn as it was.
    leaving.current = env.motion;
    if (!env.motion) lastOpen.current = null;
  }
  const shown = node.open ? node : leaving.current ? lastOpen.current : null;
  if (!shown) return null;
  const width = Math.min(DRAWER_MAX_WIDTH, window.innerWidth - DRAWER_GAP);
  // Outward is toward the panel's own edge: left for a start drawer left to right.
  const leftEdge = (shown.edge === 'start') !== env.rtl;
  const outwardOf = (dx: number) => (leftEdge ? -dx : dx);
  const close = () => env.interact({ type: 'close', key: node.key });
  const onPointerDown = (event: PointerEvent) => {
    if (!node.open || !node.dismissOnSwipe) return;
    drag.current = { pointer: event.pointerId, startX: event.clientX, lastX: event.clientX, lastTime: event.timeStamp, velocity: 0, active: false, outward: 0 };
  };
  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    const outward = outwardOf(event.clientX - current.startX);
    if (!current.active && Math.abs(outward) <= TOUCH_SLOP) return;
    if (!current.active) (event.currentTarget as Element).setPointerCapture(event.pointerId);
    current.active = true;
    current.velocity = outwardOf(event.clientX - current.lastX) / Math.max(1, event.timeStamp - current.lastTime);
    current.lastX = event.clientX;
    current.lastTime = event.timeStamp;
    current.outward = Math.max(0, outward);
    setDragOffset(current.outward);
  };
  const onPointerUp = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    drag.current = null;
    setDragOffset(0);
    if (current.active && settleDrawer(current.outward, current.velocity, width) === 'close') close();
  };
  const slide = dragOffset > 0 ? { translate: `${leftEdge ? -dragOffset : dragOffset}px 0` } : {};
  const insets = env.insets.systemBars;
  return (
    <div
      class={`ps-overlay ps-drawer-layer${node.open ? '' : ' ps-drawer-closing'}`}
      // A closing drawer is already closed: it takes no touch and leaves the hierarchy while it slides out.
      {...(node.open ? {} : { 'data-ps-a11y-hidden': '', inert: true })}
      onAnimationEnd={(event) => {
        if (node.open || !(event.target instanceof Element) || !event.target.classList.contains('ps-drawer')) return;
        leaving.current = false;
        lastOpen.current = null;
        redraw((n) => n + 1);
      }}
    >
      <div class="ps-scrim" style={{ backgroundColor: shown.scrim }} data-ps-beside-panel="" {...a11yAttributes({ id: `${node.key}#close`, testTag: partTag(node.testTag, 'close'), role: 'Button', text: 'Close' })} onClick={node.open ? close : undefined} />
      <div
        ref={panel}
        data-ps-panel=""
        tabIndex={-1}
        class={`ps-drawer ${leftEdge ? 'ps-drawer-left' : 'ps-drawer-right'}${drag.current?.active ? ' ps-dragging' : ''}`}
        style={{ width: `${width}px`, paddingTop: `${insets.top}px`, paddingBottom: `${insets.bottom}px`, ...slide }}
        {...a11yAttributes({ id: node.key, testTag: node.testTag, role: null, text: node.label })}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <Frame env={env} node={shown} parent="plain" class="ps-drawer-panel" base={{ width: '100%' }} a11y={null}>
          <Env.Provider value={anchors.env}><Node node={shown.child} parent="column" /></Env.Provider>
        </Frame>
      </div>
      <LayerSlot layer={anchors.layer} />
    </div>
  );
}
