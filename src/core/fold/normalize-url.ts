interface ParsedUrl {
  href: string;
}

// Core has no DOM types; the WHATWG URL class is a global in Node, workers and browsers alike.
const UrlClass = (globalThis as { URL?: new (input: string) => ParsedUrl }).URL;

/**
 * The URL as AgentScope serialises it (pydantic's `AnyUrl`: absolute, normalised, so
 * `https://example.com` becomes `https://example.com/`), or `null` where it would be rejected.
 */
export function normalizeUrl(url: string): string | null {
  if (!UrlClass) return url;
  try {
    return new UrlClass(url).href;
  } catch {
    return null;
  }
}
