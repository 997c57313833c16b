/**
 * What the checks need to know of a built page, read from its HTML as it is
 * rendered: its ids, the URLs it links to or loads, what search engines read
 * of its language and address, and its text. The pages
 * are React's output, whose every attribute is double-quoted with `&`, `<`,
 * `>`, `"` and `'` escaped, so one pass of regular expressions reads them
 * exactly.
 */

/** A URL a page refers to, and the attribute it came from. */
export interface PageReference {
  url: string;
  attribute: string;
}

/** A `<link rel="alternate" hreflang>`: the page in a language, or for readers of any (`x-default`). */
export interface PageAlternate {
  language: string;
  url: string;
}

export interface PageFacts {
  /** Every `id`: the targets of `#fragment` links. */
  ids: string[];
  /** The ids of headings: the sections to suggest when a fragment is wrong. */
  headingIds: string[];
  /** Every URL the page links to or loads: href, src, srcset, and the sharing image. */
  references: PageReference[];
  /** Its `<html lang>`, '' for none. */
  lang: string;
  /** Its `<link rel="canonical">`, '' for none. */
  canonical: string;
  /** Whether it asks search engines not to index it (`<meta name="robots" content="noindex">`). */
  noindex: boolean;
  /** Its `hreflang` links, in their order. */
  alternates: PageAlternate[];
  /** The text a reader or a machine can read, entities decoded: each block of text (inline markup joined), and each attribute value. */
  text: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with its character references decoded, as a browser shows it. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>|<\/([a-zA-Z][a-zA-Z0-9-]*)>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g;
const ATTRIBUTE = /([^\s=]+)(?:="([^"]*)")?/g;
/** Meta tags whose `content` is a URL a crawler fetches. */
const URL_METAS: ReadonlySet<string> = new Set(['og:image', 'og:url', 'twitter:image']);
/** Elements whose text is not text a reader reads (JSON-LD, styles). */
const NOT_TEXT: ReadonlySet<string> = new Set(['script', 'style']);
/** Elements that sit inside a line of text: a sentence runs on through them, as in its markdown paragraph. */
const INLINE: ReadonlySet<string> = new Set(['a', 'abbr', 'b', 'code', 'del', 'em', 'i', 'kbd', 'label', 'mark', 's', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u']);

/**
 * A copy of a string that shares no memory with the page: V8 keeps a whole
 * string alive for any slice of it, and the ids and references of a page
 * are kept long after its HTML is dropped.
 */
const detached = (text: string): string => structuredClone(text);

/** How the facts keep a string of the page: as a copy that shares no memory with it. */
export type KeepString = (text: string) => string;

/**
 * Keeps one copy of each string for every page read with it: most of a
 * page's references (the header's and footer's links, the stylesheet) are
 * the same on every page of the site.
 */
export function sharedStrings(): KeepString {
  const kept = new Map<string, string>();
  return (text) => {
    let copy = kept.get(text);
    if (copy === undefined) {
      copy = detached(text);
      kept.set(copy, copy);
    }
    return copy;
  };
}

/** What an `<html>`, `<link>` or `<meta>` tells search engines of the page's language and address. */
function readLanguageFacts(tag: string, values: ReadonlyMap<string, string>, facts: PageFacts, keep: KeepString): void {
  const rel = new Set((values.get('rel') ?? '').toLowerCase().split(/\s+/));
  const href = values.get('href');
  if (tag === 'html') facts.lang = keep(values.get('lang') ?? '');
  if (tag === 'link' && rel.has('canonical') && href !== undefined) facts.canonical = keep(href);
  const language = values.get('hreflang');
  if (tag === 'link' && rel.has('alternate') && language !== undefined && href !== undefined) facts.alternates.push({ language: keep(language), url: keep(href) });
  if (tag === 'meta' && values.get('name')?.toLowerCase() === 'robots' && /\bnoindex\b/i.test(values.get('content') ?? '')) facts.noindex = true;
}

function readAttributes(tag: string, attributes: string, facts: PageFacts, keep: KeepString): void {
  const values = new Map([...attributes.matchAll(ATTRIBUTE)].map((match) => [(match[1] as string).toLowerCase(), decodeEntities(match[2] ?? '')]));
  const refer = (url: string, attribute: string) => facts.references.push({ url: keep(url), attribute: keep(attribute) });
  for (const [name, value] of values) {
    facts.text.push(value);
    if (name === 'id') facts.ids.push(keep(value));
    if (name === 'id' && /^h[1-6]$/.test(tag)) facts.headingIds.push(facts.ids.at(-1) as string);
    if (name === 'href' || name === 'src') refer(value, name);
    if (name === 'srcset') for (const candidate of value.split(',')) refer(candidate.trim().split(/\s+/)[0] ?? '', name);
  }
  const meta = values.get('property') ?? values.get('name');
  const content = values.get('content');
  if (tag === 'meta' && meta !== undefined && URL_METAS.has(meta) && content !== undefined) refer(content, meta);
  if (tag === 'html' || tag === 'link' || tag === 'meta') readLanguageFacts(tag, values, facts, keep);
}

/**
 * @param html a page as written to out/
 * @param keep how the ids and references are kept
 */
export function readPage(html: string, keep: KeepString = detached): PageFacts {
  const facts: PageFacts = { ids: [], headingIds: [], references: [], lang: '', canonical: '', noindex: false, alternates: [], text: [] };
  let block = '';
  let textStart = 0;
  let inScript = false;
  for (const match of html.matchAll(TAG)) {
    if (!inScript) block += html.slice(textStart, match.index);
    textStart = match.index + match[0].length;
    const opened = match[1]?.toLowerCase();
    const name = opened ?? match[3]?.toLowerCase();
    if (opened !== undefined) readAttributes(opened, match[2] ?? '', facts, keep);
    inScript = opened !== undefined && NOT_TEXT.has(opened);
    if (name !== undefined && INLINE.has(name)) continue;
    if (block.trim() !== '') facts.text.push(decodeEntities(block));
    block = '';
  }
  block += html.slice(textStart);
  if (block.trim() !== '') facts.text.push(decodeEntities(block));
  return facts;
}
