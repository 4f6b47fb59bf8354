import { afterEach, beforeEach, vi } from 'vitest';

// A component that logs an error or a warning is a bug users would see in their console: any
// such call fails the test that made it.
let messages: string[] = [];

beforeEach(() => {
  messages = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      messages.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (messages.length > 0) throw new Error(messages.join('\n'));
});
