/**
 * The AVIF and WebP copies of every raster image a page shows: the
 * physician's photo, and the images of the articles and the biography,
 * encoded with sharp at the widths a screen needs. Each copy is kept in the
 * build cache under a key of the original's bytes, the width, the format and
 * sharp's version, so it is encoded once.
 */
import { ContentErrors, problem, type ContentDiagnostic, type Place } from '../diagnostics/index.ts';
import { imageVariants, type ImageVariant, type ResponsiveFormat } from '../lib/responsive-image.ts';
import type { AssetFile } from '../load/index.ts';
import type { Output } from '../output.ts';
import type Sharp from 'sharp';
import { loadSharp, sharpVersion } from './sharp.ts';
import { entryKey, type CacheStore } from '../store/index.ts';

/** Encoder quality: text-free photographs and diagrams look the same as the original at these, at a fraction of the bytes. */
const QUALITY: Record<ResponsiveFormat, number> = { avif: 50, webp: 75 };

/**
 * How hard the AVIF encoder searches: one step below sharp's default it
 * encodes several times sooner for files hardly larger (see
 * test/bench/README.md); a cold build of a site with many photos waits on it.
 */
const AVIF_EFFORT = 3;

/**
 * How a copy is made, part of its key: a copy made another way is made again.
 * A photo is turned upright by its EXIF orientation before it is resized, as
 * a browser shows the original, since the copy keeps no EXIF to say so.
 */
const RECIPE = JSON.stringify({ quality: QUALITY, avifEffort: AVIF_EFFORT, orientation: 'applied' });

/** An image a page shows, and where its file says so; the physician's photo has no such place of its own here (the model tells its faults at the site file). */
export interface ShownImage {
  url: string;
  at?: Place;
}

async function encode(sharp: typeof Sharp, job: ImageJob): Promise<Buffer> {
  const { asset, variant, url, shownAt } = job;
  const resized = sharp(asset.absolutePath).autoOrient().resize({ width: variant.width });
  try {
    return await (variant.format === 'avif' ? resized.avif({ quality: QUALITY.avif, effort: AVIF_EFFORT }) : resized.webp({ quality: QUALITY.webp })).toBuffer();
  } catch {
    // The load's check (load/image-check.ts) may find a file whole that libvips then cannot resize: it is told as that check tells it, at the places that show it, in one line for all its copies.
    const places = shownAt.length > 0 ? shownAt : [{ file: asset.absolutePath }];
    throw new ContentErrors(places.map((at) => problem('imageDamaged', at, { url })));
  }
}

/** One copy to make, of the image at `url`, shown at `shownAt`. */
interface ImageJob {
  asset: AssetFile;
  variant: ImageVariant;
  url: string;
  shownAt: readonly Place[];
}

/**
 * Copies that would be published at one path: the copies of two images named
 * alike but for their extension (`knee.png`, `knee.jpg`), or a copy at the
 * path of an asset of that name. Either would show one image in the other's
 * place.
 */
function copyCollisions(jobs: readonly ImageJob[], assets: readonly AssetFile[]): ContentDiagnostic[] {
  const byPath = new Map(assets.map((asset) => [asset.relativePath, asset]));
  const madeFrom = new Map<string, AssetFile>();
  const problems = new Map<string, ContentDiagnostic>();
  for (const { asset, variant } of jobs) {
    const copy = variant.url.slice(1);
    const other = madeFrom.get(copy);
    madeFrom.set(copy, other ?? asset);
    const saved = byPath.get(copy);
    if (saved !== undefined) problems.set(copy, problem('assetCollision', { file: saved.absolutePath }, { path: copy }));
    else if (other !== undefined && other !== asset && !problems.has(asset.relativePath)) problems.set(asset.relativePath, problem('imageCopyCollision', { file: asset.absolutePath }, { copy, other: other.relativePath }));
  }
  return [...problems.values()];
}

/** Each place that shows an image, by its root-relative URL. */
function placesByUrl(shown: readonly ShownImage[]): Map<string, Place[]> {
  const places = new Map<string, Place[]>();
  for (const { url, at } of shown) places.set(url, [...(places.get(url) ?? []), ...(at === undefined ? [] : [at])]);
  return places;
}

/**
 * @param shown the images the pages show, by root-relative URL, with where each is shown
 * @param assets the files of assets/
 * @returns each copy as a file of out/
 */
export function imageOutputs(shown: readonly ShownImage[], assets: readonly AssetFile[], store: CacheStore): Output[] {
  const byUrl = new Map<string, AssetFile>(assets.flatMap((asset) => (asset.dimensions ? [[`/${asset.relativePath}`, asset] as const] : [])));
  const jobs = [...placesByUrl(shown)].sort(([a], [b]) => (a < b ? -1 : Number(a > b))).flatMap(([url, shownAt]) => {
    const asset = byUrl.get(url);
    return asset?.dimensions ? imageVariants(url, asset.dimensions.width).map((variant): ImageJob => ({ asset, variant, url, shownAt })) : [];
  });
  if (jobs.length === 0) return [];
  const clashes = copyCollisions(jobs, assets);
  if (clashes.length > 0) throw new ContentErrors(clashes);
  const version = sharpVersion();
  // Images with the same bytes (a picture copied under two names) share their copies: each is encoded once.
  const copies = new Map<string, Promise<Uint8Array>>();
  // Loaded once for all the copies, and only when one is not in the cache.
  let sharp: Promise<typeof Sharp> | undefined;
  const copyOf = (key: string, job: ImageJob) =>
    store.getOrMake('image', key, async () => {
      sharp ??= loadSharp();
      return encode(await sharp, job);
    });
  return jobs.map((job) => {
    const { asset, variant } = job;
    const key = entryKey('image', version, RECIPE, asset.digest, String(variant.width), variant.format);
    const contents = () => {
      if (!copies.has(key)) copies.set(key, copyOf(key, job));
      return copies.get(key) as Promise<Uint8Array>;
    };
    return { path: variant.url.slice(1), key, contents };
  });
}
