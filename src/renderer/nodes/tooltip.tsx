// The tooltip (seeds/001 "Tooltip and drawer overlays"): a bubble in the overlay layer pointing at
// the node whose id its anchorTo names, placed by ../placement.ts; with a spotlight it dims the
// window around that node and is modal.
import { createPortal } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { TooltipNode } from '../../runtime/model.ts';
import { a11yAttributes, partTag } from '../a11y.ts';
import type { NodeProps } from '../node.tsx';
import { useFocusWhileOpen } from '../focus.ts';
import { rectIn, useRelayout, useRetryWhenAttached } from '../anchored.ts';
import { placeTooltip, type Rect } from '../placement.ts';

/** The drawn element of the node with authored id `id` in the window, or null while it is not drawn. */
function targetElement(from: Element, id: string): Element | null {
  const window = from.closest('[data-ps-window]') ?? document;
  const found = window.querySelector(`[data-ps-id="${CSS.escape(id)}"]`);
  return found && found.getClientRects().length > 0 ? found : null;
}

/** Where the tooltip points, in `layer`'s coordinates: its target node, or its anchor's bounds (screen dp) plus offset. */
function targetRect(node: TooltipNode, bubble: Element, layer: Element): Rect | null {
  if (node.targetId === null) {
    if (!node.anchor) return null;
    const origin = layer.getBoundingClientRect();
    const { bounds, offset } = node.anchor;
    return { x: bounds.x + offset.x - origin.left, y: bounds.y + offset.y - origin.top, width: bounds.width, height: bounds.height };
  }
  const target = targetElement(bubble, node.targetId);
  return target ? rectIn(target, layer) : null;
}

export function Tooltip({ node, env }: NodeProps<TooltipNode>) {
  const bubble = useRef<HTMLDivElement>(null);
  const cutout = useRef<HTMLDivElement>(null);
  const [, redraw] = useState(0);
  // Drawn only once it points at something: a target not drawn draws nothing, spotlight included.
  const [placed, setPlaced] = useState(false);
  const retry = useRetryWhenAttached(bubble, () => redraw((n) => n + 1));
  // Only a spotlight moves the focus to the bubble; without one the page keeps it.
  useFocusWhileOpen(node.open && node.spotlight !== null, bubble);
  useLayoutEffect(() => {
    const element = bubble.current;
    const layer = element?.offsetParent;
    const area = element && layer ? targetRect(node, element, layer) : null;
    if (!element || !layer || !area) {
      if (placed) setPlaced(false);
      retry();
      return;
    }
    if (!placed) setPlaced(true);
    const place = placeTooltip(area, { width: element.offsetWidth, height: element.offsetHeight }, layer.getBoundingClientRect(), node.placement, env.rtl);
    Object.assign(element.style, { left: `${place.x}px`, top: `${place.y}px` });
    element.dataset.caret = place.caret;
    element.style.setProperty('--ps-caret-offset', `${place.caretOffset}px`);
    if (cutout.current && node.spotlight) {
      const pad = node.spotlight.padding;
      Object.assign(cutout.current.style, { left: `${area.x - pad}px`, top: `${area.y - pad}px`, width: `${area.width + 2 * pad}px`, height: `${area.height + 2 * pad}px`, borderRadius: `${node.spotlight.radius}px` });
    }
  });
  useRelayout(bubble, () => redraw((n) => n + 1), node.open);
  if (!node.open || !env.overlayLayer) return null;
  const dismiss = () => env.interact({ type: 'close', key: node.key });
  return createPortal(
    <div class={node.spotlight ? 'ps-overlay ps-tooltip-layer ps-spotlit' : 'ps-tooltip-layer'} {...(placed ? {} : { 'data-ps-a11y-hidden': '', style: { visibility: 'hidden', pointerEvents: 'none' } })}>
      {node.spotlight ? (
        <>
          <div ref={cutout} class="ps-spotlight" style={{ boxShadow: `0 0 0 100vmax ${node.spotlight.scrim}` }} />
          <div class="ps-spotlight-catcher" data-ps-beside-panel="" {...a11yAttributes({ id: `${node.key}#close`, testTag: partTag(node.testTag, 'close'), role: 'Button', text: 'Dismiss' })} onClick={dismiss} />
        </>
      ) : null}
      <div
        ref={bubble}
        data-ps-panel=""
        class="ps-tooltip"
        tabIndex={-1}
        {...a11yAttributes({ id: node.key, testTag: node.testTag, role: null, text: node.label, hint: 'Tooltip' })}
        onClick={(event) => {
          event.stopPropagation();
          // With onTap a tap on the bubble runs only those actions; without, it dismisses.
          env.interact(node.tappable ? { type: 'tap', key: node.key } : { type: 'close', key: node.key });
        }}
      >
        {node.text}
      </div>
    </div>,
    env.overlayLayer,
  );
}
