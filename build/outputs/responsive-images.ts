/**
 * The AVIF and WebP copies of every raster image a page shows (issue 6): the
 * physician's photo, and the images of the articles and the biography. Made
 * with sharp (through sharp.ts), and kept in the cache under a hash of the
 * original file, the width, the format and sharp's version, so each copy is
 * encoded once; sharp loads only when one must be.
 */
import { cacheKey, CacheFolder } from '../cache.ts';
import { imageVariants, type ImageVariant, type ResponsiveFormat } from '../lib/responsive-image.ts';
import type { AssetFile } from '../load.ts';
import { memoByIdentity, memoLastCall } from '../lib/memo.ts';
import { publishedUrl, type MarkdownDocument } from '../markdown/index.ts';
import type { SiteModel } from '../types.ts';
import type { OutputFile } from '../write.ts';
import { loadSharp, sharpVersion } from './sharp.ts';

/** Encoder quality: text-free photographs and diagrams look the same as the original at these, at a fraction of the bytes. */
const QUALITY: Record<ResponsiveFormat, number> = { avif: 50, webp: 75 };

/** The images of assets/ with known dimensions, by URL: the same map while the assets are the same list. */
const sizedImagesOf = memoLastCall((assets: readonly AssetFile[]) => new Map<string, AssetFile>(assets.flatMap((asset) => (asset.dimensions ? [[`/${asset.relativePath}`, asset] as const] : []))));

/** The URLs of those images that one body shows: worked out once per processed body, not on every preview build. */
const imagesShownIn = memoByIdentity((document: MarkdownDocument, pageUrl: string, images: ReadonlyMap<string, AssetFile>) =>
  document.links.map((link) => publishedUrl(link.url, pageUrl)).filter((url) => images.has(url)),
);

/** Every raster image of assets/ that a page of the site shows, by URL. */
function shownImages(model: SiteModel, assets: readonly AssetFile[]): { url: string; asset: AssetFile; width: number }[] {
  const images = sizedImagesOf(assets);
  const bodies = [...model.articles.map((article) => [article.body, article.url] as const), [model.site.biography, '/about'] as const];
  const urls = new Set([model.site.photo.url, ...bodies.flatMap(([document, pageUrl]) => imagesShownIn(document, pageUrl, images))]);
  return [...urls].sort().flatMap((url) => {
    const asset = images.get(url);
    return asset?.dimensions ? [{ url, asset, width: asset.dimensions.width }] : [];
  });
}

/**
 * @param model the site; its photo and bodies say which images are shown
 * @param assets the files under assets/
 * @param cacheDir where encoded copies are kept between builds
 * @returns each copy, as a file copied from the cache
 */
export async function responsiveImageFiles(model: SiteModel, assets: readonly AssetFile[], cacheDir: string): Promise<OutputFile[]> {
  const jobs = shownImages(model, assets).flatMap(({ url, asset, width }) => imageVariants(url, width).map((variant) => ({ asset, variant })));
  if (jobs.length === 0) return [];
  const version = await sharpVersion();
  const caches = { avif: new CacheFolder(cacheDir, 'images', '.avif'), webp: new CacheFolder(cacheDir, 'images', '.webp') };
  const encode = async (asset: AssetFile, variant: ImageVariant, key: string): Promise<void> => {
    const sharp = await loadSharp();
    const resized = sharp(asset.absolutePath).resize({ width: variant.width });
    const bytes = variant.format === 'avif' ? await resized.avif({ quality: QUALITY.avif }).toBuffer() : await resized.webp({ quality: QUALITY.webp }).toBuffer();
    await caches[variant.format].write(key, bytes);
  };
  // Two files with the same bytes (a copied image) share their copies: each is encoded once.
  const encodings = new Map<string, Promise<void>>();
  return Promise.all(
    jobs.map(async ({ asset, variant }): Promise<OutputFile> => {
      const cache = caches[variant.format];
      const key = cacheKey(version, asset.digest, String(variant.width), variant.format);
      if (!encodings.has(key)) encodings.set(key, cache.has(key).then((cached) => (cached ? undefined : encode(asset, variant, key))));
      await encodings.get(key);
      return { path: variant.url.slice(1), copyFrom: cache.file(key), contentAddressed: true };
    }),
  );
}
