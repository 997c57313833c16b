/**
 * The check stage, run on the output itself rather than on the content, so
 * that nothing a template or a plugin adds escapes it: every internal link
 * and section, every language pair, no image from elsewhere, no unused handout or image, and (in a
 * production build) no trace of a draft. What the checks know of the site is
 * one object, `SiteChecks`, told of each page as it is produced: a build
 * makes a fresh one, and the preview keeps its own between edits, so that an
 * edit checks again only the pages it changed.
 */
import type { ContentDiagnostic } from '../diagnostics/index.ts';
import type { PlannedPage } from '../pages/index.ts';
import { leakFindings, leaksIn, type Fingerprints } from './draft-leaks.ts';
import { checkLanguagePairs } from './language-pairs.ts';
import { checkFragments, checkPageLinks, internalTarget, servedAddresses, unusedAssets, type BodySource, type CheckedPage, type PageLinkCheck } from './links.ts';
import { readPage, type KeepString } from './page-facts.ts';
import type { FoundPrint, PageRecord } from './page-records.ts';

export { draftFingerprints, leaksInFile, sentences, squeeze, type Fingerprints } from './draft-leaks.ts';
export { freshnessWarnings, handoutsFreshnessWarnings } from './freshness.ts';
export { translationMismatches, translationPairs } from './translation-parity.ts';
export type { BodySource } from './links.ts';
export { sharedStrings } from './page-facts.ts';
export { packRecords, unpackRecords, type FoundPrint, type PageRecord, type RecordPack } from './page-records.ts';

/** A fingerprint found, as plain data kept in a record. */
export const plainPrint = (print: { draft: { sourcePath: string }; what: string; needle: string }): FoundPrint => ({ draft: print.draft.sourcePath, what: print.what, ...(print.what === 'text' ? { text: print.needle } : {}) });

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

/** The site the checks run against: what out/ serves, and what may not leak. */
export interface CheckedSite {
  /** Every file of out/. */
  paths: readonly string[];
  siteUrl: string;
  /** The files copied from assets/, with their source. */
  assets: readonly { path: string; source: string }[];
  /** The drafts' fingerprints, or undefined when nothing is audited (a `--drafts` build, or no drafts). */
  prints: Fingerprints | undefined;
}

/** What the checks keep of one page: under which key and body it was checked, and what they found. */
interface CheckedEntry {
  key: string;
  body: BodySource | undefined;
  page: CheckedPage;
  links: PageLinkCheck;
  /** Its broken links to sections, as of the last findings. */
  sections: ContentDiagnostic[];
  /** The fingerprints its text gives away that no published body may excuse for it (its own body's sentences are left out). */
  leaks: readonly FoundPrint[];
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** True when a page's markdown is the same: the same file, first line and processed document. */
const sameBody = (a: BodySource | undefined, b: BodySource | undefined) => a === b || (a !== undefined && b !== undefined && a.file === b.file && a.bodyStartLine === b.bodyStartLine && a.key === b.key);

/**
 * What the checks know of a built site: each page's links and leaks, each
 * audited file's leaks, and which assets are used. Told of a page again,
 * it forgets what it knew of it; the findings are put together from what
 * it holds, in the order of the site's pages.
 */
export class SiteChecks {
  private readonly served: ReadonlyMap<string, string>;
  private readonly pages = new Map<string, CheckedEntry>();
  private readonly files = new Map<string, readonly FoundPrint[]>();
  /** How many pages use each file of out/. */
  private readonly uses = new Map<string, number>();
  /** For each page, the pages that link to its sections. */
  private readonly linkedFrom = new Map<string, Set<string>>();
  /** The pages whose links to sections are checked again for the next findings: told of since, or leading to a page told of since. */
  private readonly unsettled = new Set<string>();
  /** The pages with something to tell (a broken link, a leak); every other page adds nothing to the findings. */
  private readonly telling = new Set<string>();

  constructor(readonly site: CheckedSite) {
    this.served = servedAddresses(site.paths);
  }

  /** True when these checks were made for the same site: the results they hold for a page then stand while the page does not change. */
  isFor(site: CheckedSite): boolean {
    const { paths, siteUrl, assets, prints } = this.site;
    const assetList = (list: CheckedSite['assets']) => list.flatMap((asset) => [asset.path, asset.source]);
    return siteUrl === site.siteUrl && prints?.key === site.prints?.key && sameList(assetList(assets), assetList(site.assets)) && sameList(paths, site.paths);
  }

  /** True when the page was checked under this key with this markdown: it needs no record. */
  knows(page: PlannedPage, body: BodySource | undefined): boolean {
    const entry = this.pages.get(page.file);
    return entry?.key === page.key && sameBody(entry.body, body);
  }

  /**
   * Checks a page from what was read of it.
   *
   * @param record its ids and references, and the fingerprints its text gives away that its own body does not say
   * @param body the markdown it shows, if any
   */
  setPage(page: PlannedPage, record: PageRecord, body: BodySource | undefined): void {
    this.forget(page.file);
    const checked: CheckedPage = { url: page.url, file: page.file, kind: page.kind, facts: record.facts };
    const links = checkPageLinks(checked, this.served, body, this.site.siteUrl);
    for (const file of links.uses) this.uses.set(file, (this.uses.get(file) ?? 0) + 1);
    for (const { file } of links.fragments) this.linkedFrom.set(file, (this.linkedFrom.get(file) ?? new Set()).add(page.file));
    this.pages.set(page.file, { key: page.key, body, page: checked, links, sections: [], leaks: record.leaks });
    this.unsettle(page.file);
  }

  private unsettle(file: string): void {
    this.unsettled.add(file);
    for (const from of this.linkedFrom.get(file) ?? []) this.unsettled.add(from);
  }

  private forget(file: string): void {
    const entry = this.pages.get(file);
    if (entry === undefined) return;
    for (const used of entry.links.uses) this.uses.set(used, (this.uses.get(used) ?? 1) - 1);
    for (const fragment of entry.links.fragments) this.linkedFrom.get(fragment.file)?.delete(file);
    this.pages.delete(file);
    this.telling.delete(file);
    this.unsettle(file);
  }

  /** Forgets every page but these: the site no longer has the others. */
  keepPages(files: ReadonlySet<string>): void {
    for (const file of [...this.pages.keys()]) if (!files.has(file)) this.forget(file);
  }

  /** What the audit found in a generated file other than a page (a feed, the sitemap). */
  setFile(path: string, found: readonly FoundPrint[]): void {
    this.files.set(path, found);
  }

  /** Checks again the links to sections of the unsettled pages, now that every page is known. */
  private settle(): void {
    const targetOf = (file: string) => this.pages.get(file)?.page;
    for (const file of this.unsettled) {
      const entry = this.pages.get(file);
      if (entry === undefined) continue;
      entry.sections = checkFragments(entry.page, entry.links.fragments, targetOf, entry.body);
      if ([entry.links.diagnostics, entry.sections, entry.leaks].some((list) => list.length > 0)) this.telling.add(file);
      else this.telling.delete(file);
    }
    this.unsettled.clear();
  }

  /** The page a URL written on a page leads to, if it leads to one of the site's. */
  private pageAt(url: string, from: CheckedPage): CheckedPage | undefined {
    const target = internalTarget(url, from.url, this.site.siteUrl);
    const file = target === undefined ? undefined : this.served.get(target.path);
    return file === undefined ? undefined : this.pages.get(file)?.page;
  }

  /** The broken language pairs of these pages, told at the file each is made from. */
  private pairProblems(pages: readonly PlannedPage[]): ContentDiagnostic[] {
    const site = { siteUrl: this.site.siteUrl, pageAt: (url: string, from: CheckedPage) => this.pageAt(url, from) };
    return pages.flatMap((page) => {
      const entry = this.pages.get(page.file);
      return entry === undefined || entry.page.facts.alternates.length === 0 ? [] : checkLanguagePairs(entry.page, entry.body?.file ?? page.file, site);
    });
  }

  /**
   * Every problem found.
   *
   * @param pages the site's pages, in the order their problems are told; each must have been set
   * @param saidByBodies which of these draft sentences some published body says, which is no leak: asked only of sentences found
   */
  async findings(pages: readonly PlannedPage[], saidByBodies: (sentences: readonly string[]) => Promise<ReadonlySet<string>>): Promise<ContentDiagnostic[]> {
    this.settle();
    const entries: CheckedEntry[] = [];
    for (const page of pages) if (this.telling.has(page.file)) entries.push(this.pages.get(page.file) as CheckedEntry);
    const diagnostics = [...entries.flatMap((entry) => entry.links.diagnostics), ...entries.flatMap((entry) => entry.sections)];
    const leaks = [...entries.flatMap((entry) => (entry.leaks.length > 0 ? [{ file: entry.page.file, prints: entry.leaks }] : [])), ...[...this.files].flatMap(([file, prints]) => (prints.length > 0 ? [{ file, prints }] : []))];
    const found = leaks.flatMap(({ prints }) => prints.flatMap((print) => (print.text === undefined ? [] : [print.text])));
    const said = found.length === 0 ? new Set<string>() : await saidByBodies(found);
    const unexcused = leaks.map(({ file, prints }) => ({ file, prints: prints.filter((print) => print.text === undefined || !said.has(print.text)) }));
    return [...diagnostics, ...this.pairProblems(pages), ...unusedAssets(this.site.assets, (file) => (this.uses.get(file) ?? 0) > 0), ...leakFindings(unexcused)];
  }
}
