import { contentError, type ContentDiagnostic } from '../diagnostics.ts';
import type { Article } from '../types.ts';

/** A generated file of out/ as text: a page's blocks and attribute values, one per line, or another file as written. */
export interface ReadableOutput {
  file: string;
  text: string;
  /** True for a page read by readPage, whose lines are whole blocks of text. */
  isPage: boolean;
}

/** Sentences this long are specific enough that finding one elsewhere is a leak, not chance. */
const MIN_SENTENCE_WORDS = 8;

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The sentences of a block of text, whitespace folded. */
function sentences(block: string): string[] {
  return squeeze(block)
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence !== '');
}

/** Words made of letters, digits and inner hyphens: an article's address is one of them. */
const ADDRESS_WORD = /[a-z0-9]+(?:-[a-z0-9]+)*/g;

/** What every generated file says, indexed once, so that each draft is checked in constant time per fingerprint. */
class OutputIndex {
  private readonly lines = new Map<string, string>();
  private readonly words = new Map<string, string>();
  /** Files other than pages, whitespace folded once. */
  private readonly others: { file: string; text: string }[] = [];

  add(output: ReadableOutput): void {
    for (const word of output.text.toLowerCase().match(ADDRESS_WORD) ?? []) if (!this.words.has(word)) this.words.set(word, output.file);
    if (!output.isPage) {
      this.others.push({ file: output.file, text: squeeze(output.text) });
      return;
    }
    for (const line of output.text.split('\n')) {
      const block = squeeze(line);
      if (block === '') continue;
      if (!this.lines.has(block)) this.lines.set(block, output.file);
      for (const sentence of sentences(block)) if (!this.lines.has(sentence)) this.lines.set(sentence, output.file);
    }
  }

  /** Where a block or sentence of text appears: in a page, or anywhere in another generated file. */
  text(needle: string): string | undefined {
    return this.lines.get(needle) ?? this.others.find((output) => output.text.includes(needle))?.file;
  }

  /** Where an address word appears as a whole word. */
  word(needle: string): string | undefined {
    return this.words.get(needle);
  }
}

/**
 * The draft-leak audit run after every production build (spec §4: drafts are
 * hidden everywhere): no draft's title, address or longer sentence may appear
 * in any generated file, whatever put it there. Whatever the published
 * content itself says is no leak: the mission line of the draft template is
 * also in the biography.
 *
 * @param drafts the articles marked draft
 * @param published the articles being published, and the other published text (identity, topics)
 * @param outputs every generated file, as readable text
 */
export function auditDraftLeaks(drafts: readonly Article[], published: { articles: readonly Article[]; text: string }, outputs: readonly ReadableOutput[]): ContentDiagnostic[] {
  if (drafts.length === 0) return [];
  const index = new OutputIndex();
  for (const output of outputs) index.add(output);
  const publishedText = squeeze(published.text);
  const publishedSentences = new Set(published.articles.flatMap((article) => article.body.textBlocks.flatMap(sentences)));
  const publishedAddresses = new Set(published.articles.flatMap((article) => [article.slug, article.fileSlug]));
  const diagnostics: ContentDiagnostic[] = [];
  for (const draft of drafts) {
    const title = squeeze(draft.title);
    const checks: [label: string, found: string | undefined][] = [
      ['title', publishedText.includes(title) ? undefined : index.text(title)],
      ['address', publishedAddresses.has(draft.slug) ? undefined : index.word(draft.slug)],
      ['file-name address', publishedAddresses.has(draft.fileSlug) || draft.fileSlug === '' ? undefined : index.word(draft.fileSlug)],
    ];
    for (const sentence of draft.body.textBlocks.flatMap(sentences)) {
      if (sentence.split(' ').length < MIN_SENTENCE_WORDS || publishedSentences.has(sentence) || publishedText.includes(sentence)) continue;
      checks.push(['text', index.text(sentence)]);
    }
    const leak = checks.find(([, found]) => found !== undefined);
    if (leak) {
      diagnostics.push(
        contentError(draft.sourcePath, undefined, 'draft-leak', `This draft's ${leak[0]} appears in ${String(leak[1])}, which a production build must never publish.`, 'Remove the reference to the draft from the published content; if there is none, this is a generator bug to report.'),
      );
    }
  }
  return diagnostics;
}
