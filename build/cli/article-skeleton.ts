import { stringify } from 'yaml';
import type { CalendarDay } from '../lib/calendar-day.ts';
import { TRANSLATION_MARKER } from '../lib/translation-marker.ts';
import { partVersionLines, type PartVersions } from '../lib/translation-version.ts';
import type { ARTICLE_FIELDS, TRANSLATION_CREDITS } from '../model/articles.ts';
import type { ParsedSource } from '../parse/index.ts';

type ArticleField = (typeof ARTICLE_FIELDS)[number];

/** The fields of an article written first in its language: those that name a translator, or the version it translates, mean nothing on it. */
type OriginalField = Exclude<ArticleField, (typeof TRANSLATION_CREDITS)[number] | 'translatedFrom'>;

/** The language an article is written in: English, or Spanish in a file ending `.es.md` (DECISIONS.md "Languages"). */
export type SkeletonLanguage = 'en' | 'es';

/**
 * A value as YAML writes it after `key: `, on one line. Written for YAML 1.1,
 * which the front-matter package reads, so that a title such as `Yes`, `2025`
 * or `Knee: What Helps` is quoted and stays text.
 */
function yamlValue(value: unknown): string {
  return stringify(value, { version: '1.1', lineWidth: 0 }).trimEnd();
}

/** What a new article says to its author, in the language it is written in: a comment for each field left to fill in, and a body to write over. */
interface SkeletonWords {
  summary: string;
  draft: string;
  author: string;
  reviewedBy: string;
  lastReviewed: string;
  sources: string;
  /** Where to start, and the disclaimer every article carries. */
  body: string;
}

const WORDS: Record<SkeletonLanguage, SkeletonWords> = {
  en: {
    summary: 'One or two plain sentences for the home page cards and the Insights list.',
    draft: 'Change to false when the article is ready to publish.',
    author: 'Empty: the physician named in content/site.md.',
    reviewedBy: 'Who checked the facts; empty: the physician.',
    lastReviewed: 'The day the facts were last checked.',
    sources: 'Replace [] with a list of "- title: …" and "url: https://…", as in the other articles.',
    body: `Start with a short paragraph that tells readers what this article will help them understand or decide. Then add sections with \`##\` headings; the page already shows the title as its main heading. To show a photo, save it in \`assets/images/\` and write \`![What it shows](/images/photo.jpg)\` on a line of its own.

This article is for education only. It is not personal medical, legal or financial advice. Please talk with your own doctor about your situation.
`,
  },
  es: {
    summary: 'Una o dos oraciones sencillas para las tarjetas de la página de inicio y la lista de artículos.',
    draft: 'Cámbielo a false cuando el artículo esté listo para publicarse.',
    author: 'Si lo deja vacío, el autor es el médico que nombra content/site.md.',
    reviewedBy: 'Quién comprobó los datos; si lo deja vacío, el médico.',
    lastReviewed: 'El día en que se comprobaron los datos por última vez.',
    sources: 'Cambie [] por una lista de "- title: …" y "url: https://…", como en los otros artículos.',
    body: `Empiece con un párrafo corto que le diga al lector qué le ayudará a entender o a decidir este artículo. Después añada secciones con encabezados \`##\`; la página ya muestra el título como encabezado principal. Para mostrar una foto, guárdela en \`assets/images/\` y escriba \`![Lo que muestra](/images/foto.jpg)\` en una línea aparte.

Este artículo es solo educativo. No es un consejo médico, legal ni financiero para su caso personal. Por favor, hable con su médico sobre su situación.
`,
  },
};

/** An article's text: its fields between the `---` lines, in the order given, then its body. */
function articleText(fields: Partial<Record<ArticleField, string>>, body: string): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}:${value.startsWith('\n') ? '' : ' '}${value}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

/**
 * A new draft article: every front-matter field, with a comment where the
 * value is left for the author, then a body to write over (README "Writing content").
 *
 * @param title the article's title, as the author typed it
 * @param today the day it is started: its date and, for now, its review
 * @param language the language of its comments and body
 */
export function articleSkeleton(title: string, today: CalendarDay, language: SkeletonLanguage = 'en'): string {
  const words = WORDS[language];
  // A Record of every field, so that a field added to ARTICLE_FIELDS must be added here too; a new article translates none.
  const fields: Record<OriginalField, string> = {
    title: yamlValue(title),
    summary: `${yamlValue('')}  # ${words.summary}`,
    date: today,
    draft: `${yamlValue(true)}  # ${words.draft}`,
    author: `${yamlValue('')}  # ${words.author}`,
    reviewedBy: `${yamlValue('')}  # ${words.reviewedBy}`,
    lastReviewed: `${today}  # ${words.lastReviewed}`,
    sources: `${yamlValue([])}  # ${words.sources}`,
  };
  return articleText(fields, words.body);
}

/**
 * A field's text as written: a string as YAML read it, else (a date, a
 * number) the text on its line, which YAML would otherwise have turned into
 * something else. Undefined when the field is not there.
 */
function writtenText(parsed: ParsedSource, key: ArticleField): string | undefined {
  const value = parsed.attributes[key];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : (parsed.fields.get(key)?.raw ?? '');
}

/** The `sources:` list as it is in the English article, under a comment saying what to translate in it. */
function copiedSources(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return yamlValue(value);
  const items = yamlValue(value).replace(/^/gm, '  ');
  return `\n  # Traduzca el título (title) de cada fuente; deje su dirección (url) como está.\n${items}`;
}

/**
 * The comment on a translation's `translatedFrom:`, which the tools write:
 * what it is, and how to record another version.
 *
 * @param name the original's name, as `npm run translations -- --current` takes it
 */
export function translatedFromComment(name: string): string {
  return `# La versión del artículo en inglés que se tradujo. La anota npm run translations -- --current ${name}; no la cambie a mano.`;
}

/** A translation's `translatedFrom:` value: its comment, then the version of each part on a line of its own. */
function translatedFromValue(versions: PartVersions, name: string): string {
  return [' ', translatedFromComment(name), ...partVersionLines(versions).map((line) => `\n${line}`)].join('');
}

/**
 * The Spanish translation of an English article, to start from: its front
 * matter copied (the title and summary still in English, each with a comment
 * to translate it), a draft, then the English text below
 * {@link TRANSLATION_MARKER}, which the build refuses to publish. It records
 * the version of the English article it starts from (`translatedFrom`).
 *
 * @param english the English article as the build parses it
 * @param version the versions of its parts, and its name as `npm run translations` takes it
 */
export function translationSkeleton(english: ParsedSource, version: { versions: PartVersions; name: string }): string {
  const copied = (key: ArticleField) => {
    const text = writtenText(english, key);
    return text === undefined ? undefined : yamlValue(text);
  };
  const day = (key: 'date' | 'lastReviewed') => english.fields.get(key)?.raw;
  const sources = english.attributes.sources;
  // Every field, in the order of ARTICLE_FIELDS; one the English article leaves out (undefined) is left out here too, so that the same default applies.
  const fields: Record<ArticleField, string | undefined> = {
    title: `${yamlValue(writtenText(english, 'title') ?? '')}  # Traduzca el título al español: la dirección del artículo en español se forma con él.`,
    summary: `${yamlValue(writtenText(english, 'summary') ?? '')}  # Traduzca el resumen al español.`,
    date: day('date'),
    draft: `${yamlValue(true)}  # Cámbielo a false solo cuando la traducción esté terminada y revisada.`,
    author: copied('author'),
    reviewedBy: copied('reviewedBy'),
    lastReviewed: day('lastReviewed'),
    translatedBy: `${yamlValue('')}  # Quién tradujo el artículo; si lo deja vacío, la página no nombra a nadie.`,
    translationReviewedBy: `${yamlValue('')}  # Quién revisó la traducción frente al original; si lo deja vacío, no se nombra a nadie.`,
    sources: sources === undefined || sources === null ? undefined : copiedSources(sources),
    translatedFrom: translatedFromValue(version.versions, version.name),
  };
  const present = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const englishText = english.body.trim() === '' ? '' : `\n\n${english.body.replace(/^\n+/, '').trimEnd()}`;
  return articleText(present, `${TRANSLATION_MARKER}${englishText}\n`);
}
