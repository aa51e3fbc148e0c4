// The size an element is laid out at, for drawings that scale to their box (charts, maps).
import { useLayoutEffect, useState } from 'preact/hooks';

export interface BoxSize {
  width: number;
  height: number;
}

/** The element's content box in dp, measured before the first paint and again whenever it resizes; null before it is. */
export function useBoxSize(element: { current: Element | null }): BoxSize | null {
  const [size, setSize] = useState<BoxSize | null>(null);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => {
      const width = target.clientWidth;
      const height = target.clientHeight;
      setSize((last) => (last && last.width === width && last.height === height ? last : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return size;
}
