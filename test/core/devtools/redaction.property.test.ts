/*
 * Exports are redacted by default: secrets planted anywhere in real frames (whole values, inside
 * texts, in JSON texts and query strings, under secret-looking keys) never reach the NDJSON, and
 * the header says which rules removed how many; real conversations lose nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RedactRule } from '../../../src/devtools.js';
import { defaultRedactRules, exportRecording, importRecording } from '../../../src/devtools.js';
import type { Corpus } from './corpora.js';
import { CORPORA, corpusNamed } from './corpora.js';
import { recordCorpus } from './record.js';

const alnum = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), {
      minLength: min,
      maxLength: max,
    })
    .map((chars) => chars.join(''));
const upper = (length: number) =>
  fc
    .array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'), {
      minLength: length,
      maxLength: length,
    })
    .map((chars) => chars.join(''));

/** A secret, the part of it that must not survive, and the rule that should remove it. */
interface Secret {
  readonly text: string;
  readonly core: string;
  readonly rule: string;
}

const secret: fc.Arbitrary<Secret> = fc.oneof(
  alnum(20, 48).map((key) => ({ text: `sk-proj-${key}`, core: key, rule: 'api-key' })),
  alnum(20, 48).map((token) => ({ text: `Bearer ${token}`, core: token, rule: 'bearer-token' })),
  fc.tuple(alnum(10, 30), alnum(10, 60), alnum(20, 43)).map(([head, body, signature]) => ({
    text: `eyJ${head}.eyJ${body}.${signature}`,
    core: `${body}.${signature}`,
    rule: 'jwt',
  })),
  upper(16).map((key) => ({ text: `AKIA${key}`, core: `AKIA${key}`, rule: 'aws-access-key' })),
  alnum(36, 40).map((token) => ({ text: `ghp_${token}`, core: token, rule: 'github-token' })),
);

const SECRET_KEYS = ['api_key', 'Authorization', 'password', 'token', 'client_secret', 'apiKey'];
const keyed = fc
  .tuple(fc.constantFrom(...SECRET_KEYS), alnum(16, 32))
  .map(([key, value]) => ({ key, value }));

/** Where a secret goes in a frame. */
type Plant =
  | { readonly how: 'field'; readonly secret: Secret; readonly wrap: readonly [string, string] }
  | { readonly how: 'keyed'; readonly key: string; readonly value: string }
  | { readonly how: 'json-text'; readonly key: string; readonly value: string }
  | { readonly how: 'query'; readonly key: string; readonly value: string };

const plant: fc.Arbitrary<Plant> = fc.oneof(
  fc.record({
    how: fc.constant('field' as const),
    secret,
    wrap: fc.tuple(fc.constantFrom('', 'my key is ', 'x\n'), fc.constantFrom('', ' thanks', '.')),
  }),
  keyed.map(({ key, value }) => ({ how: 'keyed' as const, key, value })),
  keyed.map(({ key, value }) => ({ how: 'json-text' as const, key, value })),
  keyed.map(({ key, value }) => ({ how: 'query' as const, key, value })),
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object inside a value (itself included). */
function objectsIn(value: unknown, found: Record<string, unknown>[] = []) {
  if (Array.isArray(value)) for (const item of value) objectsIn(item, found);
  else if (isObject(value)) {
    found.push(value);
    for (const item of Object.values(value)) objectsIn(item, found);
  }
  return found;
}

/** Plants a secret in a copy of a frame, at the object `at` picks; returns it and what must go. */
function planted(
  frame: unknown,
  what: Plant,
  at: number,
  n: number,
): { frame: unknown; gone: string } {
  const copy: unknown = structuredClone(frame);
  const targets = objectsIn(copy);
  const target = targets[at % Math.max(1, targets.length)];
  let text: string;
  // A key of its own: a later plant must not overwrite an earlier one.
  let key = `note${n}`;
  let gone: string;
  switch (what.how) {
    case 'field':
      text = `${what.wrap[0]}${what.secret.text}${what.wrap[1]}`;
      gone = what.secret.core;
      break;
    case 'keyed':
      ({ key } = what);
      text = what.value;
      gone = what.value;
      break;
    case 'json-text':
      text = JSON.stringify({ [what.key]: what.value, path: '.' });
      gone = what.value;
      break;
    case 'query':
      text = `https://example.test/cb?${what.key}=${what.value}&x=1`;
      gone = what.value;
      break;
  }
  // A text frame (`[DONE]`) has no keys: a keyed secret goes in as `key=value`.
  if (target === undefined) {
    const added = what.how === 'keyed' ? `${key}=${text}` : text;
    return { frame: `${String(copy)} ${added}`, gone };
  }
  target[key] = text;
  return { frame: copy, gone };
}

describe('exportRecording: redaction', () => {
  it('never lets a planted secret through, and says what it removed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CORPORA),
        fc.array(fc.tuple(plant, fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (corpus, plants) => {
          const log = [...corpus.log];
          const secrets: string[] = [];
          for (const [n, [what, index, at]] of plants.entries()) {
            const i = index % log.length;
            const result = planted(log[i], what, at, n);
            log[i] = result.frame;
            secrets.push(result.gone);
          }
          const session = recordCorpus({ ...corpus, log } satisfies Corpus);
          const { ndjson, removed } = exportRecording(session);

          for (const gone of secrets) expect(ndjson).not.toContain(gone);
          const total = removed.reduce((sum, note) => sum + note.count, 0);
          expect(total).toBeGreaterThanOrEqual(1);
          expect(importRecording(ndjson).header.redactions).toEqual(removed);
          // Names the rules that fired.
          for (const [what] of plants)
            if (what.how === 'field')
              expect(removed.map((note) => note.rule)).toContain(what.secret.rule);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('redacts the decisions sent, too', () => {
    const corpus = corpusNamed('agentscope');
    const session = recordCorpus(corpus);
    const withDecision = {
      ...session,
      decisions: [
        {
          at: 1,
          toolCallId: 'c1',
          allowed: true,
          sent: { headers: { Authorization: 'Basic dXNlcjpwYXNz' } },
        },
      ],
    };
    const { ndjson, removed } = exportRecording(withDecision);

    expect(ndjson).not.toContain('dXNlcjpwYXNz');
    expect(removed).toEqual([{ rule: 'secret-field', count: 1 }]);
  });

  it('changes nothing in the real conversations of the corpora', () => {
    for (const corpus of CORPORA) {
      const { ndjson, removed } = exportRecording(recordCorpus(corpus));
      expect(removed, corpus.name).toEqual([]);
      expect(importRecording(ndjson).events.map((event) => event.frame)).toEqual(corpus.log);
    }
  });

  it('exports as recorded with redact: false, and applies the app’s own rules', () => {
    const corpus = corpusNamed('agentscope');
    const log = [
      { ...(corpus.log[0] as object), note: 'sk-live-0123456789abcdefghij, ticket ACME-42' },
    ];
    const session = recordCorpus({ ...corpus, log });
    const ticket: RedactRule = {
      name: 'ticket',
      redact: (value) => value.replace(/ACME-\d+/g, '[ticket]'),
    };

    expect(exportRecording(session, { redact: false }).ndjson).toContain('sk-live-0123456789');
    const own = exportRecording(session, { redact: [...defaultRedactRules, ticket] });
    expect(own.ndjson).not.toContain('ACME-42');
    expect(own.ndjson).not.toContain('sk-live-0123456789');
    expect(own.removed).toEqual([
      { rule: 'api-key', count: 1 },
      { rule: 'ticket', count: 1 },
    ]);
  });
});
