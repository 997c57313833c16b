import { contentError, type ContentDiagnostic } from '../diagnostics.ts';
import type { Article } from '../types.ts';

/** A generated file of out/ as text a reader or a machine could read. */
export interface ReadableOutput {
  file: string;
  text: string;
}

/** Sentences this long are specific enough that finding one elsewhere is a leak, not chance. */
const MIN_SENTENCE_WORDS = 8;

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What would give a draft away: its title, its slugs (as whole words, so that
 * `knee-pain` does not match `knee-pain-exercises`), and each of its longer
 * sentences. Anything the published content itself says is left out: the
 * mission line of the draft template is also in the biography, and that is
 * no leak.
 */
function fingerprints(draft: Article, publishedText: string): { label: string; pattern: RegExp }[] {
  const prints: { label: string; pattern: RegExp }[] = [];
  const add = (label: string, text: string, wholeWord: boolean) => {
    const needle = squeeze(text);
    if (needle === '' || publishedText.includes(needle)) return;
    const body = escapeRegExp(needle);
    prints.push({ label, pattern: new RegExp(wholeWord ? `(?<![a-z0-9-])${body}(?![a-z0-9-])` : body) });
  };
  add('title', draft.title, false);
  add('address', draft.slug, true);
  add('file-name address', draft.fileSlug, true);
  for (const sentence of squeeze(draft.body.plainText).split(/(?<=[.!?])\s+/)) {
    if (sentence.split(' ').length >= MIN_SENTENCE_WORDS) add('text', sentence, false);
  }
  return prints;
}

/**
 * The draft-leak audit run after every production build (spec §4: drafts are
 * hidden everywhere): no draft's title, address or text may appear in any
 * generated file, whatever put it there.
 *
 * @param drafts the articles marked draft
 * @param publishedText everything the published content says (articles, identity, topics)
 * @param outputs every generated file, as readable text
 */
export function auditDraftLeaks(drafts: readonly Article[], publishedText: string, outputs: readonly ReadableOutput[]): ContentDiagnostic[] {
  const published = squeeze(publishedText);
  const diagnostics: ContentDiagnostic[] = [];
  for (const draft of drafts) {
    const prints = fingerprints(draft, published);
    for (const output of outputs) {
      const text = squeeze(output.text);
      const found = prints.find((print) => print.pattern.test(text));
      if (!found) continue;
      diagnostics.push(
        contentError(draft.sourcePath, undefined, 'draft-leak', `This draft's ${found.label} appears in ${output.file}, which a production build must never publish.`, 'Remove the reference to the draft from the published content; if there is none, this is a generator bug to report.'),
      );
    }
  }
  return diagnostics;
}
