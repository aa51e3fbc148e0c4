// playwright-core is a CommonJS package of a few megabytes. Required, it loads as such; imported
// from an ES module, Node first scans the whole bundle for its named exports, which made every
// device start a few hundred milliseconds slower. It loads at the first call, not with this
// module: a device starts its browser before it loads Playwright (chromium.ts).
import { createRequire } from 'node:module';

let playwright: typeof import('playwright-core') | undefined;
let markLoaded: () => void;

/**
 * Resolves once Playwright has loaded. A starting device then mostly waits for its browser, so
 * modules it needs only later load from here on instead of before (agent.ts).
 */
export const playwrightLoaded = new Promise<void>((resolve) => (markLoaded = resolve));

/** Playwright's Chromium, loading Playwright at the first call. */
export function playwrightChromium(): typeof import('playwright-core').chromium {
  if (playwright === undefined) {
    playwright = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');
    markLoaded();
  }
  return playwright.chromium;
}
