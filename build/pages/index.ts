/**
 * The pages stage: every page of the site (spec §2) planned from the model,
 * each with a key naming everything it shows, and rendered only when asked:
 * a page whose key out/ already holds is never rendered at all.
 */
import { createElement, type ReactElement } from 'react';
import type { PageAlternates, PageContext, SiteContext } from '../../templates/context.ts';
import { messagesFor, type Messages } from '../../templates/messages/index.ts';
import { AboutPage } from '../../templates/pages/AboutPage.tsx';
import { AliasRedirectPage } from '../../templates/pages/AliasRedirectPage.tsx';
import { ArticlePage } from '../../templates/pages/ArticlePage.tsx';
import { EducationPage } from '../../templates/pages/EducationPage.tsx';
import { HomePage } from '../../templates/pages/HomePage.tsx';
import { InsightsPage } from '../../templates/pages/InsightsPage.tsx';
import { ArticleNotFoundPage, PageNotFoundPage } from '../../templates/pages/NotFoundPages.tsx';
import { HOME_ARTICLE_COUNT, HOME_TOPIC_COUNT } from '../config.ts';
import { notFoundFile, pageFile } from '../host/addresses.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import { neighbours, type Neighbours } from '../lib/neighbours.ts';
import { freshnessNotice, reviewIsOld, type NoticeFacts } from '../lib/review-notice.ts';
import { pickRandom, seededRandom } from '../lib/random-pick.ts';
import { articleJson, type Article, type ArticleSummary, type ArticleWithBody, type ImageAsset, type SiteModel } from '../model/index.ts';
import { entryKey } from '../store/index.ts';
import type { Output } from '../output.ts';
import { addressIn, fileLanguage, type Language } from '../lib/languages.ts';
import { articleAlternates, sharedPageAlternates, untranslatedAlternates, type AlternatesInput } from './alternates.ts';
import { renderPage } from './render.ts';
import { structuredData, type PageSubject } from './structured-data.ts';

/** A page of the site: a file of out/ whose contents are its HTML, rendered when asked, with where it answers and what kind of answer it is. */
export interface PlannedPage extends Output {
  /** The address it answers at; for an error page, the folder it serves. */
  url: string;
  /** Its file under out/: its `path`. */
  file: string;
  kind: 'page' | 'redirect' | 'not-found';
  render(): Promise<string>;
}

export interface PagesInput {
  model: SiteModel;
  /** The articles shown, in the model's order. */
  articles: readonly Article[];
  /** An article with what its body says, once the body is processed. */
  withBody(article: Article): Promise<ArticleWithBody>;
  /** What every page shares, whatever its language. */
  context: SiteContext;
  /** Each article's sharing image. */
  cardOf(article: Article): ImageAsset;
  /** A body's HTML, by the file it is in. */
  bodyHtml(file: string): Promise<string>;
  /** The key of a body's document, by the file it is in: it names the body's HTML in a page's key. */
  bodyKey(file: string): string;
  /** The generator's version, part of every key. */
  generator: string;
  /** The build's day: a page whose review is old by then, or which quotes a figure whose year is over, says so. */
  today: CalendarDay;
  /** The language of these pages: the model is its view (`modelInLanguage`). */
  language: Language;
  /** What each page's addresses in the other languages are worked out from. */
  alternates: AlternatesInput;
}

/** What a list or a link beside an article shows of it: its card. */
function summaryOf(article: ArticleSummary): ArticleSummary {
  return { url: article.url, title: article.title, date: article.date, summary: article.summary, draft: article.draft };
}

/**
 * What every page's key starts with: the generator (its templates among its
 * files) and what every page shares, its language's words among it; and what
 * an article's page shows of the figures its body quotes beyond their
 * values, which the body's key holds.
 */
type Keyed = Omit<PagesInput, 'context'> & { context: PageContext; sharedKey: string; figuresKey: string };

/** A planned page from its template and props; the key hashes what every page shares, the address, and the page's own props as JSON. */
function plan(input: Keyed, at: { url: string; alternates: PageAlternates; kind?: PlannedPage['kind']; file?: string }, element: (context: PageContext) => ReactElement | Promise<ReactElement>, keyParts: readonly string[]): PlannedPage {
  const file = at.file ?? pageFile(at.url);
  const render = async () => renderPage(await element({ ...input.context, alternates: at.alternates }));
  return { url: at.url, file, path: file, kind: at.kind ?? 'page', key: entryKey('page', input.sharedKey, at.url, JSON.stringify(at.alternates), ...keyParts), render, contents: render };
}

function describe(input: Keyed, subject: PageSubject): object {
  return structuredData(subject, input.context.site, input.context.messages);
}

/** What an article's page says of its review and figures, and its notice on the build's day. */
function articleFreshness(article: ArticleWithBody, maxAgeMonths: number, today: CalendarDay, messages: Messages) {
  const facts: NoticeFacts = { subject: 'article', reviewed: article.lastReviewed, maxAgeMonths, figureYears: [...new Set(article.figures.map((figure) => figure.year))].sort((a, b) => a - b) };
  return { facts, notice: freshnessNotice(facts, today, messages) };
}

/**
 * What of the build's day a page with a review shows, known before its body
 * is processed: whether the review is old, and the year (which decides
 * whether a quoted figure's year is over). Another day of the same year
 * changes no page.
 */
function freshnessKey(reviewed: CalendarDay, maxAgeMonths: number, today: CalendarDay): string {
  return JSON.stringify({ reviewIsOld: reviewIsOld(reviewed, maxAgeMonths, today), year: today.slice(0, 4) });
}

/**
 * The original a translation was made from an earlier version of, where the
 * build shows its page: the translation's readers are told so, with a link
 * to it (`translatedFrom`, DECISIONS.md "Languages").
 */
function updatedOriginal(input: Keyed, article: Article): { language: Language; url: string } | undefined {
  if (article.standing?.state !== 'outdated') return undefined;
  const { language } = fileLanguage(article.original);
  const original = input.alternates.translations.get(article.original)?.get(language);
  return original === undefined ? undefined : { language, url: original.url };
}

/** An article's page, between its neighbours in the list. */
function articlePage(input: Keyed, index: number, near: Neighbours<ArticleSummary>): PlannedPage {
  const { today } = input;
  const months = input.context.site.reviewMaxAgeMonths;
  const article = input.articles[index] as Article;
  const { previous, next } = near;
  const image = input.cardOf(article);
  const original = updatedOriginal(input, article);
  const element = async (context: PageContext) => {
    const [shown, bodyHtml] = await Promise.all([input.withBody(article), input.bodyHtml(article.sourcePath)]);
    const structured = describe(input, { kind: 'article', url: article.url, article: shown, imageUrl: `${context.site.siteUrl}${image.url}` });
    return createElement(ArticlePage, { context, article: shown, bodyHtml, previous, next, image, structuredData: structured, freshness: articleFreshness(shown, months, today, context.messages), updatedOriginal: original });
  };
  return plan(input, { url: article.url, alternates: articleAlternates(input.alternates, article) }, element, ['article', input.bodyKey(article.sourcePath), input.figuresKey, articleJson(article), JSON.stringify({ previous, next, image, original }), freshnessKey(article.lastReviewed, months, today)]);
}

function articlePages(input: Keyed, summaries: readonly ArticleSummary[]): PlannedPage[] {
  return input.articles.map((_article, index) => articlePage(input, index, neighbours(summaries, index)));
}

/** What the education page says of the handouts' review, and its notice on the build's day. */
function handoutsFreshness(site: SiteModel['site'], today: CalendarDay, messages: Messages) {
  if (site.handoutsLastReviewed === undefined) return undefined;
  const facts: NoticeFacts = { subject: 'handouts', reviewed: site.handoutsLastReviewed, maxAgeMonths: site.reviewMaxAgeMonths, figureYears: [] };
  return { facts, notice: freshnessNotice(facts, today, messages) };
}

function listPages(input: Keyed, summaries: readonly ArticleSummary[]): PlannedPage[] {
  const { model } = input;
  const { site, topics, systems } = model;
  const { messages } = input.context;
  // Seeded from the content, not the clock, so two builds of the same content are identical.
  const topicPair = pickRandom(topics, HOME_TOPIC_COUNT, seededRandom(topics.map((topic) => topic.title).join('\n')));
  const education = addressIn(input.language, '/education');
  const home = { newestArticles: summaries.slice(0, HOME_ARTICLE_COUNT), topicPair, topicPool: topics, allTopicsHref: systems[0] ? `${education}#${systems[0].anchor}` : education };
  const at = (address: '/' | '/insights') => ({ url: addressIn(input.language, address), alternates: sharedPageAlternates(input.alternates, input.language, address) });
  const describeList = (kind: 'home' | 'insights' | 'education' | 'about', url: string, title: string, description: string) => describe(input, { kind, url, title, description });
  return [
    plan(input, at('/'), (context) => createElement(HomePage, { context, ...home, structuredData: describeList('home', at('/').url, site.name, site.tagline) }), ['home', JSON.stringify(home)]),
    plan(input, at('/insights'), (context) => createElement(InsightsPage, { context, articles: summaries, structuredData: describeList('insights', at('/insights').url, messages.insights.title, messages.structuredData.insightsDescription(site.name)) }), ['insights', JSON.stringify(summaries)]),
  ];
}

function otherPages(input: Keyed, biographyHtml: () => Promise<string>): PlannedPage[] {
  const { model, language } = input;
  const { site, systems } = model;
  const { messages } = input.context;
  const at = (address: '/education' | '/about') => ({ url: addressIn(language, address), alternates: sharedPageAlternates(input.alternates, language, address) });
  const otherData = describe(input, { kind: 'other' });
  const handouts = handoutsFreshness(site, input.today, messages);
  const aliases = model.aliases.map((alias) => {
    const article = summaryOf(alias.article);
    return plan(input, { url: alias.url, kind: 'redirect', alternates: untranslatedAlternates(input.alternates, language, '/insights') }, (context) => createElement(AliasRedirectPage, { context, article, structuredData: otherData }), ['redirect', JSON.stringify(article)]);
  });
  return [
    ...aliases,
    plan(input, at('/education'), (context) => createElement(EducationPage, { context, systems, handoutsFreshness: handouts, structuredData: describe(input, { kind: 'education', url: at('/education').url, title: messages.education.title, description: messages.structuredData.educationDescription }) }), ['education', JSON.stringify(systems), JSON.stringify(handouts?.notice ?? null)]),
    plan(input, at('/about'), async (context) => createElement(AboutPage, { context, biographyHtml: await biographyHtml(), structuredData: describe(input, { kind: 'about', url: at('/about').url, title: messages.about.title(site.name), description: site.tagline }) }), ['about', input.bodyKey(site.sourcePath)]),
    plan(input, { url: addressIn(language, '/insights/'), kind: 'not-found', file: notFoundFile(addressIn(language, '/insights/')), alternates: untranslatedAlternates(input.alternates, language, '/insights') }, (context) => createElement(ArticleNotFoundPage, { context, structuredData: otherData }), ['article-not-found']),
    plan(input, { url: addressIn(language, '/'), kind: 'not-found', file: notFoundFile(addressIn(language, '/')), alternates: untranslatedAlternates(input.alternates, language) }, (context) => createElement(PageNotFoundPage, { context, structuredData: otherData }), ['page-not-found']),
  ];
}

/**
 * Every page of the site: home, the Insights list, each article and its
 * file-name redirect, education, about, and the two not-found pages.
 */
export function planPages(pages: PagesInput): PlannedPage[] {
  const input = keyed(pages);
  const summaries = input.articles.map(summaryOf);
  return [...listPages(input, summaries), ...articlePages(input, summaries), ...otherPages(input, () => input.bodyHtml(input.model.site.sourcePath))];
}

/**
 * The page of the article at this place of the list, planned alone: what
 * the preview plans again after an edit to its body, which no other page
 * shows.
 */
export function planArticlePage(pages: PagesInput, index: number): PlannedPage {
  const { previous, next } = neighbours(pages.articles, index);
  return articlePage(keyed(pages), index, { previous: previous && summaryOf(previous), next: next && summaryOf(next) });
}

function keyed(pages: PagesInput): Keyed {
  const figures = [...pages.model.figures.values()].map(({ name, year, source }) => ({ name, year, source })).sort((a, b) => (a.name < b.name ? -1 : 1));
  const context = { ...pages.context, language: pages.language, messages: messagesFor(pages.language) };
  return { ...pages, context: { ...context, alternates: { translations: [], links: [] } }, sharedKey: entryKey(pages.generator, JSON.stringify(context)), figuresKey: JSON.stringify(figures) };
}
