/**
 * The site in one of its languages: what the pages and feeds of that
 * language are made from. Every stage after the model plans each language
 * from its own view, so that a language is content and a catalogue, not
 * code of its own.
 */
import { DEFAULT_LANGUAGE, type Language } from '../lib/languages.ts';
import { changedParts } from '../lib/translation-version.ts';
import { groupTopics, topicsInLanguage } from './topics.ts';
import type { Article, SiteModel, TranslationStanding } from './types.ts';

/** The languages the site is written in, the default first: those whose identity the model has. */
export function siteLanguages(model: Pick<SiteModel, 'sites'>): Language[] {
  return [...model.sites.keys()].sort((a, b) => Number(b === DEFAULT_LANGUAGE) - Number(a === DEFAULT_LANGUAGE));
}

/**
 * The model as the pages of one language show it: the identity in that
 * language, its articles and their redirects, the topics in its words. The
 * drafts of every language stay, for the draft-leak audit.
 */
export function modelInLanguage(model: SiteModel, language: Language): SiteModel {
  const site = model.sites.get(language) ?? model.site;
  const topics = topicsInLanguage(model.topics, language);
  const inIt = (article: Article) => article.language === language;
  return { ...model, site, articles: model.articles.filter(inIt), aliases: model.aliases.filter((alias) => inIt(alias.article)), topics, systems: groupTopics(topics) };
}

/** Every article's translations by the file of their original: the articles of one original, in every language shown. */
export function translationsOf(articles: readonly Article[]): ReadonlyMap<string, ReadonlyMap<Language, Article>> {
  const byOriginal = new Map<string, Map<Language, Article>>();
  for (const article of articles) {
    const translations = byOriginal.get(article.original) ?? new Map<Language, Article>();
    translations.set(article.language, article);
    byOriginal.set(article.original, translations);
  }
  return byOriginal;
}

/** How a translation stands against its original: the parts changed since the version it records. */
export function standingOf(translation: Pick<Article, 'translatedFrom'>, original: Pick<Article, 'versions'>): TranslationStanding {
  const recorded = translation.translatedFrom;
  if (recorded === undefined) return { state: 'unrecorded' };
  if (recorded === 'unreadable') return { state: 'unreadable' };
  const changed = changedParts(recorded, original.versions);
  return changed.length === 0 ? { state: 'current' } : { state: 'outdated', changed };
}

/**
 * The articles, each translation with its standing against its original
 * among them (a draft or not): the one place a translation's model reads
 * another file, so that what is made again after an edit to an original
 * (`revise.ts`) is made here too.
 *
 * @param articles every article read, drafts included
 * @param originals where to find an original by its file, when not among `articles`
 */
export function withStandings(articles: readonly Article[], originals: ReadonlyMap<string, Article> = new Map()): Article[] {
  const byFile = new Map([...originals, ...articles.filter((article) => article.language === DEFAULT_LANGUAGE).map((article) => [article.sourcePath, article] as const)]);
  return articles.map((article) => {
    const original = article.language === DEFAULT_LANGUAGE ? undefined : byFile.get(article.original);
    return original === undefined ? article : { ...article, standing: standingOf(article, original) };
  });
}

/**
 * The articles whose model is made from one of these files besides their
 * own: each translation of an original among them, whose standing is. What
 * the preview makes again after an edit to those files alone.
 */
export function readersOf(articles: readonly Article[], files: ReadonlySet<string>): Article[] {
  return articles.filter((article) => article.language !== DEFAULT_LANGUAGE && files.has(article.original) && !files.has(article.sourcePath));
}
