import type { Root } from 'hast';
import { visit } from '../visit.ts';

/**
 * Turns a GFM column alignment (`|---:|`) into a class such as `align-right`.
 * React would otherwise write it as a `style` attribute, and the site's
 * Content Security Policy allows no inline style; the stylesheet aligns the
 * classes instead.
 */
export function rehypeTableAlignClasses() {
  return (tree: Root): undefined => {
    visit(tree, 'element', (node) => {
      if ((node.tagName !== 'td' && node.tagName !== 'th') || typeof node.properties.align !== 'string') return;
      node.properties.className = [`align-${node.properties.align}`];
      delete node.properties.align;
    });
  };
}
