/**
 * Where the markdown stage's HTML departs from the GFM specification's, and
 * why: the one table test/unit/markdown/gfm-spec.test.ts holds the stage to,
 * over all 673 examples of the spec (../shared/gfm/spec.txt). A difference
 * either brings one side to the other's form (`built`, `spec`: each applied
 * to every example, so that the rest of the example is still compared) or,
 * where no such rule can be written, excuses the examples it recognises.
 * Each must be needed by some example, and every other example must match.
 */
import type { Nodes, Parents, Root } from 'mdast';
import { SAFE_PROTOCOLS } from '../config.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { PHRASING_PARENTS } from './facts.ts';
import { visit } from './visit.ts';

/** An example of the spec: its number (from 1, in the order of the file), section, extension, markdown and HTML (tabs for its `→`). */
export interface SpecExample {
  number: number;
  section: string;
  /** The extension the example shows (`table`, `autolink`, …), or `''` for CommonMark's own. */
  extension: string;
  markdown: string;
  html: string;
  /** Its markdown as the stage parses it (`parseMarkdown`). */
  tree: Root;
}

export interface SpecDifference {
  name: string;
  reason: string;
  /** Brings the stage's HTML of any example to the spec's form. */
  built?: (html: string) => string;
  /** Brings the spec's HTML of an example to the form the site means to write. */
  spec?: (html: string, example: SpecExample) => string;
  /** The examples that differ in a way no rule above can bring together: not compared. */
  excuses?: (example: SpecExample) => boolean;
}

const decodeQuoted = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** GFM's tag filter: the spec's HTML of its example shows these tags of raw HTML escaped (CommonMark's examples do not). */
const FILTERED_TAGS = /<(?=(?:title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)[\s/>])/gi;

/** True when a list's items are shown without paragraphs (mdast-util-to-hast's rule: neither it nor any item spread). */
function isTight(list: Parents | undefined): boolean {
  return list?.type === 'list' && list.spread !== true && list.children.every((item) => item.spread !== true);
}

/** Each piece of raw HTML of an example's markdown, and whether the stage shows it as a paragraph of its own. */
function rawHtmlOf(tree: Root): { value: string; paragraph: boolean }[] {
  const found: { value: string; paragraph: boolean }[] = [];
  const walk = (node: Parents, parent: Parents | undefined): void => {
    for (const child of node.children as Nodes[]) {
      if (child.type === 'html') found.push({ value: child.value, paragraph: !PHRASING_PARENTS.has(node.type) && !(node.type === 'listItem' && isTight(parent)) });
      else if ('children' in child) walk(child, node);
    }
  };
  walk(tree, undefined);
  return found;
}

/**
 * The spec's HTML with each piece of raw HTML, which it passes through
 * (as GFM's tag filter leaves it), replaced by the text the site shows:
 * in its paragraph, or as a paragraph of its own for a block.
 */
function rawHtmlAsText(html: string, example: SpecExample): string {
  let result = '';
  let rest = html;
  for (const { value, paragraph } of rawHtmlOf(example.tree)) {
    const passed = example.extension === 'tagfilter' ? value.replace(FILTERED_TAGS, '&lt;') : value;
    const at = rest.indexOf(passed);
    if (at === -1) continue;
    result += rest.slice(0, at) + (paragraph ? `<p>${escapeHtml(value)}</p>` : escapeHtml(value));
    rest = rest.slice(at + passed.length);
  }
  return result + rest;
}

/** Each `href` and `src` of an HTML fragment, its value (decoded) changed by `change`. */
function withUrls(html: string, change: (url: string) => string): string {
  return html.replace(/ (href|src)="([^"]*)"/g, (_whole, name: string, value: string) => ` ${name}="${escapeHtml(change(decodeQuoted(value)))}"`);
}

/**
 * The scheme a browser reads in a URL (WHATWG: a letter, then letters,
 * digits, `+`, `-`, `.`, then a colon): written here rather than taken from
 * lib/, so that a mistake there is not carried into what the stage is held to.
 */
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
const ALLOWED: ReadonlySet<string> = new Set(SAFE_PROTOCOLS);

/** Examples are rendered as the body of the page at this address. */
export const SPEC_PAGE = '/';

/**
 * True for a link the GFM autolink extension made of bare text (`www.x.org`,
 * `a@b.org`, `http://x`), not written `<…>` or `[…](…)`; the extension's
 * pass over text leaves some such links without a position.
 */
function hasLiteralAutolink(example: SpecExample): boolean {
  let literal = false;
  visit(example.tree, 'link', (node) => {
    const start = node.position?.start.offset;
    if (start === undefined || !/^[<[]/.test(example.markdown.slice(start))) literal = true;
  });
  return literal;
}

export const SPEC_DIFFERENCES: readonly SpecDifference[] = [
  {
    name: 'raw HTML shown as text',
    reason: 'spec §5: raw HTML in an article is shown as the text that was typed, never interpreted (remarkRawHtmlAsText); a block of it is a paragraph of its own',
    spec: rawHtmlAsText,
  },
  {
    name: 'blanked protocols',
    reason: `spec §5: a URL whose scheme is not ${SAFE_PROTOCOLS.join(', ')} is blanked (lib/url-safety.ts), such as the spec's made-up schemes and localhost:5001`,
    spec: (html) => withUrls(html, (url) => {
      const scheme = schemeOf(url);
      return scheme === undefined || ALLOWED.has(scheme) ? url : '';
    }),
  },
  {
    name: 'root-relative links',
    reason: 'a relative address is written root-relative, resolved against its page, so that it leads to one place from /insights/a and /insights/a/ (lib/relative-url.ts)',
    spec: (html) => withUrls(html, (url) => {
      if (url === '' || /^[/#]/.test(url) || schemeOf(url) !== undefined) return url;
      const resolved = new URL(url, `http://spec.invalid${SPEC_PAGE}`);
      return `${resolved.pathname}${resolved.search}${resolved.hash}`;
    }),
  },
  {
    name: 'lazy images',
    reason: "spec §2 Article: images load lazily and decode off the main thread (plugins/images.ts); width, height and <picture> come only for the site's own images, which no example names",
    built: (html) => html.replace(/ (?:loading|decoding)="[^"]*"/g, ''),
  },
  {
    name: 'addresses marked for print',
    reason: 'a link whose text is its own address is marked data-text-is-url, so that print does not write the address twice (plugins/address-links.ts)',
    built: (html) => html.replace(/ data-text-is-url=""/g, ''),
  },
  {
    name: 'tables for phones',
    reason: 'a table scrolls in a labelled, focusable region; each cell carries its column heading for the phone layout, and alignment is a class, which the Content Security Policy allows where a style attribute is not (plugins/tables.ts)',
    built: (html) =>
      html
        .replace(/<section class="table-scroll"[^>]*>(<table>[\s\S]*?<\/table>)<\/section>/g, '$1')
        .replace(/ data-label="[^"]*"/g, '')
        .replace(/ class="align-(left|center|right)"/g, ' align="$1"'),
  },
  {
    name: 'labelled task lists',
    reason: "a task's checkbox is labelled by its text, for screen readers (plugins/task-list-labels.ts), and remark-gfm marks task lists and their items with classes",
    built: (html) => html.replace(/<\/?label>/g, '').replace(/ class="(?:contains-task-list|task-list-item)"/g, ''),
  },
  {
    name: 'GFM autolinks in CommonMark examples',
    reason: "CommonMark's own examples are rendered with GFM's autolink extension off; the site has it on (remark-gfm), so bare addresses there are links",
    excuses: (example) => example.extension !== 'autolink' && hasLiteralAutolink(example),
  },
  {
    name: 'no ftp:// autolinks',
    reason: 'example 628: remark-gfm makes no link of a bare ftp:// address, which the site would blank anyway (spec §5)',
    excuses: (example) => example.number === 628,
  },
];
