import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; the device never downloads a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags that keep Chromium quiet and its pixels reproducible: no GPU, no background
 * network traffic, no font hinting, and a fixed sRGB colour profile.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
] as const;

/** Launches Chromium headless by default, or as a visible window when `headed` is set. */
export async function launchChromium(options: { headed?: boolean } = {}): Promise<Browser> {
  const headed = options.headed === true;
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: !headed,
    args: headed ? [...CHROMIUM_FLAGS] : ['--headless', ...CHROMIUM_FLAGS],
    // The process that owns the device decides what a signal does (the agent dismisses with
    // reason teardown first); Chromium still exits with its parent, through the closed pipe.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
