import { chromium, type Browser } from 'playwright-core';
import { chooseBrowser } from './browser.ts';

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

/**
 * Launches the chosen browser (see chooseBrowser: `browser` is a path or chrome, msedge or
 * chromium; default PROTOSTAGE_BROWSER, then discovery) headless, or as a window when `headed`.
 */
export async function launchChromium(options: { headed?: boolean; browser?: string } = {}): Promise<Browser> {
  const headed = options.headed === true;
  const choice = chooseBrowser(options.browser);
  if ('error' in choice) throw new Error(choice.error);
  return chromium.launch({
    ...choice,
    headless: !headed,
    args: headed ? [...CHROMIUM_FLAGS] : ['--headless', ...CHROMIUM_FLAGS],
    // The process that owns the device decides what a signal does (the agent dismisses with
    // reason teardown first); Chromium still exits with its parent, through the closed pipe.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
