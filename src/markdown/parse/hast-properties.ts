/*
 * The properties the sanitising steps (sanitize.ts, in the engine) put on hast elements for the
 * view's components to read. A module of their own, so that the view reads them without loading
 * the steps, which come with the engine.
 */

/** Property holding the raw link target; set by `rehypeFinalize`, read by the link component. */
export const RAW_HREF = 'dataRamHref';
/** Property holding the raw image source; set by `rehypeFinalize`, read by the image component. */
export const RAW_SRC = 'dataRamSrc';
/**
 * Property marking an image whose URL is still streaming (the repair's stand-in for it): the
 * image component shows its alt text meanwhile.
 */
export const PENDING_IMAGE = 'dataRamPendingImage';
/** Property marking a citation element; its value is the entry index. */
export const CITATION = 'dataRamCitation';
/**
 * Property of an element standing for one invisible character (its value); its text is the
 * marker (`[U+200B]`), which is what a later plugin (math) reads.
 */
export const INVISIBLE_CHAR = 'dataRamInvisible';
/**
 * Property marking where the streaming tail's unparsed text goes (see tail/tail-anchor.ts):
 * `''` for the text after the anchor, `'closed'` for the text after the closers, `'literal'` for
 * the text after the anchor where markdown shows as written (in code), `'cell <n>'` for the text
 * of the n-th cell after the anchor's in a table's row.
 */
export const STREAM_TAIL = 'dataRamStreamTail';
