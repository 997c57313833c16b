/** Warnings about articles that may be out of date: an old review, or a figure whose year is over. */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { CalendarDay } from '../lib/calendar-day.ts';
import { freshnessOf } from '../model/freshness.ts';
import type { ArticleWithBody } from '../model/index.ts';

/**
 * @param articles the articles being published
 * @param maxAgeMonths how long a review stays current
 * @param today the build's day
 */
export function freshnessWarnings(articles: readonly ArticleWithBody[], maxAgeMonths: number, today: CalendarDay): ContentDiagnostic[] {
  return articles.flatMap((article) => {
    const { reviewIsOld, figuresOver } = freshnessOf(article, maxAgeMonths, today);
    const at = { file: article.sourcePath };
    const warnings: ContentDiagnostic[] = [];
    if (reviewIsOld) warnings.push(problem('staleReview', at, { reviewed: article.lastReviewed, months: maxAgeMonths }));
    if (figuresOver.length > 0) warnings.push(problem('figureYearOver', at, { figures: figuresOver.map((figure) => `${figure.name} (${figure.value}, ${figure.year})`).join(', ') }));
    return warnings;
  });
}
