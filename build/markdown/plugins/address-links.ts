import type { Root } from 'hast';
import { textIsAddress } from '../../lib/link-text.ts';
import { visit } from '../visit.ts';
import { textOf } from './elements.ts';

/**
 * Marks each outside link whose text is its own address (an autolink such as
 * `https://www.medicare.gov`, or `[Medicare.gov](https://www.medicare.gov)`)
 * with `data-text-is-url`, so that the print stylesheet does not write the
 * address a second time after it. Runs after the URLs are made safe, on the
 * addresses the page will carry.
 */
export function rehypeAddressLinks() {
  return (tree: Root): undefined => {
    visit(tree, 'element', (node) => {
      const href = node.properties.href;
      if (node.tagName !== 'a' || typeof href !== 'string' || !/^https?:/i.test(href)) return;
      if (textIsAddress(textOf(node.children), href)) node.properties.dataTextIsUrl = '';
    });
  };
}
