/**
 * What helps people find the site: `sitemap.xml` (published pages only, each
 * with the day it last changed where the content says) written with the
 * sitemap package, and `robots.txt` pointing to it.
 */
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise } from 'sitemap';
import { DISCOVERY_FILES } from '../config.ts';
import { lastChanged, newestChange, type Article } from '../model/index.ts';
import type { Output } from '../output.ts';
import { entryKey } from '../store/index.ts';

/**
 * The sitemap of the published pages. Drafts never appear, even in a
 * `--drafts` build: they are marked noindex. Lists take the day of their
 * newest article; pages whose changes the content does not date have none.
 */
function sitemapEntries(siteUrl: string, articles: readonly Article[]): { url: string; lastmod?: string }[] {
  const published = articles.filter((article) => !article.draft);
  const newest = newestChange(published);
  return [
    { url: '/', lastmod: newest },
    { url: '/insights', lastmod: newest },
    ...published.map((article) => ({ url: article.url, lastmod: lastChanged(article) })),
    { url: '/education', lastmod: undefined },
    { url: '/about', lastmod: undefined },
    // Absolute here: the sitemap package resolves a root-relative address on the host alone, dropping a site address's path (https://host/practice).
  ].map(({ url, lastmod }) => ({ url: `${siteUrl}${url}`, ...(lastmod === undefined ? {} : { lastmod }) }));
}

/**
 * @param siteUrl the site's address
 * @param articles the articles shown
 */
export function discoveryOutputs(siteUrl: string, articles: readonly Article[], generator: string): Output[] {
  const entries = sitemapEntries(siteUrl, articles);
  const robots = `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/${DISCOVERY_FILES.sitemap}\n`;
  return [
    {
      path: DISCOVERY_FILES.sitemap,
      key: entryKey('sitemap', generator, siteUrl, JSON.stringify(entries)),
      contents: async () => {
        // The day alone: as an instant it would be midnight UTC, the evening before in Florida.
        const stream = new SitemapStream({ lastmodDateOnly: true, xmlns: { news: false, xhtml: false, image: false, video: false } });
        return (await streamToPromise(Readable.from(entries).pipe(stream))).toString('utf8');
      },
    },
    { path: DISCOVERY_FILES.robots, key: entryKey('robots', robots), contents: () => Promise.resolve(robots) },
  ];
}
