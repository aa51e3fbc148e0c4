// Asset staging for a show: every file is read and checked before the first upload, then the
// assets are uploaded one at a time. The MIME type comes from the file's signature, never from
// its name.
import { open, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { ASSET_KINDS_TEXT, ASSET_LIMITS, maxBytesFor, SIGNATURE_BYTES, sniffMimeType, type AssetMimeType } from '../protocol/assets.ts';
import { fail } from './errors.ts';
import type { FileRoots } from './file-roots.ts';

/** An asset for a show: a file (`path`), or the screenshot of an earlier observe (`observation`). */
export type AssetRequest = { id: string; path: string } | { id: string; observation: string };

/** The screenshots of recent observations, by observation id. */
export type ObservationScreenshots = (observationId: string) => Buffer | undefined;

export interface StagedAsset {
  id: string;
  mimeType: AssetMimeType;
  bytes: Buffer;
}

/**
 * Reads and checks every requested asset. Throws a HostFailureError naming the first bad entry;
 * nothing has been uploaded at that point. With `roots`, every file must lie under one of them
 * (files a user named on the command line need no roots).
 */
export async function stageAssets(requests: readonly AssetRequest[], roots?: FileRoots, observations?: ObservationScreenshots): Promise<StagedAsset[]> {
  if (requests.length > ASSET_LIMITS.maxAssets) {
    fail('assets', `${requests.length} assets given; at most ${ASSET_LIMITS.maxAssets} are accepted`, 'Split the show or reuse asset ids.');
  }
  checkIds(requests);
  const staged: StagedAsset[] = [];
  let totalBytes = 0;
  for (const [index, request] of requests.entries()) {
    let asset: StagedAsset;
    if ('observation' in request) {
      asset = observedAsset(request, observations, `assets[${index}].observation`);
    } else {
      asset = await readAsset(request, `assets[${index}].path`, roots);
    }
    totalBytes += asset.bytes.length;
    if (totalBytes > ASSET_LIMITS.maxTotalBytes) {
      fail(`assets[${index}]`, `assets total more than ${ASSET_LIMITS.maxTotalBytes} bytes`, 'Downscale or recompress images, or show fewer assets at once.');
    }
    staged.push(asset);
  }
  return staged;
}

function checkIds(requests: readonly AssetRequest[]): void {
  const seen = new Set<string>();
  for (const [index, { id }] of requests.entries()) {
    if (id.length === 0 || id.length > ASSET_LIMITS.maxIdLength) {
      fail(`assets[${index}].id`, `asset id must be 1 to ${ASSET_LIMITS.maxIdLength} characters`, 'Use the id the spec references, e.g. "variant-b".');
    }
    if (seen.has(id)) fail(`assets[${index}].id`, `asset id "${id}" is given twice`, 'Give each asset once.');
    seen.add(id);
  }
}

/** An earlier observe's screenshot as a PNG asset. */
function observedAsset(request: { id: string; observation: string }, observations: ObservationScreenshots | undefined, path: string): StagedAsset {
  const bytes = observations?.(request.observation);
  if (bytes === undefined) {
    fail(path, `no observation "${request.observation}" is kept (only the latest few are)`, 'Call observe again and pass the observationId it returns.');
  }
  if (bytes.length > maxBytesFor('image/png')) fail(path, `the screenshot is ${bytes.length} bytes, over the ${maxBytesFor('image/png')}-byte image limit`, 'Observe with a smaller pixel ratio.');
  return { id: request.id, mimeType: 'image/png', bytes };
}

async function readAsset(request: { id: string; path: string }, path: string, roots: FileRoots | undefined): Promise<StagedAsset> {
  if (!isAbsolute(request.path)) fail(path, `"${request.path}" is not an absolute path`, `Pass the absolute path of a ${ASSET_KINDS_TEXT} file.`);
  await roots?.check(request.path, path);
  const info = await stat(request.path).catch((error: NodeJS.ErrnoException) =>
    fail(path, `cannot read "${request.path}" (${error.code ?? error.message})`, 'Check that the file exists and is readable by the protostage process.'),
  );
  if (!info.isFile()) fail(path, `"${request.path}" is not a regular file`, 'Point at an image or font file.');
  const head = await readHead(request.path, SIGNATURE_BYTES);
  const mimeType = sniffMimeType(head);
  if (!mimeType) fail(path, `"${request.path}" is not a ${ASSET_KINDS_TEXT} file (checked by its signature)`, 'Convert it to one of those formats.');
  const limit = maxBytesFor(mimeType);
  if (info.size > limit) fail(path, `${mimeType} file of ${info.size} bytes is over the ${limit}-byte limit`, 'Downscale or recompress it.');
  const bytes = await readWhole(request.path, limit, path);
  return { id: request.id, mimeType, bytes };
}

/** The first `length` bytes of a file (fewer when it is shorter). */
export async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Reads at most `limit` bytes, so a file that grew after stat still cannot exceed the cap. */
async function readWhole(file: string, limit: number, path: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(limit + 1);
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, total, buffer.length - total, total);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit) fail(path, `file grew past the ${limit}-byte limit while being read`, 'Retry once the file is written.');
    }
    return Buffer.from(buffer.subarray(0, total));
  } finally {
    await handle.close();
  }
}
