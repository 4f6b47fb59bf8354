/*
 * Command-prefix rules (`"git status:*"`): the rule names the first words of a shell command and
 * allows (or denies) that command with any further arguments. A command that could run anything
 * besides the one command never matches: one holding a command separator or operator (`;`, `&`,
 * `&&`, `|`, `||`), a substitution or expansion (`` ` ``, `$(…)`, `${…}`, `$VAR`), a
 * redirection (`<`, `>`), a subshell or group (`(`, `)`), or a line break or other control
 * character. Such a command is always left to the user.
 */

/** The suffix that makes a rule's content a command prefix. */
export const PREFIX_SUFFIX = ':*';

// `$` catches every expansion; parentheses catch subshells and process substitution; control
// characters include the line breaks that separate commands (tab excepted: it separates words).
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const SHELL_CONTROL = /[;&|`$<>()\u0000-\u0008\u000a-\u001f\u007f]/;
const WORD_SEPARATOR = /[ \t]+/;
// Only what the shell itself splits on: `trim()` would also drop a no-break space, which a shell
// keeps as part of the word.
const EDGE_BLANKS = /^[ \t]+|[ \t]+$/g;

/** True when `content` is a command-prefix pattern (`"<prefix>:*"`). */
export function isCommandPrefix(content: string): boolean {
  return content.endsWith(PREFIX_SUFFIX);
}

/** The words of a command line, split on spaces and tabs (quotes are not interpreted). */
function wordsOf(text: string): string[] {
  const trimmed = text.replace(EDGE_BLANKS, '');
  return trimmed === '' ? [] : trimmed.split(WORD_SEPARATOR);
}

/**
 * True when `command` starts with the words of the prefix pattern `content`, as whole words:
 * `"ls:*"` matches `ls` and `ls -la /tmp`, not `lsblk`, nor anything with shell control
 * characters (`ls; rm -rf /`, `ls && curl …`, `ls $(…)`, `ls | sh`, `ls > f`). Words are compared
 * exactly (case-sensitive, quotes kept: `"ls" -la` is not `ls`); runs of spaces and tabs count as
 * one separator. An empty prefix matches nothing.
 */
export function matchesCommandPrefix(content: string, command: string): boolean {
  if (!isCommandPrefix(content) || SHELL_CONTROL.test(command)) return false;
  const prefix = wordsOf(content.slice(0, -PREFIX_SUFFIX.length));
  if (prefix.length === 0) return false;
  const words = wordsOf(command);
  return words.length >= prefix.length && prefix.every((word, index) => words[index] === word);
}
