// Builds the renderer's browser bundle with esbuild and the HTML page that hosts it: an app layer
// (an iframe) under the prototype layer, Roboto and the icon glyphs embedded so it works offline.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { packedMaterialIconMap, robotoFontFaceCss, scriptFontFaceCss } from './page-assets.ts';

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

/** Text safe inside a <script> element. */
function scriptText(text: string): string {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The complete page: app layer iframe, prototype layer, fonts, icons and the renderer bundle. */
export async function rendererPageHtml(options: RendererPageOptions = {}): Promise<string> {
  const script = await buildRendererBundle();
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
<script type="application/gzip;base64" id="ps-icons">${packedMaterialIconMap()}</script>
<script>${scriptText(script)}</script>
</body></html>`;
}
