/*
 * The streamed document of each benchmark scenario, by id: one entry per scenario, each a
 * function of `salt` (a changed comment line in code, so the highlighter never has a run's code
 * cached) returning the whole text. `bench/scenarios.mjs` names these ids.
 */
import { generateDocument } from './document.js';
import { openFenceDocument } from './fence-document.js';
import { listDocument, tableDocument } from './rows-document.js';

/** Builds the whole text of a scenario's document for `salt`. */
export type ScenarioDocument = (salt: number) => string;

/** Every scenario document, by the id `bench/scenarios.mjs` uses. */
export const SCENARIO_DOCUMENTS: Record<string, ScenarioDocument> = {
  /** ≈ 27 KB of what an agent writes: prose, nested lists, code in 8 languages, a table. */
  mixed: (salt) => generateDocument(1, salt),
  /** A reply that is one code fence, still open at the end, of 32 KiB and of 64 KiB. */
  'fence-32k': (salt) => openFenceDocument(32 * 1024, salt),
  'fence-64k': (salt) => openFenceDocument(64 * 1024, salt),
  /** One GFM table growing row by row (240 rows, ≈ 14 KB). */
  table: (salt) => tableDocument(240, salt),
  /** One ordered list growing item by item, each with a nested point (200 items, ≈ 20 KB). */
  list: (salt) => listDocument(200, salt),
};
