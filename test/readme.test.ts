import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractBlocks } from '../scripts/docs-blocks.mjs';

const root = join(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const SITE = 'https://github.com/react-agent-messages/react-agent-messages/blob/main/';

/** The README's text under one `##` heading, up to the next. */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start === -1) return '';
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe('README', () => {
  it('fits in 250 lines: the rest is on the docs site', () => {
    expect(readme.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('has a first screen of at most 15 lines for each backend, from its entry point', () => {
    const screens = section('First screens');
    const backends = [...screens.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
    expect(backends).toEqual([
      'Vercel AI SDK',
      'AG-UI: CopilotKit, Mastra, LangGraph',
      'AgentScope',
      'AgentFlow',
      'Operator-Use',
    ]);
    const blocks = extractBlocks(screens, 'README.md');
    expect(blocks).toHaveLength(backends.length);
    for (const block of blocks) expect(block.code.split('\n').length).toBeLessThanOrEqual(15);
    const imports = blocks.map((block) => [
      ...block.code.matchAll(/from '(react-agent-messages[^']*)'/g),
    ]);
    expect(imports.map((found) => found.map((match) => match[1]))).toEqual([
      ['react-agent-messages', 'react-agent-messages/ai-sdk'],
      ['react-agent-messages', 'react-agent-messages/ag-ui'],
      ['react-agent-messages'],
      ['react-agent-messages'],
      ['react-agent-messages', 'react-agent-messages/operator-use'],
    ]);
  });

  it("links each backend's guide (one click to it) and only to docs pages that exist", () => {
    const linked = [...readme.matchAll(/\]\((https:\/\/github\.com\/[^)]+)\)/g)]
      .map((match) => match[1] ?? '')
      .filter((url) => url.startsWith(SITE))
      .map((url) => url.slice(SITE.length).split('#')[0] ?? '');
    for (const guide of ['ai-sdk', 'ag-ui', 'agentscope', 'agentflow', 'operator-use'])
      expect(linked).toContain(`docs/${guide}.md`);
    for (const path of linked) expect(existsSync(join(root, path)), path).toBe(true);
  });

  it('keeps the two development commands: the demo and the whole suite', () => {
    const commands = extractBlocks(section('Development').replace(/```sh/g, '```ts'), 'README.md');
    expect(commands[0]?.code).toMatch(/^npm install && npm start +#/m);
    expect(commands[0]?.code).toMatch(/^npm test +#/m);
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBe('node scripts/test.mjs');
  });
});
