// playwright-core is a CommonJS package of a few megabytes. Required, it loads as such; imported
// from an ES module, Node first scans the whole bundle for its named exports, which made every
// device start a few hundred milliseconds slower.
import { createRequire } from 'node:module';

const playwright = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

export const chromium = playwright.chromium;
