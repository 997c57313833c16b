/**
 * Who translated an article and who checked the translation mean something
 * only on a translation: a file such as `part-d-2026.es.md` beside the
 * `part-d-2026.md` it translates. On any other article the names are
 * warned of and not shown, rather than credit a translation that is not one;
 * and a record of the version of an original that is not there is warned
 * of, since the original was renamed or deleted under its translation.
 */
import path from 'node:path';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { DEFAULT_LANGUAGE } from '../lib/languages.ts';
import { TRANSLATION_CREDITS } from './articles.ts';
import type { Article } from './types.ts';

/**
 * The articles as they are, but for the translation credits of those that translate no article.
 *
 * @param files every article file read, drafts and those in error too: a translation of a draft is still a translation
 */
export function creditTranslationsOnly(articles: readonly Article[], files: ReadonlySet<string>, report: (diagnostic: ContentDiagnostic) => void): Article[] {
  return articles.map((article) => {
    const credited = TRANSLATION_CREDITS.filter((field) => article[field] !== undefined);
    const translates = article.language !== DEFAULT_LANGUAGE && files.has(article.original);
    const original = article.language === DEFAULT_LANGUAGE ? undefined : path.basename(article.original);
    // A record of an original's version whose original is not there: the English was renamed or deleted, and the physician should know.
    if (!translates && original !== undefined && article.translatedFrom !== undefined) report(problem('originalGone', { file: article.sourcePath, line: article.translatedFromLine }, { original }));
    if (credited.length === 0 || translates) return article;
    for (const field of credited) report(problem('creditWithoutOriginal', { file: article.sourcePath, line: article.bylineLines[field] }, { field, original }));
    return { ...article, translatedBy: undefined, translationReviewedBy: undefined };
  });
}
