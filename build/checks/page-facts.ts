import { Parser } from 'htmlparser2';

/** A URL a page refers to, and the attribute it came from. */
export interface PageReference {
  readonly url: string;
  readonly attribute: string;
}

/** What the checks need to know about one built page. */
export interface PageFacts {
  /** Every `id`, the targets of `#fragment` links. */
  ids: Set<string>;
  /** The ids of headings: the sections to suggest when a fragment is wrong. */
  headingIds: string[];
  /** Every URL the page links to or loads: href, src, srcset, and sharing images. */
  references: PageReference[];
  /** Everything a reader or a machine can read, entities decoded: the text of each block, and each attribute value, on lines of their own. */
  text: string;
}

/**
 * Elements that start a new block of text. Inline elements (links, emphasis)
 * do not, so a sentence reads the same here as in its markdown paragraph.
 */
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'td', 'th', 'dt', 'dd', 'div', 'section', 'article', 'header', 'footer', 'nav', 'main', 'aside', 'title', 'ul', 'ol', 'table', 'tr', 'blockquote', 'pre', 'br', 'figcaption', 'template', 'body', 'head', 'html', 'script', 'style', 'meta', 'link', 'img', 'button', 'label']);

/** Meta tags whose `content` is a URL a crawler fetches. */
const URL_METAS = new Set(['og:image', 'og:url', 'twitter:image']);

/**
 * One copy of each id and URL the checks keep, shared by all the pages that
 * have it (the menu's links are on every page). A copy, because the parser's
 * strings are slices of the HTML, and V8 keeps a whole string alive for any
 * slice of it: kept as they are, they would keep every page read.
 */
const keptStrings = new Map<string, string>();

function kept(value: string): string {
  let copy = keptStrings.get(value);
  if (copy === undefined) {
    copy = structuredClone(value);
    keptStrings.set(copy, copy);
  }
  return copy;
}

/** By attribute, then by URL; keyed by the kept strings, never by the parser's slices. */
const keptReferences = new Map<string, Map<string, PageReference>>();

/**
 * One object for each reference, shared by all the pages that make it, as
 * the strings are: at 10,000 articles the pages' 530,000 references were
 * 21 MB of objects, nearly all of them the same menu, footer and asset links.
 * Shared, so never to be changed.
 */
export function pageReference(url: string, attribute: string): PageReference {
  let byUrl = keptReferences.get(attribute);
  if (byUrl === undefined) {
    byUrl = new Map();
    keptReferences.set(kept(attribute), byUrl);
  }
  let reference = byUrl.get(url);
  if (reference === undefined) {
    reference = { url: kept(url), attribute: kept(attribute) };
    byUrl.set(reference.url, reference);
  }
  return reference;
}

/**
 * Reads a built page with htmlparser2 (fast, forgiving, entities decoded) and
 * keeps only what the link check and the draft-leak audit need.
 *
 * @param html the page as written to out/
 */
export function readPage(html: string): PageFacts {
  const facts: PageFacts = { ids: new Set(), headingIds: [], references: [], text: '' };
  const text: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (BLOCKS.has(name)) text.push('\n');
        for (const [attribute, value] of Object.entries(attributes)) {
          text.push('\n', value, '\n');
          if (attribute === 'id') facts.ids.add(kept(value));
          if (attribute === 'id' && /^h[1-6]$/.test(name)) facts.headingIds.push(kept(value));
          if (attribute === 'href' || attribute === 'src') facts.references.push(pageReference(value, attribute));
          if (attribute === 'srcset') {
            for (const candidate of value.split(',')) facts.references.push(pageReference(candidate.trim().split(/\s+/)[0] ?? '', attribute));
          }
        }
        const metaName = attributes.property ?? attributes.name;
        if (name === 'meta' && metaName !== undefined && URL_METAS.has(metaName) && attributes.content !== undefined) {
          facts.references.push(pageReference(attributes.content, metaName));
        }
      },
      ontext(data) {
        text.push(data);
      },
      onclosetag(name) {
        if (BLOCKS.has(name)) text.push('\n');
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  facts.text = text.join('');
  return facts;
}
