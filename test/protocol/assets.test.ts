// The asset contract's signatures: each accepted kind is told by its leading bytes, videos among
// them (an ISO media file that is a still image, or a Matroska file that is not WebM, is refused),
// and a video's cap is its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ASSET_LIMITS, maxBytesFor, signatureMatches, sniffMimeType, SIGNATURE_BYTES } from '../../src/protocol/assets.ts';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
/** An ISO media file's first box: size, "ftyp", the major brand. */
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 2, 0]);
/** An EBML header carrying a DocType element. */
const ebml = (docType: string) => bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 + docType.length], docType);

test('MP4 is an ftyp box of a video brand; HEIF and AVIF stills share the box and are refused', () => {
  assert.equal(sniffMimeType(ftyp('isom')), 'video/mp4');
  assert.equal(sniffMimeType(ftyp('mp42')), 'video/mp4');
  assert.equal(sniffMimeType(ftyp('heic')), null);
  assert.equal(sniffMimeType(ftyp('avif')), null);
});

test('WebM is an EBML header whose DocType is webm; another Matroska file is refused', () => {
  assert.equal(sniffMimeType(ebml('webm')), 'video/webm');
  assert.equal(sniffMimeType(ebml('matroska')), null);
  assert.ok(ebml('webm').length <= SIGNATURE_BYTES, 'the doctype lies within the bytes read for a signature');
});

test('a video is stored only as its own kind and is capped at its own limit', () => {
  assert.equal(signatureMatches('video/webm', 'video/mp4'), false);
  assert.equal(signatureMatches('video/mp4', 'video/mp4'), true);
  assert.equal(maxBytesFor('video/webm'), ASSET_LIMITS.maxVideoBytes);
  assert.ok(ASSET_LIMITS.maxVideoBytes > ASSET_LIMITS.maxImageBytes && ASSET_LIMITS.maxVideoBytes <= ASSET_LIMITS.maxTotalBytes);
});
