/**
 * Every markdown body of a build, processed once: taken from the build cache
 * when an identical body was processed before for the same page, under the
 * same figures, image sizes and generator; otherwise processed, across the
 * worker pool when there are many, and cached for the next build.
 */
import { cacheKey, CacheFolder, generatorVersion } from '../cache.ts';
import { replacedPlaces, withReplacedPlaces } from '../lib/memo.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { runTask, type MarkdownJob, type MarkdownSettingsData } from '../workers/tasks.ts';
import type { MarkdownDocument, MarkdownSettings } from './index.ts';
import { documentFile, documentFromFile, unpackDocument, type PackedDocument } from './packed.ts';

/** The cache key of each document this module returned: what names a body in a page's key (see outputs/index.ts). */
const keys = new WeakMap<MarkdownDocument, string>();

/** The key under which a document was processed and cached, if it came from {@link MarkdownDocuments}. */
export function documentKey(document: MarkdownDocument): string | undefined {
  return keys.get(document);
}

function settingsData(settings: MarkdownSettings): MarkdownSettingsData {
  return { figures: [...settings.figures].sort(([a], [b]) => a.localeCompare(b)), imageSizes: [...settings.imageSizes].sort(([a], [b]) => a.localeCompare(b)) };
}

/** The cache folder of processed bodies, one file each (see `documentFile`). */
const documentCache = (cacheDir: string) => new CacheFolder(cacheDir, 'markdown', '.bin');

/** Where a body's document is cached: one rule for the build and for a body prepared ahead of it, whose key also names it in its page's key. */
function documentCacheKey(version: string, job: MarkdownJob): string {
  return cacheKey(version, job.pageUrl, job.body);
}

/** What a processor remembers of its last call. */
interface Remembered {
  cacheDir: string;
  version: string;
  data: MarkdownSettingsData;
  jobs: readonly MarkdownJob[];
  documents: readonly MarkdownDocument[];
  byPage: Map<string, { body: string; document: MarkdownDocument }>;
}

/**
 * A processor of a list of bodies that remembers its last call: the preview
 * builds again and again in one process, and an unchanged body is then
 * neither hashed nor read from disk. Where the list of jobs is recorded as
 * made from the last one (see `withReplacedPlaces`), only the new jobs are
 * looked at; a job that moved is found by its page.
 */
export class MarkdownDocuments {
  private remembered: Remembered | undefined;

  /**
   * @param jobs each body and the page it is shown on
   * @param settings the build's figures and image sizes
   * @param cacheDir the build cache folder
   * @param pool worker threads for a large batch of uncached bodies
   * @returns one document per job, in the same order
   */
  async documents(jobs: readonly MarkdownJob[], settings: MarkdownSettings, cacheDir: string, pool: WorkerPool): Promise<readonly MarkdownDocument[]> {
    const data = settingsData(settings);
    const version = cacheKey(await generatorVersion(), JSON.stringify(data));
    const cache = documentCache(cacheDir);
    const last = this.remembered?.cacheDir === cacheDir && this.remembered.version === version ? this.remembered : undefined;
    const inMemory = last?.byPage ?? new Map<string, never>();
    const lookUp = (job: MarkdownJob) => {
      const known = inMemory.get(job.pageUrl);
      return known?.body === job.body ? known.document : undefined;
    };
    const replaced = last === undefined ? undefined : replacedPlaces(last.jobs, jobs, () => true);
    // Bodies known in memory first, without a promise each: at 10,000 articles a preview edit leaves all but one of them so.
    const documents: (MarkdownDocument | undefined)[] = last !== undefined && replaced !== undefined ? last.documents.slice() : jobs.map(lookUp);
    for (const place of replaced ?? []) documents[place] = lookUp(jobs[place] as MarkdownJob);
    const unknown = (replaced ?? [...jobs.keys()]).filter((place) => documents[place] === undefined);
    const jobKeys = new Map<number, string>();
    await Promise.all(
      unknown.map(async (index) => {
        const job = jobs[index] as MarkdownJob;
        const key = documentCacheKey(version, job);
        jobKeys.set(index, key);
        const cached = await cache.read(key);
        // A damaged entry is processed again.
        const packed = cached === undefined ? undefined : documentFromFile(cached);
        if (packed !== undefined) documents[index] = unpackDocument(packed);
      }),
    );
    const missing = unknown.filter((index) => documents[index] === undefined);
    // Each batch is cached as it comes: 10,000 documents made into JSON at once were half a gigabyte.
    await pool.runJobs(
      missing,
      (batch) => ({ kind: 'markdown', jobs: batch.map((index) => jobs[index] as MarkdownJob), settings: data }),
      async (batch, result) => {
        await Promise.all(
          batch.map((index, position) => {
            const packed = result[position] as PackedDocument;
            documents[index] = unpackDocument(packed);
            return cache.write(jobKeys.get(index) as string, documentFile(packed));
          }),
        );
      },
    );
    for (const [index, key] of jobKeys) keys.set(documents[index] as MarkdownDocument, key);
    // The same pages as last time: only the entries of the new bodies change.
    const samePages = inMemory.size === jobs.length && unknown.every((index) => inMemory.has((jobs[index] as MarkdownJob).pageUrl));
    const byPage = samePages ? inMemory : new Map<string, { body: string; document: MarkdownDocument }>();
    for (const index of samePages ? unknown : jobs.keys()) {
      const job = jobs[index] as MarkdownJob;
      byPage.set(job.pageUrl, { body: job.body, document: documents[index] as MarkdownDocument });
    }
    const done = documents as MarkdownDocument[];
    if (last !== undefined && replaced !== undefined) withReplacedPlaces(done, last.documents, replaced);
    this.remembered = { cacheDir, version, data, jobs, documents: done, byPage };
    return done;
  }

  /**
   * Processes a body ahead of the build that will ask for it, under the
   * last call's settings, and keeps the document for that call, and in the
   * cache: the preview does it as soon as a file is saved, while it waits
   * for the save to settle. Nothing is done when the body is known, or
   * before a first call.
   *
   * @returns once the document is in memory; the cache file follows
   */
  async prepare(job: MarkdownJob): Promise<void> {
    const last = this.remembered;
    if (last === undefined || last.byPage.get(job.pageUrl)?.body === job.body) return;
    const [packed] = (await runTask({ kind: 'markdown', jobs: [job], settings: last.data })) as PackedDocument[];
    const document = unpackDocument(packed as PackedDocument);
    const key = documentCacheKey(last.version, job);
    keys.set(document, key);
    last.byPage.set(job.pageUrl, { body: job.body, document });
    // Not waited for: the build is waiting for the document, and only the next process needs the file (a body not cached is processed again).
    void documentCache(last.cacheDir).write(key, documentFile(packed as PackedDocument)).catch(() => undefined);
  }

  /**
   * Processes the body at one place of the last call again, and drops the
   * result: done a few dozen times while the preview is idle after its first
   * build, so that the first edit does not pay for code V8 has not yet
   * optimised (a body then takes 60-200 ms instead of 15-30).
   *
   * @returns false when there is no such place
   */
  async rehearse(place: number): Promise<boolean> {
    const job = this.remembered?.jobs[place];
    if (this.remembered === undefined || job === undefined) return false;
    await runTask({ kind: 'markdown', jobs: [job], settings: this.remembered.data });
    return true;
  }
}
