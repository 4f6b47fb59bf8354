/*
 * Reading an MCP App: which tool has one (`_meta.ui.resourceUri`, or the deprecated flat
 * `_meta["ui/resourceUri"]`), and its HTML and declared CSP from a `resources/read` answer.
 * Everything read here comes from a server and is checked, never trusted.
 */
import type { McpAppCsp } from './mcp-app-csp.js';
import { readAppCsp } from './mcp-app-csp.js';
import type { McpReadResourceResult } from '../provider/mcp-app-types.js';

/** The MIME type of an MCP App's HTML (SEP-1865). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** Characters of HTML a frame accepts; a larger resource is refused, not loaded. */
const MAX_HTML_CHARACTERS = 5_000_000;

/** An app's document and the origins it declared. */
export interface McpAppDocument {
  readonly html: string;
  readonly csp: McpAppCsp;
  /** Whether the app asked for a visible border (`_meta.ui.prefersBorder`). */
  readonly prefersBorder: boolean | undefined;
}

/** The `ui://` URI a tool's (or a result's) `_meta` names, or `undefined`. */
export function uiResourceUri(meta: unknown): string | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined;
  const record = meta as Record<string, unknown>;
  const ui = record['ui'];
  const nested =
    typeof ui === 'object' && ui !== null
      ? (ui as Record<string, unknown>)['resourceUri']
      : undefined;
  const uri = nested ?? record['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/**
 * The app's document from a `resources/read` answer: the item for `uri` (else the first) with
 * the MCP App MIME type, its `text` or base64 `blob`. Throws when there is none.
 */
export function readAppDocument(result: McpReadResourceResult, uri: string): McpAppDocument {
  const contents = Array.isArray(result?.contents) ? result.contents : [];
  const html = contents.filter(
    (item) => typeof item === 'object' && item !== null && isAppMimeType(item.mimeType),
  );
  const item = html.find((entry) => entry.uri === uri) ?? html[0];
  if (!item) throw new Error(`${uri} holds no ${MCP_APP_MIME_TYPE} document`);
  const text = typeof item.text === 'string' ? item.text : decodeBase64(item.blob);
  if (text === undefined) throw new Error(`${uri} has no text`);
  if (text.length > MAX_HTML_CHARACTERS) throw new Error(`${uri} is too large`);
  const ui = (item._meta as Record<string, unknown> | undefined)?.['ui'];
  const prefersBorder =
    typeof ui === 'object' && ui !== null
      ? (ui as Record<string, unknown>)['prefersBorder']
      : undefined;
  return {
    html: text,
    csp: readAppCsp(item._meta),
    prefersBorder: typeof prefersBorder === 'boolean' ? prefersBorder : undefined,
  };
}

function isAppMimeType(mimeType: unknown): boolean {
  if (typeof mimeType !== 'string') return false;
  return mimeType.replace(/\s+/g, '').toLowerCase() === MCP_APP_MIME_TYPE;
}

function decodeBase64(blob: unknown): string | undefined {
  if (typeof blob !== 'string') return undefined;
  try {
    const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}
