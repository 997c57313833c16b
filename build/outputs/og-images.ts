/**
 * Each article's sharing image (issue 5), drawn at build time from the React
 * template templates/og/ArticleCard.tsx: satori lays the card out (most cards
 * from a layout of their title alone, see card-layout.ts) and
 * card-painter.ts paints it (resvg rasterises what is not text, once; HarfBuzz
 * shapes the text); a card the painter cannot draw exactly is drawn whole by
 * resvg from satori's SVG. The only module that imports satori. Images are
 * cached by a hash of everything that draws them (the text, the logo, the
 * template's source, the drawing code, the font and these libraries), so an
 * unchanged article is not redrawn; the cache is safe to delete.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createElement, type ComponentProps } from 'react';
import type SatoriFunction from 'satori';
import { displayName } from '../../templates/context.ts';
import { ArticleCard, CardTitle, OG_HEIGHT, OG_WIDTH, TITLE_WIDTH } from '../../templates/og/ArticleCard.tsx';
import { cacheKey, CacheFolder } from '../cache.ts';
import { memoByIdentity, memoLastCall, sameItems } from '../lib/memo.ts';
import type { Article, SiteModel } from '../types.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { OutputFile } from '../write.ts';
import { CardLayouts } from './card-layout.ts';
import type { CardPainter } from './card-painter.ts';

/** Where an article's image is published. */
export function ogImagePath(article: Article): string {
  return `og/${article.slug}.png`;
}

export const OG_SIZE = { width: OG_WIDTH, height: OG_HEIGHT } as const;

const require = createRequire(import.meta.url);
const FONT_FILES = { 400: '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff', 700: '@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff' } as const;
const FONT_NAME = 'Source Sans 3';
/** The template and the code that turns it into pixels: a change to any of them redraws every card. */
const DRAWING_FILES = ['../../templates/og/ArticleCard.tsx', './og-images.ts', './card-layout.ts', './card-painter.ts', '../lib/png.ts', '../lib/woff.ts'].map((file) => fileURLToPath(new URL(file, import.meta.url)));
const DRAWING_LIBRARIES = ['satori', '@resvg/resvg-js', 'harfbuzzjs'];

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
  for (const file of [...DRAWING_FILES, ...Object.values(FONT_FILES).map((font) => require.resolve(font))]) hash.update(await readFile(file));
  for (const library of DRAWING_LIBRARIES) hash.update((JSON.parse(await readFile(require.resolve(`${library}/package.json`), 'utf8')) as { version: string }).version);
  return hash.digest('hex');
}

type Satori = typeof SatoriFunction;
type Fonts = Parameters<Satori>[1]['fonts'];

async function loadFonts(): Promise<Fonts> {
  return Promise.all(
    Object.entries(FONT_FILES).map(async ([weight, file]) => ({ name: FONT_NAME, data: await readFile(require.resolve(file)), weight: Number(weight) as 400 | 700, style: 'normal' as const })),
  );
}

/** Where drawn cards are kept, by cache key. */
const cardCache = (cacheDir: string) => new CacheFolder(cacheDir, 'og', '.png');

/** The props of one card, and the cache key under which its image is stored. */
export interface CardJob {
  props: ComponentProps<typeof ArticleCard>;
  key: string;
}

interface DrawingLibraries {
  satori: Satori;
  fonts: Fonts;
  painter: CardPainter;
}

/** The drawing libraries, fonts and painter, once loaded. */
let libraries: Promise<DrawingLibraries> | undefined;

/** The drawing libraries (satori alone takes 150 ms to load), the fonts and the painter, loaded on first use. */
function drawingLibraries(): Promise<DrawingLibraries> {
  libraries ??= Promise.all([import('satori'), import('./card-painter.ts'), loadFonts()]).then(async ([satori, { CardPainter }, fonts]) => ({
    satori: satori.default,
    fonts,
    painter: await CardPainter.load(fonts.map(({ name, data, weight, style }) => ({ name, data: data as Buffer, weight: weight ?? 400, style: style ?? 'normal' }))),
  }));
  return libraries;
}

async function layOut(props: CardJob['props'], embedFont: boolean): Promise<string> {
  const { satori, fonts } = await drawingLibraries();
  return satori(createElement(ArticleCard, props), { width: OG_WIDTH, height: OG_HEIGHT, fonts, embedFont });
}

/** A title's box alone as satori lays it out for the painter, at its place on a card as wide as the box. */
export async function titleLayout(title: string): Promise<string> {
  const { satori, fonts } = await drawingLibraries();
  return satori(createElement(CardTitle, { title }), { width: TITLE_WIDTH, height: OG_HEIGHT, fonts, embedFont: false });
}

/**
 * A card as satori draws it: every letter a path in the bundled font, so that
 * the SVG holds no text, looks the same on any machine and needs no font to
 * rasterise.
 */
export function cardSvg(props: CardJob['props']): Promise<string> {
  return layOut(props, true);
}

/** A card as satori lays it out for the painter: each word a `<text>` element at its place. */
export function cardLayout(props: CardJob['props']): Promise<string> {
  return layOut(props, false);
}

/** Cards' layouts, most made from their title's alone. */
const cardLayouts = new CardLayouts(cardLayout, titleLayout);

/** A card drawn whole from satori's SVG by resvg: for a layout the painter cannot draw, and to check the painter against. */
export async function drawnWhole(props: CardJob['props']): Promise<Buffer> {
  const { renderAsync } = await import('@resvg/resvg-js');
  // Without the system's fonts, which resvg would otherwise look up for every card (reading fontconfig's files), and which a card of paths does not use.
  return (await renderAsync(await cardSvg(props), { fitTo: { mode: 'width', value: OG_WIDTH }, font: { loadSystemFonts: false } })).asPng();
}

/** A card as a PNG file. */
export async function drawCard(props: CardJob['props']): Promise<Buffer> {
  const { painter } = await drawingLibraries();
  return painter.paint(await cardLayouts.layout(props)) ?? drawnWhole(props);
}

/**
 * Draws cards into the cache folder.
 *
 * @param jobs the cards to draw
 * @param cacheDir the build cache folder
 */
export async function drawCards(jobs: readonly CardJob[], cacheDir: string): Promise<void> {
  const cache = cardCache(cacheDir);
  const writing: Promise<void>[] = [];
  for (const job of jobs) {
    const write = cache.write(job.key, await drawCard(job.props));
    // Awaited below with the others: a write that fails while the next cards are drawn must not count as unhandled meanwhile.
    write.catch(() => undefined);
    writing.push(write);
  }
  await Promise.all(writing);
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
