import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext, Route } from 'playwright-core';
import { rendererPageHtml } from '../renderer/build.ts';
import { homeScreenHtml } from './home-screen.ts';

/**
 * The device's pages never touch the network: every request to this origin is answered
 * from memory by the browser context's router.
 */
export const DEVICE_ORIGIN = 'http://protostage.device';
export const DEVICE_PAGE_URL = `${DEVICE_ORIGIN}/`;
export const HOME_SCREEN_URL = `${DEVICE_ORIGIN}/app/home.html`;
const HOME_FONT_PATH = '/fonts/roboto-latin-400-normal.woff2';

const require = createRequire(import.meta.url);
let homeFont: Promise<Buffer> | undefined;

function readHomeFont(): Promise<Buffer> {
  homeFont ??= readFile(require.resolve(`@fontsource/roboto/files/roboto-latin-400-normal.woff2`));
  return homeFont;
}

/** Serves the device page (the renderer's page over the chosen app) and the home screen. */
export async function installDeviceRoutes(context: BrowserContext, appUrl: string): Promise<void> {
  const devicePage = await rendererPageHtml({ appUrl });
  await context.route(`${DEVICE_ORIGIN}/**`, (route) => answer(route, devicePage));
}

async function answer(route: Route, devicePage: string): Promise<void> {
  const path = new URL(route.request().url()).pathname;
  if (path === '/') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: devicePage });
  if (path === '/app/home.html') {
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: homeScreenHtml(HOME_FONT_PATH) });
  }
  if (path === HOME_FONT_PATH) return route.fulfill({ contentType: 'font/woff2', body: await readHomeFont() });
  return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
}
