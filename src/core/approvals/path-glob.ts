/*
 * Path rules (`"src/**"`): a glob over the call's `path` / `file_path` argument. `*` matches any
 * run of characters within one path segment, `?` one character (a code point) within a segment,
 * and `**` as a whole segment any number of segments, none included (`src/**` matches `src`,
 * `src/a.ts` and `src/a/b/c.ts`). Every other character is literal: no braces, classes or
 * negation. Matching is case-sensitive.
 *
 * Both the glob and the path are normalised first: repeated `/` and `.` segments are dropped and
 * `..` removes the segment before it, so `src/../etc/passwd` is `etc/passwd` and does not match
 * `src/**`. A `..` that climbs above the start stays a literal leading `..` in a relative path,
 * which only a glob spelling out that `..` matches (wildcards never match `..`), and makes an
 * absolute path match nothing. A relative glob never matches an absolute path nor the other way
 * round. A path holding a backslash (a Windows separator that could hide a `..`) or a control
 * character matches nothing.
 */

interface NormalPath {
  absolute: boolean;
  segments: string[];
}

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const UNSAFE_PATH = /[\\\u0000-\u001f\u007f]/;
const PARENT = '..';
const GLOBSTAR = '**';

/** `path` with `.`, `..` and repeated slashes resolved, or `undefined` when it cannot be used. */
function normalizePath(path: string): NormalPath | undefined {
  if (path === '' || UNSAFE_PATH.test(path)) return undefined;
  const absolute = path.startsWith('/');
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== PARENT) segments.push(segment);
    else if (segments.length > 0 && segments[segments.length - 1] !== PARENT) segments.pop();
    else if (absolute) return undefined;
    else segments.push(PARENT);
  }
  return { absolute, segments };
}

function hasWildcard(segment: string): boolean {
  return segment.includes('*') || segment.includes('?');
}

/** One glob segment (`*`, `?`, literals) against one path segment. Linear-time backtracking. */
function matchesSegment(glob: string, segment: string): boolean {
  if (!hasWildcard(glob)) return glob === segment;
  if (segment === PARENT) return false;
  const pattern = Array.from(glob);
  const text = Array.from(segment);
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (
      p < pattern.length &&
      (pattern[p] === '?' || (pattern[p] !== '*' && pattern[p] === text[t]))
    ) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star >= 0) {
      // Let the last `*` take one more character and try again from there.
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Glob segments (with `**`) against path segments, by the same backtracking over segments. */
function matchesSegments(glob: readonly string[], path: readonly string[]): boolean {
  let g = 0;
  let s = 0;
  let star = -1;
  let resume = 0;
  while (s < path.length) {
    const part = glob[g];
    if (part === GLOBSTAR) {
      star = g++;
      resume = s;
    } else if (part !== undefined && matchesSegment(part, path[s] as string)) {
      g++;
      s++;
    } else if (star >= 0 && path[resume] !== PARENT) {
      // Let the last `**` take one more segment (never a `..`) and try again from there.
      g = star + 1;
      s = ++resume;
    } else {
      return false;
    }
  }
  while (glob[g] === GLOBSTAR) g++;
  return g === glob.length;
}

/** True when `path` matches the glob `pattern` (see the rules at the top of this file). */
export function matchesPathGlob(pattern: string, path: string): boolean {
  const glob = normalizePath(pattern);
  const target = normalizePath(path);
  if (!glob || !target || glob.absolute !== target.absolute) return false;
  return matchesSegments(glob.segments, target.segments);
}
