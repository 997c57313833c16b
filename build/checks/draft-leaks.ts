import { cacheKey } from '../cache.ts';
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

/** Each document's sentences, worked out once per document object: the preview's builds share the unchanged ones. */
const sentencesByDocument = new WeakMap<Article['body'], string[]>();

function documentSentences(document: Article['body']): string[] {
  let found = sentencesByDocument.get(document);
  if (!found) {
    found = document.textBlocks.flatMap(sentences);
    sentencesByDocument.set(document, found);
  }
  return found;
}

/** Words made of letters, digits and inner hyphens: an article's address is one of them. */
const ADDRESS_WORD = /[a-z0-9]+(?:-[a-z0-9]+)*/g;

/** Something that would give a draft away if a generated file said it. */
interface Fingerprint {
  label: string;
  needle: string;
  /** A whole block or sentence of text, or an address found as a whole word. */
  kind: 'text' | 'word';
  /** The first generated file that says it. */
  foundIn?: string;
}

/** A draft's fingerprints, most telling first: its title, its addresses, then its longer sentences. */
function fingerprints(draft: Article, published: { sentences: ReadonlySet<string>; text: string; addresses: ReadonlySet<string> }): Fingerprint[] {
  const title = squeeze(draft.title);
  const prints: Fingerprint[] = published.text.includes(title) ? [] : [{ label: 'title', needle: title, kind: 'text' }];
  if (!published.addresses.has(draft.slug)) prints.push({ label: 'address', needle: draft.slug, kind: 'word' });
  if (draft.fileSlug !== '' && !published.addresses.has(draft.fileSlug)) prints.push({ label: 'file-name address', needle: draft.fileSlug, kind: 'word' });
  for (const sentence of documentSentences(draft.body)) {
    if (sentence.split(' ').length < MIN_SENTENCE_WORDS || published.sentences.has(sentence) || published.text.includes(sentence)) continue;
    prints.push({ label: 'text', needle: sentence, kind: 'text' });
  }
  return prints;
}

function byNeedle(prints: readonly Fingerprint[], kind: Fingerprint['kind']): Map<string, Fingerprint[]> {
  const map = new Map<string, Fingerprint[]>();
  for (const print of prints) if (print.kind === kind) map.set(print.needle, [...(map.get(print.needle) ?? []), print]);
  return map;
}

function markFound(prints: readonly Fingerprint[] | undefined, file: string): void {
  for (const print of prints ?? []) print.foundIn ??= file;
}

/**
 * The draft-leak audit run after every production build (spec §4: drafts are
 * hidden everywhere): no draft's title, address or longer sentence may appear
 * in any generated file, whatever put it there. Whatever the published
 * content itself says is no leak: the mission line of the draft template is
 * also in the biography.
 *
 * The drafts' fingerprints are gathered first, and each generated file is
 * read once against them as the build produces it, so no page needs to be
 * kept: a page's blocks and sentences must match one exactly, an address must
 * appear as a whole word, and other files (feeds, sitemap, scripts) are
 * searched as they are. A line the page before also had (the header, the
 * legal notice) is not read again.
 */
export class DraftLeakAudit {
  private readonly drafts: readonly Article[];
  private readonly perDraft: Fingerprint[][];
  private readonly texts: Map<string, Fingerprint[]>;
  private readonly words: Map<string, Fingerprint[]>;
  private previousLines = new Set<string>();
  private readonly others: { file: string; text: string }[] = [];
  /** A hash of every fingerprint: a page audited clean against the same key is clean again. */
  readonly key: string;

  /**
   * @param drafts the articles marked draft
   * @param published the articles being published, and the other published text (identity, topics)
   */
  constructor(drafts: readonly Article[], published: { articles: readonly Article[]; text: string }) {
    this.drafts = drafts;
    const publishedFacts = {
      text: squeeze(published.text),
      sentences: new Set(drafts.length === 0 ? [] : published.articles.flatMap((article) => documentSentences(article.body))),
      addresses: new Set(published.articles.flatMap((article) => [article.slug, article.fileSlug])),
    };
    this.perDraft = drafts.map((draft) => fingerprints(draft, publishedFacts));
    this.key = cacheKey(JSON.stringify(this.perDraft));
    this.texts = byNeedle(this.perDraft.flat(), 'text');
    this.words = byNeedle(this.perDraft.flat(), 'word');
  }

  /** Reads one generated file. */
  read(output: ReadableOutput): void {
    if (this.drafts.length === 0) return;
    if (!output.isPage) {
      this.readWords(output.text, output.file);
      this.others.push({ file: output.file, text: squeeze(output.text) });
      return;
    }
    const lines = new Set(output.text.split('\n'));
    for (const line of lines) {
      if (this.previousLines.has(line)) continue;
      this.readWords(line, output.file);
      const block = squeeze(line);
      if (block === '') continue;
      markFound(this.texts.get(block), output.file);
      for (const sentence of sentences(block)) markFound(this.texts.get(sentence), output.file);
    }
    this.previousLines = lines;
  }

  private readWords(text: string, file: string): void {
    for (const word of text.toLowerCase().match(ADDRESS_WORD) ?? []) markFound(this.words.get(word), file);
  }

  /** Each draft that leaked, with the first file that gives it away. */
  findings(): ContentDiagnostic[] {
    for (const [needle, prints] of this.texts) {
      if (prints.every((print) => print.foundIn !== undefined)) continue;
      const file = this.others.find((output) => output.text.includes(needle))?.file;
      if (file !== undefined) markFound(prints, file);
    }
    return this.drafts.flatMap((draft, index) => {
      const leak = this.perDraft[index]?.find((print) => print.foundIn !== undefined);
      return leak
        ? [contentError(draft.sourcePath, undefined, 'draft-leak', `This draft's ${leak.label} appears in ${String(leak.foundIn)}, which a production build must never publish.`, 'Remove the reference to the draft from the published content; if there is none, this is a generator bug to report.')]
        : [];
    });
  }
}

/**
 * The whole audit over a list of files.
 *
 * @param drafts the articles marked draft
 * @param published the articles being published, and the other published text
 * @param outputs every generated file, as readable text
 */
export function auditDraftLeaks(drafts: readonly Article[], published: { articles: readonly Article[]; text: string }, outputs: readonly ReadableOutput[]): ContentDiagnostic[] {
  const audit = new DraftLeakAudit(drafts, published);
  for (const output of outputs) audit.read(output);
  return audit.findings();
}
