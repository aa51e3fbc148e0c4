// One Chromium page showing the renderer's page, driven with real touch input, for the
// renderer's browser tests.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../src/device/chromium.ts';
import { DEVICE_PAGE_URL, serveDevicePage } from '../../src/device/device-page.ts';
import type { HierarchyNode } from '../../src/renderer/a11y.ts';
import type { PrototypeEvent } from '../../src/runtime/model.ts';

export const PHONE_DEVICE = {
  dark: false,
  rtl: false,
  fontScale: 1,
  insets: { systemBars: { top: 24, bottom: 48, start: 0, end: 0 }, cutout: { top: 24, bottom: 0, start: 0, end: 0 }, ime: 280 },
  keyboardOpen: false,
};

type PageApi = Record<string, (...args: unknown[]) => unknown>;

export class RendererPage {
  readonly events: PrototypeEvent[] = [];

  private constructor(readonly browser: Browser, readonly page: Page) {}

  static async open(): Promise<RendererPage> {
    const browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const harness = new RendererPage(browser, page);
    await page.exposeFunction('__protostageEvent', (eventJson: string) => harness.events.push(JSON.parse(eventJson) as PrototypeEvent));
    // The page, its script, fonts and glyphs come from its own origin, as the device serves them.
    await serveDevicePage(context, 'about:blank');
    await page.goto(DEVICE_PAGE_URL);
    await page.waitForFunction(() => typeof (window as unknown as { protostage?: object }).protostage === 'object');
    await harness.call('setDevice', PHONE_DEVICE);
    return harness;
  }

  /** Calls `window.protostage[name](...args)` in the page. */
  call(name: string, ...args: unknown[]): Promise<unknown> {
    return this.page.evaluate(
      ([name, args]) => ((window as unknown as { protostage: PageApi }).protostage[name as string]!)(...(args as unknown[])),
      [name, args] as const,
    );
  }

  async show(spec: object, options: object = {}): Promise<{ ok: boolean; [field: string]: unknown }> {
    this.events.length = 0;
    const result = (await this.call('show', spec, options)) as { ok: boolean };
    await this.settled();
    return result;
  }

  settled(): Promise<unknown> {
    return this.call('settled');
  }

  async hierarchy(): Promise<HierarchyNode[]> {
    return (await this.call('hierarchy')) as HierarchyNode[];
  }

  async node(match: { testTag?: string; text?: string }): Promise<HierarchyNode> {
    const found = (await this.hierarchy()).filter((node) =>
      match.testTag !== undefined ? node.testTag === match.testTag : node.text === match.text,
    );
    if (found.length !== 1) throw new Error(`expected one node for ${JSON.stringify(match)}, found ${found.length}`);
    return found[0]!;
  }

  /** A real touch at the node's centre, then waits for the UI to settle. */
  async tap(match: { testTag?: string; text?: string }): Promise<void> {
    const { bounds } = await this.node(match);
    await this.page.touchscreen.tap(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2);
    await this.settled();
  }

  /** Events arrive through a binding, asynchronously: wait until `count` have arrived. */
  async waitForEvents(count: number): Promise<PrototypeEvent[]> {
    for (let i = 0; i < 200 && this.events.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    return this.events;
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
