// Style polish drawn by a node's component: an image's colour filter (saturation, then a tint
// multiplied in, as one SVG filter) and a scroll's faded edges (a mask over the edges that have
// more content, mirrored in RTL, each at most half the viewport).
import type { JSX } from 'preact';
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { ImageNode } from '../runtime/model.ts';

let filterCount = 0;

/** The SVG filter of an image's style polish, and the CSS filter that applies it. */
export function useImageFilter(filter: ImageNode['filter']): { css: string | undefined; defs: JSX.Element | null } {
  const id = useMemo(() => `ps-image-filter-${++filterCount}`, []);
  if (filter === null) return { css: undefined, defs: null };
  const defs = (
    <svg class="ps-filter-defs" aria-hidden="true" width="0" height="0">
      <filter id={id} color-interpolation-filters="sRGB">
        <feColorMatrix in="SourceGraphic" type="saturate" values={String(filter.saturation)} result="saturated" />
        {filter.tint !== null ? (
          <>
            <feFlood flood-color={filter.tint} result="tint" />
            <feBlend in="tint" in2="saturated" mode="multiply" result="tinted" />
            <feComposite in="tinted" in2="SourceAlpha" operator="in" />
          </>
        ) : null}
      </filter>
    </svg>
  );
  return { css: `url(#${id})`, defs };
}

/** The mask of a scroll's faded edges now: only an edge with content beyond it fades. */
function fadeMask(element: HTMLElement, vertical: boolean, length: number, rtl: boolean): string {
  const viewport = vertical ? element.clientHeight : element.clientWidth;
  const extent = (vertical ? element.scrollHeight : element.scrollWidth) - viewport;
  // Chromium counts an RTL scroll from 0 at the start down to negative values.
  const fromStart = Math.abs(vertical ? element.scrollTop : element.scrollLeft);
  const before = fromStart > 0.5;
  const after = extent - fromStart > 0.5;
  const fade = Math.min(length, viewport / 2);
  const [first, last] = vertical || !rtl ? [before, after] : [after, before];
  const direction = vertical ? 'to bottom' : 'to right';
  const head = first ? `transparent 0px, #000 ${fade}px` : '#000 0px';
  const tail = last ? `#000 calc(100% - ${fade}px), transparent 100%` : '#000 100%';
  return `linear-gradient(${direction}, ${head}, ${tail})`;
}

/** Keeps the mask of the scroll it is drawn in up to date as it scrolls and resizes. */
export function ScrollFades({ length, vertical, rtl }: { length: number; vertical: boolean; rtl: boolean }) {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const scroller = marker.current!.parentElement!;
    const update = () => {
      scroller.style.maskImage = fadeMask(scroller, vertical, length, rtl);
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    for (const child of scroller.children) observer.observe(child);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer.disconnect();
      scroller.style.maskImage = '';
    };
  }, [length, vertical, rtl]);
  return <span ref={marker} hidden />;
}
