/**
 * The destination policy of prototype requests (seeds/001 "Destination policy"), the same for a
 * request the host runs and one the device runs. Pure: the caller brings the DNS answers.
 *
 * Refused: localhost and *.localhost; loopback, unspecified, link-local, broadcast and multicast
 * addresses and the Android emulator's host aliases; a name with no DNS answer or with any refused
 * answer; an address spelled ambiguously (2130706433, 0x7f.1, 127.1); the daemon's HTTP ports
 * (3000-3010, 8765) on private addresses. Other private and public addresses are permitted.
 *
 * Only the person running the host can open an exact origin for local development
 * (`--allow-request-origin http://127.0.0.1:8080`); a spec never can.
 */
import ipaddr from 'ipaddr.js';

export type EgressVerdict = { ok: true } | { ok: false; reason: string };

const ALLOWED: EgressVerdict = { ok: true };

/** Addresses the Android emulator (10.0.2.2) and Genymotion (10.0.3.2) give the machine they run on. */
const EMULATOR_HOST_ALIASES = new Set(['10.0.2.2', '10.0.3.2']);

const REFUSED_RANGES = new Set(['loopback', 'unspecified', 'linkLocal', 'multicast', 'broadcast']);

export function isDaemonPort(port: number): boolean {
  return (port >= 3000 && port <= 3010) || port === 8765;
}

/** The port a URL reaches: its own, or its scheme's default. */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Origins opened by the person running the host: each an exact http(s) origin. */
export class AllowedOrigins {
  private readonly origins: ReadonlySet<string>;

  constructor(origins: readonly string[] = []) {
    this.origins = new Set(origins);
  }

  has(url: URL): boolean {
    return this.origins.has(url.origin);
  }

  get list(): string[] {
    return [...this.origins];
  }
}

/**
 * Reads an `--allow-request-origin` value: an http(s) origin with nothing after it. Answers the
 * normalized origin or why it is not one.
 */
export function parseAllowedOrigin(text: string): { origin: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `${JSON.stringify(text)} is not a URL; give an origin such as http://127.0.0.1:8080` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `${text} is not an http or https origin` };
  const spelled = text.toLowerCase().replace(/\/$/, '');
  if (spelled !== url.origin && spelled !== `${url.origin}:${portOf(url)}`) {
    return { error: `${text} is not just an origin; give scheme, host and port only, such as http://127.0.0.1:8080` };
  }
  return { origin: url.origin };
}

/**
 * Checks a URL before any lookup: its scheme, its host name and, for an address written in the
 * URL, the address itself. `rawUrl` is the text as written, to catch ambiguous numeric spellings
 * the URL parser would otherwise normalize away.
 */
export function checkUrl(url: URL, rawUrl: string, allowed: AllowedOrigins): EgressVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse(`${url.protocol} is not http or https`);
  if (allowed.has(url)) return ALLOWED;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return refuse(`${url.hostname} is this machine`);
  const address = literalAddress(url.hostname);
  if (address === null) return ALLOWED;
  const written = writtenHost(rawUrl);
  if (address.kind() === 'ipv4' && written !== null && written !== url.hostname) {
    return refuse(`the address ${written} is spelled ambiguously; write it as ${url.hostname}`);
  }
  return checkAddress(address.toString(), portOf(url));
}

/** Checks one address a request would connect to, on `port`. */
export function checkAddress(text: string, port: number): EgressVerdict {
  if (!ipaddr.isValid(text)) return refuse(`${text} is not an IP address`);
  const address = ipaddr.process(text);
  const normal = address.toString();
  const range = address.range();
  if (REFUSED_RANGES.has(range)) return refuse(`${normal} is a ${rangeWords(range)} address`);
  if (EMULATOR_HOST_ALIASES.has(normal)) return refuse(`${normal} is an emulator's alias for the machine it runs on`);
  if ((range === 'private' || range === 'uniqueLocal') && isDaemonPort(port)) {
    return refuse(`port ${port} on the private address ${normal} is a Protostage daemon port`);
  }
  return ALLOWED;
}

/** Checks every DNS answer of a name: none, or any refused one, refuses the name. */
export function checkAnswers(hostname: string, answers: readonly string[], port: number): EgressVerdict {
  if (answers.length === 0) return refuse(`${hostname} has no DNS answer`);
  for (const answer of answers) {
    const verdict = checkAddress(answer, port);
    if (!verdict.ok) return refuse(`${hostname} resolves to ${answer}: ${verdict.reason}`);
  }
  return ALLOWED;
}

function refuse(reason: string): EgressVerdict {
  return { ok: false, reason };
}

function rangeWords(range: string): string {
  return range === 'linkLocal' ? 'link-local' : range;
}

/** The address a URL host names literally (IPv6 without its brackets), or null for a name. */
function literalAddress(hostname: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (hostname.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? ipaddr.parse(bare) : null;
}

/** The host as written in a URL's text (lowercased, no user info or port), or null when unreadable. */
function writtenHost(rawUrl: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(rawUrl.trim());
  if (!match) return null;
  const authority = match[1]!.slice(match[1]!.lastIndexOf('@') + 1);
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1).toLowerCase();
  return authority.replace(/:[0-9]*$/, '').toLowerCase();
}

/** The `--allow-request-origin` values as a set, or the first one that is not an origin. */
export function allowedOriginsFrom(values: readonly string[] | undefined): AllowedOrigins | { error: string } {
  const origins: string[] = [];
  for (const value of values ?? []) {
    const parsed = parseAllowedOrigin(value);
    if ('error' in parsed) return { error: `--allow-request-origin: ${parsed.error}` };
    origins.push(parsed.origin);
  }
  return new AllowedOrigins(origins);
}

/** The flag's own arguments for a device agent this host starts. */
export function allowedOriginArgs(allowed: AllowedOrigins): string[] {
  return allowed.list.flatMap((origin) => ['--allow-request-origin', origin]);
}

export const REQUEST_ORIGIN_OPTION = { 'allow-request-origin': { type: 'string', multiple: true } } as const;

export function requestOriginHelp(column: number): string {
  return [
    `  ${'--allow-request-origin O'.padEnd(column - 2)}let the prototype's request actions reach origin O (scheme, host and`,
    `  ${''.padEnd(column - 2)}port), which the destination policy would refuse: a server of yours on`,
    `  ${''.padEnd(column - 2)}this machine, such as http://127.0.0.1:8080 (repeatable)`,
  ].join('\n');
}
