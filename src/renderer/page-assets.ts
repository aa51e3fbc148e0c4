// Node-side assets the page embeds so it works offline: Roboto as data-URL @font-face rules and
// the Material icon glyphs as one JSON map. Both are read once per process and cached.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/** Icon map shape: variant → icon name → inner SVG markup of a 24×24 viewBox. */
export type IconMap = Record<IconVariant, Record<string, string>>;

const ROBOTO_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];
const ROBOTO_SUBSETS: Array<{ subset: string; unicodeRange: string }> = [
  { subset: 'latin', unicodeRange: 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD' },
  { subset: 'latin-ext', unicodeRange: 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF' },
];

let fontCss: string | undefined;
let iconMap: IconMap | undefined;
let packedIcons: string | undefined;

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** @font-face rules for Roboto (latin + latin-ext, every weight, normal and italic) as data URLs. */
export function robotoFontFaceCss(): string {
  if (fontCss) return fontCss;
  const files = join(packageDir('@fontsource/roboto'), 'files');
  const rules: string[] = [];
  for (const { subset, unicodeRange } of ROBOTO_SUBSETS) {
    for (const weight of ROBOTO_WEIGHTS) {
      for (const style of ['normal', 'italic']) {
        const bytes = readFileSync(join(files, `roboto-${subset}-${weight}-${style}.woff2`));
        rules.push(
          `@font-face{font-family:'Roboto';font-style:${style};font-weight:${weight};font-display:block;` +
            `src:url(data:font/woff2;base64,${bytes.toString('base64')}) format('woff2');unicode-range:${unicodeRange}}`,
        );
      }
    }
  }
  fontCss = rules.join('\n');
  return fontCss;
}

/** Strips the outer <svg> element: the page wraps every glyph in its own sized <svg>. */
export function innerSvg(svg: string): string {
  const open = svg.indexOf('>');
  const close = svg.lastIndexOf('</svg>');
  return open < 0 || close < 0 ? '' : svg.slice(open + 1, close);
}

/** Every glyph of @material-design-icons/svg, by seed variant name and icon name. */
export function materialIconMap(): IconMap {
  if (iconMap) return iconMap;
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
  iconMap = map;
  return map;
}

/** The icon map as gzip-compressed JSON in base64: well under half the bytes the page must load. */
export function packedMaterialIconMap(): string {
  packedIcons ??= gzipSync(JSON.stringify(materialIconMap()), { level: 9 }).toString('base64');
  return packedIcons;
}
