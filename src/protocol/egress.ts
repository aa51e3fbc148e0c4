/**
 * The destination policy of prototype requests (seeds/001 "Destination policy"), the same for a
 * request the host runs and one the device runs. Pure: the caller brings the DNS answers.
 *
 * Refused: localhost and *.localhost; loopback, unspecified, link-local, broadcast and multicast
 * addresses and the Android emulator's host aliases, also when an IPv6 address carries one
 * (NAT64, 6to4, Teredo, IPv4-compatible or -translated); the addresses of the machine the request
 * leaves from (its network interfaces, where a service of the user's bound to 0.0.0.0 answers);
 * a name with no DNS answer or with any refused answer; an address spelled ambiguously
 * (2130706433, 0x7f.1, 127.1); the daemon's HTTP ports (3000-3010, 8765) on private addresses.
 * Other private and public addresses are permitted.
 *
 * Only the person running the host can open an exact origin for local development
 * (`--allow-request-origin http://127.0.0.1:8080`); a spec never can.
 */
import ipaddr from 'ipaddr.js';

export type EgressVerdict = { ok: true } | { ok: false; reason: string };

const ALLOWED: EgressVerdict = { ok: true };

/** Addresses the Android emulator (10.0.2.2) and Genymotion (10.0.3.2) give the machine they run on. */
const EMULATOR_HOST_ALIASES = new Set(['10.0.2.2', '10.0.3.2']);

/** The addresses of the machine a request leaves from, each as `normalAddress` spells it. */
export type MachineAddresses = ReadonlySet<string>;

const NO_ADDRESSES: MachineAddresses = new Set();

/** An address as the policy compares it: IPv4-mapped IPv6 as IPv4, IPv6 compressed, no zone. */
export function normalAddress(text: string): string | null {
  const bare = text.replace(/%.*$/, '');
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : null;
}

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
export function checkUrl(url: URL, rawUrl: string, allowed: AllowedOrigins, machine: MachineAddresses = NO_ADDRESSES): EgressVerdict {
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
  return checkAddress(address.toString(), portOf(url), machine);
}

/** Checks one address a request would connect to, on `port`. */
export function checkAddress(text: string, port: number, machine: MachineAddresses = NO_ADDRESSES): EgressVerdict {
  if (!ipaddr.isValid(text)) return refuse(`${text} is not an IP address`);
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv6') {
    const embedded = embeddedIPv4(address as ipaddr.IPv6);
    if (embedded === 'unjudgeable') return refuse(`${address.toString()} carries an IPv4 address in a form that cannot be judged (a network-specific NAT64 prefix)`);
    for (const inner of embedded) {
      const verdict = checkAddress(inner.address, port, machine);
      if (!verdict.ok) return refuse(`${address.toString()} carries ${inner.address} (${inner.form}): ${verdict.reason}`);
    }
  }
  const normal = address.toString();
  const range = address.range();
  if (REFUSED_RANGES.has(range)) return refuse(`${normal} is a ${rangeWords(range)} address`);
  if (EMULATOR_HOST_ALIASES.has(normal)) return refuse(`${normal} is an emulator's alias for the machine it runs on`);
  if (machine.has(normal)) return refuse(`${normal} is an address of this machine`);
  if ((range === 'private' || range === 'uniqueLocal') && isDaemonPort(port)) {
    return refuse(`port ${port} on the private address ${normal} is a Protostage daemon port`);
  }
  return ALLOWED;
}

interface EmbeddedIPv4 {
  /** How it is carried: "NAT64, 64:ff9b::/96". */
  form: string;
  address: string;
}

/**
 * The IPv4 addresses an IPv6 address carries and some router or gateway would turn it into:
 * IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), the well-known NAT64 prefix
 * (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/48) and Teredo (its server and its client, whose
 * address is stored inverted); :: and ::1 are themselves. The local-use NAT64 prefix (64:ff9b:1::/48) puts the IPv4 where
 * its operator chose, so it cannot be judged. (IPv4-mapped ::ffff:a.b.c.d is turned into IPv4
 * before this.)
 */
function embeddedIPv4(address: ipaddr.IPv6): EmbeddedIPv4[] | 'unjudgeable' {
  const bytes = address.toByteArray();
  const ipv4At = (offset: number, invert = false) => bytes.slice(offset, offset + 4).map((byte) => (invert ? byte ^ 0xff : byte)).join('.');
  const zeroUpTo = (end: number) => bytes.slice(0, end).every((byte) => byte === 0);
  const startsWith = (...words: number[]) => words.every((word, index) => address.parts[index] === word);
  if (zeroUpTo(12) && !(zeroUpTo(15) && bytes[15]! <= 1)) return [{ form: 'IPv4-compatible', address: ipv4At(12) }];
  if (zeroUpTo(8) && startsWith(0, 0, 0, 0, 0xffff, 0)) return [{ form: 'IPv4-translated', address: ipv4At(12) }];
  if (startsWith(0x64, 0xff9b, 0, 0, 0, 0)) return [{ form: 'NAT64, 64:ff9b::/96', address: ipv4At(12) }];
  if (startsWith(0x64, 0xff9b, 1)) return 'unjudgeable';
  if (startsWith(0x2002)) return [{ form: '6to4', address: ipv4At(2) }];
  if (startsWith(0x2001, 0)) {
    return [
      { form: 'Teredo server', address: ipv4At(4) },
      { form: 'Teredo client', address: ipv4At(12, true) },
    ];
  }
  return [];
}

/** Checks every DNS answer of a name: none, or any refused one, refuses the name. */
export function checkAnswers(hostname: string, answers: readonly string[], port: number, machine: MachineAddresses = NO_ADDRESSES): EgressVerdict {
  if (answers.length === 0) return refuse(`${hostname} has no DNS answer`);
  for (const answer of answers) {
    const verdict = checkAddress(answer, port, machine);
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
  const indent = ''.padEnd(column);
  // The flag is wider than the column its text starts at, so the text starts on the next line.
  return [
    '  --allow-request-origin O',
    `${indent}let the prototype's request actions reach origin O (scheme, host and`,
    `${indent}port), which the destination policy would refuse: a server of yours on`,
    `${indent}this machine, such as http://127.0.0.1:8080 (repeatable)`,
  ].join('\n');
}
