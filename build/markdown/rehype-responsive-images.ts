import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { BODY_IMAGE_SIZES } from '../config.ts';
import { imageSources } from '../lib/responsive-image.ts';
import type { ImageSizes } from './rehype-image-sizes.ts';
import { eachNode, SKIP } from './walk.ts';

/**
 * Offers each raster image of an article in AVIF and WebP at the widths a
 * screen needs (issue 6): the image becomes a `<picture>` whose sources list
 * the smaller copies the build makes with sharp, and whose `<img>` keeps the
 * original file, its size and its lazy loading for browsers that take
 * neither format. Runs after the sizes are known; an image of unknown size
 * (not in assets/) is left as it is.
 */
export function rehypeResponsiveImages() {
  return (tree: Root, file: VFile): undefined => {
    const sizes = file.data.imageSizes as ImageSizes | undefined;
    if (!sizes) return;
    eachNode(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'img' || typeof node.properties.src !== 'string' || parent === undefined || index === undefined) return;
      const size = sizes.get(node.properties.src);
      const sources = size ? imageSources(node.properties.src, size.width) : [];
      if (sources.length === 0) return;
      const picture: Element = {
        type: 'element',
        tagName: 'picture',
        properties: {},
        children: [
          ...sources.map((source): Element => ({ type: 'element', tagName: 'source', properties: { type: source.type, srcSet: source.srcSet, sizes: BODY_IMAGE_SIZES }, children: [] })),
          { ...node, properties: { ...node.properties, sizes: BODY_IMAGE_SIZES } },
        ],
      };
      parent.children[index] = picture;
      return SKIP;
    });
  };
}
