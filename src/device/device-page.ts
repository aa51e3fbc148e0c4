import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext, Route } from 'playwright-core';
import { buildRendererBundle, rendererPageHtml } from '../renderer/build.ts';
import { gzippedIconVariant, gzippedScriptFontFaces, ICON_VARIANTS, readRobotoFont, readScriptFont, type IconVariant } from '../renderer/page-assets.ts';
import { iconVariantPath, RENDERER_SCRIPT_PATH, SCRIPT_FONT_FACES_PATH } from '../renderer/page-paths.ts';
import { homeScreenHtml } from './home-screen.ts';

/**
 * Serves the device page and the built-in home screen from this process's memory by answering
 * the browser context's requests for one private origin. Nothing is fetched from a port or a file
 * on the browser's machine, so a browser elsewhere (a Playwright server, a CDP endpoint) shows
 * the same page. The origin is a `.localhost` name that never reaches a resolver; granting local
 * network access lets that page still embed an app on the browser's own loopback.
 */
export const DEVICE_ORIGIN = 'http://protostage-device.localhost';
export const DEVICE_PAGE_URL = `${DEVICE_ORIGIN}/`;

const HOME_PATH = '/app/home.html';
const HOME_FONT_PATH = '/fonts/roboto-latin-400-normal.woff2';

const require = createRequire(import.meta.url);
let homeFont: Promise<Buffer> | undefined;

function readHomeFont(): Promise<Buffer> {
  homeFont ??= readFile(require.resolve('@fontsource/roboto/files/roboto-latin-400-normal.woff2'));
  return homeFont;
}

/**
 * Starts building the page's script (esbuild, in its own process) so that it is ready by the time
 * the page is served, and packs the icon glyphs and the script fonts' faces meanwhile; a failed build
 * is retried and reported then.
 */
export function prepareDevicePage(): void {
  buildRendererBundle().catch(() => undefined);
  // A failure is reported when the page asks for the glyphs; other variants load when drawn.
  setImmediate(() => gzippedIconVariant('filled').catch(() => undefined));
  setImmediate(() => gzippedScriptFontFaces().catch(() => undefined));
}

/** Answers the context's requests for the device origin; `appUrl` defaults to the built-in home screen. */
export async function serveDevicePage(context: BrowserContext, appUrl?: string): Promise<void> {
  const devicePage = rendererPageHtml({ appUrl: appUrl ?? `${DEVICE_ORIGIN}${HOME_PATH}` });
  await context.route(`${DEVICE_ORIGIN}/**`, (route) => answer(route, devicePage).catch(() => route.abort().catch(() => undefined)));
}

/** Lets the device page reach an app on this machine (an --app-url on 127.0.0.1); needed before it navigates. */
export async function allowLocalNetwork(context: BrowserContext): Promise<void> {
  // Chromium before local network access had no such permission and did not need it.
  await context.grantPermissions(['local-network-access']).catch(() => undefined);
}

async function answer(route: Route, devicePage: string): Promise<void> {
  const request = route.request();
  if (request.method() !== 'GET') return send(route, 405, 'text/plain', 'only GET');
  const path = new URL(request.url()).pathname;
  if (path === '/') return send(route, 200, 'text/html; charset=utf-8', devicePage);
  if (path === RENDERER_SCRIPT_PATH) return send(route, 200, 'text/javascript; charset=utf-8', await buildRendererBundle());
  const iconVariant = ICON_VARIANT_BY_PATH.get(path);
  if (iconVariant !== undefined) return send(route, 200, 'application/gzip', await gzippedIconVariant(iconVariant));
  if (path === SCRIPT_FONT_FACES_PATH) return send(route, 200, 'application/gzip', await gzippedScriptFontFaces());
  if (path === HOME_PATH) return send(route, 200, 'text/html; charset=utf-8', homeScreenHtml(HOME_FONT_PATH));
  if (path === HOME_FONT_PATH) return send(route, 200, 'font/woff2', await readHomeFont());
  const font = (await readRobotoFont(path)) ?? (await readScriptFont(path));
  if (font !== null) return send(route, 200, 'font/woff2', font);
  return send(route, 404, 'text/plain', 'not found');
}

const ICON_VARIANT_BY_PATH = new Map<string, IconVariant>(ICON_VARIANTS.map((variant) => [iconVariantPath(variant), variant]));

function send(route: Route, status: number, contentType: string, body: string | Buffer): Promise<void> {
  return route.fulfill({ status, contentType, headers: { 'cache-control': 'no-store' }, body });
}
