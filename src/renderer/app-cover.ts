// Which points of the app beneath the prototype the prototype covers: a press there reaches the
// prototype, not the app. Hit testing a point over a long list costs about a sixth of a
// millisecond (Chromium tests the list's rows one by one), and a hierarchy asks this for every app
// node. Inside the prototype's window, once one press is known to land in it, every point is
// covered: the window is its own stacking context (isolation), so it lies above the app everywhere
// or nowhere, and its box takes every press over it.

type Point = { x: number; y: number };
type Box = { left: number; top: number; right: number; bottom: number };

/** For each point, whether the topmost element there is not the app frame (nothing at all counts as the app). */
export function appPointsCovered(container: Element, points: readonly Point[]): boolean[] {
  const prototypeWindow = container.querySelector('[data-ps-window]');
  const box = prototypeWindow === null ? null : solidBox(prototypeWindow);
  let windowOnTop: boolean | null = null;
  return points.map((point) => {
    if (box === null || windowOnTop === false || !inside(point, box)) return coveredAt(point);
    if (windowOnTop === null) {
      const top = document.elementFromPoint(point.x, point.y);
      windowOnTop = top !== null && prototypeWindow!.contains(top);
      if (!windowOnTop) return coversApp(top);
    }
    return true;
  });
}

function coveredAt(point: Point): boolean {
  return coversApp(document.elementFromPoint(point.x, point.y));
}

function coversApp(top: Element | null): boolean {
  return top !== null && top.id !== 'ps-app';
}

/**
 * The part of the screen the window's own box takes every press in, or null when that is not a
 * plain rectangle: rounded, clipped, turned or skewed, hidden, inert, not taking presses, or
 * inside an ancestor that clips.
 */
function solidBox(prototypeWindow: Element): Box | null {
  const style = getComputedStyle(prototypeWindow);
  if (style.pointerEvents === 'none' || style.visibility !== 'visible' || style.clipPath !== 'none' || prototypeWindow.closest('[inert]') !== null) return null;
  if (style.borderRadius !== '0px' || !flatTransform(style.transform)) return null;
  for (let ancestor = prototypeWindow.parentElement; ancestor !== null && ancestor !== document.body; ancestor = ancestor.parentElement) {
    const around = getComputedStyle(ancestor);
    if (around.overflow !== 'visible' || around.clipPath !== 'none' || !flatTransform(around.transform)) return null;
  }
  const rect = prototypeWindow.getBoundingClientRect();
  return { left: Math.max(rect.left, 0), top: Math.max(rect.top, 0), right: Math.min(rect.right, innerWidth), bottom: Math.min(rect.bottom, innerHeight) };
}

/** A transform that keeps a box an upright rectangle (none, a move or a scale). */
function flatTransform(transform: string): boolean {
  if (transform === 'none') return true;
  const matrix = /^matrix\(([^)]*)\)$/.exec(transform);
  if (matrix === null) return false;
  const [, b, c] = matrix[1]!.split(',').map(Number);
  return b === 0 && c === 0;
}

function inside(point: Point, box: Box): boolean {
  return point.x >= box.left && point.x < box.right && point.y >= box.top && point.y < box.bottom;
}
