/*
 * The Content Security Policy of an MCP App frame, written into its document before anything
 * else: everything is denied but the inline code and styles the app ships, and the origins its
 * resource declares in `_meta.ui.csp` (SEP-1865). A frame therefore reaches no network the
 * server did not name, and nothing at all by default.
 */

/** The origins an app's resource declares (`_meta.ui.csp` of its `resources/read` item). */
export interface McpAppCsp {
  readonly connectDomains: readonly string[];
  readonly resourceDomains: readonly string[];
  readonly frameDomains: readonly string[];
  readonly baseUriDomains: readonly string[];
}

/** A CSP source the frame may name: an http(s)/ws(s) origin, a leading `*.` wildcard allowed. */
const ORIGIN = /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;

/**
 * The declared origins, each one checked: anything that is not a plain origin (a keyword such
 * as `'unsafe-eval'`, a `;` that would start a directive, a path, `*`) is dropped.
 */
export function readAppCsp(meta: unknown): McpAppCsp {
  const ui = objectAt(meta, 'ui');
  const csp = objectAt(ui, 'csp');
  const read = (key: keyof McpAppCsp): string[] => {
    const list = csp?.[key];
    if (!Array.isArray(list)) return [];
    return list.filter(
      (entry): entry is string => typeof entry === 'string' && ORIGIN.test(entry.trim()),
    );
  };
  return {
    connectDomains: read('connectDomains'),
    resourceDomains: read('resourceDomains'),
    frameDomains: read('frameDomains'),
    baseUriDomains: read('baseUriDomains'),
  };
}

/** The policy text for a frame with these declared origins. */
export function appCspText(csp: McpAppCsp): string {
  const list = (origins: readonly string[], base: string) =>
    [base, ...origins.map((origin) => origin.trim())].join(' ').trim() || "'none'";
  const resources = csp.resourceDomains;
  return [
    "default-src 'none'",
    `script-src ${list(resources, "'unsafe-inline'")}`,
    `style-src ${list(resources, "'unsafe-inline'")}`,
    `img-src ${list(resources, 'data: blob:')}`,
    `font-src ${list(resources, 'data:')}`,
    `media-src ${list(resources, 'data: blob:')}`,
    `connect-src ${list(csp.connectDomains, '')}`,
    `frame-src ${list(csp.frameDomains, '')}`,
    `base-uri ${list(csp.baseUriDomains, '')}`,
    "form-action 'none'",
    "object-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
  ].join('; ');
}

/**
 * The app's HTML with the policy as the first element of its document: a `<meta>` CSP applies
 * only to what the parser meets after it, so it goes right after the doctype, before any tag of
 * the app (a `<script>` placed ahead of `<head>` included).
 */
export function withAppCsp(html: string, csp: McpAppCsp): string {
  const policy = appCspText(csp).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  const doctype = /^\uFEFF?\s*<!doctype[^>]*>/i.exec(html);
  const rest = doctype ? html.slice(doctype[0].length) : html;
  return `<!DOCTYPE html>${meta}${rest}`;
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const inner = (value as Record<string, unknown>)[key];
  return typeof inner === 'object' && inner !== null
    ? (inner as Record<string, unknown>)
    : undefined;
}
