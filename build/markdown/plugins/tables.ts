import type { Element, Root } from 'hast';
import { visit } from '../visit.ts';
import { childElements, textOf } from './elements.ts';

/**
 * A GFM column alignment (`|---:|`) as a class such as `align-right`. React
 * would otherwise write it as a `style` attribute, and the site's Content
 * Security Policy allows no inline style; the stylesheet aligns the classes.
 */
function alignmentAsClass(cell: Element): void {
  if (typeof cell.properties.align !== 'string') return;
  cell.properties.className = [`align-${cell.properties.align}`];
  delete cell.properties.align;
}

/**
 * Gives each body cell its column's heading as `data-label`: on a phone the
 * stylesheet stacks a table's rows as cards, each cell under its heading,
 * where the grid would be wider than the screen and push the page sideways.
 */
function labelCells(table: Element): void {
  const headings = childElements(table, 'thead').flatMap((head) => childElements(head, 'tr')).flatMap((row) => childElements(row, 'th')).map((heading) => textOf(heading.children).trim());
  for (const row of childElements(table, 'tbody').flatMap((body) => childElements(body, 'tr'))) {
    childElements(row, 'td').forEach((cell, column) => {
      const heading = headings[column];
      if (heading) cell.properties.dataLabel = heading;
    });
  }
}

/** GFM tables made fit for the site: alignments as classes, and body cells labelled with their columns' headings. */
export function rehypeTables() {
  return (tree: Root): undefined => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'td' || node.tagName === 'th') alignmentAsClass(node);
      else if (node.tagName === 'table') labelCells(node);
    });
  };
}
