// Node-side assets of the device page, which its origin serves from this process so that it works
// offline: the @font-face rules of Roboto, the script fonts' faces, and the Material icon glyphs as
// gzip-compressed JSON, a map per variant, each built once per process and cached; and the font files, read
// when the page asks for one (the browser fetches only the files its text uses).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import { keptOrMade, packageRelative } from './built-files.ts';
import { ROBOTO_FONT_PATH } from './page-paths.ts';
import { EMOJI_FONT, SCRIPT_FONT_PATH, SCRIPT_FONTS, type ScriptFont, type ScriptFontFace } from './script-fonts.ts';

const require = createRequire(import.meta.url);

/** The seed's icon variants and the folder of @material-design-icons/svg that draws each. */
export const ICON_VARIANT_FOLDERS = {
  filled: 'filled',
  outlined: 'outlined',
  rounded: 'round',
  sharp: 'sharp',
  twoTone: 'two-tone',
} as const;

export type IconVariant = keyof typeof ICON_VARIANT_FOLDERS;

export const ICON_VARIANTS = Object.keys(ICON_VARIANT_FOLDERS) as IconVariant[];

/** Icon map shape: variant → icon name → inner SVG markup of a 24×24 viewBox. */
export type IconMap = Record<IconVariant, Record<string, string>>;

const ROBOTO_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];
const ROBOTO_SUBSETS: Array<{ subset: string; unicodeRange: string }> = [
  { subset: 'latin', unicodeRange: 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD' },
  { subset: 'latin-ext', unicodeRange: 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF' },
];

let fontCss: string | undefined;
let iconMap: IconMap | undefined;
const ROBOTO_FONT_FILE = /^roboto-[a-z-]+-\d{3}-(normal|italic)\.woff2$/;

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/**
 * @font-face rules for Roboto (latin + latin-ext, every weight, normal and italic), each file at
 * its page path: the page loads only the weights and styles its text uses.
 */
export function robotoFontFaceCss(): string {
  if (fontCss) return fontCss;
  const rules: string[] = [];
  for (const { subset, unicodeRange } of ROBOTO_SUBSETS) {
    for (const weight of ROBOTO_WEIGHTS) {
      for (const style of ['normal', 'italic']) {
        rules.push(
          `@font-face{font-family:'Roboto';font-style:${style};font-weight:${weight};font-display:block;` +
            `src:url(${ROBOTO_FONT_PATH}roboto-${subset}-${weight}-${style}.woff2) format('woff2');unicode-range:${unicodeRange}}`,
        );
      }
    }
  }
  fontCss = rules.join('\n');
  return fontCss;
}

/** The bytes of the Roboto file a page path names, or null for a path that names none. */
export async function readRobotoFont(path: string): Promise<Buffer | null> {
  if (!path.startsWith(ROBOTO_FONT_PATH)) return null;
  const file = path.slice(ROBOTO_FONT_PATH.length);
  if (!ROBOTO_FONT_FILE.test(file)) return null;
  return readFile(join(packageDir('@fontsource/roboto'), 'files', file)).catch(() => null);
}

let scriptFaces: ScriptFontFace[] | undefined;
const SCRIPT_FONT_FILE = /^[a-z0-9-]+\.woff2$/;
const FONT_FACE_RULE = /@font-face\s*\{([^}]*)\}/g;
const FONTSOURCE_FILE = /url\(\.\/files\/([a-z0-9-]+\.woff2)\)/;

/** A script font's @fontsource style sheets: one per weight, or the one of its weight axis. */
function fontsourceCss(font: ScriptFont): string[] {
  const sheets = font.scope === '@fontsource-variable' ? ['wght.css'] : font.weights.map((weight) => `${weight}.css`);
  return sheets.map((sheet) => readFileSync(require.resolve(`${font.scope}/${font.package}/${sheet}`), 'utf8'));
}

/** The descriptors of each @font-face rule of a style sheet, by name. */
function fontFaceRules(css: string): Array<Record<string, string>> {
  return [...css.matchAll(FONT_FACE_RULE)].map(([, body]) => {
    const descriptors: Record<string, string> = {};
    for (const declaration of body!.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) descriptors[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim();
    }
    return descriptors;
  });
}

/**
 * Every script font file, each by its character range, at SCRIPT_FONT_PATH, under the font's own
 * family name (a variable package names it "… Variable"): colour emoji first, then the scripts in
 * fallback order. The page registers a file only once its text has a character of the file's
 * range (script-font-faces.ts): four hundred faces written out slowed every page load.
 */
export function scriptFontFaces(): ScriptFontFace[] {
  scriptFaces ??= [
    { family: EMOJI_FONT.family, style: 'normal', weight: 'normal', src: EMOJI_FONT.path, unicodeRange: EMOJI_FONT.unicodeRange },
    ...SCRIPT_FONTS.flatMap((font) =>
      fontsourceCss(font).flatMap((css) =>
        fontFaceRules(css).map((rule) => ({
          family: font.family,
          style: rule['font-style'] ?? 'normal',
          weight: rule['font-weight'] ?? 'normal',
          src: `${SCRIPT_FONT_PATH}${font.package}/${FONTSOURCE_FILE.exec(rule.src ?? '')![1]}`,
          unicodeRange: rule['unicode-range']!,
        })),
      ),
    ),
  ];
  return scriptFaces;
}

let gzippedFaces: Promise<Buffer> | undefined;

/**
 * The script fonts' faces as the page fetches them: gzip-compressed JSON, made once a process and
 * compressed off the main thread, which a starting device keeps busy (about 10 ms of work).
 */
export function gzippedScriptFontFaces(): Promise<Buffer> {
  gzippedFaces ??= promisify(gzip)(JSON.stringify(scriptFontFaces()));
  return gzippedFaces;
}

/** The bytes of the script font file a page path names, or null for a path that names none. */
export async function readScriptFont(path: string): Promise<Buffer | null> {
  if (path === EMOJI_FONT.path) return readFile(join(packageDir('twemoji-colr-font'), 'twemoji.woff2'));
  if (!path.startsWith(SCRIPT_FONT_PATH)) return null;
  const [packageName, file, ...rest] = path.slice(SCRIPT_FONT_PATH.length).split('/');
  if (rest.length > 0 || file === undefined || !SCRIPT_FONT_FILE.test(file)) return null;
  const font = SCRIPT_FONTS.find((candidate) => candidate.package === packageName);
  if (!font) return null;
  return readFile(join(packageDir(`${font.scope}/${font.package}`), 'files', file)).catch(() => null);
}

/** Strips the outer <svg> element: the page wraps every glyph in its own sized <svg>. */
export function innerSvg(svg: string): string {
  const open = svg.indexOf('>');
  const close = svg.lastIndexOf('</svg>');
  return open < 0 || close < 0 ? '' : svg.slice(open + 1, close);
}

/**
 * The icon glyphs a packed package carries, one file per variant, written by the library build from
 * @material-design-icons/svg: that package's 10,000 small files are a build-time dependency only.
 * A checkout that has the package packs the glyphs from it, and keeps each packed variant while
 * neither that package's version nor this file changes (built-files.ts).
 */
export function builtIconVariantFile(variant: IconVariant): string {
  return fileURLToPath(new URL(`../../dist/${packedIconVariantName(variant)}`, import.meta.url));
}

/** The name a variant's packed glyphs are kept and carried under. */
function packedIconVariantName(variant: IconVariant): string {
  return `material-icons-${variant}.json.gz`;
}

function iconPackageInstalled(): boolean {
  try {
    packageDir('@material-design-icons/svg');
    return true;
  } catch {
    return false;
  }
}

function readBuiltIconVariant(variant: IconVariant): Buffer {
  const file = builtIconVariantFile(variant);
  if (!existsSync(file)) {
    throw new Error(`the Material icon glyphs are missing: neither @material-design-icons/svg nor ${file} is installed (npm install, or npm pack to build it)`);
  }
  return readFileSync(file);
}

/** Every glyph of @material-design-icons/svg, by seed variant name and icon name. */
export function materialIconMap(): IconMap {
  iconMap ??= iconPackageInstalled() ? materialIconPackageMap() : builtIconMap();
  return iconMap;
}

function builtIconMap(): IconMap {
  const map = {} as IconMap;
  for (const variant of ICON_VARIANTS) map[variant] = JSON.parse(gunzipSync(readBuiltIconVariant(variant)).toString('utf8')) as Record<string, string>;
  return map;
}

/** The icon map read from @material-design-icons/svg itself, one file per glyph and variant. */
export function materialIconPackageMap(): IconMap {
  const root = packageDir('@material-design-icons/svg');
  const map = {} as IconMap;
  for (const [variant, folder] of Object.entries(ICON_VARIANT_FOLDERS) as Array<[IconVariant, string]>) {
    const glyphs: Record<string, string> = {};
    for (const file of readdirSync(join(root, folder)).sort()) {
      if (!file.endsWith('.svg')) continue;
      glyphs[file.slice(0, -4)] = innerSvg(readFileSync(join(root, folder, file), 'utf8'));
    }
    map[variant] = glyphs;
  }
  return map;
}

/** One variant's glyphs as gzip-compressed JSON: well under half the bytes the page must load. */
export function gzipIconVariant(glyphs: Record<string, string>): Buffer {
  return gzipSync(JSON.stringify(glyphs), { level: 9 });
}

/**
 * A variant's glyphs as gzip-compressed JSON, as the page loads them from iconVariantPath (made
 * once per process). The page loads the filled glyphs as it opens and another variant only when
 * something draws it: all five took a tenth of a second of the page's start to unpack.
 */
export function gzippedIconVariant(variant: IconVariant): Promise<Buffer> {
  let glyphs = gzippedVariants.get(variant);
  if (glyphs === undefined) {
    glyphs = iconPackageInstalled() ? keptOrPackedIconVariant(variant) : Promise.resolve(variant).then(readBuiltIconVariant);
    gzippedVariants.set(variant, glyphs);
    glyphs.catch(() => gzippedVariants.delete(variant));
  }
  return glyphs;
}

const gzippedVariants = new Map<IconVariant, Promise<Buffer>>();

/** Packed from the icon package, kept while neither its version nor this file changes. */
function keptOrPackedIconVariant(variant: IconVariant): Promise<Buffer> {
  const inputs = [packageRelative(join(packageDir('@material-design-icons/svg'), 'package.json')), packageRelative(fileURLToPath(import.meta.url))];
  return keptOrMade(packedIconVariantName(variant), 'material icon variant 1', async () => ({ contents: gzipIconVariant(materialIconMap()[variant]), inputs }));
}
