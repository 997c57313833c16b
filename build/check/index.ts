/**
 * The check stage, run on the output itself rather than on the content, so
 * that nothing a template or a plugin adds escapes it: every internal link
 * and section, no image from elsewhere, no unused handout, and (in a
 * production build) no trace of a draft. Each page is read once, when it is
 * rendered; what was learnt of it is kept under its key, so an unchanged
 * page is never read again.
 */
import type { ContentDiagnostic } from '../diagnostics/index.ts';
import type { Memory } from '../memory.ts';
import type { Output } from '../output.ts';
import type { PlannedPage } from '../pages/index.ts';
import { entryKey } from '../store/index.ts';
import { leakFindings, leaksIn, leaksInFile, type Fingerprints } from './draft-leaks.ts';
import { checkFragments, checkPageLinks, servedAddresses, unusedAssets, type BodySource, type CheckedPage, type PageLinkCheck } from './links.ts';
import { readPage, type KeepString } from './page-facts.ts';
import type { FoundPrint, PageRecord } from './page-records.ts';

export { draftFingerprints, sentences, squeeze, type Fingerprints } from './draft-leaks.ts';
export { freshnessWarnings, handoutsFreshnessWarnings } from './freshness.ts';
export type { BodySource } from './links.ts';
export { sharedStrings } from './page-facts.ts';
export { packRecords, unpackRecords, type PageRecord, type RecordPack } from './page-records.ts';

const plainPrint = (print: { draft: { sourcePath: string }; what: string; needle: string }): FoundPrint => ({ draft: print.draft.sourcePath, what: print.what, ...(print.what === 'text' ? { text: print.needle } : {}) });

/**
 * Reads a rendered page for the checks.
 *
 * @param prints the drafts' fingerprints, or undefined when nothing is audited
 * @param keep how the record keeps its strings: `sharedStrings()` for the pages of one build
 */
export function recordPage(html: string, prints: Fingerprints | undefined, keep?: KeepString): PageRecord {
  const { text, ...facts } = readPage(html, keep);
  const leaks = prints === undefined ? [] : leaksIn(text, facts.references.map((reference) => reference.url), prints).map(plainPrint);
  return { facts, leaks };
}

export interface CheckInput {
  pages: readonly PlannedPage[];
  /** Every file of out/. */
  paths: readonly string[];
  /** The files copied from assets/, with their source. */
  assets: readonly { path: string; source: string }[];
  /** The markdown each page shows, by the page's address. */
  bodies: ReadonlyMap<string, BodySource>;
  siteUrl: string;
  /** The drafts' fingerprints, or undefined when nothing is audited (a `--drafts` build, or no drafts). */
  prints: Fingerprints | undefined;
  /** The generated files other than pages that the audit reads (feeds, sitemap). */
  audited: readonly Output[];
  /**
   * Which of these sentences some published body says, which is no leak:
   * asked only of the drafts' sentences found in a generated file.
   */
  saidByBodies(sentences: readonly string[]): Promise<ReadonlySet<string>>;
  /** Where each page's link check is kept for the next build: a page whose key, body lines and site files are the same is not checked again. */
  memory: Memory;
}

/**
 * @param input what was built
 * @param recordOf what the checks learnt of a page, from its render or from an earlier build
 */
export async function checkSite(input: CheckInput, recordOf: (page: PlannedPage) => Promise<PageRecord>): Promise<ContentDiagnostic[]> {
  const served = servedAddresses(input.paths);
  const servedKey = entryKey(input.siteUrl, ...input.paths);
  const checked: CheckedPage[] = [];
  const checks = new Map<CheckedPage, PageLinkCheck>();
  const leaks: { file: string; prints: FoundPrint[] }[] = [];
  const used = new Set<string>();
  for (const page of input.pages) {
    const record = await recordOf(page);
    const target: CheckedPage = { url: page.url, file: page.file, kind: page.kind, facts: record.facts };
    const body = input.bodies.get(page.url);
    const check = input.memory.remember(`links:${page.key}:${servedKey}:${body?.file ?? ''}:${body?.bodyStartLine ?? ''}`, () => checkPageLinks(target, served, body, input.siteUrl));
    checked.push(target);
    checks.set(target, check);
    for (const file of check.uses) used.add(file);
    if (record.leaks.length > 0) leaks.push({ file: page.file, prints: record.leaks });
  }
  const diagnostics = [...checked.flatMap((page) => checks.get(page)?.diagnostics ?? []), ...checkFragments(checked, checks, input.bodies), ...unusedAssets(input.assets, used)];
  if (input.prints !== undefined) {
    for (const file of input.audited) {
      const { prints } = input;
      // Read again only when the file or the fingerprints change: an edit to a body leaves most of them as they were.
      const found = await input.memory.remember(`leaks-in:${file.key}:${prints.key}`, async () => leaksInFile(String(await file.contents()), prints).map(plainPrint));
      if (found.length > 0) leaks.push({ file: file.path, prints: found });
    }
  }
  const found = leaks.flatMap(({ prints }) => prints.flatMap((print) => (print.text === undefined ? [] : [print.text])));
  const said = found.length === 0 ? new Set<string>() : await input.saidByBodies(found);
  const unexcused = leaks.map(({ file, prints }) => ({ file, prints: prints.filter((print) => print.text === undefined || !said.has(print.text)) }));
  return [...diagnostics, ...leakFindings(unexcused)];
}
