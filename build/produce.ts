/**
 * Producing a planned site: into out/ (the CLI's atomic write, the preview's
 * update in place) or into memory (tests), with the checks run before
 * anything is published. Each page is read for the checks when it is
 * produced; a page out/ already held is read from its file, and what was
 * learnt of a page is kept in memory under its key, and in the cache with
 * the build's other records.
 */
import { readFile } from 'node:fs/promises';
import { checkSite, draftFingerprints, freshnessWarnings, handoutsFreshnessWarnings, packRecords, recordPage, sentences, sharedStrings, squeeze, unpackRecords, type BodySource, type CheckInput, type Fingerprints, type PageRecord, type RecordPack } from './check/index.ts';
import { ContentErrors, hasErrors, sortDiagnostics, type ContentDiagnostic } from './diagnostics/index.ts';
import type { ArticleWithBody } from './model/index.ts';
import type { Output } from './output.ts';
import type { PlannedPage } from './pages/index.ts';
import type { SitePlan } from './pipeline.ts';
import { entryKey } from './store/index.ts';
import { updateSite, writeSite, type OutputRecord } from './write/index.ts';

/** The drafts' fingerprints, less what the published content says outside its bodies; undefined when there is nothing to audit. */
async function fingerprints(plan: SitePlan): Promise<Fingerprints | undefined> {
  const { documents, memory, model } = plan;
  if (model.hiddenDrafts.length === 0) return undefined;
  const { site, topics, articles } = model;
  const otherText = [...articles.flatMap((article) => [article.title, article.summary, article.author ?? '']), site.name, site.tagline, site.intro, site.affiliationDisclaimer, ...topics.flatMap((topic) => [topic.title, topic.sourceTitle])];
  const addresses = new Set(articles.flatMap((article) => [article.slug, article.fileSlug]));
  const drafts = model.hiddenDrafts.flatMap((article) => [article.sourcePath, documents.keyOf(article.sourcePath), article.title, article.slug, article.fileSlug]);
  // Made again only when a draft, the biography, the text outside the bodies or an address changes, not for an edit to a published body.
  const key = entryKey(...drafts, documents.keyOf(site.sourcePath), ...otherText, ...addresses);
  return memory.remember(`fingerprints:${key}`, async () => {
    const withText = await Promise.all(model.hiddenDrafts.map(async (article) => ({ article, textBlocks: await documents.textBlocks(article.sourcePath) })));
    const biography = await documents.textBlocks(site.sourcePath);
    const said = new Set([...otherText, ...biography].flatMap((block) => [squeeze(block), ...sentences(block)]));
    return draftFingerprints(withText, { says: (text) => said.has(text), addresses });
  });
}

/**
 * Which of these sentences a published body says: asked only when a draft's
 * sentence was found somewhere. Each body's answer (which of the drafts'
 * sentences it says) is kept in memory under its key and the fingerprints',
 * whatever was found, so that the preview, after an edit, reads only the
 * edited body.
 */
async function saidByBodies(plan: SitePlan, prints: Fingerprints, found: readonly string[]): Promise<Set<string>> {
  const answers = plan.model.articles.map((article) =>
    plan.memory.remember(`says:${plan.documents.keyOf(article.sourcePath)}:${prints.key}`, async () => (await plan.documents.textBlocks(article.sourcePath)).flatMap(sentences).filter((sentence) => prints.texts.has(sentence))),
  );
  const wanted = new Set(found);
  const said = new Set<string>();
  for (const answer of await Promise.all(answers)) for (const sentence of answer) if (wanted.has(sentence)) said.add(sentence);
  return said;
}

/**
 * The key of the cache entry that holds every page record of the last
 * build, as one file: one file read and written per build, where a file for
 * each page cost more to make than its record (see test/bench/README.md).
 */
const RECORDS_ENTRY = entryKey('page records');

/**
 * What the checks learn of each page: read from its HTML as it is produced
 * (the HTML is not kept), from the file out/ already held, or kept in
 * memory or in the cache from an earlier build under the same key.
 */
class PageRecords {
  private readonly pagesByPath: ReadonlyMap<string, PlannedPage>;
  private readonly read = new Map<PlannedPage, Promise<PageRecord>>();
  private readonly kept = new Map<PlannedPage, string>();
  /** This build's records by key, and whether any was not known before. */
  private readonly used = new Map<string, PageRecord>();
  private anyNew = false;
  private readonly keepString = sharedStrings();
  /** The drafts' fingerprints, known once the biography and the drafts, processed first, are done. */
  readonly prints: Promise<Fingerprints | undefined>;

  constructor(private readonly plan: SitePlan) {
    this.pagesByPath = new Map(plan.pages.map((page) => [page.file, page]));
    this.prints = fingerprints(plan);
    // Waited for by the checks, where a failure is reported.
    this.prints.catch(() => undefined);
  }

  /**
   * What the checks learn of a page under the drafts' fingerprints: kept in
   * memory under the page's key, and in the cache with the build's other
   * records, so that a page rendered again with the same key is not read
   * again (reading a page costs more than rendering it, see
   * test/bench/README.md).
   */
  private async recorded(page: PlannedPage, html: () => Promise<string>): Promise<PageRecord> {
    const prints = await this.prints;
    const key = entryKey(page.key, prints?.key ?? 'no drafts');
    const known = this.plan.memory.recall<PageRecord>(key) ?? this.storedRecords().get(key);
    const record = known ?? recordPage(await html(), prints, this.keepString);
    this.anyNew ||= known === undefined;
    this.plan.memory.set(key, record);
    this.used.set(key, record);
    return record;
  }

  /** The records the cache holds, read once in a process: the preview's later builds ask only for new pages, which it never holds. */
  private storedRecords(): Map<string, PageRecord> {
    return this.plan.memory.remember(`stored-records:${RECORDS_ENTRY}`, () => unpackRecords(this.plan.store.getJson<RecordPack>('page-record', RECORDS_ENTRY)));
  }

  /** Keeps this build's records in the cache for the next build, when any is new. */
  keep(): void {
    if (this.anyNew) this.plan.store.putJson('page-record', RECORDS_ENTRY, packRecords(this.used));
  }

  /** Reads a page as it is produced. */
  produced(output: Output, contents: string | Uint8Array): void {
    const page = this.pagesByPath.get(output.path);
    if (page !== undefined) this.read.set(page, this.recorded(page, () => Promise.resolve(String(contents))));
  }

  /** A page that out/ already held, in this file. */
  keptIn(output: Output, file: string): void {
    const page = this.pagesByPath.get(output.path);
    if (page !== undefined) this.kept.set(page, file);
  }

  /** What the checks learn of a page, under the drafts' fingerprints. */
  async recordOf(page: PlannedPage): Promise<PageRecord> {
    const read = this.read.get(page);
    if (read !== undefined) return read;
    const keptFile = this.kept.get(page);
    return this.recorded(page, () => (keptFile === undefined ? page.render() : readFile(keptFile, 'utf8')));
  }
}

/** The markdown each page shows, by the page's address, for link messages at their lines. */
async function bodySources(plan: SitePlan, articles: readonly ArticleWithBody[]): Promise<Map<string, BodySource>> {
  const { documents, model } = plan;
  const bodies = new Map<string, BodySource>();
  for (const article of articles) bodies.set(article.url, { file: article.sourcePath, bodyStartLine: article.bodyStartLine, links: (await documents.facts(article.sourcePath)).links });
  const { site } = model;
  bodies.set('/about', { file: site.sourcePath, bodyStartLine: site.biographyStartLine, links: (await documents.facts(site.sourcePath)).links });
  return bodies;
}

/** The cache entry that holds what the checks found in the last build, under a key of everything they read. */
const CHECKS_ENTRY = entryKey('site checks');

/**
 * What the checks find, or found in the last build when everything they read
 * is the same: every page (its address, file and key, which covers its
 * HTML), every file of out/, the assets, the bodies (their files, first
 * lines and processed documents), the files the audit reads and the drafts'
 * fingerprints. A warm build into an emptied out/ then reads no page record
 * and no body's sentences (see test/bench/README.md).
 */
async function checkedSite(plan: SitePlan, input: CheckInput, records: PageRecords): Promise<ContentDiagnostic[]> {
  // Each list hashed on its own: entryKey keeps its parts apart, but not where one list ends and the next begins.
  const group = (parts: readonly string[]) => entryKey(...parts);
  const key = entryKey(
    input.siteUrl,
    input.prints?.key ?? 'no drafts',
    group(plan.model.hiddenDrafts.map((draft) => draft.sourcePath)),
    group(input.pages.flatMap((page) => [page.url, page.file, page.kind, page.key])),
    group(input.paths),
    group(input.assets.flatMap((asset) => [asset.path, asset.source])),
    group([...input.bodies].flatMap(([url, body]) => [url, body.file, String(body.bodyStartLine), plan.documents.keyOf(body.file)])),
    group(input.audited.map((file) => file.key)),
  );
  const stored = plan.store.getJson<{ key: string; found: ContentDiagnostic[] }>('site-check', CHECKS_ENTRY);
  if (stored?.key === key && Array.isArray(stored.found)) return stored.found;
  const found = await checkSite(input, (page) => records.recordOf(page));
  plan.store.putJson('site-check', CHECKS_ENTRY, { key, found });
  return found;
}

/**
 * Runs the checks over the whole site, once every body is processed; throws
 * every problem when any is an error, and adds the warnings to the plan's.
 *
 * @param reuse whether what the last build found may stand when nothing the checks read changed: not for the preview's updates, which follow an edit
 */
async function check(plan: SitePlan, records: PageRecords, reuse: boolean): Promise<void> {
  const bodyProblems = await plan.documents.finished;
  if (hasErrors(bodyProblems)) throw new ContentErrors(sortDiagnostics([...plan.warnings, ...bodyProblems]));
  const articles = await Promise.all(plan.model.articles.map((article) => plan.withBody(article)));
  const prints = await records.prints;
  const { site } = plan.model;
  const assets = plan.assets.map((asset) => ({ path: asset.relativePath, source: asset.absolutePath }));
  const paths = [...plan.outputs, ...(await plan.imageCopies)].map((output) => output.path);
  const input = { pages: plan.pages, paths, assets, bodies: await bodySources(plan, articles), siteUrl: site.siteUrl, prints, audited: plan.audited, saidByBodies: (found: readonly string[]) => (prints === undefined ? Promise.resolve(new Set<string>()) : saidByBodies(plan, prints, found)), memory: plan.memory };
  const found = reuse ? await checkedSite(plan, input, records) : await checkSite(input, (page) => records.recordOf(page));
  const fresh = [...freshnessWarnings(articles.filter((article) => !article.draft), site.reviewMaxAgeMonths, plan.today), ...handoutsFreshnessWarnings(site, plan.today)];
  plan.warnings = sortDiagnostics([...plan.warnings, ...bodyProblems, ...found, ...fresh]);
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
  const records = new PageRecords(plan);
  return writeSite({
    ...target,
    facts: plan.facts,
    outputs: plan.outputs,
    later: plan.imageCopies,
    produced: (output, contents) => records.produced(output, contents),
    kept: (output, file) => records.keptIn(output, file),
    beforePublishing: async () => {
      await check(plan, records, true);
      records.keep();
    },
  });
}

/**
 * Brings the preview's out/ up to date in place, checked before anything changes.
 *
 * @param target.beforeWriting runs after the checks, last before out/ changes; what it throws stops the update
 */
export async function updatePlan(plan: SitePlan, target: WriteTarget & { record: OutputRecord; beforeWriting?: () => Promise<void> }): Promise<{ written: string[] }> {
  const records = new PageRecords(plan);
  const beforePublishing = async () => {
    await check(plan, records, false);
    await target.beforeWriting?.();
  };
  return updateSite({ ...target, outputs: plan.outputs, later: plan.imageCopies, produced: (output, contents) => records.produced(output, contents), kept: (output, file) => records.keptIn(output, file), beforePublishing });
}

/** Every file of the site in memory, checked: for tests and tools that read the output without writing it. */
export async function producePlan(plan: SitePlan): Promise<Map<string, string | Uint8Array>> {
  const records = new PageRecords(plan);
  const files = new Map<string, string | Uint8Array>();
  for (const output of [...plan.outputs, ...(await plan.imageCopies)]) {
    const contents = await output.contents();
    files.set(output.path, contents);
    records.produced(output, contents);
  }
  await check(plan, records, true);
  records.keep();
  return files;
}
