/**
 * Runs the preview's builds in a worker thread (preview/worker.ts), one at a
 * time. `restart()` drops the thread, so that the next build runs the
 * generator's and the templates' code as it is now on disk.
 */
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import { THREAD_MODULES } from '../workers/modules.ts';
import { startWorker } from '../workers/thread.ts';
import { generatorVersion } from '../store/generator.ts';
import type { BuildOutcome, BuildRequest } from './session.ts';

export type { BuildOutcome, BuildRequest } from './session.ts';

type Success = Extract<BuildOutcome, { ok: true }>;

/** What the worker leaves out of an outcome when it is the same as the last one's. */
type SiteLists = { [Field in 'files' | 'redirects' | 'articles' | 'warnings']: NonNullable<Success[Field]> };

/** An outcome with its lists always there: the worker leaves each out when it has not changed, and then it is the very list of the last outcome. */
export type CompleteOutcome = Exclude<BuildOutcome, { ok: true }> | (Success & SiteLists);

/**
 * Turns off V8's memory reducer for the threads started from now on (V8's
 * flags are the process's, and a thread's heap reads this one as the thread
 * starts). The reducer collects a heap that has gone quiet; the preview's
 * holds the whole site and is quiet between saves, so a collection begun in
 * a pause runs on into the next save and holds its pages back (see
 * test/bench/README.md).
 */
function withoutMemoryReducer(): void {
  setFlagsFromString('--no-memory-reducer');
}

export class Builder {
  private worker: Promise<Worker> | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (outcome: CompleteOutcome) => void>();
  /** Resolves the wait for the worker to have recorded out/ (see close). */
  private saved: (() => void) | undefined;
  /** The current worker's last lists. */
  private lists: SiteLists = { files: [], redirects: [], articles: [], warnings: [] };
  private readonly request: BuildRequest;

  constructor({ contentDir, insightsDir, assetsDir, outDir, cacheDir, includeDrafts, baseUrl, repository }: BuildRequest) {
    // Only these cross into the worker: workerData must be plain, cloneable data.
    this.request = { contentDir, insightsDir, assetsDir, outDir, cacheDir, includeDrafts, baseUrl, repository };
  }

  private async start(): Promise<Worker> {
    // Worked out anew for each worker: a new one starts because the generator's code changed.
    const generator = await generatorVersion();
    withoutMemoryReducer();
    const worker = await startWorker(THREAD_MODULES.preview, generator, { workerData: { request: this.request, generator }, env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } });
    this.lists = { files: [], redirects: [], articles: [], warnings: [] };
    worker.on('message', (message: { id: number; outcome: BuildOutcome } | { saved: true }) => {
      if ('saved' in message) return this.saved?.();
      this.pending.get(message.id)?.(this.completed(message.outcome));
      this.pending.delete(message.id);
    });
    worker.on('error', (error) => this.failAll(`The build worker stopped: ${error.message}`));
    worker.on('exit', () => {
      void this.worker?.then((current) => {
        if (current === worker) this.worker = undefined;
      });
      this.failAll('The build worker stopped.');
    });
    return worker;
  }

  private completed(outcome: BuildOutcome): CompleteOutcome {
    if (outcome.ok !== true) return outcome;
    const { files, redirects, articles, warnings } = this.lists;
    this.lists = { files: outcome.files ?? files, redirects: outcome.redirects ?? redirects, articles: outcome.articles ?? articles, warnings: outcome.warnings ?? warnings };
    return { ...outcome, ...this.lists };
  }

  private failAll(line: string): void {
    for (const [id, resolve] of this.pending) {
      resolve({ ok: false, milliseconds: 0, lines: [line], warnings: [], warningCount: 0, inContent: false });
      this.pending.delete(id);
    }
  }

  /**
   * Builds once; the worker starts on first use.
   *
   * @param changedPaths the files changed since the last build, when the watcher knows them (a new worker reads every file anyway)
   */
  async build(changedPaths?: readonly string[]): Promise<CompleteOutcome> {
    this.worker ??= this.start();
    const id = this.nextId++;
    const worker = await this.worker;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, changedPaths });
    });
  }

  /** Forgets the worker, so that the next build loads the code afresh. */
  async restart(): Promise<void> {
    const worker = await this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  /** Lets the worker record out/ for the next process, then stops it. */
  async close(): Promise<void> {
    const worker = await this.worker;
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
