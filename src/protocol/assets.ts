// The asset contract both ends enforce: accepted MIME types, their file signatures, and caps.

export const ASSET_LIMITS = {
  maxImageBytes: 4 * 1024 * 1024,
  maxFontBytes: 2 * 1024 * 1024,
  maxAssets: 32,
  maxTotalBytes: 16 * 1024 * 1024,
  maxIdLength: 256,
} as const;

export const ASSET_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'font/ttf', 'font/otf'] as const;
export type AssetMimeType = (typeof ASSET_MIME_TYPES)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((value, index) => bytes[offset + index] === value);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The MIME type named by a file's leading bytes, or null when it is none of the accepted kinds. */
export function sniffMimeType(bytes: Uint8Array): AssetMimeType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  // sfnt version tags: 0x00010000 and 'true' hold TrueType outlines, 'OTTO' holds CFF outlines.
  if (startsWith(bytes, [0x00, 0x01, 0x00, 0x00]) || startsWith(bytes, ascii('true'))) return 'font/ttf';
  if (startsWith(bytes, ascii('OTTO'))) return 'font/otf';
  return null;
}

export function isAssetMimeType(value: string): value is AssetMimeType {
  return (ASSET_MIME_TYPES as readonly string[]).includes(value);
}

/**
 * Whether bytes of the sniffed kind may be stored under `mimeType`. An sfnt font is either font
 * type whatever its outlines: an OpenType file may carry TrueType outlines, and a .ttf CFF ones.
 */
export function signatureMatches(sniffed: AssetMimeType | null, mimeType: AssetMimeType): boolean {
  if (sniffed === null) return false;
  return sniffed === mimeType || (sniffed.startsWith('font/') && mimeType.startsWith('font/'));
}

export function maxBytesFor(mimeType: AssetMimeType): number {
  return mimeType.startsWith('font/') ? ASSET_LIMITS.maxFontBytes : ASSET_LIMITS.maxImageBytes;
}
