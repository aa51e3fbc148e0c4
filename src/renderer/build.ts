// Builds the renderer's browser bundle with esbuild and the HTML page that hosts it: an app layer
// (an iframe) under the prototype layer. The script, the fonts and the icon glyphs are files of the
// page's own origin, which the device serves from memory (device/device-page.ts), so it works offline.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { robotoFontFaceCss, scriptFontFaceCss } from './page-assets.ts';
import { RENDERER_SCRIPT_PATH } from './page-paths.ts';

const entryPoint = fileURLToPath(new URL('./entry.tsx', import.meta.url));

let bundle: Promise<string> | undefined;

/** The renderer as one IIFE script (built once per process). */
export function buildRendererBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [entryPoint],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  bundle.catch(() => (bundle = undefined));
  return bundle;
}

export interface RendererPageOptions {
  /** URL the app layer shows beneath the prototype (the device passes its home screen); default blank. */
  appUrl?: string;
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The page: app layer iframe, prototype layer, the fonts' rules and the renderer's script, all
 * from the page's origin. Small, so the browser parses it at once; the script compiles as it
 * arrives and the fonts load only where text uses them.
 */
export function rendererPageHtml(options: RendererPageOptions = {}): string {
  const app = `src="${attribute(options.appUrl ?? 'about:blank')}"`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Protostage device</title>
<style>${robotoFontFaceCss()}</style>
<style>${scriptFontFaceCss()}</style>
</head><body>
<iframe id="ps-app" title="App" ${app}></iframe>
<div id="ps-device"></div>
<script src="${RENDERER_SCRIPT_PATH}"></script>
</body></html>`;
}
