// `npm run bench -- message-list`: <MessageList> at scale (issue #6): mount time of 1,000 and
// 10,000 finished messages (the synchronous commit, and first paint: a task queued from the
// requestAnimationFrame after the commit runs once that frame is painted), and the cost per update
// of streaming into the last message of a 1,000-message list (fold + commit + forced layout, as in
// the markdown benchmark). Writes bench-results/message-list.json.
//
// Flags: --full streams the whole ≈ 27 KB document into the 1,000-message list (default: the
// first 10,000 characters, 2,500 updates).
/* global window -- callbacks passed to page.evaluate run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBenchPage, root } from './driver/browser.mjs';
import { markdownTable, ms, summarize } from './driver/stats.mjs';

const args = process.argv.slice(2);
const LIMIT = args.includes('--full') ? undefined : 10_000;
const REPEAT = 3;
const UPDATE = 4;

const bench = await openBenchPage();
const { page, machine } = bench;
const hasList = await page.evaluate(() => window.ramBench.hasMessageList);
if (!hasList) {
  console.log('src/components/message-list/message-list.tsx is missing: nothing to measure');
  await bench.close();
  process.exit(0);
}

await page.evaluate(() => window.ramBench.warmUp(['ours']));

/* -------------------------------------------------------------------------------------------------
 * Mount
 * -----------------------------------------------------------------------------------------------*/

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mounts = {};
for (const count of [1000, 10000]) {
  const samples = [];
  for (let i = 0; i < REPEAT; i++) {
    samples.push(await page.evaluate((n) => window.ramBench.mountList(n), count));
  }
  mounts[count] = {
    commit: median(samples.map((s) => s.commit)),
    firstPaint: median(samples.map((s) => s.firstPaint)),
    domMessages: samples[0].domMessages,
    samples,
  };
  console.log(
    `mount ${count} messages: commit ${ms(mounts[count].commit)}, first paint ${ms(mounts[count].firstPaint)} (median of ${REPEAT}), ${mounts[count].domMessages} <Message> elements in the DOM`,
  );
}

/* -------------------------------------------------------------------------------------------------
 * Streaming into the last of 1,000
 * -----------------------------------------------------------------------------------------------*/

const result = await page.evaluate((o) => window.ramBench.stream(o), {
  variant: 'ours',
  scene: 'list',
  historySize: 1000,
  salt: 5,
  updateSize: UPDATE,
  ...(LIMIT ? { limit: LIMIT } : {}),
});
const streaming = {
  chars: result.chars,
  updates: result.updates,
  commit: summarize(result.commit),
  commitLayout: summarize(result.commitLayout),
  wall: result.wall,
  renders: result.renders,
  domMessages: result.domMessages,
};
const s = streaming.commitLayout;
console.log(
  `streaming into the last of 1,000 (${streaming.chars} characters, ${streaming.updates} updates): commit+layout median ${ms(s.median)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, total ${ms(s.total)}; commit only median ${ms(streaming.commit.median)}, p95 ${ms(streaming.commit.p95)}`,
);
console.log(
  `  renders of the 999 finished messages during the stream: ${streaming.renders.otherMessages} (text blocks ${streaming.renders.otherTextBlocks}); ${streaming.domMessages} <Message> elements in the DOM`,
);

const table = markdownTable(
  [
    '<MessageList>',
    'commit',
    'first paint / median per update',
    'p95 per update',
    'messages in the DOM',
  ],
  [
    ...[1000, 10000].map((count) => [
      `mount ${count.toLocaleString('en')} messages`,
      ms(mounts[count].commit),
      ms(mounts[count].firstPaint),
      '',
      String(mounts[count].domMessages),
    ]),
    [
      `stream into the last of 1,000 (${streaming.updates} × ${UPDATE} chars)`,
      `${ms(streaming.commit.median)} median`,
      ms(s.median),
      ms(s.p95),
      String(streaming.domMessages),
    ],
  ],
);
console.log(`\nREADME table:\n\n${table}`);

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(
  join(root, 'bench-results/message-list.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, mounts, streaming, table }, null, 2)}\n`,
);
console.log('\nwrote bench-results/message-list.json');
if (bench.errors.length > 0) console.log(`page errors: ${bench.errors.map(String).join('\n')}`);
await bench.close();
