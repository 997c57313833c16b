import type { Element, ElementContent } from 'hast';

/** The text of some HTML nodes, as the page shows it: what a link or a table heading says. */
export function textOf(nodes: readonly ElementContent[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '')).join('');
}

/** The children of an element that are elements of one kind: a table's rows, an item's paragraphs. */
export function childElements(node: Element, tagName: string): Element[] {
  return node.children.filter((child): child is Element => child.type === 'element' && child.tagName === tagName);
}
