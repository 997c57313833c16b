import type { Root } from 'hast';
import { eachNode } from './walk.ts';

/**
 * Marks article images `loading="lazy"` (spec §2 Article) so that a page with
 * several images shows its text at once on a slow phone connection;
 * `decoding="async"` keeps image decoding off the rendering path too.
 */
export function rehypeLazyImages() {
  return (tree: Root): undefined => {
    eachNode(tree, 'element', (node) => {
      if (node.tagName !== 'img') return;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
    });
  };
}
