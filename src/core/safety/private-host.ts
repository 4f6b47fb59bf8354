/*
 * Hosts a page must never reach on content's say-so, even through the app's allow-list: the
 * user's own machine, the local network and cloud metadata services (`169.254.169.254`). A
 * request there from a chat transcript is a drive-by request against a local service.
 *
 * The host is first put through the WHATWG URL parser, as the browser will: `2130706433`,
 * `0x7f.1`, `0177.0.0.1` and `127.1` are all `127.0.0.1` by then, and `[0:0::1]` is `[::1]`.
 */

interface ParsedHost {
  hostname: string;
}
const UrlClass = (globalThis as { URL?: new (input: string) => ParsedHost }).URL;

const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet'];

/** Loopback, private, link-local, reserved and single-label hosts, in any spelling. */
export function isPrivateHost(hostname: string): boolean {
  const host = canonicalHost(hostname);
  if (host === '') return true;
  if (host.includes(':')) return isPrivateIpv6(host);
  const ipv4 = parseIpv4(host);
  if (ipv4 !== null) return isPrivateIpv4(ipv4);
  if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  // A single label (`intranet`, `printer`) resolves through the local search domain.
  return !host.includes('.');
}

/** The host as the browser would request it: lower case, numeric IPv4 forms resolved, no dots at the end. */
function canonicalHost(hostname: string): string {
  let host = hostname.trim().toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) return host.slice(1, -1);
  if (host.includes(':')) return host;
  if (UrlClass) {
    try {
      host = new UrlClass(`http://${host}/`).hostname;
    } catch {
      // Not a valid host: judged by its text below.
    }
  }
  if (host.startsWith('[') && host.endsWith(']')) return host.slice(1, -1);
  return host.replace(/\.+$/, '');
}

function parseIpv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    octets.push(value);
  }
  return octets;
}

function isPrivateIpv4([a = 0, b = 0, c = 0]: readonly number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

function isPrivateIpv6(host: string): boolean {
  const hextets = parseIpv6(host.split('%')[0] ?? '');
  if (hextets === null) return true;
  const [first = 0] = hextets;
  const allZeroUpTo = (end: number) => hextets.slice(0, end).every((part) => part === 0);
  if (allZeroUpTo(7) && (hextets[7] === 0 || hextets[7] === 1)) return true; // :: and ::1
  const embedded = embeddedIpv4(hextets);
  if (embedded !== null) return isPrivateIpv4(embedded);
  // Teredo (2001::/32) tunnels to an address hidden in its last 32 bits, and local-use NAT64
  // (64:ff9b:1::/48) translates to whatever the local network decides: neither is a public host.
  if (first === 0x2001 && hextets[1] === 0) return true;
  if (first === 0x64 && hextets[1] === 0xff9b && hextets[2] === 1) return true;
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // site-local fec0::/10
    (first & 0xff00) === 0xff00 // multicast
  );
}

/**
 * The IPv4 address an IPv6 address carries and reaches: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`)
 * and 6to4 (`2002:aabb:ccdd::`, where `aabb:ccdd` is the IPv4 address).
 */
function embeddedIpv4(hextets: readonly number[]): number[] | null {
  const [first = 0, second = 0, third = 0] = hextets;
  const octets = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];
  const zeroUpTo = (end: number) => hextets.slice(0, end).every((part) => part === 0);
  const tail = octets(hextets[6] ?? 0, hextets[7] ?? 0);
  if (zeroUpTo(5) && (hextets[5] === 0xffff || hextets[5] === 0)) return tail;
  if (zeroUpTo(4) && hextets[4] === 0xffff && hextets[5] === 0) return tail;
  if (first === 0x64 && second === 0xff9b && hextets.slice(2, 6).every((part) => part === 0))
    return tail;
  if (first === 0x2002) return octets(second, third);
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 allowed), or null. */
function parseIpv6(text: string): number[] | null {
  let body = text;
  const tail: number[] = [];
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(body);
  if (dotted?.[1]) {
    const octets = parseIpv4(dotted[1]);
    if (octets === null) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, -dotted[1].length);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const read = (part: string | undefined) =>
    part === undefined || part === ''
      ? []
      : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : -1));
  const head = read(halves[0]);
  const rest = [...read(halves[1]), ...tail];
  if ([...head, ...rest].some((group) => !Number.isInteger(group) || group < 0 || group > 0xffff))
    return null;
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...rest];
}
