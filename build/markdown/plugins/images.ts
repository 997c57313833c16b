import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { BODY_IMAGE_SIZES } from '../../config.ts';
import { imageSources } from '../../lib/responsive-image.ts';
import { visit } from '../visit.ts';

/** Width and height of the site's images, by their root-relative URL. */
export type ImageSizes = ReadonlyMap<string, { width: number; height: number }>;

/** A raster image of known size as a `<picture>` offering its AVIF and WebP copies, the original `<img>` last. */
function pictureOf(image: Element, src: string, width: number): Element | undefined {
  const sources = imageSources(src, width);
  if (sources.length === 0) return undefined;
  return {
    type: 'element',
    tagName: 'picture',
    properties: {},
    children: [
      ...sources.map((source): Element => ({ type: 'element', tagName: 'source', properties: { type: source.type, srcSet: source.srcSet, sizes: BODY_IMAGE_SIZES }, children: [] })),
      { ...image, properties: { ...image.properties, sizes: BODY_IMAGE_SIZES } },
    ],
  };
}

/**
 * The images of an article, as a patient on a slow phone needs them:
 * `loading="lazy"` (spec §2 Article) and `decoding="async"` so the text shows
 * first; their width and height, read from the file in assets/, so the text
 * does not jump while it loads (the sizes come in the file's
 * `data.imageSizes`); and a raster image offered in AVIF and WebP at the
 * widths a screen needs, from the copies the build makes with sharp. An image
 * not in assets/ keeps only the first.
 */
export function rehypeImages() {
  return (tree: Root, file: VFile): undefined => {
    const sizes = (file.data.imageSizes ?? new Map()) as ImageSizes;
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'img') return;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
      const src = node.properties.src;
      const size = typeof src === 'string' ? sizes.get(src) : undefined;
      if (typeof src !== 'string' || size === undefined) return;
      node.properties.width = size.width;
      node.properties.height = size.height;
      const picture = pictureOf(node, src, size.width);
      if (picture !== undefined) parent.children[index] = picture;
    });
  };
}
