/**
 * Each article's sharing image (issue 5), drawn at build time from the React
 * template templates/og/ArticleCard.tsx with satori (layout and text to SVG)
 * and resvg (SVG to PNG); the only module that imports either. Images are
 * cached by a hash of everything that draws them (the text, the logo, the
 * template's source, the font and these libraries), so an unchanged article
 * is not redrawn; the cache is safe to delete.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { renderAsync as RenderAsync } from '@resvg/resvg-js';
import { createElement } from 'react';
import type SatoriFunction from 'satori';
import { displayName } from '../../templates/context.ts';
import { ArticleCard, OG_HEIGHT, OG_WIDTH } from '../../templates/og/ArticleCard.tsx';
import type { Article, SiteModel } from '../types.ts';

/** Where an article's image is published. */
export function ogImagePath(article: Article): string {
  return `og/${article.slug}.png`;
}

export const OG_SIZE = { width: OG_WIDTH, height: OG_HEIGHT } as const;

const require = createRequire(import.meta.url);
const FONT_FILES = { 400: '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff', 700: '@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff' } as const;
const TEMPLATE_FILE = fileURLToPath(new URL('../../templates/og/ArticleCard.tsx', import.meta.url));

/** Everything that decides how an image looks, besides its text: a change to any redraws all. */
async function drawingVersion(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(TEMPLATE_FILE));
  for (const file of Object.values(FONT_FILES)) hash.update(await readFile(require.resolve(file)));
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

/** Images rasterised at once: resvg works on libuv's thread pool while satori lays out the next card. */
const RASTER_CONCURRENCY = 4;

/**
 * @param model the site; one image per article it shows
 * @param logoFile the logo's file under assets/, drawn on each card
 * @param cacheDir where drawn images are kept between builds
 */
export async function ogImages(model: SiteModel, logoFile: string, cacheDir: string): Promise<{ path: string; contents: Buffer }[]> {
  const { site } = model;
  const version = await drawingVersion();
  const logoUrl = `data:${logoFile.endsWith('.svg') ? 'image/svg+xml' : 'image/png'};base64,${(await readFile(logoFile)).toString('base64')}`;
  const folder = path.join(cacheDir, 'og');
  await mkdir(folder, { recursive: true });
  // The drawing libraries (satori alone takes 150 ms to load) and the fonts are loaded only if something must be drawn.
  let drawing: { satori: Satori; renderAsync: typeof RenderAsync; fonts: Fonts } | undefined;
  const images: { path: string; contents: Buffer }[] = [];
  const rasterising = new Set<Promise<void>>();
  for (const article of model.articles) {
    const props = { title: article.title, author: article.author ?? displayName(site), byline: `${site.specialty} · ${site.location}`, logo: logoUrl };
    const key = createHash('sha256').update(version).update(JSON.stringify(props)).digest('hex');
    const cached = path.join(folder, `${key}.png`);
    const image: { path: string; contents: Buffer } = { path: ogImagePath(article), contents: await readFile(cached).catch(() => Buffer.alloc(0)) };
    images.push(image);
    if (image.contents.length > 0) continue;
    drawing ??= { satori: (await import('satori')).default, renderAsync: (await import('@resvg/resvg-js')).renderAsync, fonts: await loadFonts() };
    const svg = await drawing.satori(createElement(ArticleCard, props), { width: OG_WIDTH, height: OG_HEIGHT, fonts: drawing.fonts });
    const job: Promise<void> = drawing
      .renderAsync(svg, { fitTo: { mode: 'width', value: OG_WIDTH } })
      .then(async (rendered) => {
        image.contents = rendered.asPng();
        await writeFile(cached, image.contents);
      })
      .finally(() => rasterising.delete(job));
    rasterising.add(job);
    if (rasterising.size >= RASTER_CONCURRENCY) await Promise.race(rasterising);
  }
  await Promise.all(rasterising);
  return images;
}
