import type { RedactRule } from './recording-types.js';

/** Keys whose text values are secrets whatever they hold. */
const SECRET_KEY =
  /(?:authorization|api[-_]?key|token|password|passwd|secret|private[-_]?key|access[-_]?key|credentials?|cookie)$/i;

/** The same keys written inside a text: `"api_key": "…"` (JSON) and `api_key=…` (queries). */
const SECRET_JSON_FIELD =
  /("(?:[\w-]*[-_])?(?:authorization|api[-_]?key|apikey|token|password|passwd|secret|private[-_]?key)"\s*:\s*")((?:[^"\\]|\\.)+)(")/gi;
const SECRET_PARAMETER =
  /(\b(?:[\w-]*[-_])?(?:authorization|api[-_]?key|apikey|token|password|passwd|secret)=)([^&\s"'<>]+)/gi;
/** A header written as text: `Authorization: Basic …`, `x-api-key: …`. */
const SECRET_HEADER =
  /(\b(?:proxy-)?(?:authorization|x-api-key|api-key)\s*:\s*(?:(?:basic|bearer|token|digest)\s+)?)([^\s,;"'<>]+)/gi;

function pattern(name: string, expression: RegExp, replacement: string): RedactRule {
  return { name, redact: (value) => value.replace(expression, replacement) };
}

/**
 * What an export removes unless told otherwise: text under secret-looking keys (`Authorization`,
 * `api_key`, `token`, `password`, `secret`, …, also written as JSON or `key=value` inside a text),
 * API keys (`sk-…`, `AIza…`), bearer tokens, JWTs, AWS access keys and GitHub tokens, wherever
 * they appear. Spread it into a list of your own to add rules.
 */
export const defaultRedactRules: readonly RedactRule[] = [
  {
    name: 'secret-field',
    redact: (value, key) =>
      key !== undefined && SECRET_KEY.test(key) && value !== '' ? '[redacted]' : value,
  },
  {
    name: 'secret-field',
    redact: (value) =>
      value
        .replace(SECRET_JSON_FIELD, '$1[redacted]$3')
        .replace(SECRET_PARAMETER, '$1[redacted]')
        .replace(SECRET_HEADER, '$1[redacted]'),
  },
  pattern('bearer-token', /\bBearer\s+[\w\-.~+/]+=*/gi, 'Bearer [redacted]'),
  pattern('jwt', /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g, '[redacted:jwt]'),
  pattern('api-key', /(?<![\w-])(?:sk-[\w-]{16,}|AIza[\w-]{30,})/g, '[redacted:api-key]'),
  pattern(
    'aws-access-key',
    /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA)[A-Z0-9]{16}\b/g,
    '[redacted:aws-access-key]',
  ),
  pattern(
    'github-token',
    /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{22,})\b/g,
    '[redacted:github-token]',
  ),
];
