/**
 * What a body says that its translation must say too: its numbers, amounts,
 * percentages, phone numbers and times as a reader reads them, the targets of
 * its links and the figures it quotes by name, each at its line and in the
 * text block (paragraph, heading, table cell) it is in. Read from the syntax
 * tree, so that what is not read as text is not counted: an ordered list's
 * numbers, code, footnote labels, images and their text alternatives.
 */
import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import { FIGURE_TOKEN } from '../lib/figure-token.ts';
import { addressLanguage, type Language } from '../lib/languages.ts';
import { numbersInText, type QuantityKind } from '../lib/numbers-in-text.ts';
import { definitionUrls, TEXT_BLOCKS } from './facts.ts';
import { publishedUrl } from './plugins/safe-urls.ts';

/** What a translation compares, by kind: numbers of every kind, a link's target, a figure's name. */
export type ParityKind = QuantityKind | 'link' | 'figure';

/** One thing a body says, as it compares and as it is written. */
export interface ParityMention {
  kind: ParityKind;
  /** What it compares by: `2100` for `$2,100`; a link's address on the page; a figure's name. */
  value: string;
  /** As the body writes it: `$2,100`, `tel:+18006334227`, `{{insulinMonthlyCap}}`. */
  written: string;
  /** Its line in the body, counted from 1, when known. */
  line: number | undefined;
  /** The text block it is in, counted from 0 in the order of the body. */
  block: number;
}

/** What a body says that its translation must say too, the line each of its text blocks starts on, and which of those blocks are headings. */
export interface BodyParity {
  mentions: ParityMention[];
  blockLines: (number | undefined)[];
  headings: number[];
}

/** A stretch of a block's text, from one node, and the line it starts on. */
interface Piece {
  from: number;
  value: string;
  line: number | undefined;
}

/** The line a place in a block's text is on: its piece's first line and the line ends before it. */
function lineAt(pieces: readonly Piece[], index: number): number | undefined {
  const piece = pieces.findLast((candidate) => candidate.from <= index);
  if (piece?.line === undefined) return undefined;
  return piece.line + (piece.value.slice(0, index - piece.from).match(/\n/g)?.length ?? 0);
}

/** What one block's phrasing holds: its text in pieces, and its links' targets. */
function readPhrasing(node: Nodes, found: { pieces: Piece[]; links: { url: string; line: number | undefined }[] }, definitions: ReadonlyMap<string, string>): void {
  const text = (value: string, line: number | undefined) => {
    const last = found.pieces.at(-1);
    found.pieces.push({ from: last === undefined ? 0 : last.from + last.value.length, value, line });
  };
  if (node.type === 'text') return text(node.value, node.position?.start.line);
  // Code is shown as written, not read as the article's numbers; a break or a code span still parts the words around it.
  if (node.type === 'inlineCode' || node.type === 'break') return text(' ', undefined);
  if (node.type === 'image' || node.type === 'imageReference' || node.type === 'footnoteReference' || !('children' in node)) return undefined;
  const url = node.type === 'link' ? node.url : node.type === 'linkReference' ? definitions.get(node.identifier.toUpperCase()) : undefined;
  if (url !== undefined) found.links.push({ url, line: node.position?.start.line });
  for (const child of node.children) readPhrasing(child, found, definitions);
  return undefined;
}

/** The mentions of one text block. */
function blockMentions(node: Nodes, block: number, context: { language: Language; pageUrl: string; definitions: ReadonlyMap<string, string> }): ParityMention[] {
  const found = { pieces: [] as Piece[], links: [] as { url: string; line: number | undefined }[] };
  if ('children' in node) for (const child of node.children) readPhrasing(child, found, context.definitions);
  const text = found.pieces.map((piece) => piece.value).join('');
  const figures = [...text.matchAll(FIGURE_TOKEN)].map((match): ParityMention => ({ kind: 'figure', value: match[1] as string, written: match[0], line: lineAt(found.pieces, match.index), block }));
  const numbers = numbersInText(text, context.language).map(({ kind, value, written, index }): ParityMention => ({ kind, value, written, line: lineAt(found.pieces, index), block }));
  const links = found.links.map(({ url, line }): ParityMention => ({ kind: 'link', value: publishedUrl(url, context.pageUrl), written: url, line, block }));
  return [...figures, ...numbers, ...links];
}

/** Every block that holds text, in the order of the body. */
function textBlocksOf(node: Nodes, found: Nodes[] = []): Nodes[] {
  if (TEXT_BLOCKS.has(node.type)) found.push(node);
  else if ('children' in node) for (const child of node.children) textBlocksOf(child, found);
  return found;
}

/**
 * Records what a body says in the file's `data.parity`: run before the
 * figures are filled in, so that a figure counts by its name, and a number
 * of its value not as one the author wrote. The page's address says the
 * body's language, which says how its numbers read.
 */
export function remarkParity() {
  return (tree: Root, file: VFile): undefined => {
    const pageUrl = typeof file.data.pageUrl === 'string' ? file.data.pageUrl : '/';
    const context = { language: addressLanguage(pageUrl), pageUrl, definitions: definitionUrls(tree) };
    const blocks = textBlocksOf(tree);
    file.data.parity = {
      mentions: blocks.flatMap((block, index) => blockMentions(block, index, context)),
      blockLines: blocks.map((block) => block.position?.start.line),
      headings: blocks.flatMap((block, index) => (block.type === 'heading' ? [index] : [])),
    } satisfies BodyParity;
  };
}
