import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { rootRelativeUrl } from '../../lib/relative-url.ts';
import { safeUrl } from '../../lib/url-safety.ts';
import { visit } from '../visit.ts';

/** The URL properties markdown produces: links (`href`) and images (`src`). */
const URL_PROPERTIES = ['href', 'src'] as const;

/**
 * The address a markdown URL gets on the page: blanked when its protocol is
 * not allowed (spec §5), and made root-relative when it is relative, so that
 * it leads to the same place from `/insights/a` and `/insights/a/`.
 *
 * @param url the URL as written in markdown
 * @param pageUrl canonical path of the page the markdown is shown on
 */
export function publishedUrl(url: string, pageUrl: string): string {
  return rootRelativeUrl(safeUrl(url), pageUrl);
}

/**
 * Applies {@link publishedUrl} to every URL of the HTML tree just before it is
 * turned into React elements, so that no URL from any source (links, images,
 * references, autolinks) escapes the check. The page's address comes in the
 * file's `data.pageUrl`.
 */
export function rehypeSafeUrls() {
  return (tree: Root, file: VFile): undefined => {
    const pageUrl = typeof file.data.pageUrl === 'string' ? file.data.pageUrl : '/';
    visit(tree, 'element', (node) => {
      for (const property of URL_PROPERTIES) {
        const value = node.properties[property];
        if (typeof value === 'string') node.properties[property] = publishedUrl(value, pageUrl);
      }
    });
  };
}
