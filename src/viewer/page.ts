// The viewer page as one HTML document: its stylesheet and script are inlined at startup and
// allowed by hash in the page's Content-Security-Policy, so nothing else can run in it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PAGE_DIR = new URL('./page/', import.meta.url);

export interface ViewerPage {
  html: string;
  contentSecurityPolicy: string;
}

export function buildViewerPage(): ViewerPage {
  const read = (name: string) => readFileSync(new URL(name, PAGE_DIR), 'utf8');
  const style = read('viewer.css');
  const script = read('viewer.js');
  // Function replacers: the inlined text is taken literally, `$` and all.
  const html = read('viewer.html')
    .replace('/*STYLE*/', () => style)
    .replace('/*SCRIPT*/', () => script);
  const contentSecurityPolicy = [
    "default-src 'none'",
    `style-src 'sha256-${sha256(style)}'`,
    `script-src 'sha256-${sha256(script)}'`,
    'img-src blob:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}
