/*
 * The char codes that the hand-written scanners compare `charCodeAt` against, named once so that
 * each scanner reads as the characters it looks for.
 */

/** `\t` */
export const TAB = 0x09;
/** `\r` */
export const CARRIAGE_RETURN = 0x0d;
/** ` ` */
export const SPACE = 0x20;
/** `"` */
export const QUOTE = 0x22;
/** `$` */
export const DOLLAR = 0x24;
/** `:` */
export const COLON = 0x3a;
/** `[` */
export const OPEN_BRACKET = 0x5b;
/** `\` */
export const BACKSLASH = 0x5c;
/** `]` */
export const CLOSE_BRACKET = 0x5d;
/** `` ` `` */
export const BACKTICK = 0x60;
/** `{` */
export const OPEN_BRACE = 0x7b;
/** `}` */
export const CLOSE_BRACE = 0x7d;
/** `~` */
export const TILDE = 0x7e;
