import { contentError, contentWarning, type ContentDiagnostic } from '../diagnostics.ts';
import type { ParsedSource } from '../parse.ts';

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
export function textField(parsed: ParsedSource, key: string, diagnostics: ContentDiagnostic[]): string | undefined {
  const value = parsed.attributes[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && !(value instanceof Date)) {
    diagnostics.push(
      contentError(parsed.file, parsed.fields.get(key)?.line, 'invalid-field', `'${key}' must be plain text, not a list or a group of fields.`, `Write it on one line, as '${key}: your text'.`),
    );
    return undefined;
  }
  const text = typeof value === 'string' ? value : (parsed.fields.get(key)?.raw ?? scalarText(value));
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Warns about front-matter keys the site does not use, which are most often
 * typos (`tittle:`) that would otherwise silently fall back to a default.
 */
export function warnUnknownFields(parsed: ParsedSource, known: readonly string[], diagnostics: ContentDiagnostic[]): void {
  for (const [key, location] of parsed.fields) {
    if (known.includes(key)) continue;
    diagnostics.push(
      contentWarning(parsed.file, location.line, 'unknown-field', `'${key}' is not a field this file uses, so it is ignored.`, `Check the spelling; the fields are: ${known.join(', ')}.`),
    );
  }
}
