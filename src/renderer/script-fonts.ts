// The fonts for the world's scripts the device carries, as data both sides read: colour emoji and
// Noto Sans for Arabic, Hebrew, Devanagari, Thai, Chinese, Japanese and Korean. Each Noto font
// comes as many small files, one per range of characters (the @fontsource packages cut them so);
// the page fetches only the files its text uses, so a Latin-only prototype loads none.

export interface ScriptFont {
  /** The package, without its scope. */
  package: string;
  family: string;
  /**
   * `@fontsource` ships one static file per weight and range; `@fontsource-variable` one file per
   * range that draws every weight, which for the CJK fonts is a fifteenth of the bytes installed.
   */
  scope: '@fontsource' | '@fontsource-variable';
  /** The weights of a static font; a variable one draws them all. */
  weights: readonly number[];
}

const TEXT_WEIGHTS = [400, 500, 700] as const;

/**
 * Colour emoji: Twemoji as a COLR font (twemoji-colr-font, OFL). Chromium draws COLR glyphs but
 * not OpenType-SVG ones, which is all the @fontsource build of Noto Color Emoji has. One file,
 * fetched only once the page shows a character of its range.
 */
export const EMOJI_FONT = {
  family: 'Twemoji',
  path: '/fonts/script/emoji.woff2',
  unicodeRange:
    'U+200D,U+203C,U+2049,U+2122,U+2139,U+2194-21AA,U+231A-23FF,U+24C2,U+25AA-27BF,U+2934-2935,U+2B05-2B55,' +
    'U+3030,U+303D,U+3297,U+3299,U+FE0F,U+1F000-1FAFF,U+E0020-E007F',
} as const;

/**
 * The scripts, in fallback order after Roboto and the emoji (the CJK fonts also carry a few
 * monochrome emoji). Simplified Chinese comes before Japanese, as on a phone set to English.
 */
export const SCRIPT_FONTS: readonly ScriptFont[] = [
  { package: 'noto-sans-arabic', family: 'Noto Sans Arabic', scope: '@fontsource', weights: TEXT_WEIGHTS },
  { package: 'noto-sans-hebrew', family: 'Noto Sans Hebrew', scope: '@fontsource', weights: TEXT_WEIGHTS },
  { package: 'noto-sans-devanagari', family: 'Noto Sans Devanagari', scope: '@fontsource', weights: TEXT_WEIGHTS },
  { package: 'noto-sans-thai', family: 'Noto Sans Thai', scope: '@fontsource', weights: TEXT_WEIGHTS },
  { package: 'noto-sans-sc', family: 'Noto Sans SC', scope: '@fontsource-variable', weights: [] },
  { package: 'noto-sans-jp', family: 'Noto Sans JP', scope: '@fontsource-variable', weights: [] },
  { package: 'noto-sans-kr', family: 'Noto Sans KR', scope: '@fontsource-variable', weights: [] },
];

/** Where the page asks for a script font's file: `/fonts/script/<package>/<file>.woff2`. */
export const SCRIPT_FONT_PATH = '/fonts/script/';

/** The families, quoted, in fallback order, for a CSS font stack. */
export const SCRIPT_FONT_FAMILIES = [EMOJI_FONT, ...SCRIPT_FONTS].map((font) => `'${font.family}'`).join(', ');

/**
 * One script font file as the page registers it (script-font-faces.ts): its family and the file's
 * style, weight (a range for a variable file), page path and character range, as @font-face
 * descriptors write them.
 */
export interface ScriptFontFace {
  family: string;
  style: string;
  weight: string;
  src: string;
  unicodeRange: string;
}
