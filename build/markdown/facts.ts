/** What the build reads of a body's syntax tree besides its HTML: its words, its text, its links. */
import type { Root as HastRoot } from 'hast';
import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import { countWords } from '../lib/reading-time.ts';
import { visit } from './visit.ts';

/** Containers whose children run on in one line of text (inline content). */
export const PHRASING_PARENTS: ReadonlySet<string> = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell']);

/** Blocks a reader takes as units of text: paragraphs, headings and table cells. */
export const TEXT_BLOCKS: ReadonlySet<string> = new Set(['paragraph', 'heading', 'tableCell']);

/**
 * The text a reader reads, markup excluded: the words of paragraphs, headings,
 * lists, tables, code and footnotes. Blocks are separated by a space so that
 * the last word of one paragraph does not run into the first of the next
 * (mdast-util-to-string joins them with nothing). Image alt text is left out:
 * it is read by screen readers, not on the page.
 */
function plainText(node: Nodes): string {
  if (node.type === 'image' || node.type === 'imageReference') return '';
  if ('value' in node) return node.value;
  if (!('children' in node)) return '';
  const separator = PHRASING_PARENTS.has(node.type) ? '' : ' ';
  return node.children.map((child) => plainText(child)).join(separator);
}

/** The text of each paragraph, heading and table cell, as a page shows it in one HTML block. */
function textBlocks(node: Nodes, found: string[] = []): string[] {
  if (TEXT_BLOCKS.has(node.type)) found.push(plainText(node));
  else if ('children' in node) for (const child of node.children) textBlocks(child, found);
  return found;
}

/**
 * The line of the source file a line of its body is on: the facts give lines
 * of the body, a message names the file's.
 *
 * @param bodyStartLine the file's line on which the body starts
 * @param bodyLine a line of the body, counted from 1, if known
 */
export function sourceLine(bodyStartLine: number, bodyLine: number | undefined): number | undefined {
  return bodyLine === undefined ? undefined : bodyStartLine + bodyLine - 1;
}

/** A URL written in a body, with its line in the body, and whether an image shows it (a link or a definition does not). */
export interface WrittenLink {
  url: string;
  line: number | undefined;
  image: boolean;
}

/** Every link, image and definition URL of a body, in order. */
function writtenLinks(tree: Root): WrittenLink[] {
  const links: WrittenLink[] = [];
  visit(tree, ['link', 'image', 'definition'], (node) => links.push({ url: node.url, line: node.position?.start.line, image: node.type === 'image' }));
  return links;
}

/** A link or image the page shows, with the address its HTML carries: what a broken address on the page is matched back to. */
export interface ShownLink extends WrittenLink {
  /** The URL as the page has it: percent-encoded as remark-rehype writes it (a backslash as `%5C`), made safe and root-relative. */
  address: string;
}

/** What the build reads of a body besides its HTML. */
export interface BodyFacts {
  wordCount: number;
  textBlocks: string[];
  links: WrittenLink[];
  /** Each link and image of the HTML that the markdown wrote, in the page's order; a reference at its own line, with its definition's URL. */
  shownLinks: ShownLink[];
}

/** The URL of each definition of a body by its label in capitals: the first one, as remark-rehype resolves a reference. */
export function definitionUrls(tree: Root): Map<string, string> {
  const definitions = new Map<string, string>();
  visit(tree, 'definition', (node) => {
    const label = node.identifier.toUpperCase();
    if (!definitions.has(label)) definitions.set(label, node.url);
  });
  return definitions;
}

/**
 * The links and images of a body by the offset they start at, which their
 * HTML elements keep: a reference with the URL of the first definition of
 * its label, as remark-rehype resolves it.
 */
function linksByOffset(tree: Root): Map<number, WrittenLink> {
  const definitions = definitionUrls(tree);
  const byOffset = new Map<number, WrittenLink>();
  visit(tree, ['link', 'image', 'linkReference', 'imageReference'], (node) => {
    const url = 'url' in node ? node.url : definitions.get(node.identifier.toUpperCase());
    const start = node.position?.start;
    if (url !== undefined && start?.offset !== undefined) byOffset.set(start.offset, { url, line: start.line, image: node.type === 'image' || node.type === 'imageReference' });
  });
  return byOffset;
}

/**
 * Records a body's words, text blocks and links in the file's `data.facts`,
 * as the reader will see them: after the figures are quoted, before the
 * tree becomes HTML.
 */
export function remarkFacts() {
  return (tree: Root, file: VFile): undefined => {
    file.data.facts = { wordCount: countWords(plainText(tree)), textBlocks: textBlocks(tree), links: writtenLinks(tree), shownLinks: [] } satisfies BodyFacts;
    file.data.linksByOffset = linksByOffset(tree);
  };
}

/**
 * Records in the file's facts the address the HTML carries for each link
 * and image the markdown wrote, once the URLs are made safe: the link check
 * finds a broken address of the page among these, exactly as the page has
 * it, rather than by resolving the written URL again (which a backslash or
 * a space would change).
 */
export function rehypeShownLinks() {
  return (tree: HastRoot, file: VFile): undefined => {
    const written = file.data.linksByOffset as ReadonlyMap<number, WrittenLink>;
    const shown = (file.data.facts as BodyFacts).shownLinks;
    visit(tree, 'element', (node) => {
      const address = node.tagName === 'a' ? node.properties.href : node.tagName === 'img' ? node.properties.src : undefined;
      const offset = node.position?.start.offset;
      const link = offset === undefined ? undefined : written.get(offset);
      if (typeof address === 'string' && link !== undefined) shown.push({ ...link, address });
    });
  };
}

/** A container that opens a nesting level at the start of a line: a quote marker, or a list item's marker. */
const OPENER = /^[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))[ \t]?/;

/**
 * How deeply a body's lines nest quotes and lists, counted from the text
 * before it is parsed (markers at the start of a line, and each two spaces
 * of indentation): an upper bound, cheap enough to ask of every body, that
 * keeps a pathological file from overflowing the parser's stack.
 */
export function nestingDepth(body: string): number {
  let deepest = 0;
  for (const line of body.split('\n')) {
    let rest = line;
    let depth = Math.floor((/^[ \t]*/.exec(line)?.[0].length ?? 0) / 2);
    for (let match = OPENER.exec(rest); match !== null && match[0] !== ''; match = OPENER.exec(rest)) {
      depth++;
      rest = rest.slice(match[0].length);
    }
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}
