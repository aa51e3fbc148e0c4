// Where the device's browser comes from: launched here (a path, a channel, or one found on this
// machine), or a browser already running elsewhere that the device connects to: a Playwright
// browser server (what `npx playwright launch-server` and Playwright's container image serve) or
// any Chrome DevTools endpoint (a Chrome started with --remote-debugging-port, a CDP grid).

export type BrowserSource =
  | { kind: 'launch'; /** A path, or chrome, msedge or chromium; default PROTOSTAGE_BROWSER, then discovery. */ choice?: string }
  | { kind: 'playwright-server'; endpoint: string }
  | { kind: 'cdp'; endpoint: string };

/** The command-line options every command that starts a device takes. */
export const BROWSER_OPTIONS = {
  browser: { type: 'string' },
  'browser-endpoint': { type: 'string' },
  'cdp-endpoint': { type: 'string' },
} as const;

export interface BrowserOptionValues {
  browser?: string;
  'browser-endpoint'?: string;
  'cdp-endpoint'?: string;
  headed?: boolean;
}

/** The help lines of BROWSER_OPTIONS, their descriptions starting at `column`. */
export function browserOptionsHelp(column: number): string {
  const line = (flag: string, text: string) => `  ${flag.length > column - 4 ? `${flag} ` : flag.padEnd(column - 3)} ${text}`;
  const more = (text: string) => `${' '.repeat(column)}${text}`;
  return [
    line('--browser NAME', 'the browser: a path, or chrome, msedge or chromium (default:'),
    more('$PROTOSTAGE_BROWSER, then one found on this machine)'),
    line('--browser-endpoint WS', 'use a running Playwright browser server (its ws:// address, as'),
    more('`npx playwright launch-server` prints) instead of launching a browser'),
    line('--cdp-endpoint URL', 'use a running Chrome DevTools endpoint (http://HOST:PORT of a Chrome'),
    more('with remote debugging on, or a ws:// address) instead of launching one'),
  ].join('\n');
}

/** The browser source the options ask for, or what is wrong with them. */
export function browserSourceFrom(values: BrowserOptionValues): BrowserSource | { error: string } {
  const given = (['browser', 'browser-endpoint', 'cdp-endpoint'] as const).filter((flag) => values[flag] !== undefined);
  if (given.length > 1) return { error: `give one of --${given.join(', --')}: each says where the browser comes from` };
  const playwright = values['browser-endpoint'];
  const cdp = values['cdp-endpoint'];
  const endpoint = playwright ?? cdp;
  if (endpoint === undefined) return { kind: 'launch', choice: values.browser };
  if (values.headed) return { error: '--headed shows a browser this command launches; a browser at an endpoint shows (or hides) its own window' };
  const flag = playwright !== undefined ? '--browser-endpoint' : '--cdp-endpoint';
  const schemes = playwright !== undefined ? ['ws:', 'wss:'] : ['http:', 'https:', 'ws:', 'wss:'];
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { error: `${flag} must be a URL, not "${endpoint}"` };
  }
  if (!schemes.includes(url.protocol)) return { error: `${flag} must be a ${schemes.map((scheme) => `${scheme}//`).join(' or ')} URL, not "${endpoint}"` };
  return playwright !== undefined ? { kind: 'playwright-server', endpoint } : { kind: 'cdp', endpoint };
}

/** The `protostage device` arguments that ask for the same browser. */
export function browserSourceArgs(source: BrowserSource): string[] {
  switch (source.kind) {
    case 'launch':
      return source.choice === undefined ? [] : ['--browser', source.choice];
    case 'playwright-server':
      return ['--browser-endpoint', source.endpoint];
    case 'cdp':
      return ['--cdp-endpoint', source.endpoint];
  }
}
