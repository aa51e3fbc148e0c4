/**
 * The asset ids a spec refers to: image nodes, video players and their posters, navigation item images, font assets, and what a
 * share hands on. The page reports the ones it has no copy of; a saved layout, the ones it lacks.
 */

/** Asset ids a spec references (images, nav item images, font assets, shared images and files), in first-use order. */
export function collectAssetIds(value: unknown, ids: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectAssetIds(item, ids);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (record.type === 'image') addAssetId(record.asset, ids);
  if (record.type === 'videoPlayer') {
    addAssetId(record.asset, ids);
    addAssetId(record.poster, ids);
  }
  if (Array.isArray(record.items)) for (const item of record.items) addAssetId((item as { image?: unknown })?.image, ids);
  if (record.fontFamily && typeof record.fontFamily === 'object') addAssetId(record.fontFamily, ids);
  if (record.type === 'platform' && record.call === 'share.open') addSharedAssets(record.args, ids);
  // Specs are plain JSON data: `for in` sees exactly their own fields, without an entries array per object.
  for (const field in record) {
    const child = record[field];
    if (field !== 'asset' && field !== 'fontFamily' && child && typeof child === 'object') collectAssetIds(child, ids);
  }
}

/** An asset reference: an id, or a light/dark pair or `{asset}` of ids. */
function addAssetId(asset: unknown, ids: Set<string>): void {
  if (typeof asset === 'string') ids.add(asset);
  else if (asset && typeof asset === 'object') {
    const pair = asset as { light?: unknown; dark?: unknown; asset?: unknown };
    for (const side of [pair.asset, pair.light, pair.dark]) if (typeof side === 'string') ids.add(side);
  }
}

/** A share's images (ids or {asset}) and files ({asset}). */
function addSharedAssets(args: unknown, ids: Set<string>): void {
  const { images, files } = (args ?? {}) as { images?: unknown; files?: unknown };
  for (const image of Array.isArray(images) ? images : []) addAssetId(image, ids);
  for (const file of Array.isArray(files) ? files : []) addAssetId((file as { asset?: unknown })?.asset, ids);
}
