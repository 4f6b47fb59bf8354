// A consumer app, for each React major the package supports: installs the packed tarball with
// react and react-dom 18, then 19, into a fresh folder, type-checks a TypeScript file against the
// installed declarations (with the README's AgentScope first screen, and its Operator-Use one
// while the README has that section), then runs it in
// Node: both entries import, an event log folds, and the list, a message and the hook render to
// HTML without a warning. Needs dist/ (npm run build).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packTarball } from './pack.mjs';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'ram-consumer-'));
const npm = (args, cwd) =>
  execFileSync('npm', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

/** The first tsx block under a README heading, which must compile as shown; `null` without it. */
function readmeBlock(heading) {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const at = readme.indexOf(`\n${heading}\n`);
  if (at === -1) return null;
  const code = /```tsx\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
  if (!code) throw new Error(`README: no tsx example under "${heading}"`);
  return code;
}

/** The AgentScope first screen (`useMessageStream` against AgentScope's service). */
function readmeExample() {
  const code = readmeBlock('### AgentScope');
  if (code === null) throw new Error('README: no "AgentScope" first screen');
  // Exported, so that an unused component is not what the compiler looks at.
  return /\bexport function Chat\b/.test(code) ? code : `${code}\nexport { Chat };\n`;
}

// The no-server example (the Operator-Use first screen: a session file, no connection), in a
// file of its own; checked only while the README has that section.
const historyExample = readmeBlock('### Operator-Use');

const APP = `
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import type { AgentEvent, Msg } from 'react-agent-messages/core';
import { foldEvents, userMsg } from 'react-agent-messages/core';
import type { UseMessageStreamResult } from 'react-agent-messages';
import { AgentMessagesProvider, Message, MessageList, useMessageStream } from 'react-agent-messages';

const problems: unknown[] = [];
console.error = (...args: unknown[]) => problems.push(args);
console.warn = (...args: unknown[]) => problems.push(args);

const base = { created_at: '2026-01-01T00:00:00', metadata: {} };
const events: AgentEvent[] = [
  { ...base, id: 'e1', type: 'REPLY_START', session_id: 's', reply_id: 'r', name: 'Friday', role: 'assistant' },
  { ...base, id: 'e2', type: 'TEXT_BLOCK_START', reply_id: 'r', block_id: 't' },
  { ...base, id: 'e3', type: 'TEXT_BLOCK_DELTA', reply_id: 'r', block_id: 't', delta: 'Hello **world**' },
  { ...base, id: 'e4', type: 'TEXT_BLOCK_END', reply_id: 'r', block_id: 't' },
  { ...base, id: 'e5', type: 'REPLY_END', session_id: 's', reply_id: 'r', finished_reason: 'completed', error: null },
];
const messages: Msg[] = [userMsg('Hi'), ...foldEvents(events).messages];
if (messages.length !== 2) throw new Error('the fold lost a message');

function Hooked() {
  const stream: UseMessageStreamResult = useMessageStream({ source: null, initialMessages: messages });
  return h('output', null, \`\${stream.status}:\${stream.messages.length}\`);
}

const html = renderToString(
  h(AgentMessagesProvider, null,
    h(Message, { message: messages[1] as Msg }),
    h(MessageList, { messages }),
    h(Hooked),
  ),
);
for (const expected of ['data-slot="message"', '<strong>world</strong>', 'role="log"', 'idle:2']) {
  if (!html.includes(expected)) throw new Error(\`missing \${expected} in \${html}\`);
}
if (problems.length > 0) throw new Error(\`warnings: \${JSON.stringify(problems)}\`);
console.log('ok');
`;

try {
  const tarball = packTarball(root, work);
  for (const major of [18, 19]) {
    const app = join(work, `react-${major}`);
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: `consumer-react-${major}`,
        private: true,
        type: 'module',
        dependencies: {
          'react-agent-messages': `file:${tarball}`,
          react: `^${major}`,
          'react-dom': `^${major}`,
          '@types/react': `^${major}`,
          '@types/react-dom': `^${major}`,
        },
      }),
    );
    writeFileSync(join(app, 'app.ts'), APP);
    writeFileSync(join(app, 'chat.tsx'), readmeExample());
    if (historyExample !== null)
      writeFileSync(join(app, 'history.tsx'), `${historyExample}\nexport {};\n`);
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          lib: ['ES2023', 'DOM'],
          jsx: 'react-jsx',
          types: [],
          outDir: 'out',
        },
        files: ['app.ts', 'chat.tsx', ...(historyExample === null ? [] : ['history.tsx'])],
      }),
    );
    npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], app);
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], {
      stdio: 'inherit',
    });
    const output = execFileSync(process.execPath, [join(app, 'out/app.js')], { encoding: 'utf8' });
    if (output.trim() !== 'ok') throw new Error(`React ${major}: ${output}`);
    console.log(
      `React ${major}: installs, type-checks (with the README's example), folds and renders`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
