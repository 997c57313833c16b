import type { Worker } from 'node:worker_threads';
import type { Redirect } from '../host.ts';
import { BUILD_THREAD_LIMITS, startTypeScriptWorker } from '../workers/start.ts';

/** What a preview build is asked to do. */
export interface BuildRequest {
  contentDir: string;
  insightsDir?: string | undefined;
  assetsDir: string;
  outDir: string;
  cacheDir?: string | undefined;
  includeDrafts: boolean;
  baseUrl: string | undefined;
}

/** What came of one build: the site's files and redirects, or the messages that stopped it. */
export type BuildOutcome =
  | {
      ok: true;
      milliseconds: number;
      files: readonly string[];
      /** The files this build wrote: those that changed. */
      written: string[];
      redirects: readonly Redirect[];
      articles: readonly { sourcePath: string; url: string }[];
      warnings: readonly string[];
    }
  | { ok: false; milliseconds: number; lines: string[] };

/**
 * The lists of a successful outcome that grow with the site (28,000 files
 * and 9,500 warnings at 10,000 articles) and are mostly the same from one
 * edit to the next. The worker leaves out each that is the same as in its
 * last outcome, and the builder puts back the one it received then: the very
 * same array, so that what is made of it need not be made again.
 */
export const REPEATED_LISTS = ['files', 'redirects', 'articles', 'warnings'] as const;

type RepeatedList = (typeof REPEATED_LISTS)[number];
type BuiltOutcome = Extract<BuildOutcome, { ok: true }>;

/** An outcome as the worker sends it. */
export type SentOutcome = Omit<BuiltOutcome, RepeatedList> & Partial<Pick<BuiltOutcome, RepeatedList>> | Extract<BuildOutcome, { ok: false }>;

/**
 * Builds the site in a worker thread, one build at a time. `restart()` drops
 * the worker, so that the next build runs the generator's and the templates'
 * code as it is now on disk.
 */
export class Builder {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (outcome: BuildOutcome) => void>();
  /** Resolves the wait for the worker to have stored its memo (see close). */
  private saved: (() => void) | undefined;
  /** The lists of the current worker's last successful outcome. */
  private lastLists: Partial<Pick<BuiltOutcome, RepeatedList>> = {};

  private readonly request: BuildRequest;

  constructor({ contentDir, insightsDir, assetsDir, outDir, cacheDir, includeDrafts, baseUrl }: BuildRequest) {
    // Only these cross into the worker: workerData must be plain, cloneable data.
    this.request = { contentDir, insightsDir, assetsDir, outDir, cacheDir, includeDrafts, baseUrl };
  }

  private start(): Worker {
    const worker = startTypeScriptWorker(new URL('./build-worker.ts', import.meta.url), { workerData: this.request, resourceLimits: BUILD_THREAD_LIMITS });
    this.lastLists = {};
    worker.on('message', (message: { id: number; outcome: SentOutcome } | { saved: true }) => {
      if ('saved' in message) {
        this.saved?.();
        return;
      }
      this.pending.get(message.id)?.(this.completed(message.outcome));
      this.pending.delete(message.id);
    });
    worker.on('error', (error) => this.failAll(`The build worker stopped: ${error.message}`));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll('The build worker stopped.');
    });
    return worker;
  }

  /** Puts back the lists the worker left out, as it last sent them. */
  private completed(outcome: SentOutcome): BuildOutcome {
    if (!outcome.ok) return outcome;
    const lists = { ...this.lastLists };
    for (const name of REPEATED_LISTS) if (outcome[name] !== undefined) Object.assign(lists, { [name]: outcome[name] });
    this.lastLists = lists;
    const { files = [], redirects = [], articles = [], warnings = [] } = lists;
    return { ...outcome, files, redirects, articles, warnings };
  }

  private failAll(line: string): void {
    for (const [id, resolve] of this.pending) {
      resolve({ ok: false, milliseconds: 0, lines: [line] });
      this.pending.delete(id);
    }
  }

  /**
   * Builds once; the worker starts on first use.
   *
   * @param changedPaths the files changed since the last build, when the watcher knows them (a new worker reads every file anyway)
   */
  build(changedPaths?: readonly string[]): Promise<BuildOutcome> {
    this.worker ??= this.start();
    const id = this.nextId++;
    const worker = this.worker;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, changedPaths });
    });
  }

  /** Lets a running worker process a saved file's body while the save settles, ahead of the build that follows. */
  prepare(file: string): void {
    this.worker?.postMessage({ prepare: file });
  }

  /** Forgets the worker, so that the next build loads the code afresh. */
  async restart(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  /** Lets the worker store what its last build learnt in the cache, for the next process, then stops it. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (worker !== undefined) {
      await new Promise<void>((resolve) => {
        this.saved = resolve;
        worker.once('exit', () => resolve());
        worker.postMessage({ save: true });
      });
    }
    await this.restart();
  }
}
