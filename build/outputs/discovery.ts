/**
 * What helps people find the site: `sitemap.xml` (published pages only, each
 * with the day it last changed where the content says) written with the
 * sitemap package, and `robots.txt` pointing to it.
 */
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise } from 'sitemap';
import { DISCOVERY_FILES } from '../config.ts';
import { addressIn, DEFAULT_LANGUAGE, type Language } from '../lib/languages.ts';
import { lastChanged, newestChange, translationsOf, type Article } from '../model/index.ts';
import type { Output } from '../output.ts';
import { entryKey } from '../store/index.ts';

/**
 * A translated page's alternates as its head names them: each language's page,
 * and the default language's again as `x-default`, for readers of any other.
 */
function alternateLinks(siteUrl: string, alternates: readonly { language: Language; url: string }[]): { lang: string; url: string }[] {
  const fallback = alternates.find((alternate) => alternate.language === DEFAULT_LANGUAGE);
  const named = fallback === undefined ? alternates : [...alternates, { language: 'x-default', url: fallback.url }];
  return named.map((alternate) => ({ lang: alternate.language, url: `${siteUrl}${alternate.url}` }));
}

/**
 * The sitemap of the published pages. Drafts never appear, even in a
 * `--drafts` build: they are marked noindex. Lists take the day of their
 * newest article; pages whose changes the content does not date have none.
 */
function sitemapEntries(siteUrl: string, articles: readonly Article[], languages: readonly Language[]): SitemapEntry[] {
  const published = articles.filter((article) => !article.draft);
  const translations = translationsOf(published);
  // Absolute here: the sitemap package resolves a root-relative address on the host alone, dropping a site address's path (https://host/practice).
  const entry = (url: string, lastmod: string | undefined, alternates: readonly { language: Language; url: string }[]): SitemapEntry => ({
    url: `${siteUrl}${url}`,
    ...(lastmod === undefined ? {} : { lastmod }),
    ...(alternates.length < 2 ? {} : { links: alternateLinks(siteUrl, alternates) }),
  });
  return languages.flatMap((language) => {
    const inIt = published.filter((article) => article.language === language);
    const newest = newestChange(inIt);
    const shared = (address: string, lastmod: string | undefined) => entry(addressIn(language, address), lastmod, languages.map((other) => ({ language: other, url: addressIn(other, address) })));
    return [
      shared('/', newest),
      shared('/insights', newest),
      ...inIt.map((article) => entry(article.url, lastChanged(article), [...(translations.get(article.original) ?? new Map<Language, Article>()).values()].map(({ language: other, url }) => ({ language: other, url })))),
      shared('/education', undefined),
      shared('/about', undefined),
    ];
  });
}

/** A page of the sitemap, with the page in each other language it is written in. */
interface SitemapEntry {
  url: string;
  lastmod?: string;
  links?: { lang: string; url: string }[];
}

/**
 * @param siteUrl the site's address
 * @param articles the articles shown
 */
export function discoveryOutputs(siteUrl: string, articles: readonly Article[], generator: string, languages: readonly Language[] = [DEFAULT_LANGUAGE]): Output[] {
  const entries = sitemapEntries(siteUrl, articles, languages);
  const robots = `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/${DISCOVERY_FILES.sitemap}\n`;
  return [
    {
      path: DISCOVERY_FILES.sitemap,
      key: entryKey('sitemap', generator, siteUrl, JSON.stringify(entries)),
      contents: async () => {
        // The day alone: as an instant it would be midnight UTC, the evening before in Florida.
        const stream = new SitemapStream({ lastmodDateOnly: true, xmlns: { news: false, xhtml: entries.some((entry) => entry.links !== undefined), image: false, video: false } });
        return (await streamToPromise(Readable.from(entries).pipe(stream))).toString('utf8');
      },
    },
    { path: DISCOVERY_FILES.robots, key: entryKey('robots', robots), contents: () => Promise.resolve(robots) },
  ];
}
