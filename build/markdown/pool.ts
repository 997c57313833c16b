/**
 * Worker threads that process bodies, one per core less one (at least one): the parse is most of a
 * large build's work, and a thread can do only one body at a time. Each
 * worker gets the build's settings once, when it starts, then batches of
 * jobs; it answers with each body's facts, having stored its document.
 */
import type { Worker } from 'node:worker_threads';
import { THREAD_MODULES } from '../workers/modules.ts';
import { startWorker } from '../workers/thread.ts';
import type { MarkdownJob, Outcome, PoolSettings } from './documents.ts';

type Answer = { id: number; results: Outcome[] } | { id: number; error: string };

interface Pending {
  jobs: (MarkdownJob & { key: string })[];
  resolve: (results: Outcome[]) => void;
  reject: (error: Error) => void;
}

export class MarkdownPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, { id: number; pending: Pending }>();
  private readonly queue: Pending[] = [];
  private readonly workers: Worker[] = [];
  private nextId = 0;
  private failure: Error | undefined;

  /**
   * @param size how many threads
   * @param settings the build's settings and cache folder, sent to each thread once
   * @param generator the generator's version, for the compiled worker
   */
  static async start(size: number, settings: PoolSettings, generator: string): Promise<MarkdownPool> {
    const pool = new MarkdownPool();
    const workers = await Promise.all(Array.from({ length: size }, () => startWorker(THREAD_MODULES.markdown, generator, { workerData: settings })));
    for (const worker of workers) pool.idle.push(pool.watch(worker));
    return pool;
  }

  private watch(worker: Worker): Worker {
    this.workers.push(worker);
    worker.on('message', (answer: Answer) => {
      const current = this.busy.get(worker);
      if (current?.id !== answer.id) return;
      this.busy.delete(worker);
      if ('error' in answer) current.pending.reject(new Error(answer.error));
      else current.pending.resolve(answer.results);
      this.idle.push(worker);
      this.dispatch();
    });
    // A worker that dies takes the pool with it: every batch still waiting fails with the reason.
    worker.on('error', (error) => this.fail(new Error(`A markdown worker stopped: ${error.message}`)));
    worker.on('exit', (code) => {
      if (code !== 0) this.fail(new Error(`A markdown worker stopped (exit code ${code}).`));
    });
    return worker;
  }

  /** Processes a batch of bodies on the next free thread. */
  process(jobs: (MarkdownJob & { key: string })[]): Promise<Outcome[]> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ jobs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.idle.length > 0) {
      const worker = this.idle.pop() as Worker;
      const pending = this.queue.shift() as Pending;
      const id = this.nextId++;
      this.busy.set(worker, { id, pending });
      worker.postMessage({ id, jobs: pending.jobs });
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { pending } of this.busy.values()) pending.reject(error);
    for (const pending of this.queue) pending.reject(error);
    this.busy.clear();
    this.queue.length = 0;
  }

  /** Stops every thread. */
  async close(): Promise<void> {
    this.failure ??= new Error('The markdown pool is closed.');
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
