/**
 * The Insights feeds in RSS 2.0, Atom 1.0 and JSON Feed 1, written with the
 * feed package from the newest published articles (FEED_ITEM_LIMIT). Each item carries
 * the whole article: the articles are short, and a patient who follows the
 * physician in a feed reader should be able to read them there. Links in the
 * content are made absolute, as feed readers show it away from the site.
 */
import { Feed } from 'feed';
import { displayName } from '../../templates/context.ts';
import { FEED_FILES, FEED_ITEM_LIMIT } from '../config.ts';
import type { Article, SiteModel } from '../types.ts';
import { memoLastCall, sameData } from '../lib/memo.ts';
import { lastChanged, newestChange } from '../model/articles.ts';

/** Root-relative `href` and `src` values made absolute on the site's address. */
function absoluteUrls(html: string, siteUrl: string): string {
  return html.replace(/\s(href|src)="\/(?!\/)/g, ` $1="${siteUrl}/`);
}

/**
 * @param model the site; drafts are left out even of a `--drafts` build
 */
export function feedFiles(model: SiteModel): { path: string; contents: string }[] {
  const published: Article[] = [];
  for (const article of model.articles) {
    if (published.length === FEED_ITEM_LIMIT) break;
    if (!article.draft) published.push(article);
  }
  return feedsOf(model.site, published);
}

/** The feeds of the newest articles: written again only when one of them or the site changes, not for an edit to an older article. */
const feedsOf = memoLastCall((site: SiteModel['site'], published: readonly Article[]): { path: string; contents: string }[] => {
  const author = { name: displayName(site), link: `${site.siteUrl}/about` };
  const newest = newestChange(published) ?? '1970-01-01';
  const feed = new Feed({
    title: `${displayName(site)}: Insights`,
    description: `Articles by ${displayName(site)}, ${site.specialty}, ${site.location}. Educational information, not medical advice.`,
    id: `${site.siteUrl}/insights`,
    link: `${site.siteUrl}/insights`,
    language: 'en-US',
    image: `${site.siteUrl}${site.socialImage.url}`,
    favicon: `${site.siteUrl}${site.favicon.url}`,
    copyright: `© ${displayName(site)}`,
    // From the content, not the clock, so that an unchanged site gives unchanged feeds.
    updated: new Date(`${newest}T00:00:00Z`),
    generator: 'physician-site',
    feedLinks: Object.fromEntries(Object.entries(FEED_FILES).map(([kind, file]) => [kind, `${site.siteUrl}/${file}`])),
    author,
  });
  for (const article of published) {
    const url = `${site.siteUrl}${article.url}`;
    feed.addItem({
      title: article.title,
      id: url,
      link: url,
      description: article.summary,
      content: absoluteUrls(article.body.html, site.siteUrl),
      author: [{ name: article.author ?? displayName(site) }],
      date: new Date(`${lastChanged(article)}T00:00:00Z`),
      published: new Date(`${article.date}T00:00:00Z`),
    });
  }
  return [
    { path: FEED_FILES.rss, contents: feed.rss2() },
    { path: FEED_FILES.atom, contents: feed.atom1() },
    { path: FEED_FILES.json, contents: feed.json1() },
  ];
}, sameData);
