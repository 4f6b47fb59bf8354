/**
 * False when `markdown` cannot hold a GFM literal autolink, so that GFM without them parses it to
 * the same tree: each needs `@` (an email, `mailto:`, `xmpp:`), `://` (`http://`, `https://`) or
 * `www.` (in any case). Imports nothing: the view reads it before the engine loads.
 */
export function mayHoldLiteralAutolink(markdown: string): boolean {
  return markdown.includes('@') || markdown.includes('://') || /www\./i.test(markdown);
}
