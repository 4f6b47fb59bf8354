/*
 * The features that most often make apps loosen their policy, under the strict one (no
 * 'unsafe-inline', no 'unsafe-eval', no 'wasm-unsafe-eval'): code highlighting (shiki with its
 * JavaScript regex engine), math (KaTeX) and the confirmation prompt.
 */
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { beforeAll, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { BlockProps, TextBlock } from '../../src/index.js';
import { AgentMessagesProvider, Message, TextBlockView } from '../../src/index.js';
import { asking, call, done, text } from './corpus/case.js';
import { CSP, installTraps, resetTraps, trapped } from './harness.js';
import { SAFETY, frames } from './run-case.js';

function MathText(props: BlockProps<TextBlock>) {
  return <TextBlockView {...props} math={{ remarkMath, rehypeKatex }} />;
}
const components = { text: MathText };

beforeAll(() => {
  expect(CSP).not.toContain('unsafe');
  installTraps();
});

it('highlights code, renders math and the prompt with no eval and no inline script', async () => {
  resetTraps();
  const message = done(
    text('```ts\nconst answer: number = 42;\n```\n\n$e^{i\\pi} + 1 = 0$ and $\\frac{$'),
  );
  const screen = await render(
    <>
      <AgentMessagesProvider safety={SAFETY} components={components}>
        <Message message={message} />
      </AgentMessagesProvider>
      <Message message={asking(call('Bash', '{"command":"ls"}'))} onDecision={() => undefined} />
    </>,
  );
  const root = screen.container;
  await expect
    .poll(() => root.querySelector('[data-slot="code-block"][data-highlighted]'), {
      timeout: 10_000,
    })
    .not.toBeNull();
  await frames();
  expect(root.querySelector('math')).not.toBeNull();
  // The one report: rehype-katex parses KaTeX's HTML for a formula that fails to parse, whose
  // `style="color:#cc0000"` a strict style-src refuses. The error shows, uncoloured.
  expect(trapped(root).map((entry) => entry.detail)).toEqual([
    'style-src-attr inline color:#cc0000',
  ]);
});
