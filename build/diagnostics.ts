import path from 'node:path';

/**
 * Every content rule the build enforces, by stable id. The id is printed with
 * each message so that an author can search the README for it.
 */
export const RULES = {
  'unreadable-file': 'a content file could not be read',
  'invalid-encoding': 'a content file is not UTF-8 text',
  'invalid-front-matter': 'front matter is not valid YAML key: value lines',
  'invalid-field': 'a field has the wrong kind of value',
  'unknown-field': 'a field the site does not use, most often a misspelt one',
  'invalid-date': 'a date is not a real calendar day',
  'empty-slug': 'neither the title nor the file name gives a usable URL',
  'duplicate-slug': 'two articles would answer at the same URL',
  'missing-content': 'a required content file or folder is missing',
  'invalid-topic': 'an education topic is incomplete or malformed',
  'duplicate-anchor': 'two education sections would share one anchor',
  'missing-pdf': "a topic's handout PDF is not in assets/pdfs/",
  'invalid-site': 'the site identity file is incomplete or malformed',
  'missing-asset': 'a referenced image or file is not in assets/',
  'asset-collision': 'an asset would overwrite a generated page',
  'broken-link': 'a link points to a page or file the site does not have',
  'external-resource': 'an image would be loaded from another website',
  'draft-leak': 'a draft article shows up in the published output',
  'ignored-file': 'a file in the insights folder is not markdown and is skipped',
  'unused-asset': 'a PDF or image that no page links to',
  'stale-review': 'an article was last reviewed longer ago than the site allows',
  'invalid-pdf': 'a handout is not a PDF that can be opened',
  'invalid-image': 'an image a page shows cannot be decoded to make its AVIF and WebP copies',
  'pdf-without-title': 'a PDF has no title in its document properties',
  'invalid-figure': 'a year-bound figure is incomplete or malformed',
  'unknown-figure': 'an article quotes a figure that does not exist',
  'figure-year-over': 'an article quotes a figure whose year is over',
} as const;

export type RuleId = keyof typeof RULES;

/** One problem found in the content, located as precisely as we can. */
export interface ContentDiagnostic {
  /** Path of the file, as given to the build (relative to where it runs). */
  file: string;
  /** 1-based line, when the problem has one. */
  line?: number;
  ruleId: RuleId;
  /** What is wrong, in a sentence. */
  message: string;
  /** What to do about it. */
  hint: string;
  /** Errors stop the build; warnings are printed and the build goes on. */
  severity: 'error' | 'warning';
}

/** Builds an error diagnostic; the common case, so it gets the short name. */
export function contentError(
  file: string,
  line: number | undefined,
  ruleId: RuleId,
  message: string,
  hint: string,
): ContentDiagnostic {
  return { file, line, ruleId, message, hint, severity: 'error' };
}

/** Builds a warning, from the same parts as an error: printed, but the build goes on. */
export function contentWarning(...parts: Parameters<typeof contentError>): ContentDiagnostic {
  return { ...contentError(...parts), severity: 'warning' };
}

/** Orders diagnostics by file then line, so output does not depend on I/O timing. */
export function sortDiagnostics(diagnostics: readonly ContentDiagnostic[]): ContentDiagnostic[] {
  return [...diagnostics].sort((a, b) => byLocale.compare(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0));
}

/** The order of `localeCompare`, without making a collator for each comparison (thousands of warnings at 10,000 articles). */
const byLocale = new Intl.Collator();

/**
 * One line per diagnostic: `file:line rule message Hint: …`, the shape editors
 * and terminals turn into a clickable location.
 *
 * @param diagnostic the problem
 * @param cwd folder the path is shown relative to
 */
export function formatDiagnostic(diagnostic: ContentDiagnostic, cwd = process.cwd()): string {
  const shown = path.isAbsolute(diagnostic.file) ? path.relative(cwd, diagnostic.file) || diagnostic.file : diagnostic.file;
  const location = diagnostic.line === undefined ? shown : `${shown}:${diagnostic.line}`;
  const severity = diagnostic.severity === 'warning' ? ' warning' : '';
  return `${location}${severity} ${diagnostic.ruleId} ${diagnostic.message} Hint: ${diagnostic.hint}`;
}

/** Thrown when the content has errors; carries all of them, not just the first. */
export class ContentErrors extends Error {
  readonly diagnostics: readonly ContentDiagnostic[];

  constructor(diagnostics: readonly ContentDiagnostic[]) {
    super(`${diagnostics.length} content error(s)`);
    this.name = 'ContentErrors';
    this.diagnostics = diagnostics;
  }
}

/**
 * Thrown for a mistake in how the build was called or where it may write (a
 * missing folder, an unknown flag, an unwritable output): printed as one line.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Thrown when a command cannot finish for a reason the person running it can
 * act on (a bucket out of reach, a deletion guard): printed as one line, exit 1.
 */
export class CommandFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandFailure';
  }
}

/** True when the list holds at least one error (not only warnings). */
export function hasErrors(diagnostics: readonly ContentDiagnostic[]): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}
