/** Widths a raster image is offered at, in pixels: a phone's column at 1×, 2× and 3×, up to a wide screen's column at 2×. */
const RESPONSIVE_WIDTHS = [320, 640, 960, 1280, 1600] as const;

/** The formats offered, best first; the original file stays the fallback for browsers with neither. */
const RESPONSIVE_FORMATS = [
  { type: 'image/avif', extension: 'avif' },
  { type: 'image/webp', extension: 'webp' },
] as const;

export type ResponsiveFormat = (typeof RESPONSIVE_FORMATS)[number]['extension'];

/** One smaller, re-encoded copy of an image. */
export interface ImageVariant {
  /** e.g. `/img/chart.640w.avif` */
  url: string;
  width: number;
  format: ResponsiveFormat;
}

/** A `<source>` of a `<picture>`: one format at every width. */
export interface ImageSource {
  type: string;
  srcSet: string;
}

const RASTER = /\.(png|jpe?g)$/i;

/** True for a photograph-like file worth re-encoding; SVG scales by itself, and GIF and WebP are left as they are. */
export function isRasterImage(url: string): boolean {
  return RASTER.test(url);
}

/**
 * The copies an image is published in: each format at each width below its
 * own, and at its own width (never enlarged, and never above the largest).
 * None for an image that is not raster.
 *
 * @param url the image's root-relative URL, e.g. `/img/chart.png`
 * @param intrinsicWidth its width in pixels
 */
export function imageVariants(url: string, intrinsicWidth: number): ImageVariant[] {
  if (!isRasterImage(url) || intrinsicWidth <= 0) return [];
  const largest = Math.min(intrinsicWidth, Math.max(...RESPONSIVE_WIDTHS));
  const widths = [...new Set([...RESPONSIVE_WIDTHS.filter((width) => width < largest), largest])];
  const stem = url.replace(RASTER, '');
  return RESPONSIVE_FORMATS.flatMap(({ extension }) => widths.map((width) => ({ url: `${stem}.${width}w.${extension}`, width, format: extension })));
}

/**
 * The `<source>` elements of an image's `<picture>`, best format first; none
 * for an image that is not raster.
 *
 * @param url the image's root-relative URL
 * @param intrinsicWidth its width in pixels
 */
export function imageSources(url: string, intrinsicWidth: number): ImageSource[] {
  const variants = imageVariants(url, intrinsicWidth);
  return RESPONSIVE_FORMATS.flatMap(({ type, extension }) => {
    const ofFormat = variants.filter((variant) => variant.format === extension);
    return ofFormat.length === 0 ? [] : [{ type, srcSet: ofFormat.map((variant) => `${variant.url} ${variant.width}w`).join(', ') }];
  });
}
