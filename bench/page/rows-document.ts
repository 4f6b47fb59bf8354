/*
 * The documents of the "table streaming row by row" and "list streaming item by item" scenarios:
 * a short intro, then one long GFM table (or one ordered list with a nested point per item),
 * still growing at the end, as an agent writes a long comparison or a long plan. Deterministic;
 * `salt` only changes a word in the intro.
 */

const NOTES = ['folds each event', 'skips finished blocks', 'keeps identity', 'waits for a frame'];

/** A table of `rows` rows below a four-column header with every alignment. */
export function tableDocument(rows: number, salt: number): string {
  const lines = [
    `Here is the comparison you asked for (run ${salt}):`,
    '',
    '| Approach | Cost per token | Re-renders | Notes |',
    '| :--- | ---: | :---: | --- |',
  ];
  for (let row = 0; row < rows; row++) {
    lines.push(
      `| variant ${row} | ${((row * 37) % 1000) / 100} ms | ${(row * 13) % 97} | ${NOTES[row % NOTES.length]} \`r${row}\` |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** An ordered list of `items` items, each with a nested point. */
export function listDocument(items: number, salt: number): string {
  const lines = [`The plan, step by step (run ${salt}):`, ''];
  for (let item = 0; item < items; item++) {
    const marker = `${item + 1}.`;
    lines.push(
      `${marker} **Step ${item + 1}**: the renderer ${NOTES[item % NOTES.length]} and \`step${item}\` runs.`,
      // Indented to the item's text, so the point nests in it (`10.` takes four spaces).
      `${' '.repeat(marker.length + 1)}- then it ${NOTES[(item + 1) % NOTES.length]}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
