// Where a show's spec comes from: inline (an object or JSON text) or an absolute file path.
import { open, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { limits } from '../contract/index.ts';
import { fail } from './errors.ts';
import type { FileRoots } from './file-roots.ts';

/** MAX_PROTOTYPE_SPEC_BYTES: the contract's raw UTF-8 cap on a spec, checked before reading the file. */
export const MAX_SPEC_FILE_BYTES = limits.specBytes;

export interface SpecSource {
  spec?: unknown;
  specPath?: string;
}

/** Returns the spec as the validator takes it: file bytes, JSON text, or an already-decoded value. */
export async function readSpecSource(source: SpecSource, roots: FileRoots): Promise<Uint8Array | string | unknown> {
  const hasInline = source.spec !== undefined;
  const hasPath = source.specPath !== undefined;
  if (hasInline === hasPath) {
    fail(hasInline ? 'specPath' : 'spec', 'give exactly one of spec and specPath', 'Pass the spec inline as `spec`, or its absolute file path as `specPath`.');
  }
  if (hasInline) return source.spec;
  return readSpecFile(source.specPath!, roots);
}

async function readSpecFile(file: string, roots: FileRoots): Promise<Uint8Array> {
  if (!isAbsolute(file)) fail('specPath', `"${file}" is not an absolute path`, 'Pass the absolute path of a .json spec file.');
  await roots.check(file, 'specPath');
  const info = await stat(file).catch((error: NodeJS.ErrnoException) =>
    fail('specPath', `cannot read "${file}" (${error.code ?? error.message})`, 'Check that the file exists and is readable by the protostage process.'),
  );
  if (!info.isFile()) fail('specPath', `"${file}" is not a regular file`, 'Point specPath at a JSON file.');
  if (info.size > MAX_SPEC_FILE_BYTES) {
    fail('specPath', `spec file is ${info.size} bytes; the limit is ${MAX_SPEC_FILE_BYTES}`, 'Shrink the spec: use components and repeat instead of copies.');
  }
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_SPEC_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_SPEC_FILE_BYTES) fail('specPath', `spec file grew past ${MAX_SPEC_FILE_BYTES} bytes while being read`, 'Retry once the file is written.');
    return new Uint8Array(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
