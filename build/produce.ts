/**
 * Producing a planned site: into out/ (the CLI's atomic write, the preview's
 * update in place) or into memory (tests), with the checks run before
 * anything is published. Each page is read for the checks when it is
 * produced; a page out/ already held is read from its file, and what was
 * learnt of a page is kept in memory under its key, and in the cache with
 * the build's other records.
 */
import { readFile } from 'node:fs/promises';
import { SiteChecks, draftFingerprints, freshnessWarnings, handoutsFreshnessWarnings, leaksInFile, packRecords, plainPrint, recordPage, sentences, sharedStrings, squeeze, unpackRecords, type BodySource, type CheckedSite, type Fingerprints, type FoundPrint, type PageRecord, type RecordPack } from './check/index.ts';
import { ContentErrors, hasErrors, sortDiagnostics, type ContentDiagnostic } from './diagnostics/index.ts';
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
 * Which of the drafts' sentences a published body says, kept in memory
 * under the body's key and the fingerprints', so that the preview, after an
 * edit, reads only the edited body.
 */
function bodySays(plan: SitePlan, prints: Fingerprints, file: string): Promise<string[]> {
  return plan.memory.remember(`says:${plan.documents.keyOf(file)}:${prints.key}`, async () => (await plan.documents.textBlocks(file)).flatMap(sentences).filter((sentence) => prints.texts.has(sentence)));
}

/** Which of these sentences some published body says: asked only when a draft's sentence was found where no page's own body says it. */
async function saidByBodies(plan: SitePlan, prints: Fingerprints, found: readonly string[]): Promise<Set<string>> {
  const answers = await Promise.all(plan.model.articles.map((article) => bodySays(plan, prints, article.sourcePath)));
  const wanted = new Set(found);
  return new Set(answers.flat().filter((sentence) => wanted.has(sentence)));
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
  private readonly read = new Map<string, Promise<PageRecord>>();
  private readonly kept = new Map<string, string>();
  /** This build's records by key, and whether any was not known before. */
  private readonly used = new Map<string, PageRecord>();
  private anyNew = false;
  private readonly keepString = sharedStrings();

  constructor(
    private readonly plan: SitePlan,
    /** The drafts' fingerprints, known once the biography and the drafts, processed first, are done. */
    readonly prints: Promise<Fingerprints | undefined>,
  ) {
    // Waited for by the checks, where a failure is reported.
    prints.catch(() => undefined);
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
  produced(page: PlannedPage, contents: string | Uint8Array): void {
    const record = this.recorded(page, () => Promise.resolve(String(contents)));
    // Waited for by the checks, where a failure is reported.
    record.catch(() => undefined);
    this.read.set(page.file, record);
  }

  /** A page that out/ already held, in this file. */
  keptIn(page: PlannedPage, file: string): void {
    this.kept.set(page.file, file);
  }

  /** What the checks learn of a page, under the drafts' fingerprints. */
  recordOf(page: PlannedPage): Promise<PageRecord> {
    const keptFile = this.kept.get(page.file);
    return this.read.get(page.file) ?? this.recorded(page, () => (keptFile === undefined ? page.render() : readFile(keptFile, 'utf8')));
  }
}

/** The markdown each page shows, by the page's address, for link messages at their lines. */
async function bodySources(plan: SitePlan): Promise<Map<string, BodySource>> {
  const { documents, model } = plan;
  const shown = [...model.articles.map((article) => ({ url: article.url, file: article.sourcePath, bodyStartLine: article.bodyStartLine })), { url: '/about', file: model.site.sourcePath, bodyStartLine: model.site.biographyStartLine }];
  const sources = await Promise.all(shown.map(async ({ url, file, bodyStartLine }) => [url, { file, bodyStartLine, key: documents.keyOf(file), links: (await documents.facts(file)).links }] as const));
  return new Map(sources);
}

/** The site the checks run against: every file of out/, the assets and the drafts' fingerprints. */
async function checkedSite(plan: SitePlan, prints: Fingerprints | undefined): Promise<CheckedSite> {
  const paths = [...plan.outputs, ...(await plan.imageCopies)].map((output) => output.path);
  return { paths, siteUrl: plan.model.site.siteUrl, assets: plan.assets.map((asset) => ({ path: asset.relativePath, source: asset.absolutePath })), prints };
}

/**
 * The fingerprints a page gives away that no published body can excuse for
 * it: a sentence its own article's body says is said by a published body.
 */
async function unexcusable(plan: SitePlan, leaks: FoundPrint[], body: BodySource | undefined, prints: Fingerprints | undefined): Promise<FoundPrint[]> {
  if (prints === undefined || body === undefined || body.file === plan.model.site.sourcePath || !leaks.some((print) => print.text !== undefined)) return leaks;
  const says = new Set(await bodySays(plan, prints, body.file));
  return leaks.filter((print) => print.text === undefined || !says.has(print.text));
}

/** Tells the checks of every page and audited file they do not already know. */
async function checkPages(plan: SitePlan, records: PageRecords, checks: SiteChecks): Promise<void> {
  const bodies = await bodySources(plan);
  const { prints } = checks.site;
  for (const page of plan.pages) {
    const body = bodies.get(page.url);
    if (checks.knows(page, body)) continue;
    const { facts, leaks } = await records.recordOf(page);
    checks.setPage(page, { facts, leaks: await unexcusable(plan, leaks, body, prints) }, body);
  }
  checks.keepPages(new Set(plan.pages.map((page) => page.file)));
  for (const file of plan.audited) {
    // Read again only when the file or the fingerprints change: an edit to a body leaves most of them as they were.
    const found = prints === undefined ? [] : await plan.memory.remember(`leaks-in:${file.key}:${prints.key}`, async () => leaksInFile(String(await file.contents()), prints).map(plainPrint));
    checks.setFile(file.path, found);
  }
}

/** The cache entry that holds what the checks found in the last build, under a key of everything they read. */
const FOUND_ENTRY = entryKey('site checks');

/**
 * A key of everything the checks read: every page (its address, file and
 * key, which covers its HTML), every file of out/, the assets, the bodies
 * (their files, first lines and processed documents), the files the audit
 * reads and the drafts' fingerprints.
 */
function foundKey(plan: SitePlan, site: CheckedSite, bodies: readonly string[]): string {
  // Each list hashed on its own: entryKey keeps its parts apart, but not where one list ends and the next begins.
  const group = (parts: readonly string[]) => entryKey(...parts);
  return entryKey(
    site.siteUrl,
    site.prints?.key ?? 'no drafts',
    group(plan.model.hiddenDrafts.map((draft) => draft.sourcePath)),
    group(plan.pages.flatMap((page) => [page.url, page.file, page.kind, page.key])),
    group(site.paths),
    group(site.assets.flatMap((asset) => [asset.path, asset.source])),
    group(bodies),
    group(plan.audited.map((file) => file.key)),
  );
}

/** How the checks run: on a fresh or kept state, and whether what the last build found may stand when nothing they read changed. */
interface CheckMode {
  /** The checks of the last build of this site, when the caller kept them (the preview). */
  previous?: SiteChecks | undefined;
  /** True for a build whose checks are not kept: a warm build into an emptied out/ then reads no page record. */
  reuseFound: boolean;
}

/** What the checks find, and the state they leave; none when what the last build found stands. */
async function runChecks(plan: SitePlan, records: PageRecords, mode: CheckMode): Promise<{ found: ContentDiagnostic[]; checks: SiteChecks | undefined }> {
  const site = await checkedSite(plan, await records.prints);
  const { site: identity, articles } = plan.model;
  const bodies = [...articles.map((article) => [article.url, article.sourcePath, article.bodyStartLine] as const), ['/about', identity.sourcePath, identity.biographyStartLine] as const];
  const key = mode.reuseFound ? foundKey(plan, site, bodies.flatMap(([url, file, line]) => [url, file, String(line), plan.documents.keyOf(file)])) : '';
  const stored = mode.reuseFound ? plan.store.getJson<{ key: string; found: ContentDiagnostic[] }>('site-check', FOUND_ENTRY) : undefined;
  if (stored?.key === key && Array.isArray(stored.found)) return { found: stored.found, checks: undefined };
  const checks = mode.previous?.isFor(site) === true ? mode.previous : new SiteChecks(site);
  await checkPages(plan, records, checks);
  const { prints } = site;
  const found = await checks.findings(plan.pages, (sentences) => (prints === undefined ? Promise.resolve(new Set<string>()) : saidByBodies(plan, prints, sentences)));
  if (mode.reuseFound) plan.store.putJson('site-check', FOUND_ENTRY, { key, found });
  return { found, checks };
}

/**
 * Runs the checks over the whole site, once every body is processed; throws
 * every problem when any is an error, and adds the warnings to the plan's.
 */
async function check(plan: SitePlan, records: PageRecords, mode: CheckMode): Promise<SiteChecks | undefined> {
  const bodyProblems = await plan.documents.finished;
  if (hasErrors(bodyProblems)) throw new ContentErrors(sortDiagnostics([...plan.warnings, ...bodyProblems]));
  const articles = await Promise.all(plan.model.articles.map((article) => plan.withBody(article)));
  const { found, checks } = await runChecks(plan, records, mode);
  const { site } = plan.model;
  const fresh = [...freshnessWarnings(articles.filter((article) => !article.draft), site.reviewMaxAgeMonths, plan.today), ...handoutsFreshnessWarnings(site, plan.today)];
  plan.warnings = sortDiagnostics([...plan.warnings, ...bodyProblems, ...found, ...fresh]);
  if (hasErrors(found)) throw new ContentErrors(plan.warnings);
  return checks;
}

/** Tells the records of each page the write stage produced or kept. */
function recording(plan: SitePlan, records: PageRecords) {
  const pagesByPath = new Map(plan.pages.map((page) => [page.file, page]));
  return {
    produced: (output: Output, contents: string | Uint8Array) => {
      const page = pagesByPath.get(output.path);
      if (page !== undefined) records.produced(page, contents);
    },
    kept: (output: Output, file: string) => {
      const page = pagesByPath.get(output.path);
      if (page !== undefined) records.keptIn(page, file);
    },
  };
}

export interface WriteTarget {
  outDir: string;
  /** Folders the output must never replace (content, assets). */
  protectedDirs: readonly string[];
  progress?: ((done: number, total: number) => void) | undefined;
}

/**
 * Writes the site into out/ as a whole, checked before it takes out/'s place.
 *
 * @param target.keepChecks true when the caller keeps what the checks know for the next build (the preview): they then run even when the last build's findings would stand
 */
export async function writePlan(plan: SitePlan, target: WriteTarget & { keepChecks?: boolean }): Promise<{ written: string[]; kept: number; record: OutputRecord; checks: SiteChecks | undefined }> {
  const records = new PageRecords(plan, fingerprints(plan));
  let checks: SiteChecks | undefined;
  const written = await writeSite({
    ...target,
    facts: plan.facts,
    outputs: plan.outputs,
    later: plan.imageCopies,
    ...recording(plan, records),
    beforePublishing: async () => {
      checks = await check(plan, records, { reuseFound: target.keepChecks !== true });
      records.keep();
    },
  });
  return { ...written, checks };
}

/**
 * Brings the preview's out/ up to date in place, checked before anything changes.
 *
 * @param target.beforeWriting runs after the checks, last before out/ changes; what it throws stops the update
 * @param target.checks what the checks knew of the last build, kept by the preview
 */
export async function updatePlan(plan: SitePlan, target: WriteTarget & { record: OutputRecord; checks: SiteChecks | undefined; beforeWriting?: () => Promise<void> }): Promise<{ written: string[]; checks: SiteChecks }> {
  const records = new PageRecords(plan, fingerprints(plan));
  let checks: SiteChecks | undefined;
  const beforePublishing = async () => {
    checks = await check(plan, records, { previous: target.checks, reuseFound: false });
    await target.beforeWriting?.();
  };
  const { written } = await updateSite({ ...target, outputs: plan.outputs, later: plan.imageCopies, ...recording(plan, records), beforePublishing });
  return { written, checks: checks as SiteChecks };
}

/** Every file of the site in memory, checked: for tests and tools that read the output without writing it. */
export async function producePlan(plan: SitePlan): Promise<Map<string, string | Uint8Array>> {
  const records = new PageRecords(plan, fingerprints(plan));
  const { produced } = recording(plan, records);
  const files = new Map<string, string | Uint8Array>();
  for (const output of [...plan.outputs, ...(await plan.imageCopies)]) {
    const contents = await output.contents();
    files.set(output.path, contents);
    produced(output, contents);
  }
  await check(plan, records, { reuseFound: true });
  records.keep();
  return files;
}
