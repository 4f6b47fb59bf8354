/** How much of a text is shown: at most `characters`, and at most `lines` lines. */
export interface TextLimit {
  characters: number;
  lines: number;
}

/** What a "Show all" shows: a preview first, and a cap that even "Show all" keeps. */
export interface ShowAllLimit {
  preview: TextLimit;
  all: TextLimit;
}

const ALL_LINES = Number.POSITIVE_INFINITY;
/** The most "Show all" puts in the DOM: past this a 10 MB log would freeze the page. */
const SHOW_ALL_CHARACTERS = 1_000_000;

/**
 * Every "Show all" in one table: each long untrusted text shows its start, then everything up to
 * a cap, so a 10 MB payload costs the same as a short one until the user asks.
 */
export const SHOW_ALL_LIMITS = {
  /** Tool output: enough to read a result, cheap to lay out. */
  toolOutput: {
    preview: { characters: 4_000, lines: 200 },
    all: { characters: SHOW_ALL_CHARACTERS, lines: ALL_LINES },
  },
  /** Arguments in the confirmation prompt: Allow waits until they were all shown. */
  arguments: {
    preview: { characters: 20_000, lines: 500 },
    all: { characters: SHOW_ALL_CHARACTERS, lines: ALL_LINES },
  },
  /** Plain text (reasoning, transcripts, error details); each line is a text node and a `<br>`. */
  plainText: {
    preview: { characters: 50_000, lines: 1_000 },
    all: { characters: SHOW_ALL_CHARACTERS, lines: 20_000 },
  },
  /**
   * Markdown text, counted in whole blocks (a block past the preview on its own is cut); the
   * text block then reveals 200,000 characters per click, not all (src/markdown/chunk/limit-blocks.ts).
   */
  markdown: {
    preview: { characters: 100_000, lines: ALL_LINES },
    all: { characters: Number.POSITIVE_INFINITY, lines: ALL_LINES },
  },
  /** A string inside a JSON tree. */
  jsonString: {
    preview: { characters: 1_000, lines: ALL_LINES },
    all: { characters: SHOW_ALL_CHARACTERS, lines: ALL_LINES },
  },
  /** The raw JSON of an unsupported block (itself capped by `formatRawJson`). */
  rawJson: {
    preview: { characters: 2_000, lines: ALL_LINES },
    all: { characters: Number.POSITIVE_INFINITY, lines: ALL_LINES },
  },
  /** A hint's content, counted over its items. */
  hint: {
    preview: { characters: 280, lines: ALL_LINES },
    all: { characters: Number.POSITIVE_INFINITY, lines: ALL_LINES },
  },
} as const satisfies Record<string, ShowAllLimit>;
