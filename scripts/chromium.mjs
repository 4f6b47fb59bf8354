// Debian's Chromium, never a downloaded browser, for every runner: Vitest's browser projects,
// the end-to-end tests and the benchmarks. As root it needs --no-sandbox, and the network is
// closed, so everything that would phone home is switched off.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
