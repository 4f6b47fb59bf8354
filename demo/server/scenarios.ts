/*
 * The scripted scenarios, picked by keywords in what the user typed. Each is deterministic: the
 * same prompt always produces the same events (ids and timestamps aside). A scenario that needs a
 * human (a confirmation, an external tool) returns `park` with the continuation to run when the
 * answer comes back through `POST /chat/`.
 */
import type { PermissionRule } from 'react-agent-messages/core';
import { mediaFile } from './media.js';
import {
  HELP,
  LONG_STORY_PARAGRAPHS,
  LS_OUTPUT,
  MARKDOWN_REPORT,
  THINKING,
  THINKING_ANSWER,
} from './scenario-text.js';
import type { Outcome } from './tools.js';
import { answer, COMPLETED, useExternalTool, useTool } from './tools.js';
import { Failure, type Turn } from './turn.js';

const unwrap = (paragraph: string) => paragraph.replaceAll('\n', ' ');

export interface Scenario {
  id: string;
  /** The suggestion chip's text and the prompt it sends. */
  label: string;
  prompt: string;
  keywords: RegExp;
  /**
   * What the reply cites, for protocols with sources (the AI SDK's `source-url` parts).
   * AgentScope has no sources: its replies cite in the text.
   */
  sources?: readonly { url: string; title: string }[];
  run(turn: Turn): Promise<Outcome>;
}

/* -------------------------------------------------------------------------------------------------
 * Scenarios
 * -----------------------------------------------------------------------------------------------*/

const LS_RULE: PermissionRule = {
  tool_name: 'Bash',
  rule_content: 'ls:*',
  behavior: 'allow',
  source: 'suggested',
};

export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'server-error',
    label: 'Server error',
    prompt: 'Trigger a server error',
    keywords: /server error|crash|outage|\b50[0-9]\b/i,
    async run(turn) {
      // The provider fails mid-stream: a stop before that closes the text and the model call.
      return turn.model(async () => {
        await turn.say('Let me pull the latest numbers from the analytics service and');
        throw new Failure({
          type: 'upstream',
          message: 'The model provider answered HTTP 503 (overloaded). Try again in a minute.',
        });
      });
    },
  },
  {
    id: 'tool-error',
    label: 'Failing tool',
    prompt: "What's the weather in Atlantis?",
    keywords: /weather|tool error|broken tool|failing tool/i,
    async run(turn) {
      const call = await turn.model(async () => {
        await turn.say('Let me ask the weather service.');
        return turn.call('get_weather', { city: 'Atlantis', units: 'metric' });
      });
      await turn.runTool(
        call,
        ['Error: city "Atlantis" not found (HTTP 404 from weather.example)'],
        'error',
      );
      return answer(
        turn,
        "The weather service doesn't know **Atlantis** (it answered *404 not found*). " +
          'If you meant a real place, tell me which one and I will try again.',
      );
    },
  },
  {
    id: 'external',
    label: 'Browser tool',
    prompt: 'What time zone is my browser in?',
    keywords: /browser|time ?zone|external|client[- ]side/i,
    async run(turn) {
      const call = await turn.model(async () => {
        await turn.say("I can't see your machine, so I'll ask your browser to run a tool for me.");
        return turn.call('get_browser_info', { fields: ['timeZone', 'language', 'screen'] });
      });
      return useExternalTool(turn, call, (next, output) =>
        answer(
          next,
          `Your browser ran \`get_browser_info\` and reported:\n\n\`\`\`json\n${output}\n\`\`\`\n\n` +
            'The tool ran on your side: the server only saw its result.',
        ),
      );
    },
  },
  {
    id: 'risky',
    label: 'Risky command',
    prompt: 'Delete the dist folder',
    keywords: /\bdelete\b|\bremove\b|\brm\b/i,
    async run(turn) {
      const call = await turn.model(async () => {
        await turn.say('Deleting `dist/` needs a shell command, so I need your go-ahead.');
        return turn.call('Bash', { command: 'rm -rf dist', description: 'Delete dist/' });
      });
      return useTool(turn, call, {
        rules: [],
        output: [],
        after: (next) => answer(next, '`dist/` is gone. Run `npm run build` to bring it back.'),
        afterDenied: (next) => answer(next, 'Okay, I left `dist/` alone.'),
      });
    },
  },
  {
    id: 'confirm',
    label: 'Run a command',
    prompt: 'List the files in src with ls',
    keywords: /\bls\b|list (the )?files|shell|bash|command|confirm|approv/i,
    async run(turn) {
      const call = await turn.model(async () => {
        await turn.say("I'll list the files in `src/`. That runs a shell command.");
        return turn.call('Bash', {
          command: 'ls -la src',
          description: 'List files in src/',
        });
      });
      return useTool(turn, call, {
        rules: [LS_RULE],
        output: LS_OUTPUT,
        after: (next) =>
          answer(
            next,
            '`src/` holds **4 folders** (`components`, `core`, `react`, `styles`) and **2 files** ' +
              '(`core.ts`, `index.ts`).',
          ),
        afterDenied: (next) =>
          answer(next, "Understood, I didn't run it. Tell me if you want me to look another way."),
      });
    },
  },
  {
    id: 'media',
    label: 'Image, audio, video, PDF',
    prompt: 'Show me an image, an audio clip, a video and a PDF',
    keywords: /image|picture|photo|chart|audio|sound|video|pdf|media/i,
    async run(turn) {
      const call = await turn.model(async () => {
        await turn.say('Here is a chart I drew (sent inline, as base64):');
        const chart = mediaFile('chart.png');
        await turn.data(chart.bytes, chart.mediaType);
        await turn.say('The rest I render with a tool, which returns links to the files.');
        return turn.call('render_media', { formats: ['png', 'wav', 'webm', 'pdf'] });
      });
      const files = ['landscape.png', 'chime.wav', 'clip.webm', 'report.pdf'].map(mediaFile);
      turn.startResult(call);
      turn.emit('TOOL_RESULT_TEXT_DELTA', { tool_call_id: call.id, delta: 'Rendered 4 files.' });
      for (const file of files) {
        await turn.wait(turn.pacer.latency(150));
        turn.emit('TOOL_RESULT_DATA_DELTA', {
          tool_call_id: call.id,
          media_type: file.mediaType,
          url: `${turn.origin}/media/${file.name}`,
        });
      }
      turn.emit('TOOL_RESULT_END', { tool_call_id: call.id, state: 'success' });
      return answer(
        turn,
        'Above: a landscape (PNG), a two-note chime (WAV), a two-second colour clip (WebM/VP8) ' +
          'and a one-page report (PDF). The demo server generated all of them at start-up.',
      );
    },
  },
  {
    id: 'thinking',
    label: 'Think first',
    prompt: 'Think it through: which is larger, 9.11 or 9.9?',
    keywords: /think|reason|puzzle|9\.11/i,
    async run(turn) {
      await turn.model(async () => {
        await turn.say(THINKING, 'thinking');
        await turn.say(THINKING_ANSWER);
      });
      return COMPLETED;
    },
  },
  {
    id: 'hint',
    label: 'Runtime hint',
    prompt: 'Show a runtime hint',
    keywords: /\bhint|reminder|notice/i,
    async run(turn) {
      turn.hint('<system-reminder>The workspace is read-only in this session.</system-reminder>', {
        label: 'System',
        sublabel: 'Reminder',
      });
      return answer(
        turn,
        'The runtime injected a **hint** before my answer (above): the workspace is read-only, ' +
          "so I won't offer to edit files this time.",
      );
    },
  },
  {
    id: 'max-iters',
    label: 'Iteration limit',
    prompt: 'Keep searching until you find the answer',
    keywords: /max(imum)? iter|keep searching|iteration|\bloop\b/i,
    async run(turn) {
      const queries = ['origin of the word "robot"', 'Čapek R.U.R. 1920', 'robota etymology'];
      for (const [index, query] of queries.entries()) {
        const call = await turn.model(async () => {
          await turn.say(
            index === 0 ? 'Searching.' : `Not conclusive yet; searching again (${index + 1}).`,
          );
          return turn.call('web_search', { query });
        });
        await turn.runTool(call, [`3 results for "${query}"\n`, '1. …\n', '2. …\n', '3. …\n']);
      }
      return { kind: 'exceeded' };
    },
  },
  {
    id: 'long',
    label: 'Long story (stop it)',
    prompt: 'Tell me a long story',
    keywords: /long|story|essay/i,
    async run(turn) {
      await turn.model(async () => {
        const chapters = [1, 2, 3].map(
          (n) => `## Part ${n}\n\n${LONG_STORY_PARAGRAPHS.map(unwrap).join('\n\n')}`,
        );
        await turn.say(`# The Keeper of Vell\n\n${chapters.join('\n\n')}`);
      });
      return COMPLETED;
    },
  },
  {
    id: 'markdown',
    label: 'Markdown report',
    prompt: 'Write a markdown report with code, a table and citations',
    keywords: /markdown|code|table|citation|cite|report/i,
    sources: [
      { url: 'https://github.com/agentscope-ai/agentscope', title: 'AgentScope' },
      { url: 'https://ai-sdk.dev/docs/ai-sdk-ui/stream-protocol', title: 'AI SDK stream protocol' },
      { url: 'https://docs.ag-ui.com/concepts/events', title: 'AG-UI events' },
    ],
    async run(turn) {
      return answer(turn, MARKDOWN_REPORT);
    },
  },
];

const HELP_SCENARIO: Scenario = {
  id: 'help',
  label: 'Help',
  prompt: 'Hello',
  keywords: /$^/,
  run: (turn) => answer(turn, HELP),
};

/** The first scenario whose keywords the text contains, else a greeting that lists them. */
export function pickScenario(text: string): Scenario {
  return SCENARIOS.find((scenario) => scenario.keywords.test(text)) ?? HELP_SCENARIO;
}
