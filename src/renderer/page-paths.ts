// The paths of the device page's own files, on the page's origin: the page asks for them and the
// device serves them from memory (device/device-page.ts). Data both sides read.

/** The renderer's script. */
export const RENDERER_SCRIPT_PATH = '/device.js';

/** The folder of the Material icon glyphs: one gzip-compressed JSON map per variant, `<variant>.json.gz`. */
const ICON_VARIANTS_PATH = '/icons/';

/** Where the page loads one variant's glyphs. */
export function iconVariantPath(variant: string): string {
  return `${ICON_VARIANTS_PATH}${variant}.json.gz`;
}

/** A Roboto file: `/fonts/roboto/<file>.woff2`. */
export const ROBOTO_FONT_PATH = '/fonts/roboto/';

/** The script fonts' faces (script-font-faces.ts), as gzip-compressed JSON. */
export const SCRIPT_FONT_FACES_PATH = '/fonts/script-faces.json.gz';
