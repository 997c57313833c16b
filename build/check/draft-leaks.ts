/**
 * The draft-leak audit of every production build (spec §4: drafts are hidden
 * everywhere): no draft's title, address or longer sentence may appear in
 * any generated file, whatever put it there. What the published content
 * itself says is no leak: the mission line of the draft template is also in
 * the biography.
 */
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { Article } from '../model/index.ts';
import { entryKey } from '../store/index.ts';

/** Sentences this long are specific enough that finding one elsewhere is a leak, not chance. */
const MIN_SENTENCE_WORDS = 8;

/** Words made of letters, digits and inner hyphens: an article's address is one of them. */
const ADDRESS_WORD = /[a-z0-9]+(?:-[a-z0-9]+)*/g;

/** Text with its whitespace folded to single spaces, as the audit compares it. */
export const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The sentences of a block of text, whitespace folded. */
export function sentences(block: string): string[] {
  return squeeze(block)
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence !== '');
}

/** Something that would give a draft away: its title, an address, or a sentence. */
interface Fingerprint {
  draft: Article;
  what: 'title' | 'address' | 'file-name address' | 'text';
  needle: string;
}

/** What would give the hidden drafts away, and a key that names all of it. */
export interface Fingerprints {
  /** Blocks and sentences of text, whitespace folded. */
  texts: ReadonlyMap<string, Fingerprint>;
  /** Addresses, found as whole words. */
  words: ReadonlyMap<string, Fingerprint>;
  key: string;
}

/**
 * @param drafts the drafts a build leaves out, each with the text blocks of its body
 * @param published what the published content says outside its bodies (titles, summaries, the identity, the topics), and its articles' addresses; what the bodies say is asked of a sentence only once it is found
 */
export function draftFingerprints(drafts: readonly { article: Article; textBlocks: readonly string[] }[], published: { says(sentence: string): boolean; addresses: ReadonlySet<string> }): Fingerprints {
  const texts = new Map<string, Fingerprint>();
  const words = new Map<string, Fingerprint>();
  for (const { article, textBlocks } of drafts) {
    const title = squeeze(article.title);
    if (!published.says(title)) texts.set(title, { draft: article, what: 'title', needle: title });
    for (const [slug, what] of [[article.slug, 'address'], [article.fileSlug, 'file-name address']] as const) {
      if (slug !== '' && !published.addresses.has(slug)) words.set(slug, { draft: article, what, needle: slug });
    }
    for (const sentence of textBlocks.flatMap(sentences)) {
      if (sentence.split(' ').length >= MIN_SENTENCE_WORDS && !published.says(sentence)) texts.set(sentence, { draft: article, what: 'text', needle: sentence });
    }
  }
  const key = entryKey('fingerprints', ...[...texts.keys()].sort(), ...[...words.keys()].sort());
  return { texts, words, key };
}

/** A block of text with fewer spaces than this cannot hold a sentence long enough to be a fingerprint. */
const MIN_SENTENCE_SPACES = MIN_SENTENCE_WORDS - 1;

function spacesIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf(' '); at !== -1 && count < MIN_SENTENCE_SPACES; at = text.indexOf(' ', at + 1)) count++;
  return count;
}

/**
 * The fingerprints a page gives away: a draft's title or sentence in its
 * text, a draft's address in a URL it links to or loads.
 *
 * @param text each block of the page's text, and each attribute value
 * @param urls every URL the page refers to
 */
export function leaksIn(text: readonly string[], urls: readonly string[], prints: Fingerprints): Fingerprint[] {
  const found = new Set<Fingerprint>();
  for (const url of urls) {
    for (const word of url.toLowerCase().match(ADDRESS_WORD) ?? []) {
      const print = prints.words.get(word);
      if (print !== undefined) found.add(print);
    }
  }
  for (const run of text) {
    const block = /\s\s|[\t\n\r]/.test(run) ? squeeze(run) : run.trim();
    const whole = prints.texts.get(block);
    if (whole !== undefined) found.add(whole);
    if (spacesIn(block) < MIN_SENTENCE_SPACES) continue;
    for (const sentence of sentences(block)) {
      const print = prints.texts.get(sentence);
      if (print !== undefined) found.add(print);
    }
  }
  return [...found];
}

/**
 * The fingerprints a generated file other than a page gives away (a feed,
 * the sitemap): its addresses, and a draft's title anywhere in it.
 */
export function leaksInFile(text: string, prints: Fingerprints): Fingerprint[] {
  const found = new Set(leaksIn([], [text], prints));
  for (const [needle, print] of prints.texts) if (print.what === 'title' && text.includes(needle)) found.add(print);
  return [...found];
}

/**
 * Each leaked draft, once, with the first file that gives it away.
 *
 * @param found each file that holds fingerprints, and which (by the draft's path)
 */
export function leakFindings(found: readonly { file: string; prints: readonly { draft: string; what: string }[] }[]): ContentDiagnostic[] {
  const first = new Map<string, { file: string; what: string }>();
  for (const { file, prints } of found) for (const print of prints) if (!first.has(print.draft)) first.set(print.draft, { file, what: print.what });
  return [...first].map(([draft, leak]) => problem('draftLeak', { file: draft }, leak));
}
