import type { Element, ElementContent, Root } from 'hast';
import { visit } from '../visit.ts';
import { childElements } from './elements.ts';

/** Elements that end the text of a task item: a nested list or another block. */
const BLOCKS: ReadonlySet<string> = new Set(['ul', 'ol', 'p', 'div', 'table', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section']);

function isTaskItem(node: Element): boolean {
  const className = node.properties.className;
  return node.tagName === 'li' && Array.isArray(className) && className.includes('task-list-item');
}

function isCheckbox(node: ElementContent): boolean {
  return node.type === 'element' && node.tagName === 'input' && node.properties.type === 'checkbox';
}

/**
 * Gives each GFM task-list checkbox its item's text as a label, so that a
 * screen reader says "Check your drug list, checkbox, checked" rather than
 * an unnamed checkbox. The checkbox and the inline text after it are wrapped
 * in a `<label>`; a nested list stays outside. In a loose list the checkbox
 * sits in the item's first paragraph, and the label goes there.
 */
export function rehypeTaskListLabels() {
  return (tree: Root): undefined => {
    visit(tree, 'element', (item) => {
      if (!isTaskItem(item)) return;
      const firstParagraph = childElements(item, 'p')[0];
      const container = item.children.some(isCheckbox) ? item : firstParagraph;
      if (!container) return;
      const start = container.children.findIndex(isCheckbox);
      if (start === -1) return;
      let end = start + 1;
      while (end < container.children.length) {
        const next = container.children[end] as ElementContent;
        if (next.type === 'element' && BLOCKS.has(next.tagName)) break;
        end++;
      }
      const label: Element = { type: 'element', tagName: 'label', properties: {}, children: container.children.slice(start, end) };
      container.children.splice(start, end - start, label);
    });
  };
}
