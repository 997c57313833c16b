import type { Worker } from 'node:worker_threads';
import type { Redirect } from '../host.ts';
import { startTypeScriptWorker } from '../workers/start.ts';

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
      files: string[];
      /** The files this build wrote: those that changed. */
      written: string[];
      redirects: Redirect[];
      articles: { sourcePath: string; url: string }[];
      warnings: string[];
    }
  | { ok: false; milliseconds: number; lines: string[] };

/**
 * Builds the site in a worker thread, one build at a time. `restart()` drops
 * the worker, so that the next build runs the generator's and the templates'
 * code as it is now on disk.
 */
export class Builder {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (outcome: BuildOutcome) => void>();

  private readonly request: BuildRequest;

  constructor({ contentDir, insightsDir, assetsDir, outDir, cacheDir, includeDrafts, baseUrl }: BuildRequest) {
    // Only these cross into the worker: workerData must be plain, cloneable data.
    this.request = { contentDir, insightsDir, assetsDir, outDir, cacheDir, includeDrafts, baseUrl };
  }

  private start(): Worker {
    const worker = startTypeScriptWorker(new URL('./build-worker.ts', import.meta.url), { workerData: this.request });
    worker.on('message', ({ id, outcome }: { id: number; outcome: BuildOutcome }) => {
      this.pending.get(id)?.(outcome);
      this.pending.delete(id);
    });
    worker.on('error', (error) => this.failAll(`The build worker stopped: ${error.message}`));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll('The build worker stopped.');
    });
    return worker;
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

  /** Forgets the worker, so that the next build loads the code afresh. */
  async restart(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  close(): Promise<void> {
    return this.restart();
  }
}
