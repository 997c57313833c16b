/**
 * What the checks keep of a page, and every such record of a build as one
 * cache entry. Most of what a record holds is the same on every page (the
 * header's and footer's links, the stylesheet, the feeds), so the pack keeps
 * each string once, in a table, and the records as places in it: at 10,000
 * articles the pack is a fraction of the records written out whole, and the
 * records read back share their strings.
 */
import { inGroups } from '../lib/groups.ts';
import type { PageFacts } from './page-facts.ts';

/** A fingerprint found, as plain data: the draft's file, what of it, and the sentence when it is one. */
export interface FoundPrint {
  draft: string;
  what: string;
  text?: string;
}

/** What the checks keep of a page: its ids and references, and which drafts' fingerprints its text holds. */
export interface PageRecord {
  facts: Omit<PageFacts, 'text'>;
  leaks: FoundPrint[];
}

/**
 * A record with its strings as places in the table: ids, heading ids, each
 * reference as its URL and attribute, and each leak as its draft, what of it
 * and the sentence (-1 for none), one after the other; then its language,
 * canonical URL, noindex (1 or 0) and each `hreflang` link as its language and URL.
 */
type PackedRecord = [key: number, ids: number[], headingIds: number[], references: number[], leaks: number[], lang: number, canonical: number, noindex: number, alternates: number[]];

export interface RecordPack {
  strings: string[];
  records: PackedRecord[];
}

/** The records by key, as one pack. */
export function packRecords(records: ReadonlyMap<string, PageRecord>): RecordPack {
  const places = new Map<string, number>();
  const strings: string[] = [];
  const place = (text: string) => {
    let at = places.get(text);
    if (at === undefined) {
      at = strings.push(text) - 1;
      places.set(text, at);
    }
    return at;
  };
  const packed = [...records].map(([key, { facts, leaks }]): PackedRecord => [
    place(key),
    facts.ids.map(place),
    facts.headingIds.map(place),
    facts.references.flatMap(({ url, attribute }) => [place(url), place(attribute)]),
    leaks.flatMap(({ draft, what, text }) => [place(draft), place(what), text === undefined ? -1 : place(text)]),
    place(facts.lang),
    place(facts.canonical),
    facts.noindex ? 1 : 0,
    facts.alternates.flatMap(({ language, url }) => [place(language), place(url)]),
  ]);
  return { strings, records: packed };
}

/** The records of a pack by key; none when the pack is not one (an entry of another version of the generator). */
export function unpackRecords(pack: RecordPack | undefined): Map<string, PageRecord> {
  const records = new Map<string, PageRecord>();
  const strings = pack?.strings;
  const text = (at: number | undefined) => {
    const found = at === undefined ? undefined : strings?.[at];
    if (typeof found !== 'string') throw new TypeError('not a string of the pack');
    return found;
  };
  try {
    for (const [key, ids, headingIds, references, leaks, lang, canonical, noindex, alternates] of pack?.records ?? []) {
      const pairs = inGroups(references, 2).map(([url, attribute]) => ({ url: text(url), attribute: text(attribute) }));
      const found = inGroups(leaks, 3).map(([draft, what, sentence]) => ({ draft: text(draft), what: text(what), ...(sentence === -1 ? {} : { text: text(sentence) }) }));
      const languages = { lang: text(lang), canonical: text(canonical), noindex: noindex === 1, alternates: inGroups(alternates, 2).map(([language, url]) => ({ language: text(language), url: text(url) })) };
      records.set(text(key), { facts: { ids: ids.map(text), headingIds: headingIds.map(text), references: pairs, ...languages }, leaks: found });
    }
  } catch {
    return new Map();
  }
  return records;
}
