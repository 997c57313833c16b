/**
 * Whether an article may be out of date (HONcode: dated, current
 * information): its last review is older than the site allows, or it quotes
 * a figure whose year is over. The build warns the author, and the page
 * tells the reader (`lib/review-notice.ts`, the same rule).
 */
import type { CalendarDay } from '../lib/calendar-day.ts';
import { reviewIsOld, yearIsOver } from '../lib/review-notice.ts';
import type { Article, QuotedFigure } from './types.ts';

export interface Freshness<F extends QuotedFigure> {
  /** True when the last review is `maxAgeMonths` or more ago. */
  reviewIsOld: boolean;
  /** The figures quoted for a year that is over, in the article's order. */
  figuresOver: F[];
}

/**
 * @param article the article, with the figures its body quotes
 * @param maxAgeMonths how long a review stays current (site.md's reviewMaxAgeMonths)
 * @param today the day to measure from
 */
export function freshnessOf<F extends QuotedFigure>(article: Pick<Article, 'lastReviewed'> & { figures: readonly F[] }, maxAgeMonths: number, today: CalendarDay): Freshness<F> {
  return { reviewIsOld: reviewIsOld(article.lastReviewed, maxAgeMonths, today), figuresOver: article.figures.filter((figure) => yearIsOver(figure.year, today)) };
}
