// Image decoding state, tracked page-wide so settled() can wait for every image to load or fail
// (and for what other media start: a camera stream, a capture, a video's metadata; and a request
// until the device has handed it on).
import { useEffect, useLayoutEffect, useReducer, useState } from 'preact/hooks';
import type { AssetStore } from './assets.ts';

export type ImageStatus = 'loading' | 'loaded' | 'broken';

const pending = new Set<Promise<unknown>>();

/** Decodes `url` (null: no such asset) and reports whether it can be drawn. */
export function useImageLoad(url: string | null): ImageStatus {
  const [status, setStatus] = useState<ImageStatus>(url ? 'loading' : 'broken');
  useEffect(() => {
    if (!url) {
      setStatus('broken');
      return;
    }
    let current = true;
    setStatus('loading');
    const image = new Image();
    image.src = url;
    const decoding = image.decode().then(
      () => current && setStatus('loaded'),
      () => current && setStatus('broken'),
    );
    pending.add(decoding);
    decoding.finally(() => pending.delete(decoding));
    return () => {
      current = false;
    };
  }, [url]);
  return status;
}

/** Makes settled() wait for `work` too (it may fail; settled goes on either way). */
export function trackLoad(work: Promise<unknown>): void {
  const settledWork = work.catch(() => undefined);
  pending.add(settledWork);
  settledWork.finally(() => pending.delete(settledWork));
}

/** Resolves once every image that started decoding has loaded or failed. */
export async function imagesSettled(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

/** The blob URL of an uploaded image asset (null while missing); follows puts and removals. */
export function useAssetUrl(assets: AssetStore, id: string | null): string | null {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  // Subscribed while the render commits, not after the next paint: an asset put right after a
  // show (the host re-uploading a missing one) must not land before anyone listens.
  useLayoutEffect(() => assets.subscribe(() => refresh(undefined)), [assets]);
  return id === null ? null : assets.get(id)?.url ?? null;
}
