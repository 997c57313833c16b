import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { compiledModule } from '../compiled.ts';
import { POOL_BATCH_SIZE, POOL_MIN_JOBS } from '../config.ts';
import { startCompiledFile } from './start.ts';
import { runTask, type WorkerResults, type WorkerTask } from './tasks.ts';

interface Pending {
  task: WorkerTask;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

/**
 * A fixed number of worker threads that share a queue of tasks, so that a
 * large build uses every core. Workers start on the first task, not before:
 * each costs a few hundred milliseconds to load, which a small site (the
 * real one has four articles) would never win back, so a small list of jobs
 * runs in the caller's thread instead (see {@link WorkerPool.runJobs}).
 *
 * Workers run the generator compiled to one file (build/compiled.ts), as
 * `npm run build` does, not through tsx: each tsx worker had its own loader
 * thread and heap, and at 1,000 articles two of them held 60-80 MB more at
 * the build's peak.
 */
export class WorkerPool {
  private size: number;
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, { id: number; pending: Pending }>();
  private readonly queue: Pending[] = [];
  /** Workers stopped by {@link WorkerPool.resize}, whose exit is no failure. */
  private readonly retired = new WeakSet<Worker>();
  private started = 0;
  private nextId = 0;
  private failure: Error | undefined;
  private workerFile: Promise<string> | undefined;

  constructor(size: number) {
    this.size = Math.max(1, size);
  }

  run<Kind extends WorkerTask['kind']>(task: Extract<WorkerTask, { kind: Kind }>): Promise<WorkerResults[Kind]> {
    if (this.failure) return Promise.reject(this.failure);
    this.workerFile ??= compiledModule(fileURLToPath(new URL('./worker.ts', import.meta.url)));
    const workerFile = this.workerFile;
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve: resolve as (result: unknown) => void, reject });
      workerFile.then(
        (file) => this.dispatch(file),
        (error: unknown) => this.fail(new Error(`The build workers could not be compiled: ${error instanceof Error ? error.message : String(error)}`)),
      );
    });
  }

  /**
   * Runs a list of jobs as tasks of a few jobs each: across the pool when
   * there are at least `POOL_MIN_JOBS`, otherwise in this thread as one task.
   *
   * @param jobs the work, e.g. markdown bodies
   * @param toTask the task that does one batch of them
   * @param onBatch called with each batch's answer as it comes, so that what is made of it (a file written, a string) is short-lived
   * @returns each batch with what its task answered
   */
  async runJobs<Job, Kind extends WorkerTask['kind']>(
    jobs: readonly Job[],
    toTask: (batch: Job[]) => Extract<WorkerTask, { kind: Kind }>,
    onBatch: (batch: Job[], result: WorkerResults[Kind]) => Promise<void> | void = () => undefined,
  ): Promise<{ batch: Job[]; result: WorkerResults[Kind] }[]> {
    if (jobs.length === 0) return [];
    const inThisThread = jobs.length < POOL_MIN_JOBS;
    const batches: Job[][] = [];
    if (inThisThread) batches.push([...jobs]);
    else for (let start = 0; start < jobs.length; start += POOL_BATCH_SIZE) batches.push(jobs.slice(start, start + POOL_BATCH_SIZE));
    const run = (batch: Job[]) => (inThisThread ? (runTask(toTask(batch)) as Promise<WorkerResults[Kind]>) : this.run<Kind>(toTask(batch)));
    return Promise.all(
      batches.map(async (batch) => {
        const result = await run(batch);
        await onBatch(batch, result);
        return { batch, result };
      }),
    );
  }

  /** How many worker threads are running. */
  get threads(): number {
    return this.started;
  }

  /**
   * Changes the number of workers. Fewer: idle ones beyond it stop now, busy
   * ones as soon as their task is done. More: new ones start as queued tasks
   * need them.
   */
  resize(size: number): void {
    this.size = Math.max(1, size);
    while (this.started > this.size && this.idle.length > 0) this.retire(this.idle.pop() as Worker);
    if (this.workerFile) void this.workerFile.then((file) => this.dispatch(file), () => undefined);
  }

  private retire(worker: Worker): void {
    this.started--;
    this.retired.add(worker);
    void worker.terminate();
  }

  private dispatch(workerFile: string): void {
    // Compiling the workers' file is awaited: the pool may have failed or closed meanwhile.
    if (this.failure) return;
    while (this.queue.length > 0) {
      if (this.idle.length === 0 && this.started < this.size) this.idle.push(this.start(workerFile));
      const worker = this.idle.pop();
      if (!worker) return;
      const pending = this.queue.shift() as Pending;
      const id = this.nextId++;
      this.running.set(worker, { id, pending });
      worker.postMessage({ id, task: pending.task });
    }
  }

  private start(workerFile: string): Worker {
    this.started++;
    const worker = startCompiledFile(workerFile);
    worker.on('message', (answer: Answer) => {
      const current = this.running.get(worker);
      if (!current || current.id !== answer.id) return;
      this.running.delete(worker);
      if (answer.ok) current.pending.resolve(answer.result);
      else current.pending.reject(new Error(answer.message));
      if (this.started > this.size) return this.retire(worker);
      this.idle.push(worker);
      this.dispatch(workerFile);
    });
    // A worker that dies takes the pool with it: every task still waiting fails with the reason.
    worker.on('error', (error) => this.fail(new Error(`A build worker stopped: ${error.message}`)));
    worker.on('exit', (code) => {
      if (code !== 0 && !this.retired.has(worker)) this.fail(new Error(`A build worker stopped (exit code ${code}).`));
    });
    return worker;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { pending } of this.running.values()) pending.reject(error);
    for (const pending of this.queue) pending.reject(error);
    this.running.clear();
    this.queue.length = 0;
  }

  /** Stops every worker; the pool cannot be used after. */
  async close(): Promise<void> {
    this.failure ??= new Error('The worker pool is closed.');
    const workers = [...this.idle, ...this.running.keys()];
    this.idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
