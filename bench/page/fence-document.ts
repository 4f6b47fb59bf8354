/*
 * The open-fence scenarios' document: a reply that is one TypeScript code fence, still open when
 * the stream ends (an agent writing a long file). Deterministic; `salt` changes the first line's
 * comment only, so every run streams code no cache has seen at the same size.
 */

/** "```ts" and about `size` characters of code, without a closing fence. */
export function openFenceDocument(size: number, salt: number): string {
  const lines = ['```ts', `// rev ${salt}: generated for the open-fence benchmark`];
  let length = lines.join('\n').length;
  for (let n = 0; length < size; n++) {
    const chunk = [
      `export function foldReply${n}(msg: Msg, events: readonly AgentEvent[]): Msg {`,
      `  let next = { ...msg, id: 'reply-${n}' };`,
      '  for (const event of events) {',
      "    if (event.type === 'TEXT_BLOCK_DELTA') next = appendEvent(next, event);",
      `    else if (event.type === 'REPLY_END') return { ...next, status: 'done', turn: ${n} };`,
      '  }',
      '  return next;',
      '}',
      '',
    ];
    for (const line of chunk) {
      lines.push(line);
      length += line.length + 1;
    }
  }
  return lines.join('\n').slice(0, size);
}
