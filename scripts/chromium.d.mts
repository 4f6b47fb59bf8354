/** Where Debian's Chromium is (`CHROMIUM_PATH` overrides it). */
export declare const CHROMIUM_PATH: string;
/** The flags every runner starts it with. */
export declare const CHROMIUM_ARGS: readonly string[];
