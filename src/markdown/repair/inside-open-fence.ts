/*
 * Whether a place in a streaming tail is inside a fenced code or math block that is still open,
 * in any container (a list item, a quote). The repairs read it so that they never add markup
 * where it would show as code. It errs towards "inside": `$$` counts even without math.
 */

/** A fence or math opener or closer, after any quote and list markers. */
const FENCE = /^(?:[ \t>]|[-+*][ \t]|\d{1,9}[.)][ \t])*(`{3,}|~{3,}|\${2,})(.*)$/;

/** True when `offset` is inside a fenced code or math block opened before it and not closed. */
export function insideOpenFence(source: string, offset: number): boolean {
  let open: string | null = null;
  for (let start = 0; start < offset;) {
    const newline = source.indexOf('\n', start);
    const end = newline === -1 || newline > offset ? offset : newline;
    const match = FENCE.exec(source.slice(start, end));
    if (match !== null) {
      const [, run = '', rest = ''] = match;
      if (open === null) {
        // An info string holds no backtick (no dollar for math): `$$x$$` is inline math.
        if (!rest.includes(run[0] as string)) open = run;
      } else if (run[0] === open[0] && run.length >= open.length && rest.trim() === '') {
        open = null;
      }
    }
    start = end + 1;
  }
  return open !== null;
}
