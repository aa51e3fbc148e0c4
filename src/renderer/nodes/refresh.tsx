// Pull-to-refresh on a vertical scroll (scroll.refresh): a downward pull while the scroll is at its
// top draws Material's indicator following the finger; released past the threshold it reports the
// pull (the runtime writes true to the key and runs onRefresh). While the key is true the
// indicator spins at rest below the top edge, and a pull is not taken.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ScrollNode } from '../../runtime/model.ts';
import type { RenderEnv } from '../env.ts';

/** How far the indicator must be pulled to refresh, and how far it can go (dp). */
const PULL_THRESHOLD = 80;
const MAX_PULL = 120;
/** A pull moves the indicator half as far as the finger, as Material's does. */
const DRAG_MULTIPLIER = 0.5;
/** Where the spinning indicator rests while refreshing, from the top edge (dp). */
const REST_OFFSET = 16;
const SIZE = 40;

export function PullToRefresh({ node, env }: { node: ScrollNode; env: RenderEnv }) {
  const holder = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const refreshing = node.refresh?.refreshing === true;
  const refreshingNow = useRef(refreshing);
  refreshingNow.current = refreshing;

  useLayoutEffect(() => {
    const scroller = holder.current?.parentElement;
    if (!scroller) return;
    let startY: number | null = null;
    let distance = 0;
    const start = (event: TouchEvent) => {
      startY = event.touches.length === 1 && scroller.scrollTop <= 0 && !refreshingNow.current ? event.touches[0]!.clientY : null;
      distance = 0;
    };
    const move = (event: TouchEvent) => {
      if (startY === null) return;
      const dy = event.touches[0]!.clientY - startY;
      if (dy <= 0 || scroller.scrollTop > 0) {
        // An upward move before any pull is an ordinary scroll.
        if (distance === 0) startY = null;
        return;
      }
      event.preventDefault();
      distance = Math.min(MAX_PULL, dy * DRAG_MULTIPLIER);
      setPull(distance);
    };
    const end = (event: TouchEvent) => {
      if (startY === null) return;
      const pulled = event.type === 'touchend' && distance >= PULL_THRESHOLD;
      startY = null;
      distance = 0;
      setPull(0);
      if (pulled) env.interact({ type: 'refresh', key: node.key });
    };
    scroller.addEventListener('touchstart', start, { passive: true });
    scroller.addEventListener('touchmove', move, { passive: false });
    scroller.addEventListener('touchend', end);
    scroller.addEventListener('touchcancel', end);
    return () => {
      scroller.removeEventListener('touchstart', start);
      scroller.removeEventListener('touchmove', move);
      scroller.removeEventListener('touchend', end);
      scroller.removeEventListener('touchcancel', end);
    };
  }, [node.key, env]);

  const shown = refreshing || pull > 0;
  const offset = refreshing ? REST_OFFSET : pull - SIZE / 2;
  const progress = refreshing ? 0.75 : Math.min(1, pull / PULL_THRESHOLD) * 0.8;
  const radius = 9;
  const circumference = 2 * Math.PI * radius;
  return (
    <div ref={holder} class="ps-refresh-holder" aria-hidden="true">
      {shown ? (
        <div class={`ps-refresh-indicator${refreshing ? ' ps-refresh-spinning' : ''}`} data-ps-refresh={refreshing ? 'refreshing' : 'pulling'} style={{ translate: `-50% ${offset}px`, opacity: refreshing ? 1 : Math.min(1, pull / PULL_THRESHOLD) }}>
          <svg viewBox="0 0 24 24" width="24" height="24">
            <circle cx="12" cy="12" r={radius} style={{ strokeDasharray: `${circumference * progress} ${circumference}` }} />
          </svg>
        </div>
      ) : null}
    </div>
  );
}
