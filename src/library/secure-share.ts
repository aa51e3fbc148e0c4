/**
 * Library mode never shares what a secure field holds (seeds/001 "Library imports refuse secure
 * state in every share string, including nested contact/file values and follow-up handlers").
 *
 * A share string reads secure state when one of its `{key}` placeholders names the state key of a
 * `secure: true` textField; a field in a repeat template has a key per row (`pw_{index}`). Strings
 * are read as authored: a substituted value is never scanned again, as share.open never rescans it.
 *
 * The scan is bounded before it starts: every share string is charged its authored UTF-8 bytes once
 * per repeat row it is drawn in (a template with no rows is charged once), and a spec whose charge
 * passes MAX_SECURE_SCAN_BYTES is refused rather than scanned.
 */
import { dataRepeatRows, repeatBinder, type PlaceholderBinder } from '../expand/index.ts';
import { bindPlaceholdersAsText, tokenizePlaceholders } from '../expand/placeholders.ts';
import { childPath } from '../expand/path.ts';
import { utf8ByteLength } from '../json/index.ts';
import type { JsonValue } from '../json/pointer.ts';

export const MAX_SECURE_SCAN_BYTES = 4_194_304;

export interface SecureShareRefusal {
  path: string;
  message: string;
}

type Json = Record<string, unknown>;

interface ShareString {
  path: string;
  text: string;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a library spec may not be shown for its share strings, or null. `root` and `data` are the validated spec's. */
export function secureShareRefusal(root: unknown, data: JsonValue | undefined): SecureShareRefusal | null {
  const strings: ShareString[] = [];
  const secureKeys = new Set<string>();
  let charged = 0;
  let overCap: string | null = null;
  walk(root, 'root', [], 1, {
    data,
    onSecureKey: (key) => secureKeys.add(key),
    onShareString: (path, text, rows) => {
      charged += utf8ByteLength(text) * rows;
      if (charged > MAX_SECURE_SCAN_BYTES) overCap ??= path;
      else strings.push({ path, text });
    },
  });
  if (overCap !== null) {
    return { path: overCap, message: `The share strings of this spec add up to more than ${MAX_SECURE_SCAN_BYTES} bytes (each charged once per repeat row), past what an embedded prototype scans for secure state; share shorter text or from fewer rows` };
  }
  for (const { path, text } of strings) {
    const key = secureKeyIn(text, secureKeys);
    if (key !== null) return { path, message: `An embedded (library) prototype never shares secure state: {${key}} is what a secure textField holds; share something else` };
  }
  return null;
}

function secureKeyIn(text: string, secureKeys: ReadonlySet<string>): string | null {
  if (!text.includes('{')) return null;
  for (const token of tokenizePlaceholders(text)) {
    if (token.kind === 'placeholder' && token.field === null && secureKeys.has(token.name)) return token.name;
  }
  return null;
}

interface Visitor {
  data: JsonValue | undefined;
  onSecureKey(key: string): void;
  onShareString(path: string, text: string, rows: number): void;
}

/**
 * Visits every object under `value`. `binders` bind the placeholders of the enclosing repeat rows
 * (innermost first) and `rows` is how many times this part of the tree is drawn.
 */
function walk(value: unknown, path: string, binders: PlaceholderBinder[], rows: number, visitor: Visitor): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, childPath(path, index), binders, rows, visitor));
    return;
  }
  if (!isObject(value)) return;
  if (value.type === 'textField' && value.secure === true && typeof value.stateKey === 'string') visitor.onSecureKey(bound(value.stateKey, binders));
  if (value.type === 'platform' && value.call === 'share.open') visitStrings(value.args, childPath(path, 'args'), rows, visitor);
  const repeat = isObject(value.repeat) ? value.repeat : null;
  for (const [key, child] of Object.entries(value)) {
    if (repeat !== null && key === 'children') walkTemplate(child, childPath(path, key), repeat, binders, rows, visitor);
    else walk(child, childPath(path, key), binders, rows, visitor);
  }
}

/** A repeat container's template children: secure keys bound for each row, share strings charged per row. */
function walkTemplate(children: unknown, path: string, repeat: Json, binders: PlaceholderBinder[], rows: number, visitor: Visitor): void {
  const items = typeof repeat.items === 'string' ? dataRepeatRows(visitor.data, repeat.items) : Array.isArray(repeat.items) ? repeat.items : [];
  const alias = typeof repeat.as === 'string' ? repeat.as : 'item';
  const count = Math.max(1, items.length);
  if (items.length === 0) {
    walk(children, path, binders, rows, visitor);
    return;
  }
  // Share strings are charged for every row at once; the rows only differ in their secure keys.
  walk(children, path, [repeatBinder(alias, (items[0] ?? {}) as Json, 0), ...binders], rows * count, visitor);
  items.slice(1).forEach((item, index) => collectSecureKeys(children, [repeatBinder(alias, (item ?? {}) as Json, index + 1), ...binders], visitor));
}

/** Only the secure keys of a subtree (the other rows of a template). */
function collectSecureKeys(value: unknown, binders: PlaceholderBinder[], visitor: Visitor): void {
  walk(value, '', binders, 0, { ...visitor, onShareString: () => {} });
}

function visitStrings(value: unknown, path: string, rows: number, visitor: Visitor): void {
  if (typeof value === 'string') visitor.onShareString(path, value, rows);
  else if (Array.isArray(value)) value.forEach((item, index) => visitStrings(item, childPath(path, index), rows, visitor));
  else if (isObject(value)) for (const [key, child] of Object.entries(value)) visitStrings(child, childPath(path, key), rows, visitor);
}

function bound(text: string, binders: readonly PlaceholderBinder[]): string {
  return binders.reduce((current, binder) => bindPlaceholdersAsText(current, binder), text);
}
