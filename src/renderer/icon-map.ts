// The glyph map's load. The page's head starts it (build.ts) while the renderer's script still
// downloads and compiles: unpacking the map keeps the main thread busy for about a tenth of a
// second, and the main thread is idle then. The renderer (icons.tsx) takes the map from there.
import type { IconMap as PackedIconMap } from './page-assets.ts';
import { ICON_MAP_PATH } from './page-paths.ts';

/** The glyphs as the page has them: the packed map, or nothing where it is missing. */
export type IconMap = Partial<PackedIconMap>;

/** Where the page's head leaves the promise of the map. */
export const ICON_MAP_GLOBAL = '__protostageIconMap';

/**
 * Fetches and unpacks the glyph map (gzip-compressed JSON at `path`); none where it is missing.
 * The page's head runs it as written, so it uses nothing from outside.
 */
export async function fetchIconMap(path: string): Promise<IconMap> {
  const gzipped = await fetch(path).catch(() => null);
  if (gzipped === null || !gzipped.ok || gzipped.body === null) return {};
  return (await new Response(gzipped.body.pipeThrough(new DecompressionStream('gzip'))).json()) as IconMap;
}

/** The page head's script that starts the load. */
export function iconMapStartScript(): string {
  return `window.${ICON_MAP_GLOBAL}=(${fetchIconMap})(${JSON.stringify(ICON_MAP_PATH)});`;
}
