// The script fonts' faces (script-fonts.ts) join the page's fonts as its text comes to need them.
// Written out as four hundred @font-face rules in the page, they made every device page ready
// 22–32 ms later (bench/README.md), and a Latin-only prototype needs none of them. A face joins the
// page once a drawn text has a character of its range, before the frame that lays that text out,
// so the fallback order of the font stacks (tokens.ts) is unchanged.
import { fetchGzippedJson } from './gzipped-json.ts';
import { trackLoad } from './loading.ts';
import { SCRIPT_FONT_FACES_PATH } from './page-paths.ts';
import type { ScriptFontFace } from './script-fonts.ts';

/** Characters beyond Latin-1. Roboto and the DejaVu fonts draw every Latin-1 character themselves. */
const BEYOND_LATIN_1 = /[^\u0000-\u00ff]/;

interface FaceRanges {
  face: ScriptFontFace;
  /** The face's character ranges as [first, last] code points. */
  ranges: Array<readonly [number, number]>;
  registered: boolean;
}

/** The attributes whose text is drawn: a field's value (its accessible name) and its placeholder. */
const DRAWN_ATTRIBUTES = ['aria-label', 'placeholder'];

/**
 * Watches the page's text from now on (`root`: everything drawn), with the faces loading beside it
 * (the device serves them as gzip-compressed JSON; the page's head preloads them).
 */
export function watchScriptFontText(root: Node): ScriptFontFaces {
  const faces = new ScriptFontFaces(fetchGzippedJson<ScriptFontFace[]>(SCRIPT_FONT_FACES_PATH, []));
  faces.watch(root);
  return faces;
}

export class ScriptFontFaces {
  /** The faces, once they have arrived. */
  #faces: FaceRanges[] | null = null;
  /** Texts that needed faces before they arrived. */
  #early: string[] = [];
  readonly #arrived: Promise<void>;
  readonly #looked = new Set<number>();
  /** The style element the registered faces' rules go in, made at the first. */
  #rules: HTMLStyleElement | null = null;

  constructor(table: Promise<readonly ScriptFontFace[]>) {
    this.#arrived = table.then((faces) => {
      this.#faces = faces.map((face) => ({ face, ranges: parseUnicodeRange(face.unicodeRange), registered: false }));
      for (const text of this.#early.splice(0)) this.#lookUp(text);
    });
  }

  /**
   * Registers the faces whose ranges hold a character of `text` and are not registered yet. Text
   * drawn before the faces arrived (a show at the page's very start) gets them on their arrival,
   * and settled() waits for that and for the fonts they bring.
   */
  need(text: string): void {
    if (!BEYOND_LATIN_1.test(text)) return;
    if (this.#faces !== null) return this.#lookUp(text);
    if (this.#early.length === 0) trackLoad(this.#arrived.then(() => document.fonts.ready));
    this.#early.push(text);
  }

  #lookUp(text: string): void {
    for (const character of text) {
      const codePoint = character.codePointAt(0)!;
      if (codePoint <= 0xff || this.#looked.has(codePoint)) continue;
      this.#looked.add(codePoint);
      for (const entry of this.#faces!) {
        if (!entry.registered && entry.ranges.some(([first, last]) => codePoint >= first && codePoint <= last)) this.#register(entry);
      }
    }
  }

  /**
   * Watches everything drawn under `root`: added text, changed text, and the drawn attributes (a
   * field's value, typed or set, is its accessible name). A mutation observer answers before the
   * next frame is laid out.
   */
  watch(root: Node): void {
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') this.need((record.target as CharacterData).data);
        else if (record.type === 'attributes') this.need((record.target as Element).getAttribute(record.attributeName!) ?? '');
        else record.addedNodes.forEach((node) => this.#needAll(node));
      }
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: DRAWN_ATTRIBUTES });
  }

  #needAll(node: Node): void {
    this.need(node.textContent ?? '');
    if (!(node instanceof Element)) return;
    for (const element of [node, ...node.querySelectorAll('input, textarea')]) {
      for (const name of DRAWN_ATTRIBUTES) this.need(element.getAttribute(name) ?? '');
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) this.need(element.value);
    }
  }

  /**
   * Adds the face's @font-face rule where it stands among the faces (the order of the rules
   * decides between faces of one family whose ranges overlap, as it did when all were written out).
   * `block` keeps such text invisible for the moment its file takes to arrive, so a screenshot
   * never catches a fallback glyph (the page settles once its fonts are loaded).
   */
  #register(entry: FaceRanges): void {
    const faces = this.#faces!;
    const { family, style, weight, src, unicodeRange } = entry.face;
    const position = faces.slice(0, faces.indexOf(entry)).filter((earlier) => earlier.registered).length;
    this.#sheet().insertRule(`@font-face{font-family:'${family}';font-style:${style};font-weight:${weight};font-display:block;src:url(${src}) format('woff2');unicode-range:${unicodeRange}}`, position);
    entry.registered = true;
  }

  #sheet(): CSSStyleSheet {
    if (this.#rules === null) {
      this.#rules = document.createElement('style');
      document.head.appendChild(this.#rules);
    }
    return this.#rules.sheet!;
  }
}

/** `U+0600-06FF,U+200C,U+30??` as [first, last] pairs. */
export function parseUnicodeRange(range: string): Array<readonly [number, number]> {
  return range.split(',').map((part) => {
    const spec = part.trim().replace(/^U\+/i, '');
    if (spec.includes('?')) return [parseInt(spec.replace(/\?/g, '0'), 16), parseInt(spec.replace(/\?/g, 'F'), 16)] as const;
    const [first, last = first] = spec.split('-');
    return [parseInt(first!, 16), parseInt(last!, 16)] as const;
  });
}
