/**
 * The identity file's translation (`content/site.es.md`): the prose of
 * site.md in another language, and the biography as its body. Names, phone
 * numbers, addresses, hours and web addresses are written once, in site.md
 * (DECISIONS.md "Languages"); the office hours are shown in each language
 * from their days and times.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { fileLanguage } from '../lib/languages.ts';
import type { ParsedSource } from '../parse/index.ts';
import { nestedText, textField, warnCurlyQuotes, warnUnknownFields } from './fields.ts';
import type { SiteIdentity } from './types.ts';

/** The prose every page shows, which a translation must give. */
const TRANSLATED_TEXT = ['specialty', 'location', 'photoAlt', 'tagline', 'intro', 'affiliationDisclaimer'] as const;

/** The lists of site.md written as words, one entry for each of site.md's, in the same order. */
const TRANSLATED_LISTS = ['languages', 'insurancePlans'] as const;

/** The fields of a translation of site.md (see content/README.md). */
export const SITE_TRANSLATION_FIELDS = [...TRANSLATED_TEXT, ...TRANSLATED_LISTS, 'afterHours'] as const;

type Report = (diagnostic: ContentDiagnostic) => void;

/** A translated list: as many entries as the original's, each some text. */
function readList(parsed: ParsedSource, field: (typeof TRANSLATED_LISTS)[number], original: readonly string[], report: Report): string[] {
  const value = parsed.attributes[field];
  const entries = Array.isArray(value) ? (value as unknown[]).map(nestedText) : [];
  if (original.length === 0 && (value === undefined || value === null)) return [];
  if (entries.length !== original.length || entries.includes('')) {
    report(problem('siteTranslationList', { file: parsed.file, line: parsed.fields.get(field)?.line ?? 1 }, { field, count: original.length, original: original.join('; ') }));
  }
  return entries;
}

/**
 * @param parsed the translation's file, split into front matter and body
 * @param original the identity of site.md
 * @returns the identity in the translation's language, or undefined when it has an error (reported)
 */
export function modelSiteTranslation(parsed: ParsedSource, original: SiteIdentity, report: Report): SiteIdentity | undefined {
  const diagnostics: ContentDiagnostic[] = [];
  const collect = (diagnostic: ContentDiagnostic) => {
    diagnostics.push(diagnostic);
    report(diagnostic);
  };
  warnUnknownFields(parsed, SITE_TRANSLATION_FIELDS, collect);
  warnCurlyQuotes(parsed, [...TRANSLATED_TEXT, 'afterHours'], collect);
  const text: Partial<Record<(typeof TRANSLATED_TEXT)[number], string>> = {};
  for (const field of TRANSLATED_TEXT) {
    text[field] = textField(parsed, field, collect);
    if (text[field] === undefined) collect(problem('siteTranslationMissing', { file: parsed.file, line: parsed.fields.get(field)?.line ?? 1 }, { field }));
  }
  const languages = readList(parsed, 'languages', original.contact.languages, collect);
  const insurancePlans = readList(parsed, 'insurancePlans', original.contact.insurancePlans, collect);
  const afterHours = textField(parsed, 'afterHours', collect);
  if (original.contact.afterHours !== undefined && afterHours === undefined) collect(problem('siteTranslationMissing', { file: parsed.file, line: parsed.fields.get('afterHours')?.line ?? 1 }, { field: 'afterHours' }));
  if (parsed.body.trim() === '') collect(problem('siteTranslationMissing', { file: parsed.file, line: parsed.bodyStartLine }, { field: 'biography' }));
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return undefined;
  return {
    ...original,
    ...(text as Record<(typeof TRANSLATED_TEXT)[number], string>),
    language: fileLanguage(parsed.file).language,
    contact: { ...original.contact, languages, insurancePlans, afterHours },
    biography: parsed.body,
    sourcePath: parsed.file,
    biographyStartLine: parsed.bodyStartLine,
  };
}
