import type { Nodes } from 'mdast';

/** Containers whose children run on in one line of text (inline content). */
export const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell']);

/**
 * The text a reader reads, markup excluded: the words of paragraphs, headings,
 * lists, tables, code and footnotes. Blocks are separated by a space so that
 * the last word of one paragraph does not run into the first of the next
 * (mdast-util-to-string joins them with nothing). Image alt text is left out:
 * it is read by screen readers, not on the page.
 *
 * @param node a markdown tree or part of one
 */
export function plainText(node: Nodes): string {
  if (node.type === 'image' || node.type === 'imageReference') return '';
  if ('value' in node) return node.value;
  if (!('children' in node)) return '';
  const separator = PHRASING_PARENTS.has(node.type) ? '' : ' ';
  return node.children.map((child) => plainText(child)).join(separator);
}

/** Blocks a reader takes as units of text: paragraphs, headings and table cells. */
const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'tableCell']);

/**
 * The text of each block of a tree, as the page shows it in one HTML block:
 * inline markup joined without breaks.
 *
 * @param node a markdown tree or part of one
 */
export function textBlocks(node: Nodes, found: string[] = []): string[] {
  if (TEXT_BLOCKS.has(node.type)) found.push(plainText(node));
  else if ('children' in node) for (const child of node.children) textBlocks(child, found);
  return found;
}
