/**
 * The markdown stage: every body of the site processed, each once per
 * version of it and its page, its document kept in the build cache. Bodies
 * the cache does not have are spread over a pool of worker threads when
 * there are many. The stage hands back at once a handle whose facts and
 * HTML arrive as each body is done, so that the pages and the other files
 * can be made while the rest are processed.
 */
import { availableParallelism } from 'node:os';
import { MARKDOWN_POOL } from '../config.ts';
import { inGroups } from '../lib/groups.ts';
import { safeUrl } from '../lib/url-safety.ts';
import { ContentErrors, problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import type { Memory } from '../memory.ts';
import type { CacheStore } from '../store/index.ts';
import { documentKey, processAndStore, settingsKey, storedBody, storedFacts, type DocumentFacts, type MarkdownJob, type Outcome, type Processed } from './documents.ts';
import { sourceLine } from './facts.ts';
import { MarkdownPool } from './pool.ts';
import { processMarkdown, type MarkdownDocument, type MarkdownSettings } from './process.ts';

export type { DocumentFacts, MarkdownJob } from './documents.ts';
export type { MarkdownSettings } from './process.ts';
export type { BodyParity, ParityKind } from './parity.ts';
export { sourceLine };
export { publishedUrl } from './plugins/safe-urls.ts';
export { processMarkdown } from './process.ts';

/** What the stage works with besides the bodies. */
export interface MarkdownRuntime {
  store: CacheStore;
  memory: Memory;
  /** The generator's version, part of every document's key. */
  generator: string;
  /** Told how many bodies are done, as they are. */
  progress?: ((done: number, total: number) => void) | undefined;
}

/** The bodies of a build, by the file they are in, as they are processed. */
export interface Documents {
  /** The key of a body's document: known before it is processed. */
  keyOf: (file: string) => string;
  /** A body's facts, once it is processed. */
  facts: (file: string) => Promise<DocumentFacts>;
  /** A body's HTML: kept by the thread that processed it, or read back from the cache (processed again if its entry has gone meanwhile). */
  html: (file: string) => Promise<string>;
  /** A body's text blocks (each paragraph, heading and table cell), read back like its HTML. */
  textBlocks: (file: string) => Promise<string[]>;
  /** Settles once every body is processed, with what was wrong with any (nesting too deep, unknown figures). */
  finished: Promise<ContentDiagnostic[]>;
}

type KeyedJob = MarkdownJob & { key: string };

/** A promise and the functions that settle it (Promise.withResolvers, which Node 20 lacks). */
interface Pending<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

function pending<T>(): Pending<T> {
  const parts: Partial<Pending<T>> = {};
  parts.promise = new Promise<T>((resolve, reject) => Object.assign(parts, { resolve, reject }));
  // Waited for only by some pages; a body no one asks for must not fail the process when its build fails.
  parts.promise.catch(() => undefined);
  return parts as Pending<T>;
}

/** What was wrong with a body: nesting too deep to read, figures that do not exist, or links the page cannot carry. */
function bodyProblems(job: MarkdownJob, result: Processed, figures: readonly string[]): ContentDiagnostic[] {
  if ('tooDeep' in result) return [problem('tooDeeplyNested', { file: job.file, line: job.bodyStartLine }, { depth: result.tooDeep })];
  const at = (line: number | undefined) => ({ file: job.file, line: sourceLine(job.bodyStartLine, line) });
  const unsafe = result.links.filter(({ url }) => url.trim() !== '' && safeUrl(url) === '');
  return [
    ...result.unknownFigures.map(({ name, line }) => problem('unknownFigure', at(line), { name, known: figures })),
    ...unsafe.map(({ url, line }) => problem('unsafeLink', at(line), { url })),
  ];
}

/** A body's facts from this process's memory or the cache; undefined when it must be processed. */
function knownFacts(job: KeyedJob, runtime: MarkdownRuntime): Processed | undefined {
  return runtime.memory.recall<Processed>(`document:${job.key}`) ?? storedFacts(runtime.store, job.key);
}

/**
 * Processes the bodies neither this process nor the cache has: in this
 * thread for a few, else on the pool, in batches in the order given. The
 * pool leaves one core to the build's thread, which makes the cards and the
 * pages meanwhile (see test/bench/README.md).
 */
async function processMissing(missing: KeyedJob[], settings: MarkdownSettings, runtime: MarkdownRuntime, found: (job: KeyedJob, result: Processed, document?: MarkdownDocument) => void): Promise<void> {
  if (missing.length < MARKDOWN_POOL.minJobs) {
    for (const job of missing) {
      const { processed, document } = processAndStore(job, { settings, store: runtime.store });
      found(job, processed, document);
    }
    return;
  }
  const pool = await MarkdownPool.start(Math.max(1, availableParallelism() - 1), { settings: { figures: [...settings.figures], translatedFigures: [...(settings.translatedFigures ?? [])].map(([language, figures]) => [language, [...figures]]), imageSizes: [...settings.imageSizes], words: settings.words }, cacheDir: runtime.store.folder }, runtime.generator);
  try {
    const learnt = (job: KeyedJob, { processed, stored }: Outcome) => {
      if (stored !== undefined) runtime.store.learn('markdown', job.key, stored);
      found(job, processed);
    };
    await Promise.all(inGroups(missing, MARKDOWN_POOL.batchSize).map(async (batch) => (await pool.process(batch)).forEach((outcome, index) => learnt(batch[index] as KeyedJob, outcome))));
  } finally {
    await pool.close();
  }
}

/**
 * @param jobs every body to process, with its page, in the order the pages will want them
 * @param settings the build's figures and image sizes
 */
export function processBodies(jobs: readonly MarkdownJob[], settings: MarkdownSettings, runtime: MarkdownRuntime): Documents {
  const settingsId = settingsKey(settings, runtime.generator);
  const keyed = new Map(jobs.map((job) => [job.file, { ...job, key: documentKey(job, settingsId) }]));
  const results = new Map<string, Pending<Processed>>(jobs.map((job) => [job.file, pending<Processed>()]));
  const diagnostics: ContentDiagnostic[] = [];
  /** The documents this thread processed itself: read from here, not back from the cache. */
  const here = new Map<string, MarkdownDocument>();
  let done = 0;
  const found = (job: KeyedJob, result: Processed, document?: MarkdownDocument) => {
    if (document !== undefined) here.set(job.file, document);
    runtime.memory.remember(`document:${job.key}`, () => result);
    diagnostics.push(...bodyProblems(job, result, [...settings.figures.keys()]));
    results.get(job.file)?.resolve(result);
    runtime.progress?.(++done, jobs.length);
  };
  const finished = (async () => {
    const known = [...keyed.values()].map((job) => knownFacts(job, runtime));
    const missing = [...keyed.values()].filter((job, index) => {
      const result = known[index];
      if (result !== undefined) found(job, result);
      return result === undefined;
    });
    await processMissing(missing, settings, runtime, found);
    return diagnostics;
  })();
  // A failure reaches whoever waits for a body, and the build through `finished`.
  finished.catch((error: unknown) => {
    for (const result of results.values()) result.reject(error);
  });
  const keyOf = (file: string) => (keyed.get(file) as KeyedJob).key;
  const facts = async (file: string) => {
    const result = await (results.get(file) as Pending<Processed>).promise;
    if ('tooDeep' in result) throw new ContentErrors(bodyProblems(keyed.get(file) as KeyedJob, result, []));
    return result;
  };
  const body = async (file: string) => {
    const job = keyed.get(file) as KeyedJob;
    await facts(file);
    const stored = here.get(file) ?? storedBody(runtime.store, job.key);
    if (stored !== undefined) return stored;
    const document = processMarkdown(job.body, job.pageUrl, settings);
    if ('tooDeep' in document) throw new Error(`${file} could not be processed again`);
    return document;
  };
  return { keyOf, facts, html: async (file) => (await body(file)).html, textBlocks: async (file) => (await body(file)).textBlocks, finished };
}

/**
 * A build's documents with some bodies processed again: those files' from
 * `edited`, every other's from `base`, which must hold them. `finished`
 * tells what was wrong with the edited ones.
 */
export function withEditedBodies(base: Documents, edited: Documents, files: ReadonlySet<string>): Documents {
  const of = (file: string) => (files.has(file) ? edited : base);
  return {
    keyOf: (file) => of(file).keyOf(file),
    facts: (file) => of(file).facts(file),
    html: (file) => of(file).html(file),
    textBlocks: (file) => of(file).textBlocks(file),
    finished: edited.finished,
  };
}
