// The web app shown beneath prototypes (`--app-url`): an http(s) page on this machine by default;
// a page elsewhere only when its origin is allowed by name (`--allow-app-origin`), since the
// device then loads and drives a site the user did not start.
import { LOOPBACK_HOSTNAMES } from './constants.ts';

/** The URL to load, or what is wrong with it. */
/** The flags of an app beneath the prototype, for a command's parseArgs options. */
export const APP_URL_OPTIONS = { 'app-url': { type: 'string' }, 'allow-app-origin': { type: 'string', multiple: true } } as const;

export function checkAppUrl(text: string, allowedOrigins: readonly string[] = []): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `--app-url "${text}" is not a URL; give one such as http://127.0.0.1:5173/` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `--app-url must be an http or https URL, not ${url.protocol}` };
  if (!LOOPBACK_HOSTNAMES.includes(url.hostname) && !allowedOrigins.includes(url.origin)) {
    return { error: `--app-url ${url.origin} is not on this machine; allow it by name with --allow-app-origin ${url.origin}` };
  }
  return { url: url.href };
}

export const APP_URL_HELP = `  --app-url URL          the web app shown beneath the prototype (default: the built-in home
                         screen); a page on this machine, or elsewhere with --allow-app-origin
  --allow-app-origin O   let --app-url load a page of origin O (repeatable)`;
