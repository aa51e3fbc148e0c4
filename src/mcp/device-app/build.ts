// The device view's page: view.ts bundled with the ext-apps SDK into one self-contained HTML
// document (an MCP Apps host draws it in a sandboxed frame, which loads nothing else).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const entryPoint = fileURLToPath(new URL('./view.ts', import.meta.url));

let page: Promise<string> | undefined;

/** Text safe inside a <script> element. */
function scriptText(text: string): string {
  return text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** The view's HTML (built once per process). */
export function deviceAppHtml(): Promise<string> {
  page ??= build({
    entryPoints: [entryPoint],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    legalComments: 'none',
    logLevel: 'silent',
  }).then((result) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Protostage device</title>
<style>
  body { margin: 0; padding: 8px; font: 14px/1.4 system-ui, sans-serif; color: #1d1b20; background: transparent; }
  #screen { display: block; width: 100%; max-width: 360px; margin: 0 auto; border-radius: 24px; cursor: pointer;
    background: #e6e0e9; box-shadow: 0 0 0 6px #1d1b20; min-height: 64px; }
  #status { text-align: center; margin-top: 12px; color: #b3261e; min-height: 1em; }
  #hint { text-align: center; margin-top: 4px; color: #49454f; font-size: 12px; }
</style>
</head><body>
<img id="screen" alt="The device's screen">
<div id="status" role="status"></div>
<div id="hint">Click to tap, type to enter text: the agent sees it as your input.</div>
<script type="module">${scriptText(result.outputFiles[0]!.text)}</script>
</body></html>`);
  page.catch(() => (page = undefined));
  return page;
}
