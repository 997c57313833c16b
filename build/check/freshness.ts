/**
 * Warnings about what may be out of date (HONcode: dated, current
 * information): an article's old review or a figure whose year is over, and
 * the handouts' old review. The pages tell the reader by the same rule
 * (`lib/review-notice.ts`). A day still to come is a warning too: a mistyped
 * year would otherwise keep an article first in every list, or its page from
 * ever saying it may be out of date. So is a translation made from an
 * earlier version of its original (DECISIONS.md "Languages"), which its page
 * tells its reader too.
 */
import path from 'node:path';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import { listOf } from '../lib/list-of.ts';
import { reviewIsOld, yearIsOver } from '../lib/review-notice.ts';
import type { Article, ArticleWithBody, SiteIdentity } from '../model/index.ts';

/**
 * The warning of a translation that is behind its original, or cannot tell:
 * at its `translatedFrom:` (its first line when it has none), naming the
 * original beside it and the parts of it that changed.
 */
function translationWarning(article: Article): ContentDiagnostic | undefined {
  const { standing } = article;
  if (standing === undefined || standing.state === 'current') return undefined;
  const at = { file: article.sourcePath, line: article.translatedFromLine ?? 1 };
  const original = path.basename(article.original);
  // The name npm run translations takes for the pair, which finds the original in any folder of the articles.
  const name = original.replace(/\.md$/i, '');
  if (standing.state === 'outdated') return problem('translationOutdated', at, { original, parts: listOf(standing.changed), name });
  return problem('translationUnrecorded', at, { original, name, unreadable: standing.state === 'unreadable' });
}

/**
 * @param articles the articles being published
 * @param maxAgeMonths how long a review stays current
 * @param today the build's day
 */
export function freshnessWarnings(articles: readonly ArticleWithBody[], maxAgeMonths: number, today: CalendarDay): ContentDiagnostic[] {
  return articles.flatMap((article) => {
    const figuresOver = article.figures.filter((figure) => yearIsOver(figure.year, today));
    const warnings: ContentDiagnostic[] = [];
    if (article.date > today) warnings.push(problem('futureDate', { file: article.sourcePath, line: article.dateLine }, { field: 'date', day: article.date, today }));
    if (article.lastReviewed > today && article.lastReviewed !== article.date) warnings.push(problem('futureDate', { file: article.sourcePath, line: article.reviewedLine }, { field: 'lastReviewed', day: article.lastReviewed, today }));
    if (reviewIsOld(article.lastReviewed, maxAgeMonths, today)) warnings.push(problem('staleReview', { file: article.sourcePath, line: article.reviewedLine }, { reviewed: article.lastReviewed, months: maxAgeMonths }));
    // Figures come in the order the body first quotes them, so the line is that of the first quote of a figure that is over.
    if (figuresOver.length > 0) warnings.push(problem('figureYearOver', { file: article.sourcePath, line: figuresOver[0]?.line }, { figures: figuresOver.map((figure) => `${figure.name} (${figure.value}, ${figure.year})`).join(', ') }));
    const behind = translationWarning(article);
    if (behind !== undefined) warnings.push(behind);
    return warnings;
  });
}

/**
 * @param site the identity, with the handouts' review day when it gives one
 * @param today the build's day
 */
export function handoutsFreshnessWarnings(site: Pick<SiteIdentity, 'handoutsLastReviewed' | 'handoutsReviewedLine' | 'reviewMaxAgeMonths' | 'sourcePath'>, today: CalendarDay): ContentDiagnostic[] {
  const reviewed = site.handoutsLastReviewed;
  if (reviewed !== undefined && reviewed > today) return [problem('futureDate', { file: site.sourcePath, line: site.handoutsReviewedLine }, { field: 'handoutsLastReviewed', day: reviewed, today })];
  if (reviewed === undefined || !reviewIsOld(reviewed, site.reviewMaxAgeMonths, today)) return [];
  return [problem('staleHandouts', { file: site.sourcePath, line: site.handoutsReviewedLine }, { reviewed, months: site.reviewMaxAgeMonths })];
}
