import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { rendererPageHtml } from '../renderer/build.ts';
import { homeScreenHtml } from './home-screen.ts';

/**
 * Serves the device page and the built-in home screen from memory on a loopback port. A real
 * loopback origin (rather than intercepted requests) matters: Chromium only lets a page embed an
 * app on 127.0.0.1 or the local network when the page itself is local.
 */
export interface PageServer {
  /** The device page: the renderer's page over the chosen app. */
  devicePageUrl: string;
  close(): Promise<void>;
}

const HOME_PATH = '/app/home.html';
const HOME_FONT_PATH = '/fonts/roboto-latin-400-normal.woff2';

const require = createRequire(import.meta.url);
let homeFont: Promise<Buffer> | undefined;

function readHomeFont(): Promise<Buffer> {
  homeFont ??= readFile(require.resolve('@fontsource/roboto/files/roboto-latin-400-normal.woff2'));
  return homeFont;
}

/** Starts the server; `appUrl` defaults to the built-in home screen. */
export async function startPageServer(appUrl?: string): Promise<PageServer> {
  let devicePage: Promise<string> | undefined;
  const server = createServer((request, response) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    devicePage ??= rendererPageHtml({ appUrl: appUrl ?? `${origin}${HOME_PATH}` });
    answer(request, response, devicePage).catch(() => send(response, 500, 'text/plain', 'device page failed'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    devicePageUrl: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function answer(request: IncomingMessage, response: ServerResponse, devicePage: Promise<string>): Promise<void> {
  if (request.method !== 'GET') return send(response, 405, 'text/plain', 'only GET');
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (path === '/') return send(response, 200, 'text/html; charset=utf-8', await devicePage);
  if (path === HOME_PATH) return send(response, 200, 'text/html; charset=utf-8', homeScreenHtml(HOME_FONT_PATH));
  if (path === HOME_FONT_PATH) return send(response, 200, 'font/woff2', await readHomeFont());
  return send(response, 404, 'text/plain', 'not found');
}

function send(response: ServerResponse, status: number, contentType: string, body: string | Buffer): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}
