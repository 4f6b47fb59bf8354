/*
 * The words the scripted agent says. Kept apart from the scenario logic so that file reads as
 * a protocol script.
 */

export const MARKDOWN_REPORT = `# Streaming UI for agents: a short field report

Agent replies are **streamed**, *interleaved* with tool calls, and sometimes paused for a human
decision. A renderer has to stay correct while a message is half-written.[^fold]

## What the event fold guarantees

1. Every event is applied at most once, so a replayed log is harmless.
2. Finished messages keep their identity and never re-render.
3. Unknown events are kept as diagnostics instead of being dropped.

> A reconnect replays the current run. If history and replay overlapped, text would appear
> twice; the fold's event-id check is the safety net.[^replay]

## A fold in TypeScript

\`\`\`ts
import { foldEvents, readEventStream } from 'react-agent-messages/core';

const response = await fetch('/sessions/demo/stream');
let conversation = foldEvents([]);
for await (const event of readEventStream(response)) {
  conversation = foldEvents([event], conversation);
}
console.log(conversation.messages.at(-1)?.finished_reason);
\`\`\`

The same in Python, with AgentScope's own message class:

\`\`\`python
from agentscope.message import Msg

reply = Msg(name="Friday", role="assistant", content=[])
for event in events:
    reply.append_event(event)
print(reply.finished_reason)
\`\`\`

## Costs per block type

| Block | Streams? | Re-render cost per delta | Notes |
| --- | :---: | ---: | --- |
| \`text\` | yes | O(tail) | only the unfinished markdown block re-parses |
| \`thinking\` | yes | O(delta) | collapsed by default once finished |
| \`tool_call\` | yes | O(args) | arguments are partial JSON until the end |
| \`tool_result\` | yes | O(delta) | text and media, paired with its call |
| \`data\` | chunks | O(1) | base64 chunks are merged as bytes |

## Checklist

- [x] Markdown is sanitised; raw HTML renders as text: <b>not bold</b>
- [x] Remote images wait for a click, same-origin media loads directly
- [ ] Your own tool renderers, registered by tool name

Inline code like \`reply_id\`, a [link to the AgentScope repository](https://github.com/agentscope-ai/agentscope),
and a footnote on sources.[^sources]

[^fold]: See the architecture notes of \`react-agent-messages\`, section 3.
[^replay]: AgentScope's \`GET /sessions/{id}/stream\` replays the run's log before live events.
[^sources]: The event protocol is described in AgentScope's \`event/_event.py\`.
`;

export const THINKING =
  `The user asks which number is larger: 9.11 or 9.9. A common slip is to compare them
like version numbers, where 11 > 9. As decimals, compare digit by digit: both have 9 before the
point. After the point: 9.11 has 1 in the tenths place, 9.9 has 9 in the tenths place. 9 > 1, so
9.9 is larger. Double-check: 9.9 = 9.90, and 9.90 - 9.11 = 0.79 > 0. Confirmed.`.replaceAll(
    '\n',
    ' ',
  );

export const THINKING_ANSWER = `**9.9 is larger.** Written with the same number of decimals, the comparison is
9.90 vs 9.11, and 90 hundredths beat 11 hundredths by 0.79.

Version numbers are the exception: there, \`9.11\` comes *after* \`9.9\`.`;

export const LS_OUTPUT = [
  'total 48\n',
  'drwxr-xr-x  8 demo demo 4096 Nov 22 09:14 .\n',
  'drwxr-xr-x 12 demo demo 4096 Nov 22 09:10 ..\n',
  'drwxr-xr-x  9 demo demo 4096 Nov 22 09:14 components\n',
  '-rw-r--r--  1 demo demo 4811 Nov 22 09:12 core.ts\n',
  'drwxr-xr-x  7 demo demo 4096 Nov 22 09:11 core\n',
  '-rw-r--r--  1 demo demo 3120 Nov 22 09:13 index.ts\n',
  'drwxr-xr-x  2 demo demo 4096 Nov 22 09:13 react\n',
  'drwxr-xr-x  2 demo demo 4096 Nov 22 09:12 styles\n',
];

export const LONG_STORY_PARAGRAPHS = [
  `The lighthouse keeper of Vell had not seen a ship in eleven years, but she lit the lamp every
evening anyway, because the logbook said so and because the logbook had never once been wrong.`,
  `On the first night of the storm season a small boat appeared on the horizon, its sail patched
with what looked like pages torn from a book. It did not come closer, and it did not go away.`,
  `She watched it through the brass telescope until her eyes ached. Every hour she wrote a line in
the logbook: position unchanged, sail still patched, no lights aboard, no answer to the lamp.`,
  `On the third night she rowed out. The sea was calmer than it had any right to be, as if it were
holding its breath, and the boat grew larger much more slowly than the distance suggested.`,
  `There was no one aboard. On the bench lay a logbook exactly like hers, bound in the same cracked
leather, and its last entry was in her handwriting: she rowed out; the sea held its breath.`,
  `She turned the page. The next entry was dated tomorrow. It described the morning light, a gull
with one grey wing, and a question she had not yet thought to ask. She closed the book quickly.`,
  `Back at the lighthouse the gull was waiting on the railing, one wing grey as ash. She did not
write anything that evening. For the first time in eleven years the lamp stayed dark.`,
  `In the morning the boat was gone, and so was her logbook. In its place on the desk lay the book
from the boat, open at a blank page, the ink still wet on a single word: continue.`,
];

export const HELP = `Hi! I'm **Friday**, a scripted agent running on this machine: no model, no API key.
Everything you see comes over AgentScope's real event protocol from the demo server.

Try one of the suggestions below, or type something with one of these words:

- **markdown**, **table**, **code**: a long formatted answer
- **think**: reasoning first, then the answer
- **ls** or **list files**: a shell command that asks for your approval
- **delete**: a risky command with no "always allow"
- **browser** or **time zone**: a tool your browser runs for me
- **weather**: a tool that fails
- **image**, **audio**, **video**, **pdf**: generated media
- **hint**, **keep searching** (iteration limit), **server error**
- **long story**: a long reply you can stop midway`;
