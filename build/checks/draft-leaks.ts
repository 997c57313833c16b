import { cacheKey } from '../cache.ts';
import { mapByPlace, memoByIdentity, memoLastCall, replacedPlaces, sameData, sameItems } from '../lib/memo.ts';
import { contentError, type ContentDiagnostic } from '../diagnostics.ts';
import { TextSearch } from '../lib/text-search.ts';
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

/**
 * A body's sentences, worked out where they are needed and not kept: a
 * draft's with its fingerprints, a published body's for the few that a draft
 * shares (at 10,000 articles, the sentences memoised for every published
 * body and the text blocks they came from held 219 MB).
 */
const documentSentences = (document: Article['body']) => document.textBlocks.flatMap(sentences);

/** Words made of letters, digits and inner hyphens: an article's address is one of them. */
const ADDRESS_WORD = /[a-z0-9]+(?:-[a-z0-9]+)*/g;

/** Something that would give a draft away if a generated file said it. */
interface Fingerprint {
  /** What of the draft it is: its title, an address, or a sentence (`text`). */
  label: 'title' | 'address' | 'file-name address' | 'text';
  needle: string;
  /** A whole block or sentence of text, or an address found as a whole word. */
  kind: 'text' | 'word';
}

/**
 * Everything that could give a draft away, most telling first: its title,
 * its addresses, then its longer sentences. Once per draft object.
 */
const candidatesOf = memoByIdentity((draft: Article): Fingerprint[] => {
  const prints: Fingerprint[] = [
    { label: 'title', needle: squeeze(draft.title), kind: 'text' },
    { label: 'address', needle: draft.slug, kind: 'word' },
  ];
  if (draft.fileSlug !== '') prints.push({ label: 'file-name address', needle: draft.fileSlug, kind: 'word' });
  for (const sentence of documentSentences(draft.body)) {
    if (sentence.split(' ').length >= MIN_SENTENCE_WORDS) prints.push({ label: 'text', needle: sentence, kind: 'text' });
  }
  return prints;
});

/** The needles of a draft that the published text (titles, summaries, identity, topics) also says: again only when that text changes. */
const saidInText = memoByIdentity((draft: Article, text: TextSearch) => new Set(candidatesOf(draft).flatMap((print) => (print.kind === 'text' && text.includes(print.needle) ? [print.needle] : []))));

/**
 * The drafts' sentences, each to the drafts' own copy of it, kept while the
 * drafts are the same objects. A published body's shared sentences are kept
 * as these copies: the body's own are slices of its paragraphs, and would
 * keep every paragraph they came from alive (47 MB at 10,000 articles of the
 * benchmark's corpus, whose articles share many sentences).
 */
const draftSentences = memoLastCall(
  (drafts: readonly Article[]): ReadonlyMap<string, string> =>
    new Map(drafts.flatMap((draft) => candidatesOf(draft).flatMap((print) => (print.label === 'text' ? [[print.needle, print.needle] as const] : [])))),
  sameData,
);

/** The sentences of a published body that a draft also has: once per body and set of drafts. */
const sharedSentences = memoByIdentity((document: Article['body'], drafts: ReadonlyMap<string, string>) => documentSentences(document).flatMap((sentence) => drafts.get(sentence) ?? []));

/**
 * How many published bodies say each of the drafts' sentences, brought up to
 * date from the bodies that changed since the last build: an edit costs its
 * own body, not every body of the site.
 */
class SharedSentenceCounts {
  private drafts: ReadonlyMap<string, string> = new Map();
  private bodies: readonly Article['body'][] = [];
  private readonly counts = new Map<string, number>();
  private said: ReadonlySet<string> = new Set();
  private saidChanged = false;

  /**
   * Brings the counts up to date with the published bodies.
   *
   * @returns the drafts' sentences that some published body says: a new set only when that changes
   */
  update(drafts: ReadonlyMap<string, string>, bodies: readonly Article['body'][]): ReadonlySet<string> {
    if (drafts !== this.drafts) {
      this.drafts = drafts;
      this.bodies = [];
      this.counts.clear();
      this.saidChanged = true;
    }
    const before = this.bodies;
    // Each place of the list counts: when the list keeps its shape, only the places that hold a new body are counted again.
    const replaced = replacedPlaces(before, bodies, () => true);
    for (const place of replaced ?? before.keys()) this.count(before[place] as Article['body'], -1);
    for (const place of replaced ?? bodies.keys()) this.count(bodies[place] as Article['body'], 1);
    this.bodies = bodies;
    if (this.saidChanged) this.said = new Set(this.counts.keys());
    this.saidChanged = false;
    return this.said;
  }

  private count(body: Article['body'], step: 1 | -1): void {
    for (const sentence of sharedSentences(body, this.drafts)) {
      const count = (this.counts.get(sentence) ?? 0) + step;
      if (count === 0) this.counts.delete(sentence);
      else this.counts.set(sentence, count);
      if (count === 0 || count === step) this.saidChanged = true;
    }
  }
}

const sharedCounts = new SharedSentenceCounts();

/**
 * Each draft's fingerprints: its candidates, less whatever the published
 * content says too (the mission line of the draft template is also in the
 * biography), which is no leak. The costly parts are remembered, so that the
 * preview's builds after an edit do not read every published article again.
 */
function fingerprints(drafts: readonly Article[], published: { articles: readonly Article[]; text: string }): Fingerprint[][] {
  if (drafts.length === 0) return [];
  const draftSet = draftSentences(drafts);
  const saidByArticles = sharedCounts.update(draftSet, bodiesOf(published.articles));
  return draftPrints(drafts, publishedAddresses(published.articles), searchablePublishedText(published.text), saidByArticles);
}

const bodiesOf = mapByPlace((article: Article) => article.body);

/** The addresses of the published articles, again only when one of them changes. */
const publishedAddresses = memoLastCall(
  (articles: readonly Article[]): ReadonlySet<string> => new Set(articles.flatMap((article) => [article.slug, article.fileSlug])),
  sameItems((a: Article, b: Article) => a.slug === b.slug && a.fileSlug === b.fileSlug),
);

/** Each draft's candidates less what the published content says: again only when the drafts, the addresses, the text or what the bodies say change. */
const draftPrints = memoLastCall(
  (drafts: readonly Article[], addresses: ReadonlySet<string>, text: TextSearch, saidByArticles: ReadonlySet<string>): Fingerprint[][] =>
    drafts.map((draft) => {
      const inText = saidInText(draft, text);
      return candidatesOf(draft).filter((print) => (print.kind === 'word' ? !addresses.has(print.needle) : !inText.has(print.needle) && !(print.label === 'text' && saidByArticles.has(print.needle))));
    }),
  sameData,
);

/** The published text, whitespace folded and prepared for the drafts' many questions: again only when it changes. */
const searchablePublishedText = memoLastCall((text: string) => new TextSearch(squeeze(text)));

function byNeedle(prints: readonly Fingerprint[], kind: Fingerprint['kind']): Map<string, Fingerprint[]> {
  const map = new Map<string, Fingerprint[]>();
  for (const print of prints) if (print.kind === kind) map.set(print.needle, [...(map.get(print.needle) ?? []), print]);
  return map;
}

/**
 * What would give the drafts away: each draft's fingerprints, gathered once
 * for a set of drafts and published articles, and kept by the preview for as
 * long as neither changes.
 */
export class DraftFingerprints {
  readonly drafts: readonly Article[];
  readonly perDraft: readonly Fingerprint[][];
  readonly texts: ReadonlyMap<string, Fingerprint[]>;
  readonly words: ReadonlyMap<string, Fingerprint[]>;
  /** A hash of every fingerprint: a file audited clean against the same key is clean again. */
  readonly key: string;

  private constructor(drafts: readonly Article[], perDraft: Fingerprint[][]) {
    this.drafts = drafts;
    this.perDraft = perDraft;
    this.key = cacheKey(JSON.stringify(perDraft));
    this.texts = byNeedle(perDraft.flat(), 'text');
    this.words = byNeedle(perDraft.flat(), 'word');
  }

  private static last: DraftFingerprints | undefined;

  /**
   * The fingerprints of these drafts; the same object as last time when
   * they are the same.
   *
   * @param drafts the articles marked draft
   * @param published the articles being published, and the other published text (identity, topics)
   */
  static of(drafts: readonly Article[], published: { articles: readonly Article[]; text: string }): DraftFingerprints {
    const perDraft = fingerprints(drafts, published);
    const last = DraftFingerprints.last;
    if (last !== undefined && sameData(last.drafts, drafts) && sameData(last.perDraft, perDraft)) return last;
    DraftFingerprints.last = new DraftFingerprints(drafts, perDraft);
    return DraftFingerprints.last;
  }
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
  private readonly prints: DraftFingerprints;
  /** The first generated file that says each fingerprint found so far. */
  private readonly found = new Map<Fingerprint, string>();
  private previousLines = new Set<string>();
  private readonly others: { file: string; text: TextSearch }[] = [];

  constructor(prints: DraftFingerprints) {
    this.prints = prints;
  }

  /** Reads one generated file. */
  read(output: ReadableOutput): void {
    if (this.prints.drafts.length === 0) return;
    if (!output.isPage) {
      this.readWords(output.text, output.file);
      this.others.push({ file: output.file, text: new TextSearch(squeeze(output.text)) });
      return;
    }
    const lines = new Set(output.text.split('\n'));
    for (const line of lines) {
      if (this.previousLines.has(line)) continue;
      this.readWords(line, output.file);
      const block = squeeze(line);
      if (block === '') continue;
      this.markFound(this.prints.texts.get(block), output.file);
      for (const sentence of sentences(block)) this.markFound(this.prints.texts.get(sentence), output.file);
    }
    this.previousLines = lines;
  }

  private markFound(prints: readonly Fingerprint[] | undefined, file: string): void {
    for (const print of prints ?? []) if (!this.found.has(print)) this.found.set(print, file);
  }

  private readWords(text: string, file: string): void {
    for (const word of text.toLowerCase().match(ADDRESS_WORD) ?? []) this.markFound(this.prints.words.get(word), file);
  }

  /** Each draft that leaked, with the first file that gives it away. */
  findings(): ContentDiagnostic[] {
    for (const [needle, prints] of this.prints.texts) {
      if (prints.every((print) => this.found.has(print))) continue;
      const file = this.others.find((output) => output.text.includes(needle))?.file;
      if (file !== undefined) this.markFound(prints, file);
    }
    return this.prints.drafts.flatMap((draft, index) => {
      const leak = this.prints.perDraft[index]?.find((print) => this.found.has(print));
      return leak
        ? [contentError(draft.sourcePath, undefined, 'draft-leak', `This draft's ${leak.label} appears in ${String(this.found.get(leak))}, which a production build must never publish.`, 'Remove the reference to the draft from the published content; if there is none, this is a generator bug to report.')]
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
  const audit = new DraftLeakAudit(DraftFingerprints.of(drafts, published));
  for (const output of outputs) audit.read(output);
  return audit.findings();
}
