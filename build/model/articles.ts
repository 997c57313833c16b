import path from 'node:path';
import { DEFAULT_DATE, DEFAULT_TITLE } from '../config.ts';
import { contentError, type ContentDiagnostic } from '../diagnostics.ts';
import { calendarDayOfUTCDate, parseCalendarDay, type CalendarDay } from '../lib/calendar-day.ts';
import { countWords, readingMinutes } from '../lib/reading-time.ts';
import { fileNameSlug, toSlug } from '../lib/slug.ts';
import { parseMarkdown } from '../markdown/index.ts';
import type { ParsedSource } from '../parse.ts';
import type { Article, ArticleAlias } from '../types.ts';
import { scalarText, textField, warnUnknownFields } from './fields.ts';

/** The front-matter fields of an article (spec §3 Article). */
export const ARTICLE_FIELDS = ['title', 'summary', 'date', 'draft', 'author'] as const;

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
 * The article's calendar day. The text written on the `date:` line is read,
 * not the parsed value, because YAML rolls `2025-02-30` over to March 2.
 */
function readDate(parsed: ParsedSource, diagnostics: ContentDiagnostic[]): CalendarDay {
  const value = parsed.attributes.date;
  if (value === undefined || value === null || value === '') return DEFAULT_DATE;
  const location = parsed.fields.get('date');
  const written = location?.raw ?? scalarText(value);
  const day = location === undefined && value instanceof Date ? calendarDayOfUTCDate(value) : parseCalendarDay(written);
  if (day) return day;
  diagnostics.push(
    contentError(parsed.file, location?.line, 'invalid-date', `'date' is not a real calendar day: "${written}".`, 'Write the date as YYYY-MM-DD, for example 2025-10-17, and check the month and day exist.'),
  );
  return DEFAULT_DATE;
}

/**
 * Builds one article from its parsed file: defaults for a missing title or
 * date, the draft flag, slugs, and reading time from the body's plain text.
 *
 * @param parsed the article file, split into front matter and body
 * @param diagnostics where problems are reported
 * @returns the article, or `undefined` when it cannot have an address
 */
export function modelArticle(parsed: ParsedSource, diagnostics: ContentDiagnostic[]): Article | undefined {
  warnUnknownFields(parsed, ARTICLE_FIELDS, diagnostics);
  const title = textField(parsed, 'title', diagnostics) ?? DEFAULT_TITLE;
  const fileSlug = fileNameSlug(path.basename(parsed.file));
  // A title of symbols or of a script slugify cannot spell falls back to the file name's slug.
  const slug = toSlug(title) || fileSlug;
  if (slug === '') {
    diagnostics.push(
      contentError(parsed.file, parsed.fields.get('title')?.line, 'empty-slug', 'Neither the title nor the file name contains a letter or digit to build the address from.', 'Give the file a name made of letters and digits, for example knee-pain.md.'),
    );
    return undefined;
  }
  const body = parseMarkdown(parsed.body);
  const wordCount = countWords(body.plainText);
  return {
    sourcePath: parsed.file,
    slug,
    fileSlug,
    url: articleUrl(slug),
    title,
    summary: textField(parsed, 'summary', diagnostics) ?? '',
    date: readDate(parsed, diagnostics),
    draft: isDraft(parsed.attributes.draft),
    author: textField(parsed, 'author', diagnostics),
    wordCount,
    readingMinutes: readingMinutes(wordCount),
    body,
    bodyStartLine: parsed.bodyStartLine,
  };
}

/** Newest first; same-day articles by title, then address, so the order never depends on file order. */
export function compareNewestFirst(a: Article, b: Article): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug);
}

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
): { articles: Article[]; aliases: ArticleAlias[]; diagnostics: ContentDiagnostic[] } {
  const articles = all.filter((article) => includeDrafts || !article.draft).sort(compareNewestFirst);
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
  for (const article of articles) claim(article.slug, article, 'title');
  const aliases: ArticleAlias[] = [];
  for (const article of articles) {
    if (article.fileSlug === '' || article.fileSlug === article.slug) continue;
    if (claim(article.fileSlug, article, 'file name')) aliases.push({ url: articleUrl(article.fileSlug), article });
  }
  return { articles, aliases, diagnostics };
}
