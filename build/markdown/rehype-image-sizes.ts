import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { eachNode } from './walk.ts';

/** Width and height of the site's images, by their root-relative URL. */
export type ImageSizes = ReadonlyMap<string, { width: number; height: number }>;

/**
 * Gives each image of an article its width and height, read from the file in
 * assets/, so that the browser reserves its space before it loads and the text
 * does not jump while a patient is reading (Cumulative Layout Shift). The
 * sizes come in the file's `data.imageSizes`.
 */
export function rehypeImageSizes() {
  return (tree: Root, file: VFile): undefined => {
    const sizes = file.data.imageSizes as ImageSizes | undefined;
    if (!sizes) return;
    eachNode(tree, 'element', (node) => {
      if (node.tagName !== 'img' || typeof node.properties.src !== 'string') return;
      const size = sizes.get(node.properties.src);
      if (!size) return;
      node.properties.width = size.width;
      node.properties.height = size.height;
    });
  };
}
