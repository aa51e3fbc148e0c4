// Which browser the device runs: the one asked for (`--browser` or PROTOSTAGE_BROWSER: a path,
// or chrome, msedge or chromium), else one found on this machine: the Chrome-family installs
// chrome-launcher's finder knows for Linux, macOS and Windows (PATH names, app bundles, program
// folders, CHROME_PATH), then a browser Playwright itself installed. Never a download.
import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Launcher } from 'chrome-launcher';
import { playwrightChromium } from './playwright.ts';

export const BROWSER_ENV = 'PROTOSTAGE_BROWSER';

export type BrowserChoice = { executablePath: string } | { channel: 'chrome' | 'msedge' };

/** Where browsers can be found; the real machine's by default, a fixed list in unit tests. */
export interface BrowserFinder {
  installations(): string[];
  playwrightBrowser(): string | null;
  platform: NodeJS.Platform;
}

export const machineFinder: BrowserFinder = {
  installations: () => {
    try {
      return Launcher.getInstallations();
    } catch {
      return [];
    }
  },
  playwrightBrowser: () => {
    try {
      const path = playwrightChromium().executablePath();
      return existsSync(path) ? path : null;
    } catch {
      return null;
    }
  },
  platform: process.platform,
};

/** The browser to launch, or an error naming what was tried and how to get one. */
export function chooseBrowser(requested: string | undefined = process.env[BROWSER_ENV], finder: BrowserFinder = machineFinder): BrowserChoice | { error: string } {
  const asked = requested === undefined || requested.trim() === '' ? undefined : requested.trim();
  if (asked === 'chrome' || asked === 'msedge') return { channel: asked };
  const installations = finder.installations();
  if (asked === 'chromium') {
    const found = installations.find((path) => /^chromium(-browser)?(\.exe)?$/i.test(basename(path)));
    return found ? { executablePath: found } : { error: notFound('no Chromium among the installed browsers', installations, finder) };
  }
  if (asked !== undefined) {
    if (!existsSync(asked) || !statSync(asked).isFile()) return { error: `the browser "${asked}" (from --browser or ${BROWSER_ENV}) is not a file; give the path of a Chrome, Edge or Chromium executable, or chrome, msedge or chromium` };
    return { executablePath: asked };
  }
  const found = installations[0] ?? finder.playwrightBrowser();
  return found ? { executablePath: found } : { error: notFound('no Chrome-family browser was found', installations, finder) };
}

function notFound(what: string, installations: string[], finder: BrowserFinder): string {
  const tried = [
    `${BROWSER_ENV} and --browser (not set)`,
    `the installs chrome-launcher finds on ${finder.platform} (found: ${installations.length === 0 ? 'none' : installations.join(', ')})`,
    `the browsers Playwright installed (${finder.playwrightBrowser() ?? 'none'})`,
  ];
  return `${what}. Tried ${tried.join('; ')}. Install one (${INSTALL_HINTS[finder.platform] ?? INSTALL_HINTS.linux}) or pass --browser PATH.`;
}

const INSTALL_HINTS: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'Debian: sudo apt-get install chromium; Ubuntu: sudo snap install chromium; Fedora: sudo dnf install chromium; or Google Chrome',
  darwin: 'install Google Chrome or Microsoft Edge, or brew install --cask chromium',
  win32: 'install Google Chrome or Microsoft Edge',
};
