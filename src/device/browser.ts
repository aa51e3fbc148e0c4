// Which browser the device runs: the one asked for (`--browser` or PROTOSTAGE_BROWSER: a path,
// or chrome, msedge or chromium), else one found on this machine: for a headless device Chromium's
// headless shell, then the Chrome-family installs chrome-launcher's finder knows for Linux, macOS
// and Windows (PATH names, app bundles, program folders, CHROME_PATH), then a browser Playwright
// itself installed. Never a download.
import { existsSync, statSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { playwrightChromium } from './playwright.ts';

export const BROWSER_ENV = 'PROTOSTAGE_BROWSER';

export type BrowserChoice = { executablePath: string } | { channel: 'chrome' | 'msedge' };

/** Where browsers can be found; the real machine's by default, a fixed list in unit tests. */
export interface BrowserFinder {
  installations(): Promise<string[]>;
  headlessShells(): string[];
  playwrightBrowser(): string | null;
  platform: NodeJS.Platform;
}

export const machineFinder: BrowserFinder = {
  // chrome-launcher (50 ms to load) is loaded only for a search: not when a headless shell is found.
  installations: async () => {
    try {
      const { Launcher } = await import('chrome-launcher');
      return Launcher.getInstallations();
    } catch {
      return [];
    }
  },
  headlessShells: () => headlessShellCandidates(process.env.PATH ?? '').filter(isFile),
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

/**
 * Chromium's headless shell: the same Blink and V8 without the browser window's layers (its GPU and
 * network services run in the browser process), which starts a device and opens its page about
 * 0.4 s sooner on two cores (bench/README.md, the tenth round). Debian's chromium-headless-shell
 * package installs the binary below (its PATH entry is a script that does not exec it); elsewhere
 * the PATH names.
 */
const HEADLESS_SHELL_BINARIES = ['/usr/lib/chromium/chromium-headless-shell'];
const HEADLESS_SHELL_NAMES = ['chromium-headless-shell', 'headless_shell'];

function headlessShellCandidates(path: string): string[] {
  if (process.platform === 'win32') return [];
  const onPath = path.split(delimiter).filter((folder) => folder !== '').flatMap((folder) => HEADLESS_SHELL_NAMES.map((name) => join(folder, name)));
  return [...HEADLESS_SHELL_BINARIES, ...onPath];
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * The browser to launch, or an error naming what was tried and how to get one. A headed device
 * never gets a headless shell, which has no window.
 */
export async function chooseBrowser(requested: string | undefined = process.env[BROWSER_ENV], finder: BrowserFinder = machineFinder, options: { headed?: boolean } = {}): Promise<BrowserChoice | { error: string }> {
  const asked = requested === undefined || requested.trim() === '' ? undefined : requested.trim();
  if (asked === 'chrome' || asked === 'msedge') return { channel: asked };
  if (asked !== undefined && asked !== 'chromium') {
    if (!isFile(asked)) return { error: `the browser "${asked}" (from --browser or ${BROWSER_ENV}) is not a file; give the path of a Chrome, Edge or Chromium executable, or chrome, msedge or chromium` };
    return { executablePath: asked };
  }
  const headlessShell = asked === undefined && options.headed !== true ? finder.headlessShells()[0] : undefined;
  if (headlessShell !== undefined) return { executablePath: headlessShell };
  const installations = await finder.installations();
  if (asked === 'chromium') {
    const found = installations.find((path) => /^chromium(-browser)?(\.exe)?$/i.test(basename(path)));
    return found ? { executablePath: found } : { error: notFound('no Chromium among the installed browsers', installations, finder, false) };
  }
  const found = installations[0] ?? finder.playwrightBrowser();
  return found ? { executablePath: found } : { error: notFound('no Chrome-family browser was found', installations, finder, options.headed !== true) };
}

function notFound(what: string, installations: string[], finder: BrowserFinder, headlessShellTried: boolean): string {
  const tried = [
    `${BROWSER_ENV} and --browser (not set)`,
    ...(headlessShellTried ? [`Chromium's headless shell (${HEADLESS_SHELL_BINARIES.join(', ')} or ${HEADLESS_SHELL_NAMES.join(' or ')} on the PATH)`] : []),
    `the installs chrome-launcher finds on ${finder.platform} (found: ${installations.length === 0 ? 'none' : installations.join(', ')})`,
    `the browsers Playwright installed (${finder.playwrightBrowser() ?? 'none'})`,
  ];
  return `${what}. Tried ${tried.join('; ')}. Install one (${INSTALL_HINTS[finder.platform] ?? INSTALL_HINTS.linux}) or pass --browser PATH.`;
}

const INSTALL_HINTS: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'Debian: sudo apt-get install chromium chromium-headless-shell; Ubuntu: sudo snap install chromium; Fedora: sudo dnf install chromium; or Google Chrome',
  darwin: 'install Google Chrome or Microsoft Edge, or brew install --cask chromium',
  win32: 'install Google Chrome or Microsoft Edge',
};
