import type { Msg } from '../../core/model/message.js';
import { removeInvisible } from '../../core/safety/invisible.js';
import type { CopyFormat } from '../provider/agent-messages-provider.js';

/** The trimmed text of a text block; `''` for any other block, or a text block broken in transit. */
function blockText(block: Msg['content'][number]): string {
  // Messages may hold unvalidated blocks: a `text` block without a string must not break the bar.
  return block.type === 'text' && typeof block.text === 'string' ? block.text.trim() : '';
}

/** True when the message has text to copy; cheap enough to ask on every render of a finished message. */
export function hasMessageText(message: Msg): boolean {
  return message.content.some((block) => blockText(block) !== '');
}

/**
 * The text of a message: its text blocks, in order, separated by blank lines. Hidden characters
 * are left out, as everywhere else the library copies. `plain` removes markdown syntax.
 */
export function messageText(message: Msg, format: CopyFormat): string {
  const parts: string[] = [];
  for (const block of message.content) {
    const text = blockText(block);
    if (text !== '') parts.push(text);
  }
  const markdown = removeInvisible(parts.join('\n\n'));
  return format === 'plain' ? stripMarkdown(markdown) : markdown;
}

/**
 * Markdown to readable text, line by line, with patterns that cannot backtrack badly: a cheap
 * approximation for the clipboard, not a parser. Code keeps its content; links keep their text.
 */
export function stripMarkdown(markdown: string): string {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push(line);
      continue;
    }
    if (/^ {0,3}([-*_])( *\1){2,} *$/.test(line)) continue;
    out.push(stripInline(stripLineStart(line)));
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function stripLineStart(line: string): string {
  return line
    .replace(/^ {0,3}(> ?)+/, '')
    .replace(/^ {0,3}#{1,6}( +|$)/, '')
    .replace(/^(\s*)[-*+] +\[[ xX]\] +/, '$1- ');
}

function stripInline(line: string): string {
  return (
    line
      // Images keep their alt text, links their text.
      .replace(/!\[([^\]]*)\]\([^)\s]*(?: "[^"]*")?\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)\s]*(?: "[^"]*")?\)/g, '$1')
      .replace(/`+([^`]+)`+/g, '$1')
      .replace(/(\*\*|__)(?=\S)([^*_]+?)\1/g, '$2')
      .replace(/(^|[^\w*])[*_](?=\S)([^*_]+?)[*_](?![\w*])/g, '$1$2')
      .replace(/~~(?=\S)([^~]+?)~~/g, '$1')
  );
}
