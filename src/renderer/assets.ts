// Uploaded assets in the page: images become blob URLs, fonts become FontFace entries named by
// asset id. Listeners re-render when an asset is put or removed so placeholders fill in.
import { assetFontFamily } from './tokens.ts';

export interface StoredAsset {
  mimeType: string;
  /** Blob URL for images; null for fonts. */
  url: string | null;
  /** Bumps on every put of the same id, so nodes showing it reload. */
  version: number;
  /** Its size, for what a share hands on. */
  bytes: number;
}

const FONT_TYPES = new Set(['font/ttf', 'font/otf']);

/** A backstop on one upload's base64 text (the device agent enforces the asset contract's exact
 *  caps before anything reaches the page): an 8 MiB video is about 11.2 MB of base64. */
export const MAX_ASSET_BASE64_LENGTH = 12 * 1024 * 1024;

export class AssetStore {
  private readonly assets = new Map<string, StoredAsset>();
  private readonly fonts = new Map<string, FontFace>();
  private readonly listeners = new Set<() => void>();
  private pendingFonts = new Set<Promise<unknown>>();
  private version = 0;

  get(id: string): StoredAsset | undefined {
    return this.assets.get(id);
  }

  has(id: string): boolean {
    return this.assets.has(id);
  }

  /** Every uploaded asset's type and size. */
  inventory(): Map<string, { bytes: number; mimeType: string }> {
    return new Map([...this.assets].map(([id, asset]) => [id, { bytes: asset.bytes, mimeType: asset.mimeType }]));
  }

  /** Stores an asset from base64 bytes, replacing any asset of the same id. */
  put(id: string, mimeType: string, base64: string): { ok: true } | { ok: false; message: string } {
    if (base64.length > MAX_ASSET_BASE64_LENGTH) {
      return { ok: false, message: `asset "${id}" is larger than the page accepts (${MAX_ASSET_BASE64_LENGTH} base64 characters)` };
    }
    let bytes: Uint8Array;
    try {
      bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    } catch {
      return { ok: false, message: `asset "${id}": dataBase64 is not valid base64` };
    }
    this.putBytes(id, mimeType, bytes);
    return { ok: true };
  }

  /** Stores bytes the page made itself (a camera capture), replacing any asset of the same id. */
  putBytes(id: string, mimeType: string, bytes: Uint8Array): void {
    this.drop(id);
    const isFont = FONT_TYPES.has(mimeType);
    const url = isFont ? null : URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType }));
    this.assets.set(id, { mimeType, url, version: ++this.version, bytes: bytes.length });
    if (isFont) this.loadFont(id, bytes);
    this.changed();
  }

  /** Removes an asset; removing an unknown id succeeds. */
  remove(id: string): void {
    if (this.drop(id)) this.changed();
  }

  clear(): void {
    const ids = [...this.assets.keys()];
    for (const id of ids) this.drop(id);
    if (ids.length) this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when every font upload has loaded or failed. */
  async fontsLoaded(): Promise<void> {
    while (this.pendingFonts.size) await Promise.allSettled([...this.pendingFonts]);
  }

  private loadFont(id: string, bytes: Uint8Array): void {
    // One file is one face: register it for every weight and style so fontWeight picks this face.
    const face = new FontFace(assetFontFamily(id), bytes as BufferSource, { weight: '1 1000', style: 'normal' });
    this.fonts.set(id, face);
    const loading = face
      .load()
      .then(() => {
        if (this.fonts.get(id) === face) {
          document.fonts.add(face);
          this.changed();
        }
      })
      .catch(() => console.warn(`protostage: font asset "${id}" could not be parsed; drawing the default family`))
      .finally(() => this.pendingFonts.delete(loading));
    this.pendingFonts.add(loading);
  }

  private drop(id: string): boolean {
    const asset = this.assets.get(id);
    if (!asset) return false;
    if (asset.url) URL.revokeObjectURL(asset.url);
    const face = this.fonts.get(id);
    if (face) document.fonts.delete(face);
    this.fonts.delete(id);
    this.assets.delete(id);
    return true;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
