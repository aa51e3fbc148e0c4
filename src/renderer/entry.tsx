// Browser entry: draws the device screen into #ps-device and exposes `window.protostage`.
//
// Where things are drawn:
//   page.ts            window.protostage: validation, the runtime controller, events, settled()
//   screen.tsx         status/navigation bars, cutout, keyboard, window placements, host controls
//   node.tsx           any node: visibility motion, anchors, overlays; frame.tsx: its element
//   nodes/*.tsx        one component per node type (layout, controls, navigation, overlays, pickers)
//   style-css.ts       the Style table as CSS; renderer-css.ts the Material 3 stylesheet
//   a11y.ts            accessibility attributes and the hierarchy walk
//   build.ts           (Node) the esbuild bundle and the page HTML; page-assets.ts its fonts and glyphs
//   script-font-faces.ts  the script fonts' faces, registered as the page's text needs them
import './nodes/index.ts';
import { unpackIcons } from './icons.tsx';
import { PageRenderer } from './page.ts';
import type { NodeTarget } from './a11y.ts';
import { revealInLists } from './list-registry.ts';
import { RENDERER_CSS } from './renderer-css.ts';
import { watchScriptFontText } from './script-font-faces.ts';

const style = document.createElement('style');
style.textContent = RENDERER_CSS;
document.head.appendChild(style);

/** Glyphs are unpacked first: `window.protostage` appears once the page can draw. */
async function start(): Promise<void> {
  // Before anything is drawn: every text from here on brings the script fonts it needs.
  watchScriptFontText(document.body);
  await unpackIcons();
  let container = document.getElementById('ps-device');
  if (!container) {
    container = document.createElement('div');
    container.id = 'ps-device';
    document.body.appendChild(container);
  }
  const page = new PageRenderer(container);

  /** The page API the device drives (see WebDevice). */
  (window as unknown as { protostage: object }).protostage = {
    show: (spec: unknown, options?: Parameters<PageRenderer['show']>[1]) => page.show(spec, options),
    dismiss: (reason?: string) => page.dismiss(reason),
    inspect: (options?: { revealSecure?: boolean }) => page.inspect(options),
    patch: (id: string, ops: unknown, baseRevision?: number) => page.patch(id, ops, baseRevision),
    advanceClock: (ms: number) => page.advanceClock(ms),
    completeRequest: (requestId: string, outcome: unknown) => page.completeRequest(requestId, outcome),
    requestsIdle: (timeoutMs: number) => page.requestsIdle(timeoutMs),
    back: () => page.back(),
    setDevice: (settings: unknown) => page.setDevice(settings),
    putAsset: (id: string, mimeType: string, base64: string) => page.putAsset(id, mimeType, base64),
    removeAsset: (id: string) => page.removeAsset(id),
    assetSizes: () => page.assetSizes(),
    hierarchy: () => page.hierarchy(),
    find: (target: NodeTarget) => page.find(target),
    prototypeWindow: () => page.prototypeWindow(),
    nodeAt: (x: number, y: number) => page.nodeAt(x, y),
    appCovered: (points: Array<{ x: number; y: number }>) => page.appCovered(points),
    drawOffscreen: () => page.drawOffscreen(),
    revealInLists: (target: NodeTarget) => revealInLists(target),
    settled: () => page.settled(),
    moving: () => page.moving(),
  };
}

// Started once this script has run, not from inside it: with DevTools' network domain on (as the
// device has it), each request records the script stack that made it, and a stack through this
// script's top level made Chromium re-parse the whole bundle for its source positions (130–150 ms).
// The device awaits `protostageReady` (one call) instead of polling for `protostage`.
(window as unknown as { protostageReady: Promise<void> }).protostageReady = new Promise((resolve, reject) => queueMicrotask(() => start().then(resolve, reject)));
