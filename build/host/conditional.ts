/**
 * Conditional and partial requests, answered as S3 answers them, so that the
 * preview behaves as the published site: `If-None-Match` (a list of ETags,
 * weak ones included, or `*`) gives 304; `If-Match` that does not match
 * gives 412; a single `Range` of bytes gives 206 with its part, one that
 * lies past the end 416, and a malformed one the whole object.
 */

/** How to answer a GET or HEAD for an object, given its ETag and size. */
export type Answer = { status: 200 } | { status: 304 } | { status: 412 } | { status: 206; start: number; end: number } | { status: 416 };

/** The ETags a conditional header lists, each without its weak marker `W/`. */
function listedTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter((tag) => tag !== '');
}

function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = listedTags(header);
  return tags.includes('*') || tags.includes(etag);
}

/** The byte range asked for, or undefined when the header is not one range of bytes (then the whole object is sent). */
function rangeOf(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return start > end ? undefined : { start, end };
}

/**
 * @param headers the request's `if-match`, `if-none-match` and `range`
 * @param object the object's quoted ETag and its size in bytes
 */
export function answerFor(headers: { 'if-match'?: string | undefined; 'if-none-match'?: string | undefined; range?: string | undefined }, object: { etag: string; size: number }): Answer {
  if (headers['if-match'] !== undefined && !matches(headers['if-match'], object.etag)) return { status: 412 };
  if (matches(headers['if-none-match'], object.etag)) return { status: 304 };
  const range = headers.range === undefined ? undefined : rangeOf(headers.range, object.size);
  if (range === 'unsatisfiable') return { status: 416 };
  return range === undefined ? { status: 200 } : { status: 206, ...range };
}
