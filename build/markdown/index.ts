/**
 * The markdown stage: every body of the site processed, each once per
 * version of it and its page, its document kept in the build cache. Bodies
 * the cache does not have are spread over a pool of worker threads when
 * there are many.
 */
import { availableParallelism } from 'node:os';
import { POOL_BATCH_SIZE, POOL_MIN_JOBS } from '../config.ts';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { Memory } from '../memory.ts';
import type { CacheStore } from '../store/index.ts';
import { documentKey, factsOf, processAndStore, settingsKey, storedDocument, type DocumentFacts, type MarkdownJob, type Processed } from './documents.ts';
import { MarkdownPool } from './pool.ts';
import { processMarkdown, type MarkdownSettings } from './process.ts';

export type { DocumentFacts, MarkdownJob } from './documents.ts';
export type { MarkdownDocument, MarkdownSettings } from './process.ts';
export type { ImageSizes } from './plugins/images.ts';
export { publishedUrl } from './plugins/safe-urls.ts';
export { parseMarkdown } from './process.ts';

/** What the stage works with besides the bodies. */
export interface MarkdownRuntime {
  store: CacheStore;
  memory: Memory;
  /** The generator's version, part of every document's key. */
  generator: string;
  /** Told how many bodies are done, as they are. */
  progress?: ((done: number, total: number) => void) | undefined;
}

type KeyedJob = MarkdownJob & { key: string };

/** Documents of the bodies neither this process nor the cache has, processed here or on the pool. */
async function processMissing(missing: KeyedJob[], settings: MarkdownSettings, runtime: MarkdownRuntime, found: (job: KeyedJob, result: Processed) => void): Promise<void> {
  if (missing.length < POOL_MIN_JOBS) {
    for (const job of missing) found(job, await processAndStore(job, { settings, store: runtime.store }));
    return;
  }
  const pool = new MarkdownPool(availableParallelism(), { settings: { figures: [...settings.figures], imageSizes: [...settings.imageSizes] }, cacheDir: runtime.store.folder });
  try {
    const batches: KeyedJob[][] = [];
    for (let start = 0; start < missing.length; start += POOL_BATCH_SIZE) batches.push(missing.slice(start, start + POOL_BATCH_SIZE));
    await Promise.all(batches.map(async (batch) => (await pool.process(batch)).forEach((result, index) => found(batch[index] as KeyedJob, result))));
  } finally {
    await pool.close();
  }
}

/** What was wrong with a body: nesting too deep to read, or figures that do not exist. */
function bodyProblems(job: MarkdownJob, result: Processed, figures: readonly string[]): ContentDiagnostic[] {
  if ('tooDeep' in result) return [problem('tooDeeplyNested', { file: job.file, line: job.bodyStartLine }, { depth: result.tooDeep })];
  return result.unknownFigures.map(({ name, line }) => problem('unknownFigure', { file: job.file, line: line === undefined ? undefined : job.bodyStartLine + line - 1 }, { name, known: figures }));
}

/**
 * @param jobs every body to process, with its page
 * @param settings the build's figures and image sizes
 * @returns each body's facts by its file, and what was wrong with any
 */
export async function processBodies(jobs: readonly MarkdownJob[], settings: MarkdownSettings, runtime: MarkdownRuntime): Promise<{ documents: Map<string, Processed>; diagnostics: ContentDiagnostic[] }> {
  const settingsId = settingsKey(settings, runtime.generator);
  const documents = new Map<string, Processed>();
  const diagnostics: ContentDiagnostic[] = [];
  const figureNames = [...settings.figures.keys()];
  const found = (job: KeyedJob, result: Processed) => {
    runtime.memory.remember(`document:${job.key}`, () => result);
    documents.set(job.file, result);
    diagnostics.push(...bodyProblems(job, result, figureNames));
    runtime.progress?.(documents.size, jobs.length);
  };
  const unknown: KeyedJob[] = [];
  for (const job of jobs) {
    const keyed = { ...job, key: documentKey(job, settingsId) };
    const known = runtime.memory.recall<Processed>(`document:${keyed.key}`);
    if (known === undefined) unknown.push(keyed);
    else found(keyed, known);
  }
  const stored = await Promise.all(unknown.map((job) => storedDocument(runtime.store, job.key)));
  const missing = unknown.filter((job, index) => {
    const document = stored[index];
    if (document !== undefined) found(job, factsOf(document, job.key));
    return document === undefined;
  });
  await processMissing(missing, settings, runtime, found);
  return { documents, diagnostics };
}

/**
 * A body's HTML, read back from the cache; processed again if its entry has
 * gone meanwhile (the cache folder is safe to delete at any time).
 */
export async function documentHtml(facts: DocumentFacts, job: MarkdownJob, settings: MarkdownSettings, store: CacheStore): Promise<string> {
  const stored = await storedDocument(store, facts.key);
  if (stored !== undefined) return stored.html;
  const document = processMarkdown(job.body, job.pageUrl, settings);
  if ('tooDeep' in document) throw new Error(`${job.file} could not be processed again`);
  return document.html;
}
