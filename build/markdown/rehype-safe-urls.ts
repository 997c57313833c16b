import type { Root } from 'hast';
import { visit } from 'unist-util-visit';
import { safeUrl } from '../lib/url-safety.ts';

/** The URL properties markdown produces: links (`href`) and images (`src`). */
const URL_PROPERTIES = ['href', 'src'] as const;

/**
 * Blanks every URL whose protocol is not allowed (spec §5), on the HTML tree
 * just before it is turned into React elements, so that no URL from any
 * source (links, images, references, autolinks) escapes the check.
 */
export function rehypeSafeUrls() {
  return (tree: Root): undefined => {
    visit(tree, 'element', (node) => {
      for (const property of URL_PROPERTIES) {
        const value = node.properties[property];
        if (typeof value === 'string') node.properties[property] = safeUrl(value);
      }
    });
  };
}
