import { syllable } from 'syllable';
import type { Language } from './languages.ts';
import { spanishSyllables } from './spanish-syllables.ts';

/** Counts behind a readability grade. */
export interface TextStatistics {
  words: number;
  sentences: number;
  syllables: number;
}

/** What counting a text takes that differs between languages. */
interface CountingRules {
  /** The syllables of one word, as written in the text (punctuation and all). */
  syllables: (word: string) => number;
  /** Abbreviations whose period does not end a sentence, in small letters and without that period. */
  abbreviations: ReadonlySet<string>;
}

const COUNTING: Record<Language, CountingRules> = {
  en: {
    syllables: (word) => syllable(word.replace(/[^\p{L}'-]/gu, '')),
    abbreviations: new Set(['a.m', 'p.m', 'dr', 'mr', 'mrs', 'ms', 'vs', 'e.g', 'i.e', 'etc', 'u.s', 'st', 'no', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']),
  },
  // The abbreviations of RAE's list (Ortografía de la lengua española, 2010, apéndice 2) that health pages use; "EE. UU." is two words, and "a. m.", "p. m." are single letters, which never end a sentence.
  es: {
    syllables: (word) => spanishSyllables(word).length,
    abbreviations: new Set(['dr', 'dra', 'sr', 'sra', 'srta', 'ud', 'uds', 'ee', 'uu', 'etc', 'pág', 'págs', 'núm', 'núms', 'tel', 'aprox', 'av', 'máx', 'mín', 'ej', 'vol', 'cap', 'fig', 'lic', 'prof', 'dpto', 'depto', 'a.m', 'p.m']),
  },
};

/** Whether a word ends its sentence: it ends in a full stop, a question or an exclamation that is not an abbreviation's, and a question or an exclamation does not go on in small letters ("¿Tiene preguntas?, llame"). */
function endsSentence(word: string, next: string | undefined, abbreviations: ReadonlySet<string>): boolean {
  const bare = word.replace(/^[("'“‘«¿¡]+|[)"'”’»:;,]+$/g, '');
  if (/[?!]$/.test(bare)) return !/^[^\p{L}\p{N}]*\p{Ll}/u.test(next ?? '') && !/[,;:]$/.test(word);
  return /[.…]$/.test(bare) && !abbreviations.has(bare.slice(0, -1).toLowerCase()) && !/^\p{L}\.$/u.test(bare);
}

/** The counts for one block of text. */
function unitStatistics(text: string, rules: CountingRules): TextStatistics {
  const words = (text.match(/\S+/g) ?? []).filter((word) => /[\p{L}\p{N}]/u.test(word));
  let sentences = 0;
  let syllables = 0;
  for (const [index, word] of words.entries()) {
    // A number is read as a word; counting its spoken syllables ("nine thousand…", "dos mil cien") would punish every figure.
    syllables += /\p{L}/u.test(word) ? Math.max(1, rules.syllables(word)) : 1;
    if (endsSentence(word, words[index + 1], rules.abbreviations) || index === words.length - 1) sentences++;
  }
  return { words: words.length, sentences, syllables };
}

/**
 * The words, sentences and syllables of what a reader reads: paragraphs,
 * headings, list items and table cells, each at least one sentence; code and
 * image descriptions are left out.
 *
 * @param textBlocks the text of each paragraph, heading and table cell (a markdown document's `textBlocks`)
 * @param language the language they are written in, which says how syllables are counted and which abbreviations there are
 */
export function textStatistics(textBlocks: readonly string[], language: Language): TextStatistics {
  // Each block (a heading, a list item's paragraph, a table cell) is at least one sentence, punctuated or not.
  return textBlocks
    .map((block) => unitStatistics(block, COUNTING[language]))
    .reduce((total, part) => ({ words: total.words + part.words, sentences: total.sentences + part.sentences, syllables: total.syllables + part.syllables }), { words: 0, sentences: 0, syllables: 0 });
}

/** A score as the report shows it, to one decimal; the band and the target are judged on that figure. */
const toOneDecimal = (score: number) => Math.round(score * 10) / 10;

/**
 * The Flesch–Kincaid grade level: the US school grade that can read the text
 * (0.39 × words per sentence + 11.8 × syllables per word − 15.59). Patient
 * material should be at grade 8 or below.
 *
 * @param statistics the text's counts
 * @returns the grade, to one decimal; 0 for no text
 */
export function fleschKincaidGrade({ words, sentences, syllables }: TextStatistics): number {
  if (words === 0 || sentences === 0) return 0;
  return toOneDecimal(0.39 * (words / sentences) + 11.8 * (syllables / words) - 15.59);
}

/** The reading level patient-education material should not exceed (NIH, AMA). */
export const TARGET_GRADE = 8;

/**
 * Szigriszt-Pazos's perspicuity, Flesch's reading ease refitted for Spanish
 * (F. Szigriszt Pazos, "Sistemas predictivos de legibilidad del mensaje
 * escrito: fórmula de perspicuidad", doctoral thesis, Universidad Complutense
 * de Madrid, 1993): 206.835 − 62.3 × syllables per word − words per sentence.
 * The higher, the easier; read on the INFLESZ scale (`infleszBand`).
 *
 * @param statistics the text's counts, its syllables counted in Spanish
 * @returns the perspicuity, to one decimal; 0 for no text
 */
export function szigrisztPazos({ words, sentences, syllables }: TextStatistics): number {
  if (words === 0 || sentences === 0) return 0;
  return toOneDecimal(206.835 - 62.3 * (syllables / words) - words / sentences);
}

/**
 * The INFLESZ scale's bands for the perspicuity, easiest first (I. M.
 * Barrio-Cantalejo et al., "Validación de la Escala INFLESZ para evaluar la
 * legibilidad de los textos dirigidos a pacientes", Anales del Sistema
 * Sanitario de Navarra 31(2), 2008, 135–152): < 40 muy difícil, 40–55 algo
 * difícil, 55–65 normal, 65–80 bastante fácil, > 80 muy fácil. The paper's
 * ranges share their edges; here each band begins at its lower edge, so that
 * 65.0, the target, is "bastante fácil".
 */
const INFLESZ_BANDS: readonly (readonly [number, string])[] = [
  [80, 'muy fácil'],
  [65, 'bastante fácil'],
  [55, 'normal'],
  [40, 'algo difícil'],
];

/** The INFLESZ band of a perspicuity (`szigrisztPazos`), in the scale's own Spanish words. */
export function infleszBand(perspicuity: number): string {
  return INFLESZ_BANDS.find(([lowest]) => perspicuity >= lowest)?.[1] ?? 'muy difícil';
}

/** The perspicuity patient material should reach: "bastante fácil", a band easier than the "normal" of the adult press (about 60 in Barrio-Cantalejo et al.'s sample), as the grade-8 target for English is below the average adult's reading. */
export const TARGET_PERSPICUITY = 65;

/**
 * Fernández Huerta's reading ease for Spanish (J. Fernández Huerta, "Medidas
 * sencillas de lecturabilidad", Consigna 214, 1959, 29–32), in its accepted
 * form: 206.84 − 0.60 × syllables per 100 words − 1.02 × words per sentence.
 * It is often quoted with sentences per 100 words in its last term, which
 * would make shorter sentences harder; G. Law ("Error in the Fernandez Huerta
 * readability formula", 2011) showed that was a slip in carrying Flesch's
 * formula over, and tools that use it (legible.es, textstat) use words per sentence.
 *
 * @param statistics the text's counts, its syllables counted in Spanish
 * @returns the reading ease, to one decimal; 0 for no text
 */
export function fernandezHuerta({ words, sentences, syllables }: TextStatistics): number {
  if (words === 0 || sentences === 0) return 0;
  return toOneDecimal(206.84 - 0.6 * ((100 * syllables) / words) - 1.02 * (words / sentences));
}
