/* The whole hostile corpus, grouped by where the content lands. */
import { blockCases } from './blocks.js';
import type { Case, Where } from './case.js';
import { hiddenCases } from './hidden.js';
import { linkCases } from './links.js';
import { markdownCases } from './markdown.js';
import { mediaCases } from './media.js';
import { sizeCases } from './size.js';
import { toolCases } from './tools.js';

export const corpus: readonly Case[] = [
  ...markdownCases,
  ...linkCases,
  ...mediaCases,
  ...toolCases,
  ...hiddenCases,
  ...blockCases,
  ...sizeCases,
];

/** The corpus as `[where, cases]` pairs, in first-seen order. */
export function corpusByPlace(cases: readonly Case[] = corpus): [Where, Case[]][] {
  const groups = new Map<Where, Case[]>();
  for (const entry of cases) groups.set(entry.where, [...(groups.get(entry.where) ?? []), entry]);
  return [...groups];
}

export type { Case, Where };
