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
import { Resvg } from '@resvg/resvg-js';
import { createElement } from 'react';
import satori from 'satori';
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

async function draw(props: Parameters<typeof ArticleCard>[0]): Promise<Buffer> {
  const fonts = await Promise.all(
    Object.entries(FONT_FILES).map(async ([weight, file]) => ({ name: 'Source Sans 3', data: await readFile(require.resolve(file)), weight: Number(weight) as 400 | 700, style: 'normal' as const })),
  );
  const svg = await satori(createElement(ArticleCard, props), { width: OG_WIDTH, height: OG_HEIGHT, fonts });
  return new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH } }).render().asPng();
}

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
  return Promise.all(
    model.articles.map(async (article) => {
      const props = { title: article.title, author: article.author ?? displayName(site), byline: `${site.specialty} · ${site.location}`, logo: logoUrl };
      const key = createHash('sha256').update(version).update(JSON.stringify(props)).digest('hex');
      const cached = path.join(folder, `${key}.png`);
      const contents = await readFile(cached).catch(async () => {
        const png = await draw(props);
        await writeFile(cached, png);
        return png;
      });
      return { path: ogImagePath(article), contents };
    }),
  );
}
