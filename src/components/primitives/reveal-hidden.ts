import { revealInvisible } from '../../core/safety/invisible.js';

// C0 and C1 controls other than tab, newline and carriage return: JSON.stringify escapes them,
// but raw input shown as is would hide them (or, for ESC, start a terminal sequence on copy).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * `text` with invisible, bidi-control and control characters (other than tab and line breaks)
 * shown as markers like `[U+202E]`: what the prompt, and a tool card's summary, show.
 */
export function revealHidden(text: string): string {
  return revealInvisible(text).replace(
    CONTROL,
    (char) => `[U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}
