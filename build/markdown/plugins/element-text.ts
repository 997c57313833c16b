import type { ElementContent } from 'hast';

/** The text of some HTML nodes, as the page shows it: what a link or a table heading says. */
export function textOf(nodes: readonly ElementContent[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '')).join('');
}
