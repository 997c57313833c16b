/**
 * What the checks learn of each page: read from its HTML as it is produced
 * (the HTML is not kept), from the file out/ already held, or kept in
 * memory or in the cache from an earlier build under the same key. A
 * record holds what the page gives away of the drafts less what its own
 * body excuses, worked out as the page is produced rather than once every
 * page is.
 */
import { readFile } from 'node:fs/promises';
import { packRecords, recordPage, sharedStrings, unpackRecords, type Fingerprints, type FoundPrint, type PageRecord, type RecordPack } from '../check/index.ts';
import type { PlannedPage } from '../pages/index.ts';
import type { SitePlan } from '../pipeline.ts';
import { entryKey } from '../store/index.ts';

/**
 * The key of the cache entry that holds every page record of the last
 * build, as one file: one file read and written per build, where a file for
 * each page cost more to make than its record (see test/bench/README.md).
 */
const RECORDS_ENTRY = entryKey('page records');

/** The records of one build's pages. */
export class PageRecords {
  private readonly read = new Map<string, Promise<PageRecord>>();
  private readonly kept = new Map<string, string>();
  /** This build's records by key. */
  private readonly used = new Map<string, PageRecord>();
  /** Whether any of this build's records was not known before: only then is the cache's entry written again. */
  private anyNew = false;
  private readonly keepString = sharedStrings();

  constructor(
    private readonly plan: SitePlan,
    /** The drafts' fingerprints, known once the biography and the drafts, processed first, are done. */
    readonly prints: Promise<Fingerprints | undefined>,
    /** The fingerprints a page gives away less those its own body excuses (see checks.ts). */
    private readonly excuse: (page: PlannedPage, leaks: FoundPrint[], prints: Fingerprints | undefined) => Promise<FoundPrint[]>,
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
    const record = known ?? (await this.excused(page, recordPage(await html(), prints, this.keepString), prints));
    this.anyNew ||= known === undefined;
    this.plan.memory.set(key, record);
    this.used.set(key, record);
    return record;
  }

  private async excused(page: PlannedPage, record: PageRecord, prints: Fingerprints | undefined): Promise<PageRecord> {
    return { facts: record.facts, leaks: await this.excuse(page, record.leaks, prints) };
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

