import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { Citation, ContentBlock, TextBlock } from '../../model/block.js';
import { report } from '../common/diagnostic.js';

/** An `annotation` block read but not yet attached to the text it covers. */
export interface PendingAnnotation {
  type: 'pending-annotation';
  id: string;
  path: string;
  raw: unknown;
  refs: Citation[];
  spans: unknown;
}

function isPending(item: ContentBlock | PendingAnnotation): item is PendingAnnotation {
  return item.type === 'pending-annotation';
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

// AgentFlow computes spans in Python, where offsets count code points; the model's spans index
// JavaScript strings, which count UTF-16 units.
function codePointToUtf16(text: string, offset: number): number {
  let units = 0;
  for (let points = 0; points < offset && units < text.length; points++)
    units += (text.codePointAt(units) ?? 0) > 0xffff ? 2 : 1;
  return units;
}

function codePointLength(text: string): number {
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

function readSpans(
  pending: PendingAnnotation,
  text: string,
  diagnostics: Diagnostic<DiagnosticCode>[],
): [number, number][] {
  const { spans, path } = pending;
  if (spans == null) return [];
  if (!Array.isArray(spans)) {
    report(diagnostics, 'dropped', 'not a list; citations kept without spans', {
      path: `${path}.spans`,
    });
    return [];
  }
  const surrogates = /[\uD800-\uDFFF]/.test(text);
  const length = surrogates ? codePointLength(text) : text.length;
  const result: [number, number][] = [];
  spans.forEach((span: unknown, index) => {
    const problem = (code: DiagnosticCode, what: string) =>
      report(diagnostics, code, what, { path: `${path}.spans[${index}]` });
    const pair =
      Array.isArray(span) && span.length === 2 && span.every(Number.isInteger)
        ? (span as [number, number])
        : null;
    if (pair === null || pair[0] < 0 || pair[0] > pair[1]) {
      problem('dropped', 'not a [start, end] pair of offsets; dropped');
      return;
    }
    const [start, end] = pair;
    if (start > length) {
      problem('dropped', 'starts past the end of the text; dropped');
      return;
    }
    if (end > length) problem('repaired', 'ends past the end of the text; cut to its end');
    const stop = Math.min(end, length);
    result.push(
      surrogates ? [codePointToUtf16(text, start), codePointToUtf16(text, stop)] : [start, stop],
    );
  });
  return result;
}

function citationsFor(
  pending: PendingAnnotation,
  text: TextBlock,
  diagnostics: Diagnostic<DiagnosticCode>[],
): Citation[] {
  if (pending.refs.length === 0) {
    report(diagnostics, 'dropped', 'annotation cites no source; dropped', { path: pending.path });
    return [];
  }
  const spans = readSpans(pending, text.text, diagnostics);
  if (spans.length === 0) return pending.refs;
  // The whole annotation covers every span, so each span cites every ref.
  return spans.flatMap((span) => pending.refs.map((ref) => ({ ...ref, span })));
}

/**
 * Attaches each annotation block to the text it covers: the nearest text block before it, or the
 * first one after it. An annotation with no text block in the message becomes `orphan(pending)`.
 */
export function resolveAnnotations(
  items: (ContentBlock | PendingAnnotation)[],
  diagnostics: Diagnostic<DiagnosticCode>[],
  orphan: (pending: PendingAnnotation) => ContentBlock,
): ContentBlock[] {
  if (!items.some(isPending)) return items as ContentBlock[];
  const added = new Map<number, Citation[]>();
  const result: (ContentBlock | null)[] = items.map((item, index) => {
    if (!isPending(item)) return item;
    let target = -1;
    for (let i = index - 1; i >= 0 && target < 0; i--) if (items[i]?.type === 'text') target = i;
    for (let i = index + 1; i < items.length && target < 0; i++)
      if (items[i]?.type === 'text') target = i;
    const text = items[target];
    if (text === undefined || text.type !== 'text') {
      report(
        diagnostics,
        'unknown-block',
        'annotation with no text block to attach to; kept as an unknown block',
        { path: item.path },
      );
      return orphan(item);
    }
    const citations = citationsFor(item, text, diagnostics);
    if (citations.length > 0) added.set(target, [...(added.get(target) ?? []), ...citations]);
    return null;
  });
  return result.flatMap((block, index) => {
    if (block === null) return [];
    const citations = added.get(index);
    if (citations === undefined || block.type !== 'text') return [block];
    return [{ ...block, citations: [...(block.citations ?? []), ...citations] }];
  });
}
