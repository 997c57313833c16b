/**
 * What the build tells the author: problems in the content, found at every
 * stage and collected before the build stops, and the two kinds of failure
 * that are not the content's (a usage mistake, a command that cannot finish).
 */
import path from 'node:path';
import { fewNamed } from '../lib/list-of.ts';
import { PROBLEMS, RULES, type ProblemId, type ProblemValues, type RuleId, type Together } from './catalogue.ts';

/** One problem found in the content, located as precisely as we can. */
export interface ContentDiagnostic {
  /** Path of the file, as given to the build (relative to where it runs). */
  file: string;
  /** 1-based line, when the problem has one. */
  line?: number;
  ruleId: RuleId;
  /** The catalogue entry it was told from, which says how several of it are told together. */
  problemId: ProblemId;
  /** What is wrong, in a sentence. */
  message: string;
  /** What to do about it. */
  hint: string;
  /** Errors stop the build; warnings are printed and the build goes on. */
  severity: 'error' | 'warning';
}

/** Where a problem is: its file, and its line when known. */
export interface Place {
  file: string;
  line?: number | undefined;
}

/**
 * A problem from the catalogue, at a place, with the values its message names.
 *
 * @param id the catalogue entry
 * @param at the file (and line) it concerns
 * @param values what the message and hint name, e.g. `{ field: 'date', written: '2025-13-01' }`
 */
export function problem<Id extends ProblemId>(id: Id, at: Place, ...values: keyof ProblemValues<Id> extends never ? [] : [ProblemValues<Id>]): ContentDiagnostic {
  const entry = PROBLEMS[id] as unknown as { rule: RuleId; message: (values: unknown) => string; hint: (values: unknown) => string };
  const named = values[0] ?? {};
  const located: ContentDiagnostic = { file: at.file, ruleId: entry.rule, problemId: id, message: entry.message(named), hint: entry.hint(named), severity: RULES[entry.rule].severity };
  if (at.line !== undefined) located.line = at.line;
  return located;
}

/** The order of `localeCompare`, without making a collator for each comparison (thousands of warnings at 10,000 articles). */
const byLocale = new Intl.Collator();

/** Orders diagnostics by file then line, so output does not depend on I/O timing. */
export function sortDiagnostics(diagnostics: readonly ContentDiagnostic[]): ContentDiagnostic[] {
  return [...diagnostics].sort((a, b) => byLocale.compare(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0));
}

/** A path as the author sees it: relative to where the command runs. */
export function shownPath(file: string, cwd = process.cwd()): string {
  return visible(path.isAbsolute(file) ? path.relative(cwd, file) || file : file);
}

/** Control characters (Unicode's Cc: C0, DEL and C1), written as escapes (`\u000a`). */
const CONTROL = /\p{Cc}/gu;

/** A file's name or a field's text shown as written but for its control characters: a newline would break the one line, an escape would be a command to the terminal. */
function visible(text: string): string {
  return text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A diagnostic's place as the author sees it: `file:line`, or the file alone. */
function placeOf(diagnostic: ContentDiagnostic, cwd: string): string {
  const shown = shownPath(diagnostic.file, cwd);
  return diagnostic.line === undefined ? shown : `${shown}:${diagnostic.line}`;
}

/**
 * One line per diagnostic: `file:line error rule message Hint: …`, the shape
 * editors and terminals turn into a clickable location.
 *
 * @param diagnostic the problem
 * @param cwd folder the path is shown relative to
 */
export function formatDiagnostic(diagnostic: ContentDiagnostic, cwd = process.cwd()): string {
  return `${placeOf(diagnostic, cwd)} ${diagnostic.severity} ${diagnostic.ruleId} ${visible(diagnostic.message)} Hint: ${visible(diagnostic.hint)}`;
}

/** How many warnings of one catalogue entry are told as one line, rather than a line each. */
export const TOLD_TOGETHER_FROM = 3;

/**
 * Several warnings of one entry as one, at the first one's place (so an
 * editor still opens a file of the group), naming every place in its message.
 */
function toldTogether(first: ContentDiagnostic, group: readonly ContentDiagnostic[], together: Together, cwd: string): ContentDiagnostic {
  const message = together.message({ count: group.length, places: fewNamed(group.map((diagnostic) => placeOf(diagnostic, cwd))) });
  return { ...first, message, hint: together.hint };
}

/**
 * Warnings as they are told: those of one catalogue entry that has a
 * grouped form, when there are TOLD_TOGETHER_FROM or more of them, as one
 * (25 sample handouts are one line, not 25); every other as it is, in the
 * order given.
 */
export function groupWarnings(warnings: readonly ContentDiagnostic[], cwd = process.cwd()): ContentDiagnostic[] {
  const byEntry = new Map<ProblemId, ContentDiagnostic[]>();
  for (const warning of warnings) {
    const group = byEntry.get(warning.problemId);
    if (group === undefined) byEntry.set(warning.problemId, [warning]);
    else group.push(warning);
  }
  return warnings.flatMap((warning) => {
    const together: Together | undefined = PROBLEMS[warning.problemId].together;
    const group = byEntry.get(warning.problemId) ?? [];
    if (together === undefined || group.length < TOLD_TOGETHER_FROM) return [warning];
    return group[0] === warning ? [toldTogether(warning, group, together, cwd)] : [];
  });
}

/**
 * Problems in the order they are told: the warnings first, grouped, then the
 * errors, each on its own line, so that what stopped the build is the last
 * thing on the screen and not lost among warnings.
 */
export function inTellingOrder(diagnostics: readonly ContentDiagnostic[], cwd = process.cwd()): { warnings: ContentDiagnostic[]; errors: ContentDiagnostic[] } {
  return { warnings: groupWarnings(diagnostics.filter((diagnostic) => diagnostic.severity === 'warning'), cwd), errors: diagnostics.filter((diagnostic) => diagnostic.severity === 'error') };
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
 * missing folder, an unknown flag, an output folder the build did not make):
 * printed as one line, exit 2.
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
