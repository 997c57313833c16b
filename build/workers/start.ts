import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { compiledModule } from '../compiled.ts';

/**
 * For a thread that runs a whole build: a young generation of 192 MB (64 MB
 * semi-spaces), with which a build spends about 15 % less time collecting
 * garbage than with Node's default. Only that thread gets it: given to the
 * whole process (`--max-semi-space-size=64`), it also grew the pool's
 * workers, and at 1,000 articles a cold build then peaked 200 MB higher in
 * no less time.
 */
export const BUILD_THREAD_LIMITS = { maxYoungGenerationSizeMb: 192 } as const;

/**
 * Lets no heap of this process grow past half as much again as it kept alive
 * at its last full collection. V8's own rule allows up to four times that,
 * depending on what it measured at that collection: at 10,000 articles the
 * build's thread keeps about 400 MB alive, and its heap reached 0.6 GB in one
 * cold build and 1 GB in another. Every heap also starts with room for 64 MB
 * before its first full collection, so that the pool's workers, which keep a
 * few dozen MB alive, are not collected after every few MB. These are V8's
 * flags for the whole process, read as each heap is made and at each
 * collection: set before any thread starts, by the one-off build only (the
 * preview keeps V8's rule, which collects less often while an author edits).
 */
export function boundHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=50');
  setFlagsFromString('--initial-old-space-size=64');
}

/**
 * Starts a worker thread on a TypeScript module. Node 20 does not pass tsx's
 * loader on to a worker's entry module, so the worker starts as a line of
 * JavaScript that registers tsx and then imports the module.
 *
 * @param moduleUrl the worker's module, e.g. `new URL('./worker.ts', import.meta.url)`
 * @param options passed to the Worker (workerData, resource limits)
 */
export function startTypeScriptWorker(moduleUrl: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
  register();
  return import(${JSON.stringify(moduleUrl.href)});
});`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * Starts a worker thread on a module of the generator compiled to one file
 * (build/compiled.ts), on plain Node: none of tsx's work per module.
 *
 * @param moduleUrl the worker's module, in build/
 * @param options passed to the Worker (workerData, resource limits)
 */
export async function startCompiledWorker(moduleUrl: URL, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Promise<Worker> {
  return startCompiledFile(await compiledModule(fileURLToPath(moduleUrl)), options);
}

/**
 * Starts a worker thread on a file that {@link compiledModule} made, for a
 * caller that compiled it once and starts several threads on it.
 */
export function startCompiledFile(compiledFile: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  // Not the process's flags (tsx's loader among them): the file is plain JavaScript.
  return new Worker(compiledFile, { ...options, execArgv: [] });
}

/** Resolves with the worker's exit code; rejects with what it threw, if it did not catch it. */
export function exitCodeOf(worker: Worker): Promise<number> {
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', resolve);
  });
}
