/**
 * The model stage: the parsed content made into the site's data, with
 * defaults applied and every field checked: the identity, the articles
 * selected and sorted, their redirects, the topics grouped, the figures.
 */
import { CONTENT_LAYOUT } from '../config.ts';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { DEFAULT_LANGUAGE, fileLanguage, LANGUAGE_NAMES, translatedFileName, type Language } from '../lib/languages.ts';
import type { AssetFile } from '../load/index.ts';
import type { Memory } from '../memory.ts';
import type { ParsedContent, ParsedSource } from '../parse/index.ts';
import { modelArticle } from './articles.ts';
import { modelFigures } from './figures.ts';
import { selectArticles } from './selection.ts';
import { sampleLeftovers } from './sample.ts';
import { modelSite } from './site.ts';
import { modelSiteTranslation } from './site-translation.ts';
import { withStandings } from './languages.ts';
import { checkTopicTranslations, modelTopics } from './topics.ts';
import { creditTranslationsOnly } from './translation-credits.ts';
import type { Article, SiteModel } from './types.ts';

export { articleJson, articleUrl, lastChanged, modelArticle, newestChange } from './articles.ts';
export { sampleContent } from './sample.ts';
export { modelInLanguage, readersOf, siteLanguages, standingOf, translationsOf, withStandings } from './languages.ts';
export { otherPageBodies } from './site.ts';
export type * from './types.ts';

export interface ModelOptions {
  /** Include drafts, badged and kept out of search engines (`--drafts`, local preview only). */
  includeDrafts: boolean;
  /** Site address for canonical and sharing URLs; the identity file's `siteUrl` when not given. */
  baseUrl?: string | undefined;
}

/** An article file's article and what was wrong with it, made once per version of the file. */
function articleOf(parsed: ParsedSource, memory: Memory): { article: Article | undefined; diagnostics: ContentDiagnostic[] } {
  return memory.remember(`article:${parsed.file}:${parsed.digest}`, () => {
    const diagnostics: ContentDiagnostic[] = [];
    return { article: modelArticle(parsed, (diagnostic) => diagnostics.push(diagnostic)), diagnostics };
  });
}

/**
 * An article in a language the site is not written in (no translation of
 * site.md for it) has no pages, lists or navigation to show it in: each is
 * an error rather than an article that silently goes missing.
 */
function refuseLanguagesWithoutSite(articles: readonly Article[], translated: readonly Language[], report: (diagnostic: ContentDiagnostic) => void): void {
  for (const article of articles) {
    if (article.language === DEFAULT_LANGUAGE || translated.includes(article.language)) continue;
    report(problem('articleLanguageWithoutSite', { file: article.sourcePath, line: 1 }, { language: LANGUAGE_NAMES[article.language], siteFile: translatedFileName(CONTENT_LAYOUT.site, article.language) }));
  }
}

/**
 * @param parsed what the parse stage made of the content
 * @param assets the files of assets/
 * @param memory what earlier builds of this process made, by key
 * @returns the model, or none when something it needs is missing (each reason reported)
 */
export function modelContent(parsed: ParsedContent, assets: readonly AssetFile[], options: ModelOptions, memory: Memory): { model: SiteModel | undefined; diagnostics: ContentDiagnostic[] } {
  const diagnostics: ContentDiagnostic[] = [];
  const report = (diagnostic: ContentDiagnostic) => diagnostics.push(diagnostic);
  const byPath = new Map(assets.map((asset) => [asset.relativePath, asset]));
  const site = parsed.site === undefined ? undefined : modelSite(parsed.site, byPath, options.baseUrl, report);
  const read: Article[] = [];
  for (const source of parsed.articles) {
    const { article, diagnostics: found } = articleOf(source, memory);
    for (const diagnostic of found) diagnostics.push(diagnostic);
    if (article !== undefined) read.push(article);
  }
  const all = creditTranslationsOnly(read, new Set(parsed.articles.map((source) => source.file)), report);
  const selection = selectArticles(withStandings(all), options.includeDrafts);
  diagnostics.push(...selection.diagnostics);
  const topics = parsed.topics === undefined ? undefined : modelTopics(parsed.topics, assets, report);
  const figures = modelFigures(parsed.figures, report);
  if (parsed.site === undefined || site === undefined || topics === undefined) return { model: undefined, diagnostics };
  const sites = new Map([[site.language, site]]);
  for (const translation of parsed.siteTranslations) {
    const translated = modelSiteTranslation(translation, site, report);
    if (translated !== undefined) sites.set(translated.language, translated);
  }
  if (parsed.topics !== undefined) checkTopicTranslations(topics.topics, [...sites.keys()], parsed.topics.file, report);
  refuseLanguagesWithoutSite(all, parsed.siteTranslations.map((translation) => fileLanguage(translation.file).language), report);
  const model: SiteModel = { site, sites, articles: selection.articles, hiddenDrafts: selection.hiddenDrafts, aliases: selection.aliases, ...topics, figures };
  diagnostics.push(...sampleLeftovers(site, parsed.site, model.articles, assets));
  return { model, diagnostics };
}
