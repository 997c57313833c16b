/**
 * What a reader is told when a page may be out of date (HONcode:
 * dated, current information): an article whose last review is as old as the
 * site allows, or which quotes a Medicare figure whose year is over; the
 * handouts, when their review is that old.
 *
 * One source of the rule and of the notice's shape, used twice: by the build,
 * which writes the notice into the page when it already knows (so it shows
 * without JavaScript), and by the widget script, which adds the same notice
 * from the reader's own date when the site was built earlier (a site nobody
 * rebuilt still tells the truth). The words come from the page's language's
 * catalogue (templates/messages/), the same for both. The page carries the
 * facts for the script as data attributes (`freshnessAttributes`). Bundled
 * into the browser script: no Node imports here.
 */
import { monthsBetween, type CalendarDay } from './calendar-day.ts';

/** Whether a review on `reviewed` is as old as the site allows on `today`: from 2025-10-17, old on 2026-10-17 at 12 months. */
export function reviewIsOld(reviewed: CalendarDay, maxAgeMonths: number, today: CalendarDay): boolean {
  return monthsBetween(reviewed, today) >= maxAgeMonths;
}

/** Whether a figure's year is over on `today`: a 2025 amount is over from January 1, 2026. */
export function yearIsOver(year: number, today: CalendarDay): boolean {
  return year < Number(today.slice(0, 4));
}

/** What a notice is about: one article, or the handouts of the education page. */
export type NoticeSubject = 'article' | 'handouts';

/** The facts a notice is decided from, as the page carries them. */
export interface NoticeFacts {
  subject: NoticeSubject;
  /** The day of the last review. */
  reviewed: CalendarDay;
  /** How long a review stays current (site.md's `reviewMaxAgeMonths`). */
  maxAgeMonths: number;
  /** The years of the Medicare figures the article quotes, each once, in order. */
  figureYears: readonly number[];
}

/**
 * A notice as a few pieces of text, rendered by the page template (React)
 * and by the widget script (DOM) alike: plain text, the lead sentence, the
 * review's day, and a link.
 */
export type NoticePart = { kind: 'lead' | 'text'; text: string } | { kind: 'day'; day: CalendarDay; text: string } | { kind: 'link'; href: string; text: string };

export interface Notice {
  /** `figures` when a quoted figure's year is over (the notice then says so), else `review`; a `figures` notice says more than a `review` one. */
  kind: 'review' | 'figures';
  parts: NoticePart[];
}

/** A sentence of a notice as a language says it: its text, with the parts it is given (the review's day, a link) where that language puts them. */
type Sentence = readonly (string | NoticePart)[];

/** A notice's words, from a language's catalogue (templates/messages/). */
export interface NoticeWords {
  dates: { long: (day: CalendarDay) => string };
  notices: {
    article: { lead: string; reviewed: (parts: { day: NoticePart }) => Sentence; figuresOver: (parts: { day: NoticePart; medicare: NoticePart }) => Sentence };
    handouts: { lead: string; reviewed: (parts: { day: NoticePart }) => Sentence };
    /** Where a reader finds this year's Medicare amounts. */
    medicare: { text: string; href: string };
  };
}

/** The lead sentence, then the rest, its plain text as text parts. */
function noticeParts(lead: string, sentence: Sentence): NoticePart[] {
  return [{ kind: 'lead', text: lead }, ...sentence.map((piece): NoticePart => (typeof piece === 'string' ? { kind: 'text', text: piece } : piece))];
}

/**
 * The notice a page shows on `today`, or undefined when it is current.
 *
 * @param facts what the page says of its review and figures
 * @param today the build's day, or the reader's
 * @param words the page's language's
 */
export function freshnessNotice(facts: NoticeFacts, today: CalendarDay, words: NoticeWords): Notice | undefined {
  const figuresOver = facts.subject === 'article' && facts.figureYears.some((year) => yearIsOver(year, today));
  if (!figuresOver && !reviewIsOld(facts.reviewed, facts.maxAgeMonths, today)) return undefined;
  const { notices } = words;
  const day: NoticePart = { kind: 'day', day: facts.reviewed, text: words.dates.long(facts.reviewed) };
  if (facts.subject === 'handouts') return { kind: 'review', parts: noticeParts(notices.handouts.lead, notices.handouts.reviewed({ day })) };
  if (!figuresOver) return { kind: 'review', parts: noticeParts(notices.article.lead, notices.article.reviewed({ day })) };
  const medicare: NoticePart = { kind: 'link', ...notices.medicare };
  return { kind: 'figures', parts: noticeParts(notices.article.lead, notices.article.figuresOver({ day, medicare })) };
}

/** Whether `notice` says more than a notice of kind `shown` (the one already in the page), or there is none. */
export function saysMore(notice: Notice, shown: string | undefined): boolean {
  const rank = (kind: string | undefined) => (kind === 'figures' ? 2 : kind === 'review' ? 1 : 0);
  return rank(notice.kind) > rank(shown);
}

/** The class and marker of a notice's element, shared by the template and the script. */
export const NOTICE_CLASS = 'freshness-notice';
export const NOTICE_MARKER = 'data-freshness-notice';
/** The attribute that marks an element carrying a notice's facts. */
export const FACTS_MARKER = 'data-freshness';

/**
 * The facts as the page carries them, on the element the notice belongs to:
 * `data-freshness="article" data-reviewed="2025-10-17" data-review-months="12"
 * data-figure-years="2025 2026"`.
 */
export function freshnessAttributes(facts: NoticeFacts): Record<string, string> {
  return {
    [FACTS_MARKER]: facts.subject,
    'data-reviewed': facts.reviewed,
    'data-review-months': String(facts.maxAgeMonths),
    ...(facts.figureYears.length > 0 ? { 'data-figure-years': facts.figureYears.join(' ') } : {}),
  };
}

/**
 * The facts read back from an element's data attributes (`element.dataset`),
 * or undefined when they are missing or malformed.
 */
export function readFreshnessAttributes(data: Readonly<Record<string, string | undefined>>): NoticeFacts | undefined {
  const subject = data.freshness;
  // The build wrote the day; its shape is enough to check here, which keeps the full reader of days out of the widget script.
  const reviewed = /^\d{4}-\d{2}-\d{2}$/.test(data.reviewed ?? '') ? (data.reviewed as CalendarDay) : null;
  const maxAgeMonths = Number(data.reviewMonths);
  const figureYears = (data.figureYears ?? '').split(' ').filter((year) => year !== '').map(Number);
  if ((subject !== 'article' && subject !== 'handouts') || reviewed === null || !Number.isInteger(maxAgeMonths) || maxAgeMonths < 1 || figureYears.some((year) => !Number.isInteger(year))) return undefined;
  return { subject, reviewed, maxAgeMonths, figureYears };
}
