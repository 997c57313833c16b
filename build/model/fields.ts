/** Reading front-matter fields as the author wrote them. */
import { problem, type ContentDiagnostic, type Place } from '../diagnostics/index.ts';
import { dayWrittenOtherwise } from '../lib/calendar-day.ts';
import type { ParsedSource } from '../parse/index.ts';

/**
 * The text of a parsed YAML scalar; lists and mappings, which no field
 * accepts, are shown as JSON in messages.
 */
export function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * The trimmed text of a value inside a list or group (a source's title, a
 * figure's value); an empty one (`title:` with nothing after it) is no text,
 * not the word "null".
 */
export function nestedText(value: unknown): string {
  return value === undefined || value === null ? '' : scalarText(value).trim();
}

/**
 * Reads a front-matter field as text. YAML turns some text into other types
 * (`title: 2025` is a number, `title: 2025-10-17` a date), so for scalars the
 * text the author wrote on the line is used; a list or mapping is an error.
 *
 * @returns the trimmed text, or `undefined` when the field is absent or empty
 */
export function textField(parsed: ParsedSource, key: string, report: (diagnostic: ContentDiagnostic) => void): string | undefined {
  const value = parsed.attributes[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && !(value instanceof Date)) {
    report(problem('fieldNotText', { file: parsed.file, line: parsed.fields.get(key)?.line }, { field: key }));
    return undefined;
  }
  const text = typeof value === 'string' ? value : (parsed.fields.get(key)?.raw ?? scalarText(value));
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Warns about front-matter keys the site does not use, which are most often
 * typos (`tittle:`) that would otherwise silently fall back to a default.
 *
 * @param refused keys already reported as errors, which a warning would only repeat
 */
export function warnUnknownFields(parsed: ParsedSource, known: readonly string[], report: (diagnostic: ContentDiagnostic) => void, refused: ReadonlySet<string> = new Set()): void {
  for (const [key, location] of parsed.fields) {
    if (!known.includes(key) && !refused.has(key)) report(problem('unknownField', { file: parsed.file, line: location.line }, { field: key, known }));
  }
}

/** A whole value between typographic quotes: an editor's smart quotes, which YAML keeps as part of the text, where straight ones would have been taken away. */
const CURLY_WRAPPED = /^[“‘„][\s\S]*[”’“]$/;

/**
 * Warns of each of these fields written between curly quotes, which the site
 * would show (or, for an image, look for in the file's name).
 *
 * @param images the fields among them that name an image
 */
export function warnCurlyQuotes(parsed: ParsedSource, fields: readonly string[], report: (diagnostic: ContentDiagnostic) => void, images: readonly string[] = []): void {
  for (const field of fields) {
    const value = parsed.attributes[field];
    if (typeof value === 'string' && CURLY_WRAPPED.test(value.trim())) report(problem('curlyQuotes', { file: parsed.file, line: parsed.fields.get(field)?.line }, { field, written: value.trim(), image: images.includes(field) }));
  }
}

/**
 * The problem of a date that is not a calendar day: in another form
 * (`11/28/2026`), the form to write with the day it would be; else not a day.
 */
export function invalidDateProblem(at: Place, field: string, written: string): ContentDiagnostic {
  const day = dayWrittenOtherwise(written);
  return day === null ? problem('invalidDate', at, { field, written }) : problem('dateOtherFormat', at, { field, written, day });
}
