/* -------------------------------------------------------------------------------------------------
 * Which files the composer takes: type, size and count limits
 * -----------------------------------------------------------------------------------------------*/

/** What the checks read of a file: a `File` has all of it. */
export interface FileFacts {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly lastModified?: number;
}

/** The limits the composer applies to attachments. */
export interface AttachmentLimits {
  /** `<input accept>` tokens: MIME types (`application/pdf`), wildcards (`image/*`) and extensions (`.md`). */
  accept: readonly string[];
  maxFileSize: number;
  maxFiles: number;
}

/** Why a file was turned away. */
export type AttachmentRejection = 'type' | 'size' | 'count';

/** The outcome of offering files: those taken, in order, and those turned away with the reason. */
export interface AttachmentCheck<F extends FileFacts> {
  accepted: F[];
  rejected: { file: F; reason: AttachmentRejection }[];
}

/** `accept` as a list of lower-case tokens, whether given as `"image/*,.pdf"` or as an array. */
export function parseAccept(accept: string | readonly string[] | undefined): string[] {
  if (accept === undefined) return [];
  const tokens =
    typeof accept === 'string' ? accept.split(',') : accept.flatMap((a) => a.split(','));
  return tokens.map((token) => token.trim().toLowerCase()).filter((token) => token !== '');
}

/** True when any token accepts every file (`*` or `*\/*`), or there are none. */
export function acceptsAnyType(accept: readonly string[]): boolean {
  return accept.length === 0 || accept.some((token) => token === '*' || token === '*/*');
}

/**
 * Whether `file` matches one of the `accept` tokens. The type a browser reports is a guess from
 * the file name, possibly empty: an extension token is checked against the name, a MIME token
 * against the type without its parameters.
 */
export function isAcceptedType(file: FileFacts, accept: readonly string[]): boolean {
  if (acceptsAnyType(accept)) return true;
  const name = file.name.toLowerCase();
  const type = (file.type.split(';')[0] ?? '').trim().toLowerCase();
  return accept.some((token) => {
    if (token.startsWith('.')) return name.length > token.length && name.endsWith(token);
    if (type === '') return false;
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}

/** Two offers of the same file (picked twice, or dropped after pasting). */
function sameFile(a: FileFacts, b: FileFacts): boolean {
  return (
    a.name === b.name && a.size === b.size && a.type === b.type && a.lastModified === b.lastModified
  );
}

/**
 * Sorts `offered` files into those to attach next to `current` and those turned away: a wrong type,
 * over `maxFileSize`, or past `maxFiles` in all. A file already attached is skipped silently.
 */
export function checkAttachments<F extends FileFacts>(
  offered: readonly F[],
  current: readonly FileFacts[],
  limits: AttachmentLimits,
): AttachmentCheck<F> {
  const result: AttachmentCheck<F> = { accepted: [], rejected: [] };
  for (const file of offered) {
    const taken = [...current, ...result.accepted];
    if (taken.some((other) => sameFile(other, file))) continue;
    if (!isAcceptedType(file, limits.accept)) {
      result.rejected.push({ file, reason: 'type' });
    } else if (!(file.size <= limits.maxFileSize)) {
      result.rejected.push({ file, reason: 'size' });
    } else if (taken.length >= limits.maxFiles) {
      result.rejected.push({ file, reason: 'count' });
    } else {
      result.accepted.push(file);
    }
  }
  return result;
}
