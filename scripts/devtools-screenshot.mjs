// Saves docs/devtools.png: the devtools panel over a recorded AgentScope session, as the story
// `Devtools/AgentDevtools › AgentScope` shows it. Needs Storybook running:
//   npx storybook dev -p 6006 --ci --no-open   then   node scripts/devtools-screenshot.mjs [port]
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const port = process.argv[2] ?? '6006';
const story = 'devtools-agentdevtools--agent-scope';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`http://localhost:${port}/iframe.html?id=${story}&viewMode=story`);
  const slider = page.getByRole('slider', { name: 'Events folded' });
  await slider.waitFor({ timeout: 60_000 });
  // A moment mid-reply: the thinking done, the text streaming.
  await slider.fill('14');
  await page.locator('[data-slot="devtools-event"][aria-selected="true"]').waitFor();
  // Taller than its default, by its own resizer.
  await page.getByRole('separator', { name: 'Resize devtools' }).focus();
  for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowUp');
  const panel = await page.locator('[data-slot="devtools-panel"]').boundingBox();
  if (!panel) throw new Error('no panel');
  await page.screenshot({
    path: new URL('../docs/devtools.png', import.meta.url).pathname,
    clip: { x: 0, y: panel.y - 4, width: 1280, height: 720 - panel.y + 4 },
  });
} finally {
  await browser.close();
}
