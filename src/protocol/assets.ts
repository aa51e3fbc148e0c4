// The asset contract both ends enforce: accepted MIME types, their file signatures, and caps.

export const ASSET_LIMITS = {
  maxImageBytes: 4 * 1024 * 1024,
  maxFontBytes: 2 * 1024 * 1024,
  /** A prototype's video is a short clip or loop: 8 MiB holds about 30 s of 720p at 2 Mbit/s, and
   *  two of them still fit the 16 MiB a show may upload (base64 on the wire stays under one frame). */
  maxVideoBytes: 8 * 1024 * 1024,
  maxAssets: 32,
  maxTotalBytes: 16 * 1024 * 1024,
  maxIdLength: 256,
} as const;

export const ASSET_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'font/ttf', 'font/otf', 'video/mp4', 'video/webm'] as const;

/** The kinds of file an asset may be, as a person names them. */
export const ASSET_KINDS_TEXT = 'PNG, JPEG, WebP, TTF, OTF, MP4 or WebM';

/** Leading bytes enough for every signature sniffMimeType knows (a WebM's doctype sits in its EBML header). */
export const SIGNATURE_BYTES = 64;

/** ISO media brands of still images (HEIF, AVIF), which share MP4's ftyp box and are no video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);
export type AssetMimeType = (typeof ASSET_MIME_TYPES)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((value, index) => bytes[offset + index] === value);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function containsAscii(bytes: Uint8Array, text: string): boolean {
  const wanted = ascii(text);
  for (let at = 0; at + wanted.length <= bytes.length; at++) if (startsWith(bytes, wanted, at)) return true;
  return false;
}

/** The MIME type named by a file's leading bytes, or null when it is none of the accepted kinds. */
export function sniffMimeType(bytes: Uint8Array): AssetMimeType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  // sfnt version tags: 0x00010000 and 'true' hold TrueType outlines, 'OTTO' holds CFF outlines.
  if (startsWith(bytes, [0x00, 0x01, 0x00, 0x00]) || startsWith(bytes, ascii('true'))) return 'font/ttf';
  if (startsWith(bytes, ascii('OTTO'))) return 'font/otf';
  if (startsWith(bytes, ascii('ftyp'), 4) && bytes.length >= 12) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    return IMAGE_BRANDS.has(brand) ? null : 'video/mp4';
  }
  // An EBML header whose DocType is webm (Matroska's other files are not accepted).
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && containsAscii(bytes.subarray(0, SIGNATURE_BYTES), 'webm')) return 'video/webm';
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
  if (mimeType.startsWith('video/')) return ASSET_LIMITS.maxVideoBytes;
  return mimeType.startsWith('font/') ? ASSET_LIMITS.maxFontBytes : ASSET_LIMITS.maxImageBytes;
}
