/** Each article file made into an article: defaults, dates, slugs, sources (spec §3 Article). */
import path from 'node:path';
import { DEFAULT_DATE, DEFAULT_TITLE, MAX_SLUG_LENGTH } from '../config.ts';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { closestName } from '../lib/closest-name.ts';
import { calendarDayOfUTCDate, parseCalendarDay, type CalendarDay } from '../lib/calendar-day.ts';
import { firstFigureName } from '../lib/figure-token.ts';
import { addressIn, DEFAULT_LANGUAGE, fileLanguage, type Language } from '../lib/languages.ts';
import { fileNameSlug, toSlug } from '../lib/slug.ts';
import { translationMarkerLine } from '../lib/translation-marker.ts';
import { articleVersions, readPartVersions } from '../lib/translation-version.ts';
import type { ParsedSource } from '../parse/index.ts';
import { invalidDateProblem, nestedText, scalarText, textField, warnCurlyQuotes, warnUnknownFields } from './fields.ts';
import type { Article, ArticleSource, BylineField } from './types.ts';

/** The front-matter fields of an article (spec §3 Article). */
export const ARTICLE_FIELDS = ['title', 'summary', 'date', 'draft', 'author', 'reviewedBy', 'lastReviewed', 'translatedBy', 'translationReviewedBy', 'sources', 'translatedFrom'] as const;

/** The fields that name who translated an article and who checked the translation: they mean something on a translation only. */
export const TRANSLATION_CREDITS = ['translatedBy', 'translationReviewedBy'] as const satisfies readonly BylineField[];

/** The fields that name a person, each read as the others are: shown as written, warned of when still the sample's. */
export const BYLINE_FIELDS = ['author', 'reviewedBy', ...TRANSLATION_CREDITS] as const satisfies readonly BylineField[];

type Report = (diagnostic: ContentDiagnostic) => void;

/** Articles live under `/insights/{slug}` (spec §2), in their language's folder (DECISIONS.md "Languages"). */
export function articleUrl(slug: string, language: Language = DEFAULT_LANGUAGE): string {
  return addressIn(language, `/insights/${slug}`);
}

/**
 * `draft` is true for the YAML boolean `true` and the text `true` (DECISIONS.md "draft").
 */
export function isDraft(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The values of `draft` that plainly mean published: false, or no `draft` field at all. */
const PUBLISHED_VALUES: readonly unknown[] = [false, 'false', undefined];

/**
 * The draft flag. A value that is neither true nor false (`yes`, `1`, none
 * after the colon) is an error, not the published article DECISIONS.md once
 * made of it: a slip about publishing must stop the build rather than put an
 * unfinished article in front of patients.
 */
function readDraft(parsed: ParsedSource, report: Report): boolean {
  const value = parsed.attributes.draft;
  if (isDraft(value)) return true;
  if (!PUBLISHED_VALUES.includes(value)) {
    const location = parsed.fields.get('draft');
    report(problem('unclearDraft', { file: parsed.file, line: location?.line }, { written: location?.raw ?? scalarText(value ?? '') }));
  }
  return false;
}

/**
 * Refuses a `draft` field written any other way (`Draft:`, `drafts:`,
 * `darft:`, `draft :`): YAML would read it as another field, or the author
 * meant it as this one, and a draft would be published.
 *
 * @returns the keys refused, which are not warned of again as unknown
 */
function refuseMisspeltDraft(parsed: ParsedSource, report: Report): Set<string> {
  const refused = new Set<string>();
  for (const [key, location] of parsed.fields) {
    const misspelt = key === 'draft' ? location.writtenKey !== 'draft:' : closestName(key, ARTICLE_FIELDS) === 'draft';
    if (!misspelt) continue;
    refused.add(key);
    report(problem('misspeltDraft', { file: parsed.file, line: location.line }, { written: location.writtenKey }));
  }
  return refused;
}

/**
 * A calendar-day field, or `undefined` when it is absent. The text written on
 * the line is read, not the parsed value, because YAML rolls `2025-02-30` over
 * to March 2.
 */
function readDay(parsed: ParsedSource, key: 'date' | 'lastReviewed', report: Report): CalendarDay | undefined {
  const value = parsed.attributes[key];
  if (value === undefined || value === null || value === '') return undefined;
  const location = parsed.fields.get(key);
  const written = location?.raw ?? scalarText(value);
  const day = location === undefined && value instanceof Date ? calendarDayOfUTCDate(value) : parseCalendarDay(written);
  if (day) return day;
  report(invalidDateProblem({ file: parsed.file, line: location?.line }, key, written));
  return undefined;
}

/** The `sources:` list: each an outside page with a title and a web address. */
function readSources(parsed: ParsedSource, report: Report): ArticleSource[] {
  const value = parsed.attributes.sources;
  if (value === undefined || value === null) return [];
  const at = { file: parsed.file, line: parsed.fields.get('sources')?.line };
  if (!Array.isArray(value)) {
    report(problem('sourcesNotList', at));
    return [];
  }
  const sources: ArticleSource[] = [];
  for (const [index, item] of (value as unknown[]).entries()) {
    const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const title = nestedText(fields.title);
    const url = nestedText(fields.url);
    if (title !== '' && /^https?:\/\/\S+$/i.test(url)) sources.push({ title, url });
    else report(problem('sourceIncomplete', at, { position: index + 1, title, url }));
  }
  return sources;
}

/** The article's address, or undefined (reported) when it cannot have one. */
function readSlugs(parsed: ParsedSource, title: string, report: Report): { slug: string; fileSlug: string } | undefined {
  // A translation's file name is its original's, which a link to either language's file-name address gives.
  const fileSlug = fileNameSlug(path.basename(fileLanguage(parsed.file).original));
  const slug = toSlug(title) || fileSlug;
  const at = { file: parsed.file, line: parsed.fields.get('title')?.line };
  if (slug === '') report(problem('emptySlug', at));
  else if (slug.length > MAX_SLUG_LENGTH) report(problem('slugTooLong', at, { length: slug.length, limit: MAX_SLUG_LENGTH }));
  else return { slug, fileSlug: fileSlug.length > MAX_SLUG_LENGTH ? '' : fileSlug };
  return undefined;
}

/** The fields a page shows as written: a `{{figure}}` there would be shown with its braces. */
const SHOWN_AS_WRITTEN = ['title', 'summary', ...BYLINE_FIELDS] as const;

function refuseFiguresInFields(parsed: ParsedSource, report: Report): void {
  for (const field of SHOWN_AS_WRITTEN) {
    const value = parsed.attributes[field];
    const name = typeof value === 'string' ? firstFigureName(value) : undefined;
    if (name !== undefined) report(problem('figureOutsideText', { file: parsed.file, line: parsed.fields.get(field)?.line }, { field, name }));
  }
}

/** The line of each field that names a person. */
function bylineLines(parsed: ParsedSource): Article['bylineLines'] {
  const line = (field: BylineField) => parsed.fields.get(field)?.line;
  return { author: line('author'), reviewedBy: line('reviewedBy'), translatedBy: line('translatedBy'), translationReviewedBy: line('translationReviewedBy') };
}

/** A published article must not still hold the line above English text left to translate (`npm run new -- --translate`). */
function refuseUnfinishedTranslation(parsed: ParsedSource, report: Report): void {
  const line = isDraft(parsed.attributes.draft) ? undefined : translationMarkerLine(parsed.body);
  if (line !== undefined) report(problem('translationUnfinished', { file: parsed.file, line: parsed.bodyStartLine + line - 1 }));
}

/** What a translation records of the version of its original it was made from; an original's record is no translation's, and is not read. */
function readTranslatedFrom(parsed: ParsedSource, language: Language): Article['translatedFrom'] {
  const value = parsed.attributes.translatedFrom;
  if (language === DEFAULT_LANGUAGE || value === undefined || value === null) return undefined;
  return readPartVersions(value) ?? 'unreadable';
}

/**
 * Builds one article from its parsed file: defaults for a missing title or
 * date (spec §3), the draft flag, its addresses and its sources.
 *
 * @returns the article, or `undefined` when it cannot have an address
 */
export function modelArticle(parsed: ParsedSource, report: Report): Article | undefined {
  if (parsed.head === '') report(problem('noFrontMatter', { file: parsed.file, line: 1 }));
  warnUnknownFields(parsed, ARTICLE_FIELDS, report, refuseMisspeltDraft(parsed, report));
  // A title or summary may be a quotation; a date, a name or a flag between curly quotes never is.
  warnCurlyQuotes(parsed, ['date', 'draft', ...BYLINE_FIELDS, 'lastReviewed'], report);
  refuseFiguresInFields(parsed, report);
  refuseUnfinishedTranslation(parsed, report);
  const title = textField(parsed, 'title', report) ?? DEFAULT_TITLE;
  const slugs = readSlugs(parsed, title, report);
  if (slugs === undefined) return undefined;
  const date = readDay(parsed, 'date', report) ?? DEFAULT_DATE;
  const { language, original } = fileLanguage(parsed.file);
  const article = {
    sourcePath: parsed.file,
    language,
    original,
    ...slugs,
    url: articleUrl(slugs.slug, language),
    title,
    summary: textField(parsed, 'summary', report) ?? '',
    date,
    draft: readDraft(parsed, report),
    author: textField(parsed, 'author', report),
    reviewedBy: textField(parsed, 'reviewedBy', report),
    lastReviewed: readDay(parsed, 'lastReviewed', report) ?? date,
    translatedBy: textField(parsed, 'translatedBy', report),
    translationReviewedBy: textField(parsed, 'translationReviewedBy', report),
    sources: readSources(parsed, report),
    body: parsed.body,
    bodyDigest: parsed.bodyDigest,
    bodyStartLine: parsed.bodyStartLine,
    titleLine: parsed.fields.get('title')?.line,
    summaryLine: parsed.fields.get('summary')?.line,
    sourcesLine: parsed.fields.get('sources')?.line,
    dateLine: parsed.fields.get('date')?.line,
    reviewedLine: (parsed.fields.get('lastReviewed') ?? parsed.fields.get('date'))?.line,
    bylineLines: bylineLines(parsed),
    translatedFrom: readTranslatedFrom(parsed, language),
    translatedFromLine: parsed.fields.get('translatedFrom')?.line,
  };
  // Its standing is known once every article is read: its original is another file (model/languages.ts).
  return { ...article, versions: articleVersions(article), standing: undefined };
}

/** The day an article last changed: its review, or its date if that is later. */
export function lastChanged(article: Pick<Article, 'date' | 'lastReviewed'>): CalendarDay {
  return article.lastReviewed > article.date ? article.lastReviewed : article.date;
}

/** The latest {@link lastChanged} of a list of articles (ISO days compare as text), or undefined for none. */
export function newestChange(articles: readonly Pick<Article, 'date' | 'lastReviewed'>[]): CalendarDay | undefined {
  let newest: CalendarDay | undefined;
  for (const article of articles) {
    const day = lastChanged(article);
    if (newest === undefined || day > newest) newest = day;
  }
  return newest;
}

/**
 * An article as JSON for the key of a file that shows it, without its
 * markdown: the key of the body's document stands for that, and names what
 * the body became on the page as well.
 */
export function articleJson(article: Article): string {
  return JSON.stringify(article, (field, value: unknown) => (field === 'body' ? undefined : value));
}
