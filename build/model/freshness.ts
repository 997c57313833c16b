/**
 * Whether an article may be out of date (HONcode: dated, current
 * information): its last review is older than the site allows, or it quotes
 * a figure whose year is over. The build warns the author, and the page
 * tells the reader.
 */
import { monthsBetween, type CalendarDay } from '../lib/calendar-day.ts';
import type { Article, QuotedFigure } from './types.ts';

export interface Freshness {
  /** True when the last review is `maxAgeMonths` or more ago. */
  reviewIsOld: boolean;
  /** The figures quoted for a year that is over. */
  figuresOver: QuotedFigure[];
}

/**
 * @param article the article, with the figures its body quotes
 * @param maxAgeMonths how long a review stays current (site.md's reviewMaxAgeMonths)
 * @param today the day to measure from
 */
export function freshnessOf(article: Pick<Article, 'lastReviewed'> & { figures: readonly QuotedFigure[] }, maxAgeMonths: number, today: CalendarDay): Freshness {
  const year = Number(today.slice(0, 4));
  return { reviewIsOld: monthsBetween(article.lastReviewed, today) >= maxAgeMonths, figuresOver: article.figures.filter((figure) => figure.year < year) };
}
