/**
 * The AVIF and WebP copies of every raster image a page shows (issue 6): the
 * physician's photo, and the images of the articles and the biography. Made
 * with sharp (through sharp.ts), and kept in the cache under a hash of the
 * original file, the width, the format and sharp's version, so each copy is
 * encoded once; sharp loads only when one must be.
 */
import { cacheKey, CacheFolder } from '../cache.ts';
import { contentError, ContentErrors } from '../diagnostics.ts';
import { imageVariants, type ImageVariant, type ResponsiveFormat } from '../lib/responsive-image.ts';
import type { AssetFile } from '../load.ts';
import { memoByIdentity, memoLastCall, sameData, sameItems } from '../lib/memo.ts';
import { publishedUrl, type MarkdownDocument } from '../markdown/index.ts';
import type { Article, SiteModel } from '../types.ts';
import type { OutputFile } from '../write.ts';
import { loadSharp, sharpVersion } from './sharp.ts';

/** Encoder quality: text-free photographs and diagrams look the same as the original at these, at a fraction of the bytes. */
const QUALITY: Record<ResponsiveFormat, number> = { avif: 50, webp: 75 };

/** The images of assets/ with known dimensions, by URL: the same map while the assets are the same list. */
const sizedImagesOf = memoLastCall((assets: readonly AssetFile[]) => new Map<string, AssetFile>(assets.flatMap((asset) => (asset.dimensions ? [[`/${asset.relativePath}`, asset] as const] : []))));

/** The URLs a body links to or shows, as published on its page: worked out once per processed body, not on every preview build. */
const publishedLinks = memoByIdentity((document: MarkdownDocument, pageUrl: string) => document.links.map((link) => publishedUrl(link.url, pageUrl)));

/**
 * The URLs of every raster image of assets/ that a page of the site shows,
 * sorted: again only when an article's links change, not for every edit to
 * a body.
 */
const shownUrls = memoLastCall(
  (articles: readonly Article[], site: SiteModel['site'], images: ReadonlyMap<string, AssetFile>): string[] => {
    const bodies = [...articles.map((article) => [article.body, article.url] as const), [site.biography, '/about'] as const];
    const urls = new Set([site.photo.url, ...bodies.flatMap(([document, pageUrl]) => publishedLinks(document, pageUrl))]);
    return [...urls].filter((url) => images.has(url)).sort();
  },
  sameItems((a: Article, b: Article) => a.url === b.url && sameData(publishedLinks(a.body, a.url), publishedLinks(b.body, b.url))),
);

/**
 * @param model the site; its photo and bodies say which images are shown
 * @param assets the files under assets/
 * @param cacheDir where encoded copies are kept between builds
 * @returns each copy, as a file copied from the cache
 */
export async function responsiveImageFiles(model: SiteModel, assets: readonly AssetFile[], cacheDir: string): Promise<OutputFile[]> {
  const images = sizedImagesOf(assets);
  const shown = shownUrls(model.articles, model.site, images);
  if (lastCopies?.shown === shown && lastCopies.images === images && lastCopies.cacheDir === cacheDir) return lastCopies.files;
  const files = await copiesOf(shown, images, cacheDir);
  lastCopies = { shown, images, cacheDir, files };
  return files;
}

/** The copies made last, for the images then shown: the same files, neither looked for in the cache nor hashed, while those are shown. Kept only once made, so that a failed encoding is tried again. */
let lastCopies: { shown: readonly string[]; images: ReadonlyMap<string, AssetFile>; cacheDir: string; files: OutputFile[] } | undefined;

async function copiesOf(shown: readonly string[], images: ReadonlyMap<string, AssetFile>, cacheDir: string): Promise<OutputFile[]> {
  const jobs = shown.flatMap((url) => {
    const asset = images.get(url) as AssetFile;
    return imageVariants(url, asset.dimensions?.width as number).map((variant) => ({ asset, variant }));
  });
  if (jobs.length === 0) return [];
  const version = await sharpVersion();
  const caches = { avif: new CacheFolder(cacheDir, 'images', '.avif'), webp: new CacheFolder(cacheDir, 'images', '.webp') };
  const encode = async (asset: AssetFile, variant: ImageVariant, key: string): Promise<void> => {
    const sharp = await loadSharp();
    const resized = sharp(asset.absolutePath).resize({ width: variant.width });
    const bytes = await (variant.format === 'avif' ? resized.avif({ quality: QUALITY.avif }) : resized.webp({ quality: QUALITY.webp })).toBuffer().catch((error: unknown) => {
      // libvips repeats its message on several lines.
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      throw new ContentErrors([contentError(asset.absolutePath, undefined, 'invalid-image', `This image could not be decoded to make its copies for small screens (${reason}).`, 'Open it in an image editor and save it again as PNG or JPEG, or replace it.')]);
    });
    await caches[variant.format].write(key, bytes);
  };
  // Two files with the same bytes (a copied image) share their copies: each is encoded once.
  const encodings = new Map<string, Promise<void>>();
  const results = await Promise.allSettled(
    jobs.map(async ({ asset, variant }): Promise<OutputFile> => {
      const cache = caches[variant.format];
      const key = cacheKey(version, asset.digest, String(variant.width), variant.format);
      if (!encodings.has(key)) encodings.set(key, cache.has(key).then((cached) => (cached ? undefined : encode(asset, variant, key))));
      await encodings.get(key);
      return { path: variant.url.slice(1), copyFrom: cache.file(key), contentAddressed: true };
    }),
  );
  // Every encoding has ended before the build stops, so none is left writing into the cache after it.
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
  if (failures.length === 0) return results.map((result) => (result as PromiseFulfilledResult<OutputFile>).value);
  const unexpected = failures.find((failure) => !(failure instanceof ContentErrors));
  if (unexpected !== undefined) throw unexpected;
  // Each copy of a broken image fails alike: the file is named once.
  const byFile = new Map((failures as ContentErrors[]).flatMap((failure) => failure.diagnostics).map((diagnostic) => [diagnostic.file, diagnostic]));
  throw new ContentErrors([...byFile.values()]);
}
