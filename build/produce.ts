/**
 * Producing a planned site: into out/ (the CLI's atomic write, the preview's
 * update in place) or into memory (tests), with the checks run on what was
 * produced before anything is published. Each page is read for the checks
 * when it is rendered; what was learnt is kept under its key, in memory and
 * in the cache, so an unchanged page is not rendered again to be checked.
 */
import { checkSite, draftFingerprints, recordPage, sentences, type BodySource, type Fingerprints, type PageRecord } from './check/index.ts';
import { ContentErrors, hasErrors, sortDiagnostics, type ContentDiagnostic } from './diagnostics/index.ts';
import type { Output } from './output.ts';
import type { PlannedPage } from './pages/index.ts';
import type { SitePlan } from './pipeline.ts';
import { entryKey } from './store/index.ts';
import { updateSite, writeSite, type OutputRecord } from './write/index.ts';

/** The drafts' fingerprints, less what the published content says; undefined when there is nothing to audit. */
function fingerprints(plan: SitePlan): Fingerprints | undefined {
  const { hiddenDrafts, documents } = plan.checking;
  if (hiddenDrafts.length === 0) return undefined;
  const draftSentences = new Set(hiddenDrafts.flatMap(({ facts }) => facts.textBlocks.flatMap(sentences)));
  const draftsKey = entryKey(...hiddenDrafts.map(({ facts }) => facts.key));
  const said = new Set<string>();
  // What each published body says of the drafts' sentences, worked out once per body and set of drafts.
  for (const article of plan.articles) {
    const body = documents.get(article.sourcePath);
    if (body === undefined) continue;
    const shared = plan.memory.remember(`said:${draftsKey}:${body.key}`, () => body.textBlocks.flatMap(sentences).filter((sentence) => draftSentences.has(sentence)));
    for (const sentence of shared) said.add(sentence);
  }
  const { site, topics } = plan.model;
  const biography = documents.get(site.sourcePath)?.textBlocks ?? [];
  const otherText = [...plan.articles.flatMap((article) => [article.title, article.summary, article.author ?? '']), site.name, site.tagline, site.intro, site.affiliationDisclaimer, ...biography, ...topics.flatMap((topic) => [topic.title, topic.sourceTitle])];
  for (const block of otherText) for (const piece of [block.replace(/\s+/g, ' ').trim(), ...sentences(block)]) said.add(piece);
  const addresses = new Set(plan.articles.flatMap((article) => [article.slug, article.fileSlug]));
  return draftFingerprints(hiddenDrafts.map(({ article, facts }) => ({ article, textBlocks: facts.textBlocks })), { says: (text) => said.has(text), addresses });
}

/** What the checks learn of each page, from its render or kept from an earlier build. */
class PageRecords {
  private readonly pagesByPath: ReadonlyMap<string, PlannedPage>;
  private readonly saving: Promise<void>[] = [];

  constructor(
    private readonly plan: SitePlan,
    readonly prints: Fingerprints | undefined,
  ) {
    this.pagesByPath = new Map(plan.pages.map((page) => [page.file, page]));
  }

  private key(page: PlannedPage): string {
    return entryKey('page-record', page.key, this.prints?.key ?? 'no drafts');
  }

  private keep(page: PlannedPage, record: PageRecord): PageRecord {
    const key = this.key(page);
    this.plan.memory.set(`record:${key}`, record);
    this.saving.push(this.plan.store.putJson('record', key, record).catch(() => undefined));
    return record;
  }

  /** Reads a page as it is produced. */
  produced(output: Output, contents: string | Uint8Array): void {
    const page = this.pagesByPath.get(output.path);
    if (page !== undefined && page.key === output.key) this.keep(page, recordPage(String(contents), this.prints));
  }

  async recordOf(page: PlannedPage): Promise<PageRecord> {
    const key = this.key(page);
    const known = this.plan.memory.recall<PageRecord>(`record:${key}`) ?? (await this.plan.store.getJson<PageRecord>('record', key));
    if (known !== undefined && Array.isArray(known.facts?.references) && Array.isArray(known.leaks)) {
      this.plan.memory.set(`record:${key}`, known);
      return known;
    }
    return this.keep(page, recordPage(await page.render(), this.prints));
  }

  saved(): Promise<unknown> {
    return Promise.all(this.saving);
  }
}

/** Runs the checks over the whole site; throws every problem when any is an error, and adds the warnings to the plan's. */
async function check(plan: SitePlan, records: PageRecords): Promise<void> {
  const bodies = new Map<string, BodySource>();
  for (const article of plan.articles) {
    const facts = plan.checking.documents.get(article.sourcePath);
    if (facts !== undefined) bodies.set(article.url, { file: article.sourcePath, bodyStartLine: article.bodyStartLine, links: facts.links });
  }
  const { site } = plan.model;
  const biography = plan.checking.documents.get(site.sourcePath);
  if (biography !== undefined) bodies.set('/about', { file: site.sourcePath, bodyStartLine: site.biographyStartLine, links: biography.links });
  const assets = plan.checking.assets.map((asset) => ({ path: asset.relativePath, source: asset.absolutePath }));
  const input = { pages: plan.pages, paths: plan.outputs.map((output) => output.path), assets, bodies, siteUrl: site.siteUrl, prints: records.prints, audited: plan.checking.audited };
  const found: ContentDiagnostic[] = await checkSite(input, (page) => records.recordOf(page));
  await records.saved();
  plan.warnings = sortDiagnostics([...plan.warnings, ...found]);
  if (hasErrors(found)) throw new ContentErrors(plan.warnings);
}

export interface WriteTarget {
  outDir: string;
  /** Folders the output must never replace (content, assets). */
  protectedDirs: readonly string[];
  progress?: ((done: number, total: number) => void) | undefined;
}

/** Writes the site into out/ as a whole, checked before it takes out/'s place. */
export async function writePlan(plan: SitePlan, target: WriteTarget): Promise<{ written: string[]; kept: number; record: OutputRecord }> {
  const records = new PageRecords(plan, fingerprints(plan));
  return writeSite({ ...target, outputs: plan.outputs, produced: (output, contents) => records.produced(output, contents), beforePublishing: () => check(plan, records) });
}

/**
 * Brings the preview's out/ up to date in place, checked before anything changes.
 *
 * @param target.beforeWriting runs after the checks, last before out/ changes; what it throws stops the update
 */
export async function updatePlan(plan: SitePlan, target: WriteTarget & { record: OutputRecord; beforeWriting?: () => Promise<void> }): Promise<{ written: string[] }> {
  const records = new PageRecords(plan, fingerprints(plan));
  const beforePublishing = async () => {
    await check(plan, records);
    await target.beforeWriting?.();
  };
  return updateSite({ ...target, outputs: plan.outputs, produced: (output, contents) => records.produced(output, contents), beforePublishing });
}

/** Every file of the site in memory, checked: for tests and tools that read the output without writing it. */
export async function producePlan(plan: SitePlan): Promise<Map<string, string | Uint8Array>> {
  const records = new PageRecords(plan, fingerprints(plan));
  const files = new Map<string, string | Uint8Array>();
  for (const output of plan.outputs) {
    const contents = await output.contents();
    files.set(output.path, contents);
    records.produced(output, contents);
  }
  await check(plan, records);
  return files;
}
