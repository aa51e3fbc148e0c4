// The paths of the device page's own files, on the page's origin: the page asks for them and the
// device serves them from memory (device/device-page.ts). Data both sides read.

/** The renderer's script. */
export const RENDERER_SCRIPT_PATH = '/device.js';

/** Every Material icon glyph, as gzip-compressed JSON. */
export const ICON_MAP_PATH = '/icons.json.gz';

/** A Roboto file: `/fonts/roboto/<file>.woff2`. */
export const ROBOTO_FONT_PATH = '/fonts/roboto/';
