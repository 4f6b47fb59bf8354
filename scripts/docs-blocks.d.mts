/** One ts/tsx code block of a markdown file. */
export interface DocsBlock {
  /** The markdown file, as given. */
  file: string;
  /** Its number among the file's ts/tsx blocks, from 1. */
  index: number;
  lang: 'ts' | 'tsx';
  /** The markdown line (from 1) of its first code line. */
  line: number;
  code: string;
  /** Whether a `<!-- docs-check: skip … -->` line precedes its fence. */
  skip: boolean;
}
/** The marker that leaves the next block out of the check. */
export declare const SKIP_MARKER: string;
/** What the check adds to every block, after its last line. */
export declare const PRELUDE: string;
/** The ts/tsx blocks of one markdown text, in order. */
export declare function extractBlocks(markdown: string, file: string): DocsBlock[];
/** Type-checks the blocks not skipped as one program in `directory`: one line per error. */
export declare function checkBlocks(
  blocks: readonly DocsBlock[],
  directory: string,
): { errors: string[]; checked: number };
/** README.md and every markdown file under docs/ (subfolders too, not the generated API pages). */
export declare function markdownFiles(root: string): string[];
