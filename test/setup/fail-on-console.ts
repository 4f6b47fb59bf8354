import { afterEach, beforeEach, vi } from 'vitest';

// A component that logs an error or a warning is a bug users would see in their console: any
// such call fails the test that made it.
let messages: string[] = [];
const ACT_SUSPENSE = 'A component suspended inside an `act` scope';

beforeEach(() => {
  messages = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ');
      // React says this only inside `act`, which Storybook's play functions wrap around each
      // interaction; an app never sees it. (What suspends in the InterruptPrompt Form story,
      // run alone, is not known yet.)
      if (text.startsWith(ACT_SUSPENSE)) return;
      messages.push(`console.${level}: ${text}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (messages.length > 0) throw new Error(messages.join('\n'));
});
