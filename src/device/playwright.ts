// playwright-core is a CommonJS package of a few megabytes. Required, it loads as such; imported
// from an ES module, Node first scans the whole bundle for its named exports, which made every
// device start a few hundred milliseconds slower. It loads at the first call, not with this
// module: a device starts its browser before it loads Playwright (chromium.ts).
import { createRequire } from 'node:module';

let playwright: typeof import('playwright-core') | undefined;

/** Playwright's Chromium, loading Playwright at the first call. */
export function playwrightChromium(): typeof import('playwright-core').chromium {
  playwright ??= createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');
  return playwright.chromium;
}
