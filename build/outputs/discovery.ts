/**
 * What helps people find the site: `sitemap.xml` (published pages only, each
 * with the day it last changed where the content says) written with the
 * sitemap package, and `robots.txt` pointing to it.
 */
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise } from 'sitemap';
import { sameData, memoLastCall } from '../lib/memo.ts';
import { lastChanged, newestChange } from '../model/articles.ts';
import type { SiteModel } from '../types.ts';

export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';

/**
 * The sitemap of the published pages. Drafts never appear, even in a
 * `--drafts` build: they are marked noindex. Lists take the day of their
 * newest article; pages whose changes the content does not date have no lastmod.
 */
export function sitemapXml(model: SiteModel): Promise<string> {
  const published = model.articles.filter((article) => !article.draft);
  const newest = newestChange(published);
  const entries = [
    { url: '/', lastmod: newest },
    { url: '/insights', lastmod: newest },
    ...published.map((article) => ({ url: article.url, lastmod: lastChanged(article) })),
    { url: '/education', lastmod: undefined },
    { url: '/about', lastmod: undefined },
  ].map(({ url, lastmod }) => (lastmod === undefined ? { url } : { url, lastmod }));
  return writeSitemap(`${model.site.siteUrl}/`, entries);
}

/** The XML of a list of pages: written again only when the list is not the same as last time (an edit to a body leaves it so). */
const writeSitemap = memoLastCall(async (hostname: string, entries: { url: string; lastmod?: string }[]): Promise<string> => {
  const xml = await streamToPromise(Readable.from(entries).pipe(new SitemapStream({ hostname, xmlns: { news: false, xhtml: false, image: false, video: false } })));
  return xml.toString('utf8');
}, sameData);

/** Everything may be crawled; the sitemap says what there is. */
export function robotsTxt(model: SiteModel): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${model.site.siteUrl}/${SITEMAP_FILE}\n`;
}
