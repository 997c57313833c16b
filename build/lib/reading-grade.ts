import { syllable } from 'syllable';

/** Counts behind a readability grade. */
export interface TextStatistics {
  words: number;
  sentences: number;
  syllables: number;
}

/** Abbreviations whose period does not end a sentence. */
const ABBREVIATIONS: ReadonlySet<string> = new Set(['a.m', 'p.m', 'dr', 'mr', 'mrs', 'ms', 'vs', 'e.g', 'i.e', 'etc', 'u.s', 'st', 'no', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']);

/** The counts for one block of text. */
function unitStatistics(text: string): TextStatistics {
  const words = (text.match(/\S+/g) ?? []).filter((word) => /[\p{L}\p{N}]/u.test(word));
  let sentences = 0;
  let syllables = 0;
  for (const [index, word] of words.entries()) {
    // A number is read as a word; counting its spoken syllables ("nine thousand…") would punish every figure.
    syllables += /\p{L}/u.test(word) ? Math.max(1, syllable(word.replace(/[^\p{L}'-]/gu, ''))) : 1;
    const bare = word.replace(/^[("'“‘]+|[)"'”’:;,]+$/g, '');
    const endsSentence = /[.!?]$/.test(bare) && !ABBREVIATIONS.has(bare.slice(0, -1).toLowerCase()) && !/^\p{L}\.$/u.test(bare);
    if (endsSentence || index === words.length - 1) sentences++;
  }
  return { words: words.length, sentences, syllables };
}

/**
 * The words, sentences and syllables of what a reader reads: paragraphs,
 * headings, list items and table cells, each at least one sentence; code and
 * image descriptions are left out.
 *
 * @param textBlocks the text of each paragraph, heading and table cell (a markdown document's `textBlocks`)
 */
export function textStatistics(textBlocks: readonly string[]): TextStatistics {
  // Each block (a heading, a list item's paragraph, a table cell) is at least one sentence, punctuated or not.
  return textBlocks
    .map(unitStatistics)
    .reduce((total, part) => ({ words: total.words + part.words, sentences: total.sentences + part.sentences, syllables: total.syllables + part.syllables }), { words: 0, sentences: 0, syllables: 0 });
}

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
  return Math.round((0.39 * (words / sentences) + 11.8 * (syllables / words) - 15.59) * 10) / 10;
}

/** The reading level patient-education material should not exceed (NIH, AMA). */
export const TARGET_GRADE = 8;
