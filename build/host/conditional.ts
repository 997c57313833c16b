/**
 * Conditional and partial requests, answered as S3 answers them, so that the
 * preview behaves as the published site: `If-None-Match` (a list of ETags,
 * weak ones included, or `*`) gives 304; `If-Match` that does not match
 * gives 412; without them, `If-Modified-Since` and `If-Unmodified-Since`
 * are asked of the object's time, to the second, as HTTP dates are; a
 * single `Range` of bytes gives 206 with its part, one that lies past the
 * end 416, and a malformed one the whole object.
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

/** Whether the object changed after the header's date; undefined when the header is absent or not a date, and so not asked. */
function changedSince(header: string | undefined, modified: Date): boolean | undefined {
  const date = header === undefined ? NaN : Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.floor(modified.getTime() / 1000) * 1000 > date;
}

type Conditions = Partial<Record<'if-match' | 'if-none-match' | 'if-modified-since' | 'if-unmodified-since' | 'range', string>>;

/**
 * @param headers the request's conditions and `range`
 * @param object the object's quoted ETag, its size in bytes and when it was last written
 */
export function answerFor(headers: Conditions, object: { etag: string; size: number; modified: Date }): Answer {
  // An ETag condition, when given, decides; the date beside it is not asked (RFC 9110, 13.2.2).
  if (headers['if-match'] !== undefined ? !matches(headers['if-match'], object.etag) : changedSince(headers['if-unmodified-since'], object.modified) === true) return { status: 412 };
  if (headers['if-none-match'] !== undefined ? matches(headers['if-none-match'], object.etag) : changedSince(headers['if-modified-since'], object.modified) === false) return { status: 304 };
  const range = headers.range === undefined ? undefined : rangeOf(headers.range, object.size);
  if (range === 'unsatisfiable') return { status: 416 };
  return range === undefined ? { status: 200 } : { status: 206, ...range };
}
