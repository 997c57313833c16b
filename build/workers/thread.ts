import { Worker, type WorkerOptions } from 'node:worker_threads';
import { compiledModule } from './compiled.ts';

/**
 * Starts a worker thread on one of the generator's modules, compiled to one
 * file (see compiled.ts) and run on plain Node, without the loader flags of
 * the process that starts it.
 *
 * @param moduleUrl the worker's module, e.g. `new URL('./worker.ts', import.meta.url)`
 * @param generator the generator's version (see store/generator.ts)
 * @param options passed to the Worker (workerData, resource limits)
 */
export async function startWorker(moduleUrl: URL, generator: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Promise<Worker> {
  return new Worker(await compiledModule(moduleUrl, generator), { ...options, execArgv: [] });
}
