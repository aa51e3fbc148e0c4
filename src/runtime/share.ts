/**
 * The share call's pure half (seeds/001 "Share contract"): binding and checking `share.open`
 * arguments into what a share sheet hands on, and the contact as a vCard 3.0.
 *
 *   resolveShare(args, context) → {ok: true, payload, summary} | {ok: false, error: {code: "invalid_args", path, message}}
 *
 * Strings bind {key}, {data:/pointer}, {item.field} and {index} once (what is put in is never read
 * again); a missing state key or row field stays literal, missing data reads as empty. A whole-value
 * binding ({data: "/pointer"}) that reads nothing fails. At least one item is shared: nonblank
 * text, a URL, images, files or a contact (a subject alone is none).
 */
import { renderScalar, tokenizePlaceholders } from '../expand/index.ts';
import { parsePointer, valueAt, type JsonValue } from '../json/pointer.ts';
import type { Scalar } from '../spec/index.ts';

/** Bytes of any one share string, bound or literal. */
export const MAX_SHARE_TEXT_BYTES = 65_536;
/** Unicode scalars of the text the summary repeats. */
export const SUMMARY_TEXT_SCALARS = 2048;
export const MAX_SHARE_IMAGES = 10;
export const MAX_SHARE_FILES = 4;
const MAX_FILE_NAME_BYTES = 128;

export interface ShareContact {
  name: string;
  phone?: string;
  email?: string;
  org?: string;
  url?: string;
  note?: string;
}

export interface ShareFile {
  asset: string;
  name: string;
  mimeType: string;
}

export type ShareImage = string | { asset: string } | { data: string };

export interface ShareArgs {
  text?: string;
  url?: string;
  subject?: string;
  images?: ShareImage[];
  files?: ShareFile[];
  contact?: ShareContact;
}

/** What the device knows of an uploaded asset. */
export interface UploadedAsset {
  bytes: number;
  mimeType: string;
}

export interface ShareContext {
  state: (key: string) => Scalar | undefined;
  data: JsonValue;
  /** The repeat row the action runs in: its item and index. */
  row: { item: Readonly<Record<string, unknown>>; alias: string; index: number } | null;
  assets: ReadonlyMap<string, UploadedAsset>;
}

export interface SharePayload {
  text?: string;
  url?: string;
  subject?: string;
  images: string[];
  files: Array<ShareFile & { bytes: number }>;
  /** The contact as a vCard 3.0 (text/x-vcard). */
  vcard?: string;
}

export interface ShareSummary {
  outcome: 'shared' | 'unknown';
  target?: string;
  items: { text?: string; url?: string; subject?: string; images: number; files: Array<{ name: string; mimeType: string; bytes: number }>; contact: boolean };
}

export type ShareResolution =
  | { ok: true; payload: SharePayload; summary: ShareSummary }
  | { ok: false; error: { code: 'invalid_args'; path: string; message: string } };

class InvalidArgs extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** Characters the portable grammar refuses in URLs and file names: C0/C1 controls, NBSP, U+2028–U+202E, U+2066–U+2069. */
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u00a0\u2028-\u202e\u2066-\u2069]/;

export function resolveShare(args: ShareArgs, context: ShareContext): ShareResolution {
  try {
    return { ok: true, ...build(args, context) };
  } catch (error) {
    if (error instanceof InvalidArgs) return { ok: false, error: { code: 'invalid_args', path: error.path, message: error.message } };
    throw error;
  }
}

function build(args: ShareArgs, context: ShareContext): { payload: SharePayload; summary: ShareSummary } {
  if ('title' in (args as Record<string, unknown>)) throw new InvalidArgs('args.title', 'share takes no title; use subject');
  const text = args.text === undefined ? undefined : bindString(args.text, 'args.text', context);
  const url = args.url === undefined ? undefined : checkUrl(bindString(args.url, 'args.url', context), 'args.url');
  const subject = args.subject === undefined ? undefined : bindString(args.subject, 'args.subject', context);
  const images = (args.images ?? []).map((image, index) => resolveImage(image, `args.images[${index}]`, context));
  if (images.length > MAX_SHARE_IMAGES) throw new InvalidArgs('args.images', `at most ${MAX_SHARE_IMAGES} images`);
  const files = (args.files ?? []).map((file, index) => resolveFile(file, `args.files[${index}]`, context));
  if (files.length > MAX_SHARE_FILES) throw new InvalidArgs('args.files', `at most ${MAX_SHARE_FILES} files`);
  const contact = args.contact === undefined ? undefined : resolveContact(args.contact, context);
  const hasText = text !== undefined && text.trim() !== '';
  if (!hasText && !url && images.length === 0 && files.length === 0 && !contact) {
    throw new InvalidArgs('args', 'share something: nonblank text, a url, images, files or a contact (a subject alone is not an item)');
  }
  const payload: SharePayload = {
    ...(text !== undefined ? { text } : {}),
    ...(url ? { url } : {}),
    ...(subject !== undefined ? { subject } : {}),
    images,
    files,
    ...(contact ? { vcard: vcard(contact) } : {}),
  };
  const summary: ShareSummary = {
    outcome: 'unknown',
    items: {
      ...(text !== undefined ? { text: truncateScalars(text, SUMMARY_TEXT_SCALARS) } : {}),
      ...(url ? { url } : {}),
      ...(subject !== undefined ? { subject } : {}),
      images: images.length,
      files: files.map(({ name, mimeType, bytes }) => ({ name, mimeType, bytes })),
      contact: contact !== undefined,
    },
  };
  return { payload, summary };
}

/** Binds a share string in one pass: state and row fields missing stay literal, data missing reads empty. */
function bindString(text: string, path: string, context: ShareContext): string {
  let out = '';
  if (!text.includes('{')) out = text;
  else {
    for (const token of tokenizePlaceholders(text)) {
      if (token.kind === 'text') out += token.text;
      else if (token.kind === 'data') {
        const value = scalarAt(context.data, token.pointer);
        out += value === undefined ? '' : renderScalar(value);
      } else if (token.kind === 'placeholder') {
        const value = placeholderValue(token.name, token.field, context);
        out += value === undefined ? token.raw : renderScalar(value);
      } else out += token.raw;
    }
  }
  if (utf8Bytes(out) > MAX_SHARE_TEXT_BYTES) throw new InvalidArgs(path, `${utf8Bytes(out)} bytes; a share string holds at most ${MAX_SHARE_TEXT_BYTES}`);
  return out;
}

function placeholderValue(name: string, field: string | null, context: ShareContext): Scalar | undefined {
  const row = context.row;
  if (field === null) return row !== null && name === 'index' ? row.index : context.state(name);
  if (row === null || name !== row.alias || !Object.hasOwn(row.item, field)) return undefined;
  const value = row.item[field];
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
}

/** The value at a data pointer; the data's root must be an object (an array root binds nothing). */
function dataAt(data: JsonValue, pointer: string): JsonValue | undefined {
  const segments = parsePointer(pointer);
  if (segments === null || data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  return valueAt(data, segments);
}

function scalarAt(data: JsonValue, pointer: string): Scalar | undefined {
  const value = dataAt(data, pointer);
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
}

/** The portable URL grammar: a literal http(s) scheme, a host, no userinfo, backslash, whitespace or invisible controls. */
function checkUrl(url: string, path: string): string {
  if (url === '') throw new InvalidArgs(path, 'the url is empty');
  if (!/^https?:\/\//i.test(url)) throw new InvalidArgs(path, `${JSON.stringify(url.slice(0, 64))} is not an absolute http or https URL (relative, javascript:, data:, file: and deep links are refused)`);
  if (/[\\\s]/.test(url) || FORBIDDEN_CHARACTERS.test(url)) throw new InvalidArgs(path, 'the url holds a backslash, whitespace or an invisible control character');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidArgs(path, `${JSON.stringify(url.slice(0, 64))} is not a URL`);
  }
  if (parsed.username !== '' || parsed.password !== '' || /^https?:\/\/[^/?#]*@/i.test(url)) throw new InvalidArgs(path, 'the url may not carry a user name or password');
  if (parsed.hostname === '') throw new InvalidArgs(path, 'the url has no host');
  return url;
}

function resolveImage(image: ShareImage, path: string, context: ShareContext): string {
  let resolved: unknown = image;
  if (typeof image === 'object' && image !== null && 'data' in image) {
    resolved = dataAt(context.data, image.data);
    if (resolved === undefined) throw new InvalidArgs(path, `{data: ${JSON.stringify(image.data)}} reads nothing`);
  }
  const id = typeof resolved === 'string' ? resolved : typeof resolved === 'object' && resolved !== null && typeof (resolved as { asset?: unknown }).asset === 'string' ? (resolved as { asset: string }).asset : null;
  if (id === null || id === '') throw new InvalidArgs(path, 'an image is an uploaded asset id, {asset: id} or {data: pointer} reading one');
  const asset = uploaded(id, path, context);
  if (!asset.mimeType.startsWith('image/')) throw new InvalidArgs(path, `asset "${id}" is ${asset.mimeType}, not an image`);
  return id;
}

function resolveFile(file: ShareFile, path: string, context: ShareContext): ShareFile & { bytes: number } {
  const name = bindString(file.name, `${path}.name`, context);
  const nameProblem = fileNameProblem(name);
  if (nameProblem) throw new InvalidArgs(`${path}.name`, nameProblem);
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(file.mimeType)) {
    throw new InvalidArgs(`${path}.mimeType`, `${JSON.stringify(file.mimeType)} is not a type/subtype MIME value without parameters`);
  }
  const asset = uploaded(file.asset, `${path}.asset`, context);
  return { asset: file.asset, name, mimeType: file.mimeType, bytes: asset.bytes };
}

function fileNameProblem(name: string): string | null {
  const bytes = utf8Bytes(name);
  if (bytes < 1 || bytes > MAX_FILE_NAME_BYTES) return `a file name is 1 to ${MAX_FILE_NAME_BYTES} UTF-8 bytes, not ${bytes}`;
  if (name.startsWith('.')) return 'a file name may not start with a dot';
  if (/[/\\]/.test(name)) return 'a file name may not hold a path separator';
  if (FORBIDDEN_CHARACTERS.test(name)) return 'a file name may not hold control or invisible formatting characters';
  return null;
}

function uploaded(id: string, path: string, context: ShareContext): UploadedAsset {
  const asset = context.assets.get(id);
  if (!asset) throw new InvalidArgs(path, `no asset "${id}" is uploaded; put it with the show's assets`);
  if (!Number.isSafeInteger(asset.bytes) || asset.bytes < 0) throw new InvalidArgs(path, `asset "${id}" has no byte size`);
  return asset;
}

function resolveContact(contact: ShareContact, context: ShareContext): ShareContact {
  const bound: ShareContact = { name: bindString(contact.name, 'args.contact.name', context) };
  if (bound.name.trim() === '') throw new InvalidArgs('args.contact.name', 'a contact has a nonblank name');
  for (const field of ['phone', 'email', 'org', 'url', 'note'] as const) {
    const value = contact[field];
    if (value !== undefined) bound[field] = bindString(value, `args.contact.${field}`, context);
  }
  return bound;
}

/**
 * The contact as a vCard 3.0: FN and an unstructured family N hold the name, then TEL, EMAIL,
 * ORG, URL and NOTE in that order. Text values escape backslash, comma, semicolon and line breaks;
 * the URL is kept verbatim. Lines end in CRLF and fold at 75 octets without splitting a scalar.
 */
export function vcard(contact: ShareContact): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${escapeText(contact.name)}`, `N:${escapeText(contact.name)};;;;`];
  if (contact.phone) lines.push(`TEL:${escapeText(contact.phone)}`);
  if (contact.email) lines.push(`EMAIL:${escapeText(contact.email)}`);
  if (contact.org) lines.push(`ORG:${escapeText(contact.org)}`);
  if (contact.url) lines.push(`URL:${contact.url}`);
  if (contact.note) lines.push(`NOTE:${escapeText(contact.note)}`);
  lines.push('END:VCARD');
  return lines.map(fold).join('');
}

export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded to 75 octets a line (the continuation's leading space counted), with its CRLF. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const scalar of line) {
    const size = utf8Bytes(scalar);
    if (bytes + size > 75) {
      out.push(current);
      current = ' ';
      bytes = 1;
    }
    current += scalar;
    bytes += size;
  }
  out.push(current);
  return `${out.join('\r\n')}\r\n`;
}

/** At most `count` Unicode scalars, never half a surrogate pair. */
export function truncateScalars(text: string, count: number): string {
  let taken = 0;
  let end = 0;
  for (const scalar of text) {
    if (taken === count) return text.slice(0, end);
    taken += 1;
    end += scalar.length;
  }
  return text;
}

function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const scalar of text) {
    const code = scalar.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
