import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { TABLE_BOX_CLASS } from '../../config.ts';
import { visit } from '../visit.ts';
import { childElements, textOf } from './elements.ts';
import type { MarkdownWords } from './words.ts';

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

/** The text of a table's column headings, in order. */
function headingsOf(table: Element): string[] {
  return childElements(table, 'thead').flatMap((head) => childElements(head, 'tr')).flatMap((row) => childElements(row, 'th')).map((heading) => textOf(heading.children).trim());
}

/**
 * Gives each body cell its column's heading as `data-label`: on a phone the
 * stylesheet stacks a table's rows as cards, each cell under its heading,
 * where the grid would be wider than the screen and push the page sideways.
 */
function labelCells(table: Element): void {
  const headings = headingsOf(table);
  for (const row of childElements(table, 'tbody').flatMap((body) => childElements(body, 'tr'))) {
    childElements(row, 'td').forEach((cell, column) => {
      const heading = headings[column];
      if (heading) cell.properties.dataLabel = heading;
    });
  }
}

/** What a screen reader calls a table's box, in the page's words: its columns' headings, and a number when another table of the page has the same. */
function boxName(table: Element, names: Map<string, number>, words: MarkdownWords): string {
  const headings = headingsOf(table).filter((heading) => heading !== '');
  const name = headings.length === 0 ? words.table : `${words.table}: ${headings.join(', ')}`;
  const count = (names.get(name) ?? 0) + 1;
  names.set(name, count);
  return count === 1 ? name : `${name} (${count})`;
}

/**
 * The table in a box that scrolls sideways: a table with many columns would
 * otherwise be wider than a tablet's screen (or a desktop's at 200 % zoom)
 * and push the whole page sideways. The box is a stop for the keyboard, from
 * which the arrow keys scroll it (a table holds no link to stop at, most
 * often), and a region a screen reader names. The widget script leaves the
 * stop only where the box scrolls: on a phone the rows are stacked.
 */
function scrollBox(table: Element, name: string): Element {
  return { type: 'element', tagName: 'section', properties: { className: [TABLE_BOX_CLASS], ariaLabel: name, tabIndex: 0 }, children: [table] };
}

/** GFM tables made fit for the site: alignments as classes, body cells labelled with their columns' headings, each table in a box that scrolls, named in the file's `data.words`. */
export function rehypeTables() {
  return (tree: Root, file: VFile): undefined => {
    const words = file.data.words as MarkdownWords;
    const names = new Map<string, number>();
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'table') return;
      labelCells(node);
      visit(node, 'element', (cell) => {
        if (cell.tagName === 'td' || cell.tagName === 'th') alignmentAsClass(cell);
      });
      parent.children[index] = scrollBox(node, boxName(node, names, words));
    });
  };
}
