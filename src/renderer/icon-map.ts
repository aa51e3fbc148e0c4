// The glyph maps' loads. The page's head starts the filled glyphs' (build.ts) while the renderer's
// script still downloads and compiles; another variant loads when something first draws it
// (icons.tsx). All five variants at once kept the page's start busy for a tenth of a second.
import type { IconVariant } from './page-assets.ts';
import { fetchGzippedJson } from './gzipped-json.ts';
import { iconVariantPath } from './page-paths.ts';

/** One variant's glyphs as the page has them: icon name → inner SVG markup. */
export type VariantGlyphs = Record<string, string>;

/** Where the page's head leaves the promise of the filled glyphs. */
export const ICON_MAP_GLOBAL = '__protostageIconMap';

/** Loads a variant's glyphs. */
export function fetchIconVariant(variant: IconVariant): Promise<VariantGlyphs> {
  return fetchGzippedJson<VariantGlyphs>(iconVariantPath(variant), {});
}

/** The page head's script that starts the filled glyphs' load. */
export function iconMapStartScript(): string {
  return `window.${ICON_MAP_GLOBAL}=(${fetchGzippedJson})(${JSON.stringify(iconVariantPath('filled'))},{});`;
}
