/**
 * Fetches and unpacks gzip-compressed JSON from the page's origin (a glyph map, the script fonts'
 * faces); `empty` where it is missing. The page's head runs it as written (icon-map.ts), so it uses
 * nothing from outside.
 */
export async function fetchGzippedJson<T>(path: string, empty: T): Promise<T> {
  const gzipped = await fetch(path).catch(() => null);
  if (gzipped === null || !gzipped.ok || gzipped.body === null) return empty;
  return (await new Response(gzipped.body.pipeThrough(new DecompressionStream('gzip'))).json()) as T;
}
