// Builds the renderer's browser bundle with esbuild and the HTML page that hosts it: an app layer
// (an iframe) under the prototype layer. The script, the fonts and the icon glyphs are files of the
// page's own origin, which the device serves from memory (device/device-page.ts), so it works offline.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { keptOrMade, type BuiltFrom } from './built-files.ts';
import { robotoFontFaceCss } from './page-assets.ts';
import { iconMapStartScript } from './icon-map.ts';
import { RENDERER_SCRIPT_PATH, SCRIPT_FONT_FACES_PATH } from './page-paths.ts';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** esbuild's version, read from its package: esbuild itself loads only when a bundle must be made. */
const esbuildVersion = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;
const entryPoint = fileURLToPath(new URL('./entry.tsx', import.meta.url));
/** The kept bundle's name (built-files.ts). */
export const RENDERER_BUNDLE_FILE = 'renderer.js';

const BUNDLE_OPTIONS = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  // A quarter less to send to the page and parse (1.04 against 1.42 MB); names stay as written.
  minifyWhitespace: true,
} as const;
const BUNDLE_SALT = `esbuild ${esbuildVersion} ${JSON.stringify(BUNDLE_OPTIONS)}`;

let bundle: Promise<string> | undefined;

/** The renderer as one IIFE script: built once per process, or read as kept while its sources are unchanged. */
export function buildRendererBundle(): Promise<string> {
  bundle ??= keptOrBuiltBundle();
  bundle.catch(() => (bundle = undefined));
  return bundle;
}

async function keptOrBuiltBundle(): Promise<string> {
  const script = await keptOrMade(RENDERER_BUNDLE_FILE, BUNDLE_SALT, async () => {
    const { text, from } = await bundleRenderer();
    return { contents: text, inputs: from.inputs };
  });
  return script.toString('utf8');
}

/** Bundles the renderer with esbuild: the script and every file it was made from, relative to the package root. */
export async function bundleRenderer(): Promise<{ text: string; from: BuiltFrom }> {
  const { build } = await import('esbuild');
  const result = await build({ ...BUNDLE_OPTIONS, entryPoints: [entryPoint], absWorkingDir: PACKAGE_ROOT, write: false, metafile: true, logLevel: 'silent' });
  return { text: result.outputFiles[0]!.text, from: { salt: BUNDLE_SALT, inputs: Object.keys(result.metafile.inputs) } };
}

export interface RendererPageOptions {
  /** URL the app layer shows beneath the prototype (the device passes its home screen); default blank. */
  appUrl?: string;
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The page: app layer iframe, prototype layer, Roboto's rules and the renderer's script, all from
 * the page's origin. Small, so the browser parses it at once; the glyph map loads from its head
 * (icon-map.ts), the script compiles as it arrives and the fonts load only where text uses them
 * (the script fonts' faces join the page with such text: script-font-faces.ts).
 */
export function rendererPageHtml(options: RendererPageOptions = {}): string {
  const app = `src="${attribute(options.appUrl ?? 'about:blank')}"`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Protostage device</title>
<script>${iconMapStartScript()}</script>
<link rel="preload" href="${SCRIPT_FONT_FACES_PATH}" as="fetch" crossorigin>
<style>${robotoFontFaceCss()}</style>
</head><body>
<iframe id="ps-app" title="App" ${app}></iframe>
<div id="ps-device"></div>
<script src="${RENDERER_SCRIPT_PATH}"></script>
</body></html>`;
}
