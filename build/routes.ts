import type { ReactElement } from 'react';
import { createElement } from 'react';
import type { PageContext } from '../templates/context.ts';
import { AboutPage } from '../templates/pages/AboutPage.tsx';
import { AliasRedirectPage } from '../templates/pages/AliasRedirectPage.tsx';
import { ArticlePage } from '../templates/pages/ArticlePage.tsx';
import { EducationPage } from '../templates/pages/EducationPage.tsx';
import { HomePage } from '../templates/pages/HomePage.tsx';
import { InsightsPage } from '../templates/pages/InsightsPage.tsx';
import { ArticleNotFoundPage, PageNotFoundPage } from '../templates/pages/NotFoundPages.tsx';
import { ARTICLE_NOT_FOUND_FILE, HOME_ARTICLE_COUNT, HOME_TOPIC_COUNT } from './config.ts';
import { neighbours } from './lib/neighbours.ts';
import { pickRandom, seededRandom } from './lib/random-pick.ts';
import { routeFile } from './lib/route-path.ts';
import { OG_SIZE, ogImagePath } from './outputs/og-images.ts';
import { structuredData } from './structured-data.ts';
import { internedByKey, joinedByPlace, mapByPlace, memoByIdentity, patched, replacedPlaces } from './lib/memo.ts';
import type { Article, ArticleAlias, ArticleSummary, SiteModel } from './types.ts';

/** One document of the site: where it is served and what it shows. */
export interface Page {
  /** The address it answers at, e.g. `/insights/some-article`; for error pages, the folder they serve. */
  url: string;
  /** Its file under out/. */
  file: string;
  /** What kind of answer it is, for hosts and tests. */
  kind: 'page' | 'redirect' | 'not-found';
  element: ReactElement;
}

/**
 * An article page's sharing image and structured data: the same objects for
 * the same article, so that the preview's next build sees at a glance that
 * the page is unchanged (see outputs/index.ts).
 */
const articleExtras = memoByIdentity((article: Article, site: SiteModel['site']) => {
  const image = { url: `/${ogImagePath(article)}`, ...OG_SIZE };
  return { image, structuredData: structuredData({ kind: 'article', url: article.url, article, imageUrl: `${site.siteUrl}${image.url}` }, site) };
});

/** A page of the site at an address. */
function pageAt(url: string, element: ReactElement, kind: Page['kind'] = 'page'): Page {
  return { url, file: routeFile(url), kind, element };
}

/**
 * An article's page: the same object while the article, its neighbours'
 * cards and what every page shares are, so that the preview's next build
 * knows it unchanged without looking inside (see outputs/index.ts).
 */
const articlePage = memoByIdentity((article: Article, context: PageContext, previous: ArticleSummary | undefined, next: ArticleSummary | undefined) =>
  pageAt(article.url, createElement(ArticlePage, { context, article, previous, next, ...articleExtras(article, context.site) })),
);

/** The article pages of the last build, by place, with what each was made from. */
let lastArticlePages: { articles: readonly Article[]; summaries: readonly ArticleSummary[]; context: PageContext; pages: readonly Page[] } | undefined;

/**
 * Every article's page, taken by place from the last build where the
 * article, its neighbours' cards and what every page shares are the same
 * objects: comparing places is far cheaper than 10,000 memo lookups, and
 * when the lists are recorded as made from the last ones (see
 * `withReplacedPlaces`), only the places around their new objects are
 * looked at.
 */
function articlePagesOf(articles: readonly Article[], summaries: readonly ArticleSummary[], context: PageContext): readonly Page[] {
  const before = lastArticlePages !== undefined && lastArticlePages.context === context && lastArticlePages.articles.length === articles.length ? lastArticlePages : undefined;
  const pageAtPlace = (index: number) => {
    const article = articles[index] as Article;
    const { previous, next } = neighbours(summaries, index);
    const same = before !== undefined && before.articles[index] === article && before.summaries[index - 1] === previous && before.summaries[index + 1] === next;
    return same ? (before.pages[index] as Page) : articlePage(article, context, previous, next);
  };
  const newArticles = before === undefined ? undefined : replacedPlaces(before.articles, articles, () => true);
  const newCards = before === undefined ? undefined : replacedPlaces(before.summaries, summaries, () => true);
  // A page shows its article and its neighbours' cards.
  const places = newArticles === undefined || newCards === undefined ? undefined : [...new Set([...newArticles, ...newCards.flatMap((place) => [place - 1, place + 1])])].filter((place) => place >= 0 && place < articles.length);
  const pages = before !== undefined && places !== undefined ? patched(before.pages, places, pageAtPlace) : articles.map((_, index) => pageAtPlace(index));
  lastArticlePages = { articles, summaries, context, pages };
  return pages;
}

/** The structured data of pages that describe nothing of their own (redirects, not-found pages), once per site identity. */
const otherPageData = memoByIdentity((site: SiteModel['site']) => structuredData({ kind: 'other' }, site));

/**
 * Articles' file-name redirects, each the same object while its redirect and
 * what every page shares are. A redirect shows only its article's card, so
 * an edit to the body leaves its page's key as it was.
 */
const aliasPagesOf = mapByPlace(
  memoByIdentity((alias: ArticleAlias, context: PageContext) =>
    pageAt(alias.url, createElement(AliasRedirectPage, { context, article: summaryOf(alias.article), structuredData: otherPageData(context.site) }), 'redirect'),
  ),
);

/** Each article's card by address: the same object while its title, date, summary and draft flag are, whatever its body does. */
const internSummary = internedByKey<ArticleSummary>();

/** Once per article object: an unchanged article's card is not made again to be compared. */
const summaryOf = memoByIdentity((article: Article): ArticleSummary =>
  internSummary(article.url, { url: article.url, title: article.title, date: article.date, summary: article.summary, draft: article.draft }),
);
const summariesOf = mapByPlace(summaryOf);

/**
 * Every page of the site (spec §2): home, the Insights list, each article and
 * its file-name redirect, education, about, and the two not-found pages.
 *
 * @param model the site's content, drafts already filtered
 * @param context what every page shares
 */
export function sitePages(model: SiteModel, context: PageContext): readonly Page[] {
  const { site, articles, aliases, topics, systems } = model;
  // Seeded from the content, not the clock, so two builds of the same content are identical.
  const topicPair = pickRandom(topics, HOME_TOPIC_COUNT, seededRandom(topics.map((topic) => topic.title).join('\n')));
  const firstSystem = systems[0];
  const describe = (kind: 'home' | 'insights' | 'education' | 'about', url: string, title: string, description: string) => structuredData({ kind, url, title, description }, site);
  const otherPage = otherPageData(site);
  // Lists and neighbour links get only what they show, so an edit to a body leaves them as they were.
  const summaries = summariesOf(articles);
  const home = pageAt(
    '/',
    createElement(HomePage, {
      context,
      newestArticles: summaries.slice(0, HOME_ARTICLE_COUNT),
      topicPair,
      topicPool: topics,
      allTopicsHref: firstSystem ? `/education#${firstSystem.anchor}` : '/education',
      structuredData: describe('home', '/', site.name, site.tagline),
    }),
  );
  const insights = pageAt('/insights', createElement(InsightsPage, { context, articles: summaries, structuredData: describe('insights', '/insights', 'Insights', `Articles by ${site.name}.`) }));
  const education = pageAt('/education', createElement(EducationPage, { context, systems, structuredData: describe('education', '/education', 'Educational Resources', 'Patient-education handouts.') }));
  const about = pageAt('/about', createElement(AboutPage, { context, structuredData: describe('about', '/about', `About ${site.name}`, site.tagline) }));
  const notFound: Page[] = [
    { url: '/insights/', file: ARTICLE_NOT_FOUND_FILE, kind: 'not-found', element: createElement(ArticleNotFoundPage, { context, structuredData: otherPage }) },
    { url: '/', file: '404.html', kind: 'not-found', element: createElement(PageNotFoundPage, { context, structuredData: otherPage }) },
  ];
  return joinedPages([[home, insights], articlePagesOf(articles, summaries, context), aliasPagesOf(aliases, context), [education, about, ...notFound]]);
}

/** The pages in their order, recorded as made from the last list where the article pages keep their places. */
const joinedPages = joinedByPlace<Page>();
