import path from 'node:path';
import { DEFAULT_DATE, DEFAULT_TITLE } from '../config.ts';
import { contentError, contentWarning, type ContentDiagnostic } from '../diagnostics.ts';
import { calendarDayOfUTCDate, monthsBetween, parseCalendarDay, type CalendarDay } from '../lib/calendar-day.ts';
import { readingMinutes } from '../lib/reading-time.ts';
import { mapByPlace, memoByIdentity, memoLastCall, pickedByPlace, sameItems } from '../lib/memo.ts';
import { fileNameSlug, toSlug } from '../lib/slug.ts';
import { renderMarkdown, type MarkdownDocument } from '../markdown/index.ts';
import type { ParsedSource } from '../parse.ts';
import type { Article, ArticleAlias, ArticleSource } from '../types.ts';
import { nestedText, scalarText, textField, warnUnknownFields } from './fields.ts';
import { figureValues, type Figure } from './figures.ts';

/** The front-matter fields of an article (spec §3 Article). */
export const ARTICLE_FIELDS = ['title', 'summary', 'date', 'draft', 'author', 'reviewedBy', 'lastReviewed', 'sources'] as const;

/** Articles live under `/insights/{slug}` (spec §2). */
export function articleUrl(slug: string): string {
  return `/insights/${slug}`;
}

/**
 * `draft` is true for the YAML boolean `true` and the text `true`; any other
 * value, or none, means published (DECISIONS.md "draft").
 */
export function isDraft(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * A calendar-day field, or `undefined` when it is absent. The text written on
 * the line is read, not the parsed value, because YAML rolls `2025-02-30` over
 * to March 2.
 */
function readDay(parsed: ParsedSource, key: 'date' | 'lastReviewed', diagnostics: ContentDiagnostic[]): CalendarDay | undefined {
  const value = parsed.attributes[key];
  if (value === undefined || value === null || value === '') return undefined;
  const location = parsed.fields.get(key);
  const written = location?.raw ?? scalarText(value);
  const day = location === undefined && value instanceof Date ? calendarDayOfUTCDate(value) : parseCalendarDay(written);
  if (day) return day;
  diagnostics.push(
    contentError(parsed.file, location?.line, 'invalid-date', `'${key}' is not a real calendar day: "${written}".`, 'Write the date as YYYY-MM-DD, for example 2025-10-17, and check the month and day exist.'),
  );
  return undefined;
}

/** The `sources:` list: each an outside page with a title and a web address. */
function readSources(parsed: ParsedSource, diagnostics: ContentDiagnostic[]): ArticleSource[] {
  const value = parsed.attributes.sources;
  if (value === undefined || value === null) return [];
  const line = parsed.fields.get('sources')?.line;
  const hint = 'Write each source as "- title: …" with "url: https://…" under it, indented below "sources:".';
  if (!Array.isArray(value)) {
    diagnostics.push(contentError(parsed.file, line, 'invalid-field', "'sources' must be a list.", hint));
    return [];
  }
  const sources: ArticleSource[] = [];
  for (const [index, item] of (value as unknown[]).entries()) {
    const fields = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const title = nestedText(fields.title);
    const url = nestedText(fields.url);
    if (title === '' || !/^https?:\/\/\S+$/i.test(url)) {
      diagnostics.push(contentError(parsed.file, line, 'invalid-field', `Source ${index + 1} needs a title and a web address starting with https:// (got "${title}", "${url}").`, hint));
      continue;
    }
    sources.push({ title, url });
  }
  return sources;
}

/** The address an article gets: its title's slug, or its file name's when the title has no letter or digit. */
function articleSlug(parsed: ParsedSource): { slug: string; fileSlug: string } {
  const fileSlug = fileNameSlug(path.basename(parsed.file));
  return { slug: toSlug(textField(parsed, 'title', []) ?? DEFAULT_TITLE) || fileSlug, fileSlug };
}

/** An article's body and the page it is shown on: what the markdown stage needs to process it. */
export function articleMarkdown(parsed: ParsedSource): { body: string; pageUrl: string } {
  return { body: parsed.body, pageUrl: articleUrl(articleSlug(parsed).slug) };
}

/**
 * Builds one article from its parsed file: defaults for a missing title or
 * date, the draft flag, slugs, and reading time from the body's plain text.
 *
 * @param parsed the article file, split into front matter and body
 * @param diagnostics where problems are reported
 * @param figures the site's year-bound figures, which the body may quote by name
 * @param document the body, processed for {@link articleMarkdown}'s page with these figures; processed here when not given
 * @returns the article, or `undefined` when it cannot have an address
 */
export function modelArticle(parsed: ParsedSource, diagnostics: ContentDiagnostic[], figures: ReadonlyMap<string, Figure> = new Map(), document?: MarkdownDocument): Article | undefined {
  warnUnknownFields(parsed, ARTICLE_FIELDS, diagnostics);
  const title = textField(parsed, 'title', diagnostics) ?? DEFAULT_TITLE;
  const { slug, fileSlug } = articleSlug(parsed);
  if (slug === '') {
    diagnostics.push(
      contentError(parsed.file, parsed.fields.get('title')?.line, 'empty-slug', 'Neither the title nor the file name contains a letter or digit to build the address from.', 'Give the file a name made of letters and digits, for example knee-pain.md.'),
    );
    return undefined;
  }
  const body = document ?? renderMarkdown(parsed.body, articleUrl(slug), { figures: figureValues(figures), imageSizes: new Map() });
  for (const { name, line } of body.unknownFigures) {
    diagnostics.push(contentError(parsed.file, line === undefined ? undefined : parsed.bodyStartLine + line - 1, 'unknown-figure', `There is no figure called {{${name}}}.`, `Check the spelling, or add it to content/medicare-figures.yaml. The figures are: ${[...figures.keys()].join(', ') || 'none yet'}.`));
  }
  const quoted = body.figuresUsed.map((name) => figures.get(name) as Figure);
  const sources = readSources(parsed, diagnostics);
  for (const figure of quoted) if (!sources.some((source) => source.url === figure.source.url)) sources.push(figure.source);
  const date = readDay(parsed, 'date', diagnostics) ?? DEFAULT_DATE;
  return {
    sourcePath: parsed.file,
    slug,
    fileSlug,
    url: articleUrl(slug),
    title,
    summary: textField(parsed, 'summary', diagnostics) ?? '',
    date,
    draft: isDraft(parsed.attributes.draft),
    author: textField(parsed, 'author', diagnostics),
    reviewedBy: textField(parsed, 'reviewedBy', diagnostics),
    lastReviewed: readDay(parsed, 'lastReviewed', diagnostics) ?? date,
    sources,
    figures: quoted.map(({ name, value, year }) => ({ name, value, year })),
    wordCount: body.wordCount,
    readingMinutes: readingMinutes(body.wordCount),
    body,
    bodyStartLine: parsed.bodyStartLine,
  };
}

/** The day an article last changed: its review, or its date if that is later. */
export function lastChanged(article: Article): CalendarDay {
  return article.lastReviewed > article.date ? article.lastReviewed : article.date;
}

/** The latest {@link lastChanged} of a list of articles (ISO days compare as text), or undefined for none. */
export function newestChange(articles: readonly Article[]): CalendarDay | undefined {
  let newest: CalendarDay | undefined;
  for (const article of articles) {
    const day = lastChanged(article);
    if (newest === undefined || day > newest) newest = day;
  }
  return newest;
}

/** Newest first; same-day articles by title, then address, so the order never depends on file order. */
export function compareNewestFirst(a: Article, b: Article): number {
  // ISO days sort as text; only a tie needs the (slower) comparison of titles by locale.
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug);
}

/** The fields that decide which articles a build shows, in what order, and at which addresses. */
function sameSelectionFields(a: Article, b: Article): boolean {
  return a.sourcePath === b.sourcePath && a.draft === b.draft && a.date === b.date && a.title === b.title && a.slug === b.slug && a.fileSlug === b.fileSlug;
}

/**
 * The selection as places in the list given: read only from the fields that
 * decide it, so that an edit to a body, which makes its article a new
 * object, does not sort 10,000 articles again.
 */
const selectionPlaces = memoLastCall((all: readonly Article[], includeDrafts: boolean) => {
  const shown = all.flatMap((article, index) => (includeDrafts || !article.draft ? [index] : [])).sort((a, b) => compareNewestFirst(all[a] as Article, all[b] as Article));
  const diagnostics: ContentDiagnostic[] = [];
  const owners = new Map<string, Article>();
  const claim = (slug: string, article: Article, how: string): boolean => {
    const owner = owners.get(slug);
    if (owner === undefined) {
      owners.set(slug, article);
      return true;
    }
    diagnostics.push(
      contentError(article.sourcePath, undefined, 'duplicate-slug', `This article's ${how} gives the address ${articleUrl(slug)}, which ${owner.sourcePath} already has.`, 'Change the title of one of the two articles, or rename one of the files.'),
    );
    return false;
  };
  for (const index of shown) claim((all[index] as Article).slug, all[index] as Article, 'title');
  const aliases: number[] = [];
  for (const index of shown) {
    const article = all[index] as Article;
    if (article.fileSlug === '' || article.fileSlug === article.slug) continue;
    if (claim(article.fileSlug, article, 'file name')) aliases.push(index);
  }
  return { shown, aliases, diagnostics };
}, sameItems(sameSelectionFields));

/**
 * The articles a build shows, newest first, and the file-name addresses that
 * redirect to them. Drafts are left out unless asked for (spec §4). Two
 * addresses that would collide are an error naming both files.
 *
 * @param all every article of the content folder
 * @param includeDrafts true only for the author's local preview (`--drafts`)
 */
export function selectArticles(
  all: readonly Article[],
  includeDrafts: boolean,
): { articles: readonly Article[]; aliases: readonly ArticleAlias[]; diagnostics: ContentDiagnostic[] } {
  const { shown, aliases, diagnostics } = selectionPlaces(all, includeDrafts);
  return { articles: shownArticles(all, shown), aliases: aliasesOf(aliasedArticles(all, aliases)), diagnostics };
}

const shownArticles = pickedByPlace<Article>();
const aliasedArticles = pickedByPlace<Article>();

/** Each redirect once per article object, so that an unchanged article's redirect page is known at a glance. */
const aliasesOf = mapByPlace(memoByIdentity((article: Article): ArticleAlias => ({ url: articleUrl(article.fileSlug), article })));

/**
 * Warns about an article whose last review is older than the site allows
 * (`reviewMaxAgeMonths` in site.md, 12 by default): health information must
 * say when it was checked, and be checked again.
 *
 * @param article an article being published
 * @param maxAgeMonths the longest a review stays current
 * @param today the build's calendar day
 */
export function staleReview(article: Article, maxAgeMonths: number, today: CalendarDay): ContentDiagnostic | undefined {
  if (monthsBetween(article.lastReviewed, today) < maxAgeMonths) return undefined;
  return contentWarning(
    article.sourcePath,
    undefined,
    'stale-review',
    `This article was last reviewed on ${article.lastReviewed}, more than ${maxAgeMonths} months ago.`,
    "Check that it is still accurate, then set 'lastReviewed:' to today's date.",
  );
}
