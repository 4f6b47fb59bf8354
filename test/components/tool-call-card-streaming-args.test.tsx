import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import type { JsonFieldState, ToolCallBlock } from '../../src/core.js';
import { assistantMsg } from '../../src/core.js';
import type { ToolRendererProps } from '../../src/components/provider/block-props.js';
import { Message } from '../../src/components/message/message.js';
import { resumeCardArguments } from '../../src/components/blocks/tool-call-card/use-tool-arguments.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

/** 256 KB of source with what JSON must escape: quotes, backslashes, line breaks, tabs, an emoji. */
function sourceFile(): string {
  const line = 'const greeting = "héllo\\tworld 😀";\n\tif (a) { return b; }\n';
  return line.repeat(Math.ceil(262_144 / line.length)).slice(0, 262_144);
}

function writeFile(input: string, finished: boolean): ToolCallBlock {
  return {
    type: 'tool_call',
    id: 'call-write',
    name: 'write_file',
    input,
    state: finished ? 'finished' : 'pending',
    suggested_rules: [],
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: finished ? '2025-06-01T10:00:09.000Z' : null,
  };
}

interface Seen {
  path: unknown;
  content: unknown;
  pathState: JsonFieldState | undefined;
  contentState: JsonFieldState | undefined;
  complete: boolean;
}

/** The pieces the arguments arrive in: large ones, and small ones that cut escapes and the emoji. */
function deltas(text: string): number[] {
  const ends: number[] = [];
  for (let end = 5; end < text.length; end += end < 400 ? 7 : 16_411) ends.push(end);
  const cuts = [
    text.indexOf('\\ud83d') + 2, // inside an escape
    text.indexOf('\\ude00'), // between the two halves of an escaped pair
    text.indexOf('😀') + 1, // between the two halves of a raw pair
    text.indexOf('\\"', 20_000) + 1, // between `\` and `"`
  ];
  return [...new Set([...ends, ...cuts, text.length])].sort((a, b) => a - b);
}

/** The content as far as `prefix` gives it, read by `JSON.parse`: what a reader should show. */
function contentSoFar(prefix: string): string | undefined {
  if (!prefix.includes('"content":"')) return undefined;
  let raw = prefix.slice(prefix.indexOf('"content":"') + '"content":"'.length);
  // An escape cut by the end waits for the rest, and so does half a surrogate pair.
  const escape = /(\\+)(u[0-9a-fA-F]{0,3})?$/.exec(raw);
  if (escape && (escape[1] as string).length % 2 === 1) {
    raw = raw.slice(0, escape.index + (escape[1] as string).length - 1);
  }
  return (JSON.parse(`"${raw}"`) as string).replace(/[\ud800-\udbff]$/, '');
}

describe('a long write_file call while its arguments stream', () => {
  it('shows its path and content all the way, and gives its renderer the partial value with field states', async () => {
    const content = sourceFile();
    const input = JSON.stringify({ path: 'src/greeting.ts', content }).replace(
      '😀',
      '\\ud83d\\ude00',
    );
    expect(input.length).toBeGreaterThan(262_144);
    const seen: Seen[] = [];
    function WriteFile({ args, argsComplete, argsFields }: ToolRendererProps) {
      const fields = (args ?? {}) as { path?: unknown; content?: unknown };
      seen.push({
        path: fields.path,
        content: fields.content,
        pathState: argsFields.state('path'),
        contentState: argsFields.state('content'),
        complete: argsComplete,
      });
      return (
        <p data-testid="write-file">
          {typeof fields.content === 'string' ? fields.content.length : 0}
        </p>
      );
    }
    const reply = (text: string, finished: boolean) =>
      assistantMsg([writeFile(text, finished)], finished ? {} : { finished_at: null });

    // One card shows the default view, another (with a renderer) what the app draws.
    const withRenderer = (text: string, finished: boolean) => (
      <>
        <Message message={reply(text, finished)} />
        <AgentMessagesProvider tools={{ write_file: { render: WriteFile } }}>
          <Message message={reply(text, finished)} />
        </AgentMessagesProvider>
      </>
    );
    const screen = await render(withRenderer('', false));
    let checkedContent = false;
    for (const end of deltas(input)) {
      const prefix = input.slice(0, end);
      const finished = end === input.length;
      await screen.rerender(withRenderer(prefix, finished));
      const [plain] = screen.container.querySelectorAll('[data-slot="tool-call-card"]');
      if (end < 30) continue; // the path's string is not closed yet
      // The summary names the file from the first tokens after its path, all the way.
      const summary = plain?.querySelector('[data-slot="tool-call-card-summary"]');
      expect(summary?.textContent, `summary at ${end}`).toBe('src/greeting.ts');
      const argsText = plain?.querySelector('[data-slot="tool-call-card-args"]')?.textContent ?? '';
      if (!finished) {
        expect(argsText, `arguments at ${end}`).toContain('"path": "src/greeting.ts"');
        if (end > 200) {
          // Structured, decoded and re-escaped: not the raw text shown as received.
          expect(argsText).toContain('"content": "const greeting = \\"héllo\\\\tworld');
          checkedContent = true;
        }
      }
      const last = seen.at(-1) as Seen;
      expect(last.path).toBe('src/greeting.ts');
      expect(last.pathState).toBe('done');
      if (!finished) {
        // The whole content read so far, never a stale or empty value.
        expect(last.content, `content at ${end}`).toBe(contentSoFar(prefix));
        const started = last.content !== undefined;
        expect([last.contentState, last.complete]).toEqual([
          started ? 'streaming' : undefined,
          false,
        ]);
      }
    }
    expect(checkedContent).toBe(true);
    const last = seen.at(-1) as Seen;
    expect(last).toEqual({
      path: 'src/greeting.ts',
      content,
      pathState: 'done',
      contentState: 'done',
      complete: true,
    });
    await expect.element(page.getByTestId('write-file')).toHaveTextContent(String(content.length));
  });
});

describe('resumeCardArguments', () => {
  it('reads whole text with JSON.parse at any depth, and streaming text resumed per token', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const whole = resumeCardArguments(null, deep);
    expect([whole.complete, whole.fields.streamingPath]).toEqual([true, null]);
    let depth = 0;
    for (let node = whole.value; Array.isArray(node); node = node[0] as unknown) depth += 1;
    expect(depth).toBe(10_000);
    const first = resumeCardArguments(null, '{"a":"x');
    expect([first.value, first.fields.state('a')]).toEqual([{ a: 'x' }, 'streaming']);
    const next = resumeCardArguments(first, '{"a":"xy"}');
    expect([next.value, next.complete, next.fields.state('a')]).toEqual([
      { a: 'xy' },
      true,
      'done',
    ]);
    expect(resumeCardArguments(next, '{"a":"xy"}')).toBe(next);
  });
});
