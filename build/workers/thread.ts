import { Worker, type WorkerOptions } from 'node:worker_threads';
import { compiledModule, lastCompiled, versionFolder } from './compiled.ts';

/** What a thread runs, and how. */
export interface ThreadSpec {
  /** The thread's module, one of THREAD_MODULES (modules.ts), or a test's own. */
  module: URL;
  /** Passed to the Worker (resource limits, environment). */
  options?: Omit<WorkerOptions, 'eval' | 'execArgv' | 'workerData'>;
  /** Where compiled files are kept, when not the project's own cache (tests). */
  compiledDir?: string;
}

/** A thread started before the generator's version was known, on its module as last compiled for `version`. */
export interface EarlyThread {
  worker: Worker;
  version: string;
  /** Whether it failed before it was confirmed (a compiled file that no longer loads, say). */
  failed: boolean;
}

/** A thread on a compiled file, run on plain Node, without the loader flags of the process that starts it. */
function threadOn(compiled: URL, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  return new Worker(compiled, { ...options, execArgv: [] });
}

/**
 * Starts a worker thread on one of the generator's modules, compiled to one
 * file (see compiled.ts).
 *
 * @param moduleUrl the worker's module, one of THREAD_MODULES (modules.ts)
 * @param generator the generator's version (see store/generator.ts)
 * @param options passed to the Worker (workerData, resource limits)
 * @param compiledDir where compiled files are kept, when not the project's own cache (tests)
 */
export async function startWorker(moduleUrl: URL, generator: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}, compiledDir?: string): Promise<Worker> {
  return threadOn(await compiledModule(moduleUrl, generator, compiledDir), options);
}

/**
 * Starts a thread on its module as last compiled, before the generator's
 * version is known, so that the thread loads while the command that starts
 * it loads its own modules and works the version out (see
 * test/bench/README.md). The thread must wait for its data as its first
 * message, and does not keep the process alive until `confirmThread` keeps it.
 */
export function startEarlyThread(spec: ThreadSpec): EarlyThread | undefined {
  const last = lastCompiled(spec.module, spec.compiledDir);
  if (last === undefined) return undefined;
  const worker = threadOn(last.url, spec.options);
  worker.unref();
  const early = { worker, version: last.version, failed: false };
  // Until it is confirmed no one else listens; a thread that failed is replaced rather than handed on.
  worker.once('error', () => {
    early.failed = true;
  });
  return early;
}

/**
 * The thread to run on this version of the generator: the early one if it
 * was compiled from this version, else a new one on the module compiled
 * now (the early one is ended). Either way it is sent `data` as its first message.
 */
export async function confirmThread(early: EarlyThread | undefined, spec: ThreadSpec, run: { generator: string; data: unknown }): Promise<Worker> {
  let worker: Worker;
  if (early !== undefined && !early.failed && early.version === versionFolder(run.generator)) {
    worker = early.worker;
    worker.ref();
  } else {
    await early?.worker.terminate();
    worker = await startWorker(spec.module, run.generator, spec.options, spec.compiledDir);
  }
  worker.postMessage(run.data);
  return worker;
}
