// image.zoomable: a double tap zooms the picture in twice about the tapped point (and out again),
// two fingers pinch it between 1× and 4× about their middle, and one finger pans it while zoomed,
// never past its edges. The zoom is the image's own and reported on no event.
import { useRef, useState } from 'preact/hooks';

const MAX_IMAGE_ZOOM = 4;
const DOUBLE_TAP_ZOOM = 2;

interface Zoom {
  scale: number;
  x: number;
  y: number;
}

const NONE: Zoom = { scale: 1, x: 0, y: 0 };

/** Keeps the picture covering its box: a zoomed picture pans no further than its edges. */
function clampZoom(zoom: Zoom, width: number, height: number): Zoom {
  const scale = Math.min(MAX_IMAGE_ZOOM, Math.max(1, zoom.scale));
  return { scale, x: Math.min(0, Math.max(width - width * scale, zoom.x)), y: Math.min(0, Math.max(height - height * scale, zoom.y)) };
}

/** The zoom to `scale` that keeps the picture's point under `at` (box coordinates) where it is. */
function zoomAbout(zoom: Zoom, scale: number, at: { x: number; y: number }): Zoom {
  const ratio = scale / zoom.scale;
  return { scale, x: at.x - (at.x - zoom.x) * ratio, y: at.y - (at.y - zoom.y) * ratio };
}

export function useImageZoom(enabled: boolean, doubleTapTaken: boolean) {
  const [zoom, setZoom] = useState<Zoom>(NONE);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gestureStart = useRef<{ zoom: Zoom; distance: number; mid: { x: number; y: number } } | null>(null);
  if (!enabled) return { transform: undefined, zoomed: false, handlers: {} };

  const local = (event: MouseEvent) => {
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const element = event.currentTarget as HTMLElement;
    return { x: ((event.clientX - box.left) * element.clientWidth) / box.width, y: ((event.clientY - box.top) * element.clientHeight) / box.height, width: element.clientWidth, height: element.clientHeight };
  };
  const startGesture = () => {
    const points = [...pointers.current.values()];
    const mid = { x: points.reduce((sum, p) => sum + p.x, 0) / points.length, y: points.reduce((sum, p) => sum + p.y, 0) / points.length };
    const distance = points.length === 2 ? Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y) : 0;
    gestureStart.current = { zoom, distance, mid };
  };
  const handlers = {
    onDblClick: (event: MouseEvent) => {
      if (doubleTapTaken) return;
      const at = local(event);
      setZoom((current) => (current.scale > 1 ? NONE : clampZoom(zoomAbout(current, DOUBLE_TAP_ZOOM, at), at.width, at.height)));
    },
    onPointerDown: (event: PointerEvent) => {
      pointers.current.set(event.pointerId, local(event));
      startGesture();
    },
    onPointerMove: (event: PointerEvent) => {
      if (!pointers.current.has(event.pointerId) || !gestureStart.current) return;
      const at = local(event);
      pointers.current.set(event.pointerId, at);
      const points = [...pointers.current.values()];
      const start = gestureStart.current;
      const mid = { x: points.reduce((sum, p) => sum + p.x, 0) / points.length, y: points.reduce((sum, p) => sum + p.y, 0) / points.length };
      if (points.length === 2 && start.distance > 0) {
        const scale = start.zoom.scale * (Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y) / start.distance);
        const about = zoomAbout(start.zoom, Math.min(MAX_IMAGE_ZOOM, Math.max(1, scale)), start.mid);
        setZoom(clampZoom({ ...about, x: about.x + mid.x - start.mid.x, y: about.y + mid.y - start.mid.y }, at.width, at.height));
      } else if (points.length === 1 && start.zoom.scale > 1) {
        setZoom(clampZoom({ ...start.zoom, x: start.zoom.x + mid.x - start.mid.x, y: start.zoom.y + mid.y - start.mid.y }, at.width, at.height));
      }
    },
    onPointerUp: (event: PointerEvent) => {
      pointers.current.delete(event.pointerId);
      if (pointers.current.size > 0) startGesture();
      else gestureStart.current = null;
    },
  };
  const transform = zoom.scale === 1 ? undefined : `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`;
  return { transform, zoomed: zoom.scale > 1, handlers: { ...handlers, onPointerCancel: handlers.onPointerUp } };
}
