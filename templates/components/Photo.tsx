import { PHOTO_SIZES } from '../../build/config.ts';
import type { SiteIdentity } from '../../build/model/types.ts';

/**
 * The physician's photo, above the fold on the home and about pages: fetched
 * first (`fetchPriority="high"`), never lazily. A raster photo is offered in
 * AVIF and WebP at the widths a screen needs, the original file as fallback;
 * an SVG is drawn as it is.
 */
export function Photo({ site, className }: { site: SiteIdentity; className: string }) {
  const { photo } = site;
  const sizes = photo.sources.length > 0 ? PHOTO_SIZES : undefined;
  const image = <img className={className} src={photo.url} width={photo.width} height={photo.height} alt={site.photoAlt} sizes={sizes} fetchPriority="high" />;
  if (photo.sources.length === 0) return image;
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={PHOTO_SIZES} />
      ))}
      {image}
    </picture>
  );
}
