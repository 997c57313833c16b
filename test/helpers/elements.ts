/**
 * The elements of a built page, read as the checks read pages: React writes
 * every attribute double-quoted and escaped, so one pass of regular
 * expressions reads them exactly. For tests that look at elements and
 * attributes, which readPage does not keep.
 */
import { decodeEntities } from '../../build/check/page-facts.ts';

export interface Element {
  /** The tag name, lower case. */
  name: string;
  /** Attribute values by name, names in lower case (React writes `srcSet`, `fetchPriority`), values decoded. */
  attributes: Record<string, string>;
}

const OPENING_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=]+)(?:="([^"]*)")?/g;

/** Every element of a page, in document order. */
export function elements(html: string): Element[] {
  return [...html.matchAll(OPENING_TAG)].map((match) => ({
    name: (match[1] ?? '').toLowerCase(),
    attributes: Object.fromEntries([...(match[2] ?? '').matchAll(ATTRIBUTE)].map((attribute) => [(attribute[1] ?? '').toLowerCase(), decodeEntities(attribute[2] ?? '')])),
  }));
}
