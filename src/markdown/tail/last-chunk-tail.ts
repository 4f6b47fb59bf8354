import type { MarkdownStream } from '../stream.js';
import type { AnchoredTail } from './anchored-tail.js';
import { followAnchoredTail } from './anchored-tail.js';
import type { TailSplit } from './tail-parts.js';
import { followTailSplit, partMarkdown } from './tail-parts.js';
import { withoutTrailingBlanks } from './trailing-blanks.js';

/*
 * How a stream's last chunk renders while it streams: the stream-level step that picks the last
 * chunk, cuts a table or list in it into finished rows or items and a live one (tail-parts.ts),
 * and reads the live text, or the whole chunk, at an anchor (`followAnchoredTail`, which knows
 * one text and no stream). Only a parse reads it, so it is derived where the parser is, with the
 * repair that comes with the markdown engine (remend, loaded with it): the text's split and
 * chunks (`streamMarkdown`) need neither.
 */

/** Closes unfinished markdown; the markdown engine is one. */
export interface MarkdownRepair {
  /** A streaming tail with its unfinished syntax closed, tables' delimiter rows included. */
  readonly repairMarkdownTail: (source: string) => string;
  /** A text with its unfinished emphasis, inline code, strikethrough and links closed. */
  readonly closeInlineSyntax: (source: string) => string;
}

/** What decides how the tail renders, besides the stream. */
export interface LastChunkTailOptions {
  readonly repair: MarkdownRepair;
  /** False parses the whole tail on every token: the reference the tests compare with. */
  readonly anchoring: boolean;
  /** A tail whose held-back markup is to be shown now: `tail.holding`, once the stream paused. */
  readonly release: string | null;
}

/** A stream's last chunk as it renders; pass it back as `previous` with the next stream. */
export interface LastChunkTail {
  /** What this was derived from. */
  readonly stream: MarkdownStream;
  readonly options: LastChunkTailOptions;
  /**
   * How to render the last chunk when it is the streaming tail of markdown (not a fence); of its
   * live row or item only when `tailSplit` is set.
   */
  readonly tail: AnchoredTail | null;
  /** The streaming tail as finished rows or items and a live one, when it is such a table or list. */
  readonly tailSplit: TailSplit | null;
}

/**
 * The streaming tail of `stream`, resumed from `previous` (the tail of the stream before this
 * token) while the tail stays the last chunk at the same place, so a token costs the token.
 * Pure: the same stream and options give back `previous` itself.
 */
export function followLastChunkTail(
  previous: LastChunkTail | null,
  stream: MarkdownStream,
  options: LastChunkTailOptions,
): LastChunkTail {
  if (previous?.stream === stream && sameOptions(previous.options, options)) return previous;
  const { chunks } = stream;
  const last = chunks[chunks.length - 1];
  const resumed =
    previous !== null &&
    sameRepair(previous.options.repair, options.repair) &&
    previous.stream.chunks.length === chunks.length
      ? previous
      : null;
  if (last === undefined || !last.tail || last.complete || last.fence || last.plain) {
    return { stream, options, tail: null, tailSplit: null };
  }
  const { repair, anchoring, release } = options;
  // A table or list in the tail is parsed by rows or items: only the live one per token. Like
  // the anchor, an optimisation: `anchoring: false` (the reference) parses the tail whole.
  const tailSplit = anchoring
    ? followTailSplit(
        resumed?.tailSplit ?? null,
        withoutTrailingBlanks(last.source),
        repair.closeInlineSyntax,
      )
    : null;
  const tail = followAnchoredTail(
    resumed?.tail ?? null,
    tailSplit ? partMarkdown(tailSplit, tailSplit.live) : last.source,
    {
      repair: repair.repairMarkdownTail,
      anchoring,
      release,
      // A row's cells are typed after its anchor while the live part is that one row.
      columns: tailSplit !== null && !tailSplit.live.includes('\n') ? tailSplit.columns : 0,
    },
  );
  return { stream, options, tail, tailSplit };
}

function sameOptions(a: LastChunkTailOptions, b: LastChunkTailOptions): boolean {
  return sameRepair(a.repair, b.repair) && a.anchoring === b.anchoring && a.release === b.release;
}

/** The same functions, in the same object or not (a literal per call is common). */
function sameRepair(a: MarkdownRepair, b: MarkdownRepair): boolean {
  return (
    a.repairMarkdownTail === b.repairMarkdownTail && a.closeInlineSyntax === b.closeInlineSyntax
  );
}
