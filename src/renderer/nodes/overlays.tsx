// Overlays drawn above the author tree inside the window: dialog (modal), snackbar and bottomSheet.
import { createContext } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BottomSheetNode, Detent, DialogNode, SnackbarNode } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import { DragGuard, Env, type RenderEnv } from '../env.ts';
import { Frame } from '../frame.tsx';
import { Icon } from '../icons.tsx';
import { Node, type NodeProps } from '../node.tsx';
import { LayerSlot, layerElement } from '../screen.tsx';
import { SheetScrolling } from './layout.tsx';

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
  const heights = node.detents.map((d) => detentHeight(d, env.contentHeight));
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
    <div class="ps-overlay ps-sheet-layer" {...behindDialog(env.dialogOpen)}>
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
