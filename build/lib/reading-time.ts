import { MIN_READ_MINUTES, WORDS_PER_MINUTE } from '../config.ts';

/**
 * Counts the words a reader reads: runs of non-space characters.
 *
 * @param plainText the article's text with markup already removed
 */
export function countWords(plainText: string): number {
  const words = plainText.match(/\S+/gu);
  return words ? words.length : 0;
}

/**
 * Minutes shown as "N min read": words ÷ 200, rounded up, at least 1 (spec §2, §9).
 *
 * @param wordCount the number of words in the article body
 */
export function readingMinutes(wordCount: number): number {
  return Math.max(MIN_READ_MINUTES, Math.ceil(wordCount / WORDS_PER_MINUTE));
}
