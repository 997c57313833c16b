import { Parser } from 'htmlparser2';

/** A URL a page refers to, and the attribute it came from. */
export interface PageReference {
  url: string;
  attribute: string;
}

/** What the checks need to know about one built page. */
export interface PageFacts {
  /** Every `id`, the targets of `#fragment` links. */
  ids: Set<string>;
  /** The ids of headings: the sections to suggest when a fragment is wrong. */
  headingIds: string[];
  /** Every URL the page links to or loads: href, src, srcset, and sharing images. */
  references: PageReference[];
  /** Everything a reader or a machine can read: text and attribute values, entities decoded. */
  text: string;
}

/** Meta tags whose `content` is a URL a crawler fetches. */
const URL_METAS = new Set(['og:image', 'og:url', 'twitter:image']);

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
        // Tags separate words; an entity inside a word arrives as its own text event.
        text.push('\n');
        for (const [attribute, value] of Object.entries(attributes)) {
          text.push(value, '\n');
          if (attribute === 'id') facts.ids.add(value);
          if (attribute === 'id' && /^h[1-6]$/.test(name)) facts.headingIds.push(value);
          if (attribute === 'href' || attribute === 'src') facts.references.push({ url: value, attribute });
          if (attribute === 'srcset') {
            for (const candidate of value.split(',')) facts.references.push({ url: candidate.trim().split(/\s+/)[0] ?? '', attribute });
          }
        }
        const metaName = attributes.property ?? attributes.name;
        if (name === 'meta' && metaName !== undefined && URL_METAS.has(metaName) && attributes.content !== undefined) {
          facts.references.push({ url: attributes.content, attribute: metaName });
        }
      },
      ontext(data) {
        text.push(data);
      },
      onclosetag() {
        text.push('\n');
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  facts.text = text.join('');
  return facts;
}
