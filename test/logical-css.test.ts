/*
 * The stylesheets speak in logical directions only, so that `dir="rtl"` on an ancestor mirrors
 * the bubbles, cards, the list's jump button and the composer. Read with Lightning CSS (what the
 * build minifies with), so a shorthand is judged by its values, not by how it is spelled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const stylesDir = join(root, 'src/styles');

/** Properties whose very name is a physical side or corner on the inline axis. */
const PHYSICAL_NAME = /(^|-)(left|right)(-|$)|^(top|bottom)-(left|right)/;
/** Four-side shorthands: physical when their left and right values differ. */
const BOX_SHORTHANDS = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-style',
  'border-color',
  'scroll-margin',
  'scroll-padding',
]);
/** Keywords that name a side where a logical keyword exists or none should be needed. */
const SIDE_KEYWORDS = new Set(['left', 'right']);

interface Finding {
  property: string;
  why: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The top-level space-separated parts of an unparsed value (`var()` defeats the parser). */
function parts(tokens: unknown[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const token of tokens) {
    const { type, value } = token as { type: string; value?: { type?: string } };
    if (type === 'token' && value?.type === 'white-space') {
      if (current) out.push(current);
      current = '';
    } else current += JSON.stringify(token);
  }
  if (current) out.push(current);
  return out;
}

/** Every physical-direction declaration in `css`. */
function physicalDeclarations(css: string, filename = 'sheet.css'): Finding[] {
  const found: Finding[] = [];
  transform({
    filename,
    code: Buffer.from(css),
    errorRecovery: false,
    visitor: {
      Declaration(declaration) {
        const { property } = declaration;
        // `unparsed` holds a declaration with var(); `custom`, a property Lightning CSS does not know.
        const name =
          property === 'unparsed'
            ? declaration.value.propertyId.property
            : property === 'custom'
              ? declaration.value.name
              : property;
        if (name.startsWith('--')) return;
        if (PHYSICAL_NAME.test(name)) {
          found.push({ property: name, why: 'physical side' });
          return;
        }
        const value: unknown = declaration.value;
        if (property === 'unparsed' || property === 'custom') {
          const words = parts(declaration.value.value);
          if (BOX_SHORTHANDS.has(name) && words.length === 4 && words[1] !== words[3]) {
            found.push({ property: name, why: 'left and right differ' });
          }
          if (name === 'border-radius' && words.length >= 2 && words[0] !== words[1]) {
            found.push({ property: name, why: 'corners differ across the inline axis' });
          }
          if (words.some((word) => /"ident","value":"(left|right)"/.test(word))) {
            found.push({ property: name, why: 'left/right keyword' });
          }
          return;
        }
        if (BOX_SHORTHANDS.has(name)) {
          const box = value as { left: unknown; right: unknown };
          if (!same(box.left, box.right))
            found.push({ property: name, why: 'left and right differ' });
          return;
        }
        if (name === 'border-radius') {
          const corners = value as Record<string, unknown>;
          if (
            !same(corners['topLeft'], corners['topRight']) ||
            !same(corners['bottomLeft'], corners['bottomRight'])
          ) {
            found.push({ property: name, why: 'corners differ across the inline axis' });
          }
          return;
        }
        if (typeof value === 'string' && SIDE_KEYWORDS.has(value)) {
          found.push({ property: name, why: `${value} keyword` });
          return;
        }
        if (/"side":"(left|right)"/.test(JSON.stringify(value))) {
          found.push({ property: name, why: 'left/right keyword' });
        }
      },
    },
  });
  return found;
}

function sheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sheets(join(dir, entry.name))
      : entry.name.endsWith('.css')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the stylesheets use logical properties', () => {
  it('flags what would not mirror under dir="rtl"', () => {
    const found = physicalDeclarations(`
      a { margin-left: 1px; padding-right: var(--x); border-top-left-radius: 2px; right: 0; }
      b { padding: 0 1px 0 2px; margin: 0 auto; inset: 0 var(--a) 0 var(--b); }
      f { padding: 0 calc(var(--s) * 1) 0 calc(var(--s) * 2); margin: 0 calc(var(--s) * 1); }
      c { text-align: left; float: right; transform-origin: left; border-radius: 1px 2px; }
      d { margin-inline-start: 1px; inset-inline-end: 0; text-align: start; border-radius: 3px; }
      e { margin-block: 1px 2px; padding: 1px 2px 3px; top: 0; inset: 0; }
    `);
    expect(found.map((finding) => finding.property)).toEqual([
      'margin-left',
      'padding-right',
      'border-top-left-radius',
      'right',
      'padding',
      'inset',
      'padding',
      'text-align',
      'float',
      'transform-origin',
      'border-radius',
    ]);
  });

  it('finds none in any stylesheet of the package', () => {
    const files = sheets(stylesDir);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      physicalDeclarations(readFileSync(file, 'utf8'), file).map(
        (finding) => `${relative(root, file)}: ${finding.property} (${finding.why})`,
      ),
    );
    expect(found).toEqual([]);
  });
});
