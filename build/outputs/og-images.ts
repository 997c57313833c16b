/**
 * Each article's sharing image (issue 5), drawn at build time from the React
 * template templates/og/ArticleCard.tsx with satori (layout and text to SVG),
 * resvg (SVG to pixels) and sharp (pixels to PNG); the only module that
 * imports satori or resvg. Images are
 * cached by a hash of everything that draws them (the text, the logo, the
 * template's source, the font and these libraries), so an unchanged article
 * is not redrawn; the cache is safe to delete.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { renderAsync as RenderAsync } from '@resvg/resvg-js';
import { createElement, type ComponentProps } from 'react';
import type SatoriFunction from 'satori';
import { displayName } from '../../templates/context.ts';
import { ArticleCard, OG_HEIGHT, OG_WIDTH } from '../../templates/og/ArticleCard.tsx';
import { cacheKey, CacheFolder } from '../cache.ts';
import { memoByIdentity, memoLastCall, sameItems } from '../lib/memo.ts';
import type { Article, SiteModel } from '../types.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { OutputFile } from '../write.ts';
import { loadSharp, sharpVersion } from './sharp.ts';

/** Where an article's image is published. */
export function ogImagePath(article: Article): string {
  return `og/${article.slug}.png`;
}

export const OG_SIZE = { width: OG_WIDTH, height: OG_HEIGHT } as const;

const require = createRequire(import.meta.url);
const FONT_FILES = { 400: '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff', 700: '@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff' } as const;
const TEMPLATE_FILE = fileURLToPath(new URL('../../templates/og/ArticleCard.tsx', import.meta.url));

/**
 * Everything that decides how an image looks, besides its text: a change to
 * any redraws all. Worked out once per process, like the generator's own
 * version: the preview starts a new worker when a template changes.
 */
function drawingVersion(): Promise<string> {
  knownDrawingVersion ??= hashDrawing();
  return knownDrawingVersion;
}

let knownDrawingVersion: Promise<string> | undefined;

async function hashDrawing(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(TEMPLATE_FILE));
  for (const file of Object.values(FONT_FILES)) hash.update(await readFile(require.resolve(file)));
  hash.update(`${JSON.stringify(PNG_OPTIONS)}${await sharpVersion()}`);
  for (const library of ['satori/package.json', '@resvg/resvg-js/package.json']) hash.update((JSON.parse(await readFile(require.resolve(library), 'utf8')) as { version: string }).version);
  return hash.digest('hex');
}

type Satori = typeof SatoriFunction;
type Fonts = Parameters<Satori>[1]['fonts'];

async function loadFonts(): Promise<Fonts> {
  return Promise.all(
    Object.entries(FONT_FILES).map(async ([weight, file]) => ({ name: 'Source Sans 3', data: await readFile(require.resolve(file)), weight: Number(weight) as 400 | 700, style: 'normal' as const })),
  );
}

/** Where drawn cards are kept, by cache key. */
const cardCache = (cacheDir: string) => new CacheFolder(cacheDir, 'og', '.png');

/** The props of one card, and the cache key under which its image is stored. */
export interface CardJob {
  props: ComponentProps<typeof ArticleCard>;
  key: string;
}

/**
 * How the PNG is compressed: sharp (libvips, on libuv's threads) encodes
 * resvg's pixels in half the time resvg's own encoder takes (6 ms against
 * 10–15 ms for a card), to a smaller file (44 KB against 57 KB). Part of the
 * drawing version: a change redraws all.
 */
const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

async function encodePng(rendered: { pixels: Buffer; width: number; height: number }): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } }).png(PNG_OPTIONS).toBuffer();
}

/** Images rasterised at once: resvg works on libuv's thread pool while satori lays out the next card. */
const RASTER_CONCURRENCY = 4;

/** The drawing libraries and fonts, once loaded. */
let libraries: Promise<{ satori: Satori; renderAsync: typeof RenderAsync; fonts: Fonts }> | undefined;

/** The drawing libraries (satori alone takes 150 ms to load) and the fonts, loaded on first use. */
function drawingLibraries(): Promise<{ satori: Satori; renderAsync: typeof RenderAsync; fonts: Fonts }> {
  libraries ??= Promise.all([import('satori'), import('@resvg/resvg-js'), loadFonts()]).then(([satori, resvg, fonts]) => ({ satori: satori.default, renderAsync: resvg.renderAsync, fonts }));
  return libraries;
}

/**
 * A card as SVG, laid out by satori with the bundled font, which draws every
 * letter as a path: the SVG holds no text, so it looks the same on any
 * machine, and resvg needs no font to rasterise it.
 */
export async function cardSvg(props: CardJob['props']): Promise<string> {
  const { satori, fonts } = await drawingLibraries();
  return satori(createElement(ArticleCard, props), { width: OG_WIDTH, height: OG_HEIGHT, fonts });
}

/**
 * Draws cards into the cache folder.
 *
 * @param jobs the cards to draw
 * @param cacheDir the build cache folder
 */
export async function drawCards(jobs: readonly CardJob[], cacheDir: string): Promise<void> {
  const cache = cardCache(cacheDir);
  const { renderAsync } = await drawingLibraries();
  const rasterising = new Set<Promise<void>>();
  for (const job of jobs) {
    const svg = await cardSvg(job.props);
    // Without the system's fonts, which resvg would otherwise look up for every card (reading fontconfig's files: 4 ms of CPU a card, a fifth of its cost).
    const raster: Promise<void> = renderAsync(svg, { fitTo: { mode: 'width', value: OG_WIDTH }, font: { loadSystemFonts: false } })
      .then((rendered) => encodePng(rendered))
      .then((png) => cache.write(job.key, png))
      .finally(() => rasterising.delete(raster));
    rasterising.add(raster);
    if (rasterising.size >= RASTER_CONCURRENCY) await Promise.race(rasterising);
  }
  await Promise.all(rasterising);
}

/** An article's card and its cache key: the same object for the same article, so that the preview's builds do not hash them again. */
const cardOf = memoByIdentity((article: Article, site: SiteModel['site'], logo: string, version: string): CardJob => {
  const props = { title: article.title, author: article.author ?? displayName(site), byline: `${site.specialty} · ${site.location}`, logo };
  return { props, key: cacheKey(version, JSON.stringify(props)) };
});

/**
 * The sharing image of every article the site shows, as files copied from
 * the cache, and the drawing of those not cached yet, across the worker pool
 * when there are many: the files can be listed and checked at once, but are
 * copied only once `drawing` has settled.
 *
 * @param model the site; one image per article it shows
 * @param logoFile the logo's file under assets/, drawn on each card
 * @param cacheDir where drawn images are kept between builds
 * @param pool worker threads for a large batch of new cards
 */
export async function ogImages(model: SiteModel, logoFile: string, cacheDir: string, pool: WorkerPool): Promise<{ files: OutputFile[]; drawing: Promise<void> }> {
  const { site } = model;
  const version = await drawingVersion();
  const logo = sameLogo(`data:${logoFile.endsWith('.svg') ? 'image/svg+xml' : 'image/png'};base64,${(await readFile(logoFile)).toString('base64')}`);
  const cache = cardCache(cacheDir);
  const { cards, files } = cardsOf(model.articles, site, logo, version, cacheDir);
  if (drawnLists.has(cards)) return { files, drawing: Promise.resolve() };
  const unknown = cards.filter((card) => !drawn.has(card));
  const present = await Promise.all(unknown.map((card) => cache.has(card.key)));
  const missing = [...new Map(unknown.filter((_, index) => !present[index]).map((card) => [card.key, card])).values()];
  const drawing = pool.runJobs(missing, (batch) => ({ kind: 'cards', jobs: batch, cacheDir })).then(() => {
    for (const card of unknown) drawn.add(card);
    drawnLists.add(cards);
  });
  // The build awaits it after its checks; a failure before then must not count as unhandled.
  drawing.catch(() => undefined);
  return { files, drawing };
}

/** What a card shows of its article (title, author) and where its image goes (slug). */
function sameCardFields(a: Article, b: Article): boolean {
  return a.title === b.title && a.author === b.author && a.slug === b.slug;
}

/** Every article's card and image file: the same lists while no card changes, whatever the bodies do. */
const cardsOf = memoLastCall((articles: readonly Article[], site: SiteModel['site'], logo: string, version: string, cacheDir: string) => {
  const cards = articles.map((article) => cardOf(article, site, logo, version));
  return { cards, files: articles.map((article, index) => imageFileOf(cards[index] as CardJob, ogImagePath(article), cacheDir)) };
}, sameItems(sameCardFields));

/** Lists of cards all drawn or found in the cache by this process: the preview's next build with the same list looks at none of them. */
const drawnLists = new WeakSet<readonly CardJob[]>();

/** The logo as the string of the last build while it is the same: each card's memo then compares it by reference, not 10,000 times letter by letter. */
const sameLogo = memoLastCall((logo: string) => logo);

/**
 * Cards this process has seen in the cache or drawn: the preview's next
 * build does not look for them again. Its out/ already holds their images,
 * which are copied only when they change.
 */
const drawn = new WeakSet<CardJob>();

/** An article's image as a file of out/, the same object for the same card. */
const imageFileOf = memoByIdentity((card: CardJob, path: string, cacheDir: string): OutputFile => ({ path, copyFrom: cardCache(cacheDir).file(card.key), contentAddressed: true }));
