// A phone's bezel drawn around a screenshot, for pictures a person looks at (render --frame);
// observe never carries it.
import type { Browser } from 'playwright-core';

/** Width of the bezel around the screen, in dp. */
export const BEZEL_DP = 14;
const SCREEN_RADIUS_DP = 36;

/**
 * `png` (a `width`×`height` dp screen at `pixelRatio`) inside a dark rounded bezel, on a
 * transparent background. It is drawn in a context of its own: a second page sized in the
 * device's context would resize the device page's window too.
 */
export async function drawBezel(browser: Browser, png: Buffer, screen: { width: number; height: number }, pixelRatio: number): Promise<Buffer> {
  const width = screen.width + 2 * BEZEL_DP;
  const height = screen.height + 2 * BEZEL_DP;
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: pixelRatio });
  try {
    const page = await context.newPage();
    await page.setContent(`<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><style>
      html, body { margin: 0; background: transparent; }
      .bezel { box-sizing: border-box; width: ${width}px; height: ${height}px; padding: ${BEZEL_DP}px;
        border-radius: ${SCREEN_RADIUS_DP + BEZEL_DP}px; background: #1d1b20; box-shadow: inset 0 0 0 2px #49454f; }
      img { display: block; width: ${screen.width}px; height: ${screen.height}px; border-radius: ${SCREEN_RADIUS_DP}px; }
    </style><div class="bezel"><img src="data:image/png;base64,${png.toString('base64')}"></div>`);
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    return await page.screenshot({ type: 'png', omitBackground: true });
  } finally {
    await context.close();
  }
}
