/**
 * What helps people find the site: `sitemap.xml` (published pages only, each
 * with the day it last changed where the content says) written with the
 * sitemap package, and `robots.txt` pointing to it.
 */
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise } from 'sitemap';
import { memoLastCall, sameItems } from '../lib/memo.ts';
import { lastChanged, newestChange } from '../model/articles.ts';
import type { Article, SiteModel } from '../types.ts';
import type { OutputFile } from '../write.ts';

export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';

/** What the sitemap says of an article: whether it is published, where, and the day it last changed. */
function sameSitemapFields(a: Article, b: Article): boolean {
  return a.draft === b.draft && a.url === b.url && lastChanged(a) === lastChanged(b);
}

/**
 * The sitemap of the published pages, as a file of out/: the same object
 * for as long as what it lists is the same (an edit to a body leaves it so).
 * Drafts never appear, even in a `--drafts` build: they are marked noindex.
 * Lists take the day of their newest article; pages whose changes the
 * content does not date have no lastmod.
 */
export function sitemapFile(model: SiteModel): Promise<OutputFile> {
  return sitemapOf(model.site.siteUrl, model.articles);
}

const sitemapOf = memoLastCall(async (siteUrl: string, articles: readonly Article[]): Promise<OutputFile> => {
  const published = articles.filter((article) => !article.draft);
  const newest = newestChange(published);
  const entries = [
    { url: '/', lastmod: newest },
    { url: '/insights', lastmod: newest },
    ...published.map((article) => ({ url: article.url, lastmod: lastChanged(article) })),
    { url: '/education', lastmod: undefined },
    { url: '/about', lastmod: undefined },
  ].map(({ url, lastmod }) => (lastmod === undefined ? { url } : { url, lastmod }));
  const xml = await streamToPromise(Readable.from(entries).pipe(new SitemapStream({ hostname: `${siteUrl}/`, xmlns: { news: false, xhtml: false, image: false, video: false } })));
  return { path: SITEMAP_FILE, contents: xml.toString('utf8') };
}, sameItems(sameSitemapFields));

/** Everything may be crawled; the sitemap says what there is. The same object for the same site address. */
export function robotsFile(model: SiteModel): OutputFile {
  return robotsOf(model.site.siteUrl);
}

const robotsOf = memoLastCall((siteUrl: string): OutputFile => ({ path: ROBOTS_FILE, contents: `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/${SITEMAP_FILE}\n` }));
