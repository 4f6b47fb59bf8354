/*
 * Token pacing: how fast the scripted agent "types". Text is cut into pieces shaped like model
 * tokens (a word with its leading space, long words in 4-character pieces), and the wait between
 * pieces is drawn from a seeded generator, so a scenario produces the same events at the same
 * rhythm every time it runs.
 */

/* -------------------------------------------------------------------------------------------------
 * Speeds
 * -----------------------------------------------------------------------------------------------*/

/** How fast replies stream; `firehose` sends everything as fast as the socket takes it. */
export type Speed = 'slow' | 'realistic' | 'fast' | 'firehose';

export const SPEEDS: readonly Speed[] = ['slow', 'realistic', 'fast', 'firehose'];

/** Mean milliseconds per token; `firehose` never waits. */
const TOKEN_MS: Record<Speed, number> = { slow: 70, realistic: 22, fast: 5, firehose: 0 };

export function readSpeed(value: unknown, fallback: Speed = 'realistic'): Speed {
  return typeof value === 'string' && (SPEEDS as readonly string[]).includes(value)
    ? (value as Speed)
    : fallback;
}

/* -------------------------------------------------------------------------------------------------
 * Tokens
 * -----------------------------------------------------------------------------------------------*/

/** Cuts text into token-sized pieces that join back to exactly the input. */
export function tokenize(text: string): string[] {
  const pieces: string[] = [];
  for (const match of text.matchAll(/\s*\S+|\s+/g)) {
    const word = match[0];
    if (word.length <= 6) {
      pieces.push(word);
      continue;
    }
    for (let at = 0; at < word.length; at += 4) pieces.push(word.slice(at, at + 4));
  }
  return pieces;
}

/* -------------------------------------------------------------------------------------------------
 * Pacer
 * -----------------------------------------------------------------------------------------------*/

/** A deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The waits of one reply: per token, before a tool's output, and the model's "first token". */
export class Pacer {
  private readonly next: () => number;
  private count = 0;

  constructor(
    readonly speed: Speed,
    seed = 7,
  ) {
    this.next = random(seed);
  }

  /** Milliseconds before the next token: jittered, with an occasional longer pause. */
  token(): number {
    const mean = TOKEN_MS[this.speed];
    if (mean === 0) return 0;
    this.count += 1;
    const jitter = 0.5 + this.next();
    const pause = this.count % 23 === 0 ? 6 : 1;
    return Math.round(mean * jitter * pause);
  }

  /** Milliseconds of "thinking" before a model call's first token or a tool's first line. */
  latency(base = 400): number {
    const mean = TOKEN_MS[this.speed];
    if (mean === 0) return 0;
    return Math.round((base * mean) / TOKEN_MS.realistic);
  }
}
