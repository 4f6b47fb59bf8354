/*
 * How many runs a property test makes. By default a modest number, sized so that the suite passes
 * on a busy machine; `npm run fuzz` (scripts/fuzz.mjs) sets `FUZZ_RUNS` for a deep run, and
 * passes it to Chromium's tests as `VITE_FUZZ_RUNS`.
 */

const env = import.meta.env as Record<string, string | undefined>;
const deep = Number(env['VITE_FUZZ_RUNS'] ?? env['FUZZ_RUNS'] ?? 0);

/** `modest` runs, or `FUZZ_RUNS` when a deep run sets more. */
export function fuzzRuns(modest: number): number {
  return Number.isInteger(deep) && deep > modest ? deep : modest;
}

/** True in a deep run (`npm run fuzz`): a test may then go further than its default. */
export const FUZZING = Number.isInteger(deep) && deep > 0;

/** A property test's timeout: `ms` by default, none in a deep run, which takes as long as it takes. */
export function fuzzTimeout(ms: number): number {
  return FUZZING ? 0 : ms;
}
